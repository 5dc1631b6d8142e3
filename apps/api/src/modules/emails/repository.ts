import { sql, type SQL } from "drizzle-orm";
import {
  NO_EMAIL_DOMAIN,
  PLACEHOLDER_EMAIL_DOMAIN_PREFIXES,
  PLACEHOLDER_EMAIL_DOMAINS,
  type OccupantType,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { emailRecordAttachments, emailRecords } from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal, rowsOf } from "../../lib/sql.ts";

/** Every query of memos: the residents a memo may reach, and the records it writes. */

/** An int[] parameter (one parameter, however many ids). */
const intArrayParam = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** The domain of u.email, lower-cased. */
const DOMAIN = sql`split_part(lower(trim(u.email)), '@', 2)`;
/** The resident has no address: blank, or the no-email address of residents created without one. */
const NO_EMAIL = sql`(trim(u.email) = '' or lower(trim(u.email)) like ${`%@${likeEscape(NO_EMAIL_DOMAIN)}`})`;
/** The resident's address is on a placeholder domain (such residents are left out). */
const PLACEHOLDER = sql.join(
  [
    ...PLACEHOLDER_EMAIL_DOMAINS.flatMap((d) => [sql`${DOMAIN} = ${d}`, sql`${DOMAIN} like ${`%.${likeEscape(d)}`}`]),
    ...PLACEHOLDER_EMAIL_DOMAIN_PREFIXES.map((p) => sql`${DOMAIN} like ${`${likeEscape(p)}%`}`),
    sql`${DOMAIN} = ''`,
  ],
  sql` or `,
);

export interface CandidateFilters {
  building_ids: readonly number[];
  search?: string;
  floor?: string;
  line?: string;
  is_balcony_apt?: boolean;
  lease_start_after?: string;
  lease_end_before?: string;
  apartment_ids?: readonly number[];
  club_id?: number;
  occupant_ids?: readonly number[];
}

export interface CandidateRow {
  occupant_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  type: OccupantType;
  building_id: number;
  apartment_id: number;
  apartment_number: string;
  floor: string | null;
  line: string | null;
  is_balcony_apt: boolean;
  lease_start_date: string | null;
  lease_end_date: string | null;
  occupancy_id: number;
}

/**
 * The residents a memo may reach, one row per person (their latest lease): active residents of
 * active leases in the buildings, not children (CH), no placeholder address, lease started
 * (building-local today). email is null when they have none.
 */
