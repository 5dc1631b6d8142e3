import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PACKAGE_ENTITY, type PackageGroup, type PackageStatus, type PackageTypeQuery } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { cachedCount, cachedFirstPage, countKey } from "../../lib/count-cache.ts";
import { topics } from "../../lib/change-feed.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";
import {
  emailMessages,
  events,
  occupancies,
  packageQueue,
  packages,
  packageTypes,
  smsMessages,
  users,
} from "../../db/schema/index.ts";

/**
 * Package queries (aliases p packages, t package_types, o occupancies, a apartments). A list is
 * one statement for the page with its count (unless a recent large count is reused), after one
 * that resolves what a search names (listPackages).
 */

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );
const inList = (col: SQL, list: (number | string)[]) =>
  list.length
    ? sql`${col} in (${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`false`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Occupancy status flags over `o` for a building day (YYYY-MM-DD). */
const occupancyFlags = (today: string) => sql`
  case when not o.is_active then 'INACTIVE' when o.lease_start_date > ${today}::date then 'FUTURE' else 'CURRENT' end as occupancy_status,
  o.is_active as is_active_occupancy,
  (o.is_active and o.lease_start_date is not null and o.lease_start_date > ${today}::date) as is_future_occupancy,
  (o.is_active and o.lease_end_date is not null and o.lease_end_date < ${today}::date) as is_lease_expired`;

const typeSummary = sql`json_build_object('id', t.id, 'name', t.name, 'abbreviation', t.abbreviation,
  'color_hex', t.color_hex, 'font_color_hex', t.font_color_hex, 'group', t."group",
  'is_pic_required', t.is_pic_required, 'is_public_display', t.is_public_display)`;

const occupantsOf = (occupancyId: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', oc.id, 'first_name', u.first_name, 'last_name', u.last_name,
    'is_active', oc.is_active) order by oc.is_active desc, oc.id)
  from occupants oc join users u on u.id = oc.user_id
  where oc.occupancy_id = ${occupancyId}), '[]'::json)`;

// ---------------------------------------------------------------------------------------------
// Package types

export type TypeRow = typeof packageTypes.$inferSelect;

/** The settings list (lib/type-lists), filtered by is_active and group. */
export const typeRows = typeListRepository(packageTypes, {
  where: (q: PackageTypeQuery) =>
    and(
      q.is_active === undefined ? undefined : eq(packageTypes.is_active, q.is_active),
      q.group ? eq(packageTypes.group, q.group) : undefined,
    ),
});

