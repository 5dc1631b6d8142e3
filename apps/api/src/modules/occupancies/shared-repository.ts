import { getTableColumns, sql, type Table } from "drizzle-orm";
import { type Apartment, NO_EMAIL_DOMAIN } from "@portico/contract";
import { type ContactView } from "../../lib/resident-contact.ts";

/* What the unit-profile repositories share: who reads, and the SQL pieces of their queries. */

/** What the reader may see. */
export interface Viewer {
  userId: number;
  /** Sees managers-only flags, tracking of others, external lease ids. */
  manager: boolean;
  /** Sees resident e-mails (`contact.email`, kept apart for the SQL of searches). */
  viewEmail: boolean;
  /** What of residents' contact data the reader sees (lib/resident-contact.ts). */
  contact: ContactView;
  /** May subscribe (tracking). */
  canTrack: boolean;
}

export const num = (v: unknown) => (v == null ? null : Number(v));

export const str = (v: unknown) => (v == null ? "" : String(v));

export const strOrNull = (v: unknown) => (v == null ? null : String(v));

export const bathroomsText = (v: unknown) => (v == null ? "" : Number(v).toFixed(1));

/** Residents in order: tenants, occupants, children, then by id. */
export const OCCUPANT_ORDER = sql.raw(`array_position(array['TN','OC','CH']::text[], o.type), o.id`);

/** Today in the building's time zone (b: the buildings alias). */
export const TODAY = (b: string) => sql.raw(`(now() at time zone ${b}.time_zone)::date`);

/** A placeholder (no-email) address is not shown in lists and spreadsheets. */
export const realEmail = (col: string) =>
  sql.raw(`nullif(case when lower(${col}) like '%@${NO_EMAIL_DOMAIN}' then '' else ${col} end, '')`);

export const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/**
 * A resident (u: the users alias) whose name or, for readers who see them, e-mail contains the
 * pattern. A first or last name containing it is a full name containing it: the full name alone
 * is compared (its trigram index, users_full_name_trgm_idx).
 */
export const residentMatches = (pattern: string, viewEmail: boolean) =>
  sql`(lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'${
    viewEmail ? sql` or lower(u.email) like ${pattern} escape '\\'` : sql``
  })`;

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const hit = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : null;
  if (!hit) return false;
  return !constraint || !hit.constraint || hit.constraint === constraint;
}

/** What a unit is, as apartment and unit-profile rows carry it (bathrooms read as text). */
export type UnitFactsRow = Pick<
  Apartment,
  "apartment_number" | "bedrooms" | "bathrooms" | "floor" | "line" | "is_balcony_apt" | "is_management"
>;
export const unitFactsOf = (r: Record<string, unknown>): UnitFactsRow => ({
  apartment_number: str(r.apartment_number),
  bedrooms: str(r.bedrooms),
  bathrooms: bathroomsText(r.bathrooms),
  floor: strOrNull(r.floor),
  line: strOrNull(r.line),
  is_balcony_apt: Boolean(r.is_balcony_apt),
  is_management: Boolean(r.is_management),
});

/** Columns of a table under their own names, for a `select`. */
export function columnsOf<T extends Table, K extends keyof T["_"]["columns"] & string>(table: T, names: readonly K[]) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((n) => [n, all[n]])) as Pick<T["_"]["columns"], K>;
}

/** The row a query finds (the first), or null. */
export async function firstRow<T>(query: { limit: (n: number) => PromiseLike<T[]> }): Promise<T | null> {
  return (await query.limit(1))[0] ?? null;
}