function candidates(f: CandidateFilters): SQL {
  const where: SQL[] = [
    sql`occ.building_id = any(${intArrayParam(f.building_ids)})`,
    sql`occ.is_active`,
    sql`o.is_active`,
    sql`o.type <> 'CH'`,
    sql`(occ.lease_start_date is null or occ.lease_start_date <= (now() at time zone b.time_zone)::date)`,
    sql`(${NO_EMAIL} or not (${PLACEHOLDER}))`,
  ];
  if (f.search) {
    const p = `%${likeEscape(f.search.toLowerCase())}%`;
    where.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${p} or lower(u.email) like ${p} or lower(a.apartment_number) like ${p})`,
    );
  }
  if (f.floor) where.push(sql`a.floor = ${f.floor}`);
  if (f.line) where.push(sql`a.line = ${f.line}`);
  if (f.is_balcony_apt !== undefined) where.push(sql`a.is_balcony_apt = ${f.is_balcony_apt}`);
  if (f.lease_start_after) where.push(sql`occ.lease_start_date >= ${f.lease_start_after}`);
  if (f.lease_end_before) where.push(sql`occ.lease_end_date <= ${f.lease_end_before}`);
  if (f.apartment_ids) where.push(sql`a.id = any(${intArrayParam(f.apartment_ids)})`);
  if (f.occupant_ids) where.push(sql`o.id = any(${intArrayParam(f.occupant_ids)})`);
  if (f.club_id !== undefined)
    where.push(sql`exists (select 1 from club_members cm where cm.club_id = ${f.club_id} and cm.occupant_id = o.id)`);
  return sql`
    select o.id as occupant_id, u.first_name, u.last_name,
           case when ${NO_EMAIL} then null else trim(u.email) end as email,
           o.type, occ.building_id, a.id as apartment_id, a.apartment_number, a.sort_key, a.floor, a.line,
           a.is_balcony_apt, occ.lease_start_date::text as lease_start_date,
           occ.lease_end_date::text as lease_end_date, occ.id as occupancy_id,
           row_number() over (partition by o.user_id order by occ.lease_start_date desc nulls last, o.id desc) as rn
      from occupants o
      join occupancies occ on occ.id = o.occupancy_id
      join buildings b on b.id = occ.building_id
      join apartments a on a.id = occ.apartment_id
      join users u on u.id = o.user_id
     where ${sql.join(where, sql` and `)}`;
}

const fix = (r: CandidateRow & { sort_key?: string; rn?: unknown; total?: unknown }): CandidateRow => ({
  occupant_id: Number(r.occupant_id),
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  type: r.type,
  building_id: Number(r.building_id),
  apartment_id: Number(r.apartment_id),
  apartment_number: r.apartment_number,
  floor: r.floor,
  line: r.line,
  is_balcony_apt: !!r.is_balcony_apt,
  lease_start_date: r.lease_start_date,
  lease_end_date: r.lease_end_date,
  occupancy_id: Number(r.occupancy_id),
});

const ORDER = sql`order by building_id, sort_key, lower(last_name), lower(first_name), occupant_id`;

/** A page of the candidates with the total, by unit then name. */
export async function candidatePage(
  db: DbOrTx,
  f: CandidateFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: CandidateRow[] }> {
  const found = rowsOf<CandidateRow & { total: number }>(
    await db.execute(
      sql`select c.*, count(*) over () as total from (${candidates(f)}) c where c.rn = 1 ${ORDER} limit ${page.limit} offset ${page.offset}`,
    ),
  );
  const { count, rows } = await pageWithTotal(found, page.offset, async () => {
    const [r] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${candidates(f)}) c where c.rn = 1`),
    );
    return r.n;
  });
  return { count, rows: rows.map(fix) };
}

/** Every candidate (sending; 'select all'). */
export async function allCandidates(db: DbOrTx, f: CandidateFilters): Promise<CandidateRow[]> {
  return rowsOf<CandidateRow>(
    await db.execute(sql`select c.* from (${candidates(f)}) c where c.rn = 1 ${ORDER}`),
  ).map(fix);
}

/** Which of these occupants live in the building (active leases or not). */
export async function occupantsOfBuilding(db: DbOrTx, buildingId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select o.id from occupants o join occupancies occ on occ.id = o.occupancy_id
           where o.id = any(${intArrayParam(ids)}) and occ.building_id = ${buildingId}`,
    ),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The building's distinct floors and lines (the floor/line chooser). */
export async function floorsAndLines(db: DbOrTx, buildingId: number): Promise<{ floors: string[]; lines: string[] }> {
  const rows = rowsOf<{ kind: string; v: string }>(
    await db.execute(sql`
      select distinct 'f' as kind, floor as v from apartments where building_id = ${buildingId} and coalesce(floor, '') <> ''
      union
      select distinct 'l', line from apartments where building_id = ${buildingId} and coalesce(line, '') <> ''`),
  );
  const sorted = (k: string) =>
    rows
      .filter((r) => r.kind === k)
      .map((r) => r.v)
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return { floors: sorted("f"), lines: sorted("l") };
}

/** True when the club is the building's (its own or shared with it). */
export async function clubInBuilding(db: DbOrTx, clubId: number, buildingId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from clubs where id = ${clubId} and building_id = ${buildingId}
      union all
      select 1 from club_buildings where club_id = ${clubId} and building_id = ${buildingId}
      limit 1`),
  );
  return rows.length > 0;
}

/** The buildings among these that exist. */
export async function existingBuildings(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from buildings where id = any(${intArrayParam(ids)})`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export type RecordValues = Omit<typeof emailRecords.$inferInsert, "id" | "date_created">;

/** Writes a record; returns its id. */
export async function insertRecord(db: DbOrTx, values: RecordValues): Promise<number> {
  const [r] = await db.insert(emailRecords).values(values).returning({ id: emailRecords.id });
  return r.id;
}

/** The attachments of records (stored once). */
export async function insertRecordAttachments(
  db: DbOrTx,
  rows: (typeof emailRecordAttachments.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(emailRecordAttachments).values(rows);
}