export async function findType(db: DbOrTx, id: number): Promise<TypeRow | null> {
  const rows = await db.select().from(packageTypes).where(eq(packageTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTypes(db: DbOrTx, list: number[]): Promise<TypeRow[]> {
  if (!list.length) return [];
  return db.select().from(packageTypes).where(inArray(packageTypes.id, list));
}

// ---------------------------------------------------------------------------------------------
// Package lists

export interface PackageFilter {
  buildingId: number;
  /** Limits to these ids (detail, results of a write). */
  ids?: number[];
  statuses?: PackageStatus[];
  typeIds?: number[];
  groups?: PackageGroup[];
  occupancyId?: number;
  /** Packages of inactive unit profiles too (always when occupancyId is set). */
  includeDeactivated?: boolean;
  apartmentId?: number;
  openedMin?: Date;
  openedMax?: Date;
  closedMin?: Date;
  closedMax?: Date;
  search?: string;
}

export type SortKey =
  | "date_opened"
  | "date_closed"
  | "date_created"
  | "apartment_number"
  | "package_type"
  | "status"
  | "opened_by"
  | "closed_by"
  | "id";
export interface Sort {
  key: SortKey;
  desc: boolean;
}

const SORTS: Record<SortKey, { expr: SQL; nullable?: boolean; join?: "a" | "t" | "ob" | "cb" }> = {
  date_opened: { expr: sql`p.date_opened` },
  date_closed: { expr: sql`p.date_closed`, nullable: true },
  date_created: { expr: sql`p.date_created` },
  apartment_number: { expr: sql`a.sort_key`, join: "a" },
  package_type: { expr: sql`lower(t.name)`, join: "t" },
  status: { expr: sql`p.status` },
  opened_by: { expr: sql`lower(ob.last_name || ' ' || ob.first_name)`, nullable: true, join: "ob" },
  closed_by: { expr: sql`lower(cb.last_name || ' ' || cb.first_name)`, nullable: true, join: "cb" },
  id: { expr: sql`p.id` },
};

/**
 * The text a search word is looked for in (comments, barcode, carrier), as one expression: the
 * trigram index packages_building_text_trgm_idx is built on it (with the building). A word has
 * no white space, so it matches the joined text exactly when it matches one of the parts.
 */
const PACKAGE_TEXT = sql`(p.opening_comment || ' ' || p.closing_comment || ' ' || coalesce(p.barcode, '') || ' ' || coalesce(p.carrier, ''))`;
/** A word the trigram index can look up (three letters or digits in a row); others are read row by row. */
const HAS_TRIGRAM = /[a-z0-9]{3}/i;

/** What a search word names beside the packages' own text, read once per list (resolveSearch). */
export interface SearchWord {
  word: string;
  apartmentIds: number[];
  typeIds: number[];
  occupancyIds: number[];
}

const searchWords = (search: string | undefined) => (search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);

/**
 * For every search word, in one statement: the building's units whose number starts with it,
 * the types whose name contains it, and the building's unit profiles with a resident whose first
 * or last name starts with it. Residents are found through the users' name-prefix indexes; for a
 * one- or two-letter word (a prefix of too many people in the portfolio) the building's own
 * residents are read instead. The page and the count then read plain id lists, which the
 * planner can weigh (a subquery's result it cannot).
 */
export async function resolveSearch(db: DbOrTx, f: PackageFilter): Promise<SearchWord[]> {
  const words = searchWords(f.search);
  if (!words.length) return [];
  const b = f.buildingId;
  const cols = words.map((w, i) => {
    const prefix = `${likeEscape(w)}%`;
    const name = prefix.toLowerCase();
    const contains = `%${likeEscape(w)}%`;
    // Both shapes fixed by the arrays (the planner cannot misjudge them): a long word's users
    // through the name-prefix indexes, then their leases kept when they are the building's; a
    // short word's leases of the building, then their residents by key.
    const residents =
      w.length <= 2
        ? sql`select distinct oc.occupancy_id from occupants oc
            where oc.occupancy_id = any(array(select bo.id from occupancies bo where bo.building_id = ${b}))
              and (select lower(u.first_name) like ${name} or lower(u.last_name) like ${name} from users u where u.id = oc.user_id)`
        : sql`select distinct oc.occupancy_id from occupants oc
            where oc.user_id = any(array(select u.id from users u
                where lower(u.first_name) like ${name} or lower(u.last_name) like ${name}))
              and (select bo.building_id from occupancies bo where bo.id = oc.occupancy_id) = ${b}`;
    return sql`array(select sa.id from apartments sa where sa.building_id = ${b} and sa.apartment_number ilike ${prefix}) as ${sql.raw(`a${i}`)},
      array(select st.id from package_types st where st.name ilike ${contains}) as ${sql.raw(`t${i}`)},
      array(${residents}) as ${sql.raw(`o${i}`)}`;
  });
  const [r] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${sql.join(cols, sql`, `)}`));
  return words.map((word, i) => ({
    word,
    apartmentIds: intArray(r[`a${i}`]),
    typeIds: intArray(r[`t${i}`]),
    occupancyIds: intArray(r[`o${i}`]),
  }));
}

/** The list keeps packages of active unit profiles only (unless asked otherwise). */
const activeLeaseOnly = (f: PackageFilter) => f.occupancyId === undefined && !f.includeDeactivated && !f.ids;

function packageWhere(f: PackageFilter, words: SearchWord[]): SQL {
  const c: SQL[] = [sql`p.building_id = ${f.buildingId}`];
  if (f.ids) c.push(f.ids.length ? sql`p.id in (${ids(f.ids)})` : sql`false`);
  if (f.statuses?.length) c.push(inList(sql`p.status`, f.statuses));
  if (f.typeIds?.length) c.push(inList(sql`p.package_type_id`, f.typeIds));
  if (f.groups?.length) c.push(inList(sql`t."group"`, f.groups));
  if (f.occupancyId !== undefined) c.push(sql`p.occupancy_id = ${f.occupancyId}`);
  else if (activeLeaseOnly(f)) c.push(sql`o.is_active`);
  if (f.apartmentId !== undefined) c.push(sql`p.apartment_id = ${f.apartmentId}`);
  if (f.openedMin) c.push(sql`p.date_opened >= ${ts(f.openedMin)}`);
  if (f.openedMax) c.push(sql`p.date_opened < ${ts(f.openedMax)}`);
  if (f.closedMin) c.push(sql`p.date_closed >= ${ts(f.closedMin)}`);
  if (f.closedMax) c.push(sql`p.date_closed < ${ts(f.closedMax)}`);
  // Every word must match: a unit, a type, the text or a resident (the ids resolved beforehand,
  // so each part is read through its own index: unit, type, trigram, unit profile).
  for (const w of words) {
    const contains = `%${likeEscape(w.word)}%`;
    const parts: SQL[] = [];
    if (w.apartmentIds.length) parts.push(sql`p.apartment_id in (${ids(w.apartmentIds)})`);
    if (w.typeIds.length) parts.push(sql`p.package_type_id in (${ids(w.typeIds)})`);
    parts.push(
      HAS_TRIGRAM.test(w.word)
        ? sql`${PACKAGE_TEXT} ilike ${contains}`
        : sql`p.opening_comment ilike ${contains} or p.closing_comment ilike ${contains}
          or p.barcode ilike ${contains} or p.carrier ilike ${contains}`,
    );
    if (w.occupancyIds.length) parts.push(sql`p.occupancy_id in (${ids(w.occupancyIds)})`);
    c.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  return sql.join(c, sql` and `);
}

/** packages p with the joins a filter and a sort read. */
function fromFor(f: PackageFilter, sort: Sort | null): SQL {
  const j = sort ? SORTS[sort.key].join : undefined;
  return sql`packages p${f.groups?.length || j === "t" ? sql` join package_types t on t.id = p.package_type_id` : sql``}${
    activeLeaseOnly(f) ? sql` join occupancies o on o.id = p.occupancy_id` : sql``
  }${j === "a" ? sql` join apartments a on a.id = p.apartment_id` : sql``}${
    j === "ob" ? sql` left join users ob on ob.id = p.opened_by_id` : sql``
  }${j === "cb" ? sql` left join users cb on cb.id = p.closed_by_id` : sql``}`;
}

/**
 * The lease is the building's too. Said so where every match is read (counts), the building's
 * leases are read by index instead of hashing every lease of the portfolio; not in a page walk,
 * where the planner would take the two building conditions as independent and misjudge its cost.
 */
const sameBuilding = (f: PackageFilter) => (activeLeaseOnly(f) ? sql` and o.building_id = ${f.buildingId}` : sql``);

export interface PackageRow {
  id: number;
  building_id: number;
  status: PackageStatus;
  apartment_id: number;
  apartment_number: string;
  occupancy_id: number;
  occupancy_status: "CURRENT" | "FUTURE" | "INACTIVE";
  is_active_occupancy: boolean;
  is_future_occupancy: boolean;
  is_lease_expired: boolean;
  package_type: {
    id: number;
    name: string;
    abbreviation: string;
    color_hex: string;
    font_color_hex: string;
    group: PackageGroup;
    is_pic_required: boolean;
    is_public_display: boolean;
  };
  date_opened: Date;
  date_closed: Date | null;
  date_created: Date;
  ob_id: number | null;
  ob_first_name: string | null;
  ob_last_name: string | null;
  cb_id: number | null;
  cb_first_name: string | null;
  cb_last_name: string | null;
  opening_comment: string;
  closing_comment: string;
  closing_photo_url: string | null;
  package_count: number;
  send_notification_occupants: number[];
  send_notification_to: string;
  notification_email_id: number | null;
  notification_sms_ids: number[];
  barcode: string | null;
  carrier: string | null;
  scanned_at: Date | null;
  occupants: { id: number; first_name: string; last_name: string; is_active: boolean }[];
}

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const intArray = (v: unknown): number[] => {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === "string") return v.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return [];
};

/**
 * How the page is read. 'walk': along the sort's index, the count (if any) apart in the same
 * statement; 'matches': every match is read first through the filter's indexes (a search:
 * units, types, trigrams, residents), then sorted, and counted from the same rows.
 */
type PageMode = { read: "walk"; count: boolean } | { read: "matches" };

async function pageQuery(
  db: DbOrTx,
  f: PackageFilter,
  words: SearchWord[],
  sort: Sort,
  page: { limit: number; offset: number },
  today: string,
  mode: PageMode,
): Promise<{ rows: PackageRow[]; count: number | null }> {
  const s = SORTS[sort.key];
  const dir = sort.desc ? sql`desc` : sql`asc`;
  const nulls = s.nullable ? sql` nulls last` : sql``;
  const where = packageWhere(f, words);
  const limit = sql`limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`;
  // The page's ids first (an index range, however deep the offset), then the columns and the
  // per-row subqueries for those rows only.
  const head =
    mode.read === "matches"
      ? sql`with hits as materialized (
          select p.id, ${s.expr} as k from ${fromFor(f, sort)} where ${where}${sameBuilding(f)}
        ), page as (select id, k from hits order by k ${dir}${nulls}, id ${dir} ${limit})`
      : sql`with page as (
          select p.id, ${s.expr} as k from ${fromFor(f, sort)} where ${where}
          order by ${s.expr} ${dir}${nulls}, p.id ${dir} ${limit})`;
  const total =
    mode.read === "matches"
      ? sql`, (select count(*)::int from hits) as _total`
      : mode.count
        ? sql`, (select count(*)::int from ${fromFor(f, null)} where ${where}${sameBuilding(f)}) as _total`
        : sql``;
  const query = sql`${head}
    select p.id, p.building_id, p.status, p.apartment_id,
      (select a.apartment_number from apartments a where a.id = p.apartment_id) as apartment_number,
      p.occupancy_id, ${occupancyFlags(today)},
      (select ${typeSummary} from package_types t where t.id = p.package_type_id) as package_type,
      p.date_opened, p.date_closed, p.date_created,
      ob.id as ob_id, ob.first_name as ob_first_name, ob.last_name as ob_last_name,
      cb.id as cb_id, cb.first_name as cb_first_name, cb.last_name as cb_last_name,
      p.opening_comment, p.closing_comment, p.closing_photo_url,
      (select count(*)::int from packages p2 where p2.occupancy_id = p.occupancy_id and p2.status = 'OPEN') as package_count,
      p.send_notification_occupants, p.send_notification_to, p.notification_email_id, p.notification_sms_ids,
      p.barcode, p.carrier, p.scanned_at,
      ${occupantsOf(sql`p.occupancy_id`)} as occupants${total}
    from page join packages p on p.id = page.id
      join occupancies o on o.id = p.occupancy_id
      left join users ob on ob.id = p.opened_by_id
      left join users cb on cb.id = p.closed_by_id
    order by page.k ${dir}${nulls}, page.id ${dir}`;
  const raw = rowsOf<PackageRow & { _total?: number }>(await db.execute(query));
  const rows = raw.map(({ _total, ...r }) => ({
    ...r,
    package_type: json<PackageRow["package_type"]>(r.package_type),
    occupants: json<PackageRow["occupants"]>(r.occupants),
    date_opened: toDate(r.date_opened)!,
    date_closed: toDate(r.date_closed),
    date_created: toDate(r.date_created)!,
    scanned_at: toDate(r.scanned_at),
    package_count: Number(r.package_count),
    send_notification_occupants: intArray(r.send_notification_occupants),
    notification_sms_ids: intArray(r.notification_sms_ids),
  }));
  const counted = mode.read === "matches" || mode.count;
  // An empty page past the end carries no count: counted apart (rare).
  const count = !counted ? null : raw.length ? Number(raw[0]._total) : page.offset ? null : 0;
  return { rows, count };
}

async function countOnly(db: DbOrTx, f: PackageFilter, words: SearchWord[]): Promise<number> {
  const r = rowsOf<{ count: number }>(
    await db.execute(
      sql`select count(*)::int as count from ${fromFor(f, null)} where ${packageWhere(f, words)}${sameBuilding(f)}`,
    ),
  );
  return Number(r[0]?.count ?? 0);
}

/** Packages by ids or a small filter, without a count (details, results of writes). */
export async function selectPackages(
  db: DbOrTx,
  f: PackageFilter,
  sort: Sort,
  page: { limit: number; offset: number },
  today: string,
): Promise<PackageRow[]> {
  const words = await resolveSearch(db, f);
  return (await pageQuery(db, f, words, sort, page, today, { read: "walk", count: false })).rows;
}

/**
 * A list page and its count. A count seen lately (large ones are kept, lib/count-cache.ts) is
 * reused and the page alone is read; otherwise the count rides in the page's statement. A
 * search counts its matches and sorts them in one pass (few matches: read through their
 * indexes); a known large count means many matches, and its page walks the date order.
 */
export async function listPackages(
  db: DbOrTx,
  f: PackageFilter,
  sort: Sort,
  page: { limit: number; offset: number },
  today: string,
): Promise<{ rows: PackageRow[]; count: number }> {
  if (page.offset === 0 && !f.search)
    return cachedFirstPage(
      db,
      "package-first-pages",
      JSON.stringify([f, sort, page.limit, today]),
      [topics.packages(f.buildingId), topics.units(f.buildingId)],
      () => readPackageList(db, f, sort, page, today),
    );
  return readPackageList(db, f, sort, page, today);
}

async function readPackageList(
  db: DbOrTx,
  f: PackageFilter,
  sort: Sort,
  page: { limit: number; offset: number },
  today: string,
): Promise<{ rows: PackageRow[]; count: number }> {
  const words = await resolveSearch(db, f);
  let rows: PackageRow[] | undefined;
  const counted = [topics.packages(f.buildingId), topics.units(f.buildingId), topics.packageTypes];
  const count = await cachedCount(db, countKey("packages", f), counted, async () => {
    const r = await pageQuery(
      db,
      f,
      words,
      sort,
      page,
      today,
      words.length ? { read: "matches" } : { read: "walk", count: true },
    );
    rows = r.rows;
    return r.count ?? countOnly(db, f, words);
  });
  rows ??= (await pageQuery(db, f, words, sort, page, today, { read: "walk", count: false })).rows;
  return { rows, count };
}

/** The package itself (no joins), for permission checks and transitions. */
export async function findPackageHeads(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  return db
    .select({
      id: packages.id,
      building_id: packages.building_id,
      occupancy_id: packages.occupancy_id,
      apartment_id: packages.apartment_id,
      package_type_id: packages.package_type_id,
      status: packages.status,
      opening_comment: packages.opening_comment,
      closing_comment: packages.closing_comment,
      closing_photo_url: packages.closing_photo_url,
      date_opened: packages.date_opened,
      date_closed: packages.date_closed,
      closed_by_id: packages.closed_by_id,
      send_notification_occupants: packages.send_notification_occupants,
      type_group: packageTypes.group,
      type_name: packageTypes.name,
      type_is_pic_required: packageTypes.is_pic_required,
    })
    .from(packages)
    .innerJoin(packageTypes, eq(packageTypes.id, packages.package_type_id))
    .where(inArray(packages.id, list))
    .orderBy(asc(packages.id));
}
export type PackageHead = Awaited<ReturnType<typeof findPackageHeads>>[number];

export async function findPackageHead(db: DbOrTx, id: number): Promise<PackageHead | null> {
  return (await findPackageHeads(db, [id]))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Package writes

export type PackageInsert = typeof packages.$inferInsert;

export async function insertPackages(db: DbOrTx, rows: PackageInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const out = await db.insert(packages).values(rows).returning({ id: packages.id });
  return out.map((r) => r.id);
}

export async function closePackages(
  db: DbOrTx,
  list: number[],
  v: { closed_by_id: number; closing_comment: string; closing_photo_url: string | null; at: Date },
): Promise<number[]> {
  const rows = await db
    .update(packages)
    .set({
      status: "CLOSED",
      closed_by_id: v.closed_by_id,
      closing_comment: v.closing_comment,
      closing_photo_url: v.closing_photo_url,
      date_closed: v.at,
      last_modified: sql`now()`,
    })
    .where(and(inArray(packages.id, list), eq(packages.status, "OPEN")))
    .returning({ id: packages.id });
  return rows.map((r) => r.id);
}

export async function reopenPackage(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({
      status: "OPEN",
      closed_by_id: null,
      closing_comment: "",
      closing_photo_url: null,
      date_closed: null,
      last_modified: sql`now()`,
    })
    .where(and(eq(packages.id, id), eq(packages.status, "CLOSED")))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function updateOpeningComment(db: DbOrTx, id: number, comment: string): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({ opening_comment: comment, last_modified: sql`now()` })
    .where(and(eq(packages.id, id), eq(packages.status, "OPEN")))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function setNotification(
  db: DbOrTx,
  list: number[],
  v: { notification_email_id: number | null; send_notification_to: string; notification_sms_ids: number[] },
): Promise<void> {
  if (!list.length) return;
  await db
    .update(packages)
    .set({
      notification_email_id: v.notification_email_id,
      send_notification_to: v.send_notification_to,
      notification_sms_ids: v.notification_sms_ids,
    })
    .where(inArray(packages.id, list));
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventInsert {
  building_id: number;
  package_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number | null;
  data?: Record<string, unknown> | null;
  date_created?: Date;
}

export async function insertEvents(db: DbOrTx, rows: EventInsert[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(events).values(
    rows.map((e) => ({
      building_id: e.building_id,
      entity_type: PACKAGE_ENTITY,
      entity_id: e.package_id,
      type: e.type,
      type_display: e.type_display,
      note: e.note,
      performed_by_id: e.performed_by_id,
      data: e.data ?? null,
      ...(e.date_created ? { date_created: e.date_created } : {}),
    })),
  );
}

const performer = sql<
  string | null
>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;

export async function listEvents(
  db: DbOrTx,
  packageId: number,
  page: { limit: number; offset: number },
  desc: boolean,
) {
  const where = and(eq(events.entity_type, PACKAGE_ENTITY), eq(events.entity_id, packageId));
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({
        id: events.id,
        type: events.type,
        type_display: events.type_display,
        note: events.note,
        performed_by: performer,
        date_created: events.date_created,
      })
      .from(events)
      .leftJoin(users, eq(users.id, events.performed_by_id))
      .where(where)
      .orderBy(
        desc ? sql`${events.date_created} desc, ${events.id} desc` : sql`${events.date_created} asc, ${events.id} asc`,
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(where),
  ]);
  return { rows, count: Number(count) };
}

export interface ActivityRow {
  id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by: string | null;
  date_created: Date;
  package_id: number;
  status: PackageStatus;
  apartment_number: string;
  occupancy_id: number;
  package_type: PackageRow["package_type"];
}

/** Package events of a building since an instant, newest first. */
export async function listActivity(
  db: DbOrTx,
  buildingId: number,
  since: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; count: number }> {
  const where = sql`e.building_id = ${buildingId} and e.entity_type = ${PACKAGE_ENTITY} and e.date_created >= ${ts(since)}`;
  // The count rides in the page's statement (an empty page past the end is counted apart).
  const rows = rowsOf<ActivityRow & { _total: number }>(
    await db.execute(sql`
      select e.id, e.type, e.type_display, e.note, e.date_created,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as performed_by,
        p.id as package_id, p.status, a.apartment_number, p.occupancy_id, ${typeSummary} as package_type,
        (select count(*)::int from events e where ${where}) as _total
      from events e
        join packages p on p.id = e.entity_id
        join package_types t on t.id = p.package_type_id
        join apartments a on a.id = p.apartment_id
        left join users u on u.id = e.performed_by_id
      where ${where}
      order by e.date_created desc, e.id desc
      limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`),
  );
  let count = rows.length ? Number(rows[0]._total) : 0;
  if (!rows.length && page.offset > 0) {
    const c = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from events e where ${where}`),
    );
    count = Number(c[0]?.count ?? 0);
  }
  return {
    rows: rows.map(({ _total, ...r }) => ({
      ...r,
      date_created: toDate(r.date_created)!,
      package_type: json(r.package_type),
    })),
    count,
  };
}

