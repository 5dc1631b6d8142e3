import { sql, type SQL } from "drizzle-orm";
import type { PackageGroup, PackageStatus } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { topics } from "../../lib/change-feed.ts";
import { cachedCount, cachedFirstPage, countKey } from "../../lib/count-cache.ts";
import { intArray, likeEscape, rowsOf } from "../../lib/sql.ts";
import { ids, inList, json, occupancyFlags, occupantsOf, toDate, ts, typeSummary } from "./fragments-repository.ts";

/**
 * The package list: a filter, a sort and a search. A list is one statement for the page with
 * its count (unless a recent large count is reused), after one that resolves what a search
 * names (listPackages).
 */

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
  else if (activeLeaseOnly(f)) c.push(sql`p.occupancy_is_active`);
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
    j === "a" ? sql` join apartments a on a.id = p.apartment_id` : sql``
  }${
    j === "ob" ? sql` left join users ob on ob.id = p.opened_by_id` : sql``
  }${j === "cb" ? sql` left join users cb on cb.id = p.closed_by_id` : sql``}`;
}

/**
 * What a filter may hold for its count to come from `package_counts` (kept exact by the
 * database, migration 0016): its building, statuses, types, type groups and whether packages of
 * inactive unit profiles count. Any other field (or one added later) counts the rows themselves.
 */
const COUNTED_BY_KIND: Record<string, (v: unknown) => boolean> = {
  buildingId: () => true,
  statuses: () => true,
  typeIds: () => true,
  groups: () => true,
  includeDeactivated: () => true,
  search: (v) => !String(v).trim(),
};

/** The filter's count as a scalar subquery over `package_counts`, or null (see COUNTED_BY_KIND). */
export function countedPackages(f: PackageFilter): SQL | null {
  for (const [k, v] of Object.entries(f)) if (v !== undefined && !COUNTED_BY_KIND[k]?.(v)) return null;
  const c: SQL[] = [sql`c.building_id = ${f.buildingId}`];
  if (f.statuses?.length) c.push(inList(sql`c.status`, f.statuses));
  if (f.typeIds?.length) c.push(inList(sql`c.package_type_id`, f.typeIds));
  if (f.groups?.length)
    c.push(sql`c.package_type_id in (select t.id from package_types t where ${inList(sql`t."group"`, f.groups)})`);
  if (activeLeaseOnly(f)) c.push(sql`c.occupancy_is_active`);
  return sql`(select coalesce(sum(c.n), 0)::int from package_counts c where ${sql.join(c, sql` and `)})`;
}

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

/**
 * How the page is read. 'walk': along the sort's index, the count (if any) apart in the same
 * statement; 'matches': every match is read first through the filter's indexes (a search:
 * units, types, trigrams, residents), then sorted, and counted from the same rows.
 */
type PageMode = { read: "walk"; count: boolean } | { read: "matches" };

/**
 * A page row's unit profile and staff, each looked up by key (LIMIT 1 keeps them per row): the
 * page statement runs with a kept plan, which cannot know the page is 30 rows and would otherwise
 * hash or merge whole tables with it.
 */
const rowLookups = sql`cross join lateral (select o.* from occupancies o where o.id = p.occupancy_id limit 1) o
      left join lateral (select ob.id, ob.first_name, ob.last_name from users ob where ob.id = p.opened_by_id limit 1) ob on true
      left join lateral (select cb.id, cb.first_name, cb.last_name from users cb where cb.id = p.closed_by_id limit 1) cb on true`;

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
          select p.id, ${s.expr} as k from ${fromFor(f, sort)} where ${where}
        ), page as (select id, k from hits order by k ${dir}${nulls}, id ${dir} ${limit})`
      : sql`with page as (
          select p.id, ${s.expr} as k from ${fromFor(f, sort)} where ${where}
          order by ${s.expr} ${dir}${nulls}, p.id ${dir} ${limit})`;
  const total =
    mode.read === "matches"
      ? sql`, (select count(*)::int from hits) as _total`
      : mode.count
        ? sql`, ${countedPackages(f) ?? sql`(select count(*)::int from ${fromFor(f, null)} where ${where})`} as _total`
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
      ${rowLookups}
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
      sql`select ${countedPackages(f) ?? sql`(select count(*)::int from ${fromFor(f, null)} where ${packageWhere(f, words)})`} as count`,
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
  /** A first page may come from (and go to) the building's shared first pages. */
  shared = true,
): Promise<{ rows: PackageRow[]; count: number }> {
  if (shared && page.offset === 0 && !f.search) {
    const read = [topics.packages(f.buildingId), topics.units(f.buildingId)];
    const key = [f, sort, page.limit, today];
    return cachedFirstPage(db, "package-first-pages", key, read, () => listPackages(db, f, sort, page, today, false));
  }
  const words = await resolveSearch(db, f);
  let rows: PackageRow[] | undefined;
  const counted = [topics.packages(f.buildingId), topics.units(f.buildingId), topics.packageTypes];
  const withPage = async () => {
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
  };
  // A count kept by the database rides in the page's statement; other counts may be kept here.
  const count = countedPackages(f)
    ? await withPage()
    : await cachedCount(db, countKey("packages", f), counted, withPage);
  rows ??= (await pageQuery(db, f, words, sort, page, today, { read: "walk", count: false })).rows;
  return { rows, count };
}