// ---------------------------------------------------------------------------------------------
// Building views

export interface GridRow {
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_status: "CURRENT" | "FUTURE" | "INACTIVE";
  is_active_occupancy: boolean;
  is_future_occupancy: boolean;
  is_lease_expired: boolean;
  occupants: { last_name: string; is_active: boolean }[];
  total_count: number;
  counts: { package_type_id: number; count: number }[];
}

/**
 * The package grid: open packages counted per unit profile and type in one aggregate query
 * (the (building_id, status, date_opened) index finds the open packages), unit order.
 */
export async function packageGrid(db: DbOrTx, buildingId: number, today: string): Promise<GridRow[]> {
  const rows = rowsOf<GridRow>(
    await db.execute(sql`
      with g as (
        select p.occupancy_id, p.package_type_id, count(*)::int as n
        from packages p
        where p.building_id = ${buildingId} and p.status = 'OPEN'
        group by p.occupancy_id, p.package_type_id
      )
      select o.id as occupancy_id, o.apartment_id, a.apartment_number,
        ${occupancyFlags(today)},
        coalesce((select json_agg(json_build_object('last_name', u.last_name, 'is_active', oc.is_active)
            order by oc.is_active desc, oc.id)
          from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = o.id), '[]'::json) as occupants,
        sum(g.n)::int as total_count,
        json_agg(json_build_object('package_type_id', g.package_type_id, 'count', g.n) order by g.package_type_id) as counts
      from g
        join occupancies o on o.id = g.occupancy_id
        join apartments a on a.id = o.apartment_id
      group by o.id, a.id
      order by a.sort_key, a.id, o.id`),
  );
  return rows.map((r) => ({
    ...r,
    occupants: json(r.occupants),
    counts: json<{ package_type_id: number; count: number }[]>(r.counts).map((c) => ({
      package_type_id: Number(c.package_type_id),
      count: Number(c.count),
    })),
    total_count: Number(r.total_count),
  }));
}

/** Active grid types plus any type with open packages in the building (the grid's columns). */
export async function gridTypes(db: DbOrTx, buildingId: number): Promise<TypeRow[]> {
  return db
    .select()
    .from(packageTypes)
    .where(
      sql`(${packageTypes.is_active} and ${packageTypes.grid_display}) or exists (
        select 1 from packages p where p.building_id = ${buildingId} and p.status = 'OPEN'
          and p.package_type_id = "package_types"."id")`,
    )
    .orderBy(asc(packageTypes.display_order), sql`lower(${packageTypes.name})`, asc(packageTypes.id));
}

export interface ApartmentPackagesRow {
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_status: "CURRENT" | "FUTURE" | "INACTIVE";
  is_active_occupancy: boolean;
  is_future_occupancy: boolean;
  occupants: { id: number; first_name: string; last_name: string; is_active: boolean }[];
  package_count: number;
  packages: { id: number; package_type: PackageRow["package_type"]; date_opened: string; opening_comment: string }[];
  total: number;
}

export async function apartmentPackages(
  db: DbOrTx,
  buildingId: number,
  today: string,
  page: { limit: number; offset: number },
  publicOnly: boolean,
): Promise<{ rows: ApartmentPackagesRow[]; count: number }> {
  const pub = publicOnly ? sql` and t.is_public_display` : sql``;
  const rows = rowsOf<ApartmentPackagesRow>(
    await db.execute(sql`
      with occ as (
        select p.occupancy_id, count(*)::int as n
        from packages p join package_types t on t.id = p.package_type_id
        where p.building_id = ${buildingId} and p.status = 'OPEN'${pub}
        group by p.occupancy_id
      ), pg as (
        select occ.occupancy_id, occ.n, count(*) over () as total
        from occ join occupancies o on o.id = occ.occupancy_id join apartments a on a.id = o.apartment_id
        order by a.sort_key, a.id, o.id
        limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}
      )
      select o.id as occupancy_id, o.apartment_id, a.apartment_number, ${occupancyFlags(today)},
        ${occupantsOf(sql`o.id`)} as occupants,
        pg.n as package_count, pg.total::int as total,
        (select json_agg(json_build_object('id', p.id, 'package_type', ${typeSummary}, 'date_opened', p.date_opened,
            'opening_comment', p.opening_comment) order by p.date_opened, p.id)
          from packages p join package_types t on t.id = p.package_type_id
          where p.occupancy_id = o.id and p.status = 'OPEN'${pub}) as packages
      from pg join occupancies o on o.id = pg.occupancy_id join apartments a on a.id = o.apartment_id
      order by a.sort_key, a.id, o.id`),
  );
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const c = rowsOf<{ count: number }>(
      await db.execute(sql`select count(distinct p.occupancy_id)::int as count
        from packages p join package_types t on t.id = p.package_type_id
        where p.building_id = ${buildingId} and p.status = 'OPEN'${pub}`),
    );
    count = Number(c[0]?.count ?? 0);
  }
  return {
    rows: rows.map((r) => ({
      ...r,
      occupants: json(r.occupants),
      packages: json<ApartmentPackagesRow["packages"]>(r.packages ?? []).map((p) => ({
        ...p,
        date_opened: new Date(p.date_opened).toISOString(),
      })),
      package_count: Number(r.package_count),
    })),
    count,
  };
}

// ---------------------------------------------------------------------------------------------
// Occupancies and their residents (for writes and notifications)

export interface OccupancyInfo {
  id: number;
  building_id: number;
  apartment_id: number;
  apartment_number: string;
  is_active: boolean;
  occupants: {
    id: number;
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    is_active: boolean;
    is_email_package_activity: boolean;
    is_text_package_activity: boolean;
  }[];
}

export async function occupancyInfo(db: DbOrTx, list: number[]): Promise<Map<number, OccupancyInfo>> {
  const out = new Map<number, OccupancyInfo>();
  if (!list.length) return out;
  const rows = rowsOf<OccupancyInfo>(
    await db.execute(sql`
      select o.id, o.building_id, o.apartment_id, a.apartment_number, o.is_active,
        coalesce((select json_agg(json_build_object('id', oc.id, 'user_id', u.id, 'first_name', u.first_name,
            'last_name', u.last_name, 'email', u.email, 'phone_number', u.phone_number, 'is_active', oc.is_active,
            'is_email_package_activity', oc.is_email_package_activity,
            'is_text_package_activity', oc.is_text_package_activity) order by oc.id)
          from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = o.id), '[]'::json) as occupants
      from occupancies o join apartments a on a.id = o.apartment_id
      where o.id in (${ids([...new Set(list)])})`),
  );
  for (const r of rows) out.set(r.id, { ...r, occupants: json(r.occupants) });
  return out;
}

export async function findOccupancy(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: occupancies.id, building_id: occupancies.building_id })
    .from(occupancies)
    .where(eq(occupancies.id, id))
    .limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Notification records

export async function findEmail(db: DbOrTx, id: number) {
  const rows = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTexts(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  return db.select().from(smsMessages).where(inArray(smsMessages.id, list)).orderBy(asc(smsMessages.id));
}

/** Current addresses of the residents (occupant ids) a package notified. */
export async function occupantEmails(db: DbOrTx, occupantIds: number[]) {
  if (!occupantIds.length) return [];
  return rowsOf<{ id: number; first_name: string; last_name: string; email: string }>(
    await db.execute(sql`select oc.id, u.first_name, u.last_name, u.email
      from occupants oc join users u on u.id = oc.user_id where oc.id in (${ids(occupantIds)})`),
  );
}

// ---------------------------------------------------------------------------------------------
// Batch queue

export interface QueueRow {
  id: number;
  building_id: number;
  occupancy_id: number;
  apartment_number: string;
  package_type_id: number;
  package_type: PackageRow["package_type"];
  opening_comment: string;
  send_notification_occupants: number[];
  occupants: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    is_active: boolean;
    is_email_package_activity: boolean;
    is_text_package_activity: boolean;
  }[];
  cb_id: number | null;
  cb_first_name: string | null;
  cb_last_name: string | null;
  date_created: Date;
  barcode: string | null;
  carrier: string | null;
}

export async function listQueue(
  db: DbOrTx,
  buildingId: number,
  page: { limit: number; offset: number },
  only?: number[],
): Promise<{ rows: QueueRow[]; count: number }> {
  const where = sql`q.building_id = ${buildingId}${only ? (only.length ? sql` and q.id in (${ids(only)})` : sql` and false`) : sql``}`;
  const [rows, counts] = await Promise.all([
    db.execute(sql`
      select q.id, q.building_id, q.occupancy_id, a.apartment_number, q.package_type_id, ${typeSummary} as package_type,
        q.opening_comment, q.send_notification_occupants, q.date_created, q.barcode, q.carrier,
        cb.id as cb_id, cb.first_name as cb_first_name, cb.last_name as cb_last_name,
        coalesce((select json_agg(json_build_object('id', oc.id, 'first_name', u.first_name, 'last_name', u.last_name,
            'email', u.email, 'phone_number', u.phone_number, 'is_active', oc.is_active,
            'is_email_package_activity', oc.is_email_package_activity,
            'is_text_package_activity', oc.is_text_package_activity) order by oc.is_active desc, oc.id)
          from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = q.occupancy_id), '[]'::json) as occupants
      from package_queue q
        join package_types t on t.id = q.package_type_id
        join occupancies o on o.id = q.occupancy_id
        join apartments a on a.id = o.apartment_id
        left join users cb on cb.id = q.created_by_id
      where ${where}
      order by q.date_created, q.id
      limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`),
    db.execute(sql`select count(*)::int as count from package_queue q where ${where}`),
  ]);
  return {
    rows: rowsOf<QueueRow>(rows).map((r) => ({
      ...r,
      package_type: json(r.package_type),
      occupants: json(r.occupants),
      send_notification_occupants: intArray(r.send_notification_occupants),
      date_created: toDate(r.date_created)!,
    })),
    count: Number(rowsOf<{ count: number }>(counts)[0]?.count ?? 0),
  };
}

export type QueueInsert = typeof packageQueue.$inferInsert;

export async function insertQueue(db: DbOrTx, rows: QueueInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const out = await db.insert(packageQueue).values(rows).returning({ id: packageQueue.id });
  return out.map((r) => r.id);
}

export async function findQueueItem(db: DbOrTx, id: number) {
  const rows = await db.select().from(packageQueue).where(eq(packageQueue.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateQueueItem(db: DbOrTx, id: number, set: Partial<QueueInsert>): Promise<void> {
  await db.update(packageQueue).set(set).where(eq(packageQueue.id, id));
}

export async function deleteQueueItem(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(packageQueue).where(eq(packageQueue.id, id)).returning({ id: packageQueue.id });
  return rows.length > 0;
}

/** Takes the whole batch of a building (removes and returns it, in queue order). */
export async function takeQueue(db: DbOrTx, buildingId: number) {
  const rows = await db.delete(packageQueue).where(eq(packageQueue.building_id, buildingId)).returning();
  return rows.sort((a, b) => a.date_created.getTime() - b.date_created.getTime() || a.id - b.id);
}
