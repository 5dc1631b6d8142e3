import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { SHIFT_END_CODE, type ShiftLogTypeQuery } from "@portico/contract";
import { listEntityEvents } from "../../lib/events-repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { cachedCount, cachedFirstPage, countKey } from "../../lib/count-cache.ts";
import { topics } from "../../lib/change-feed.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";
import { intArray, rowsOf } from "../../lib/sql.ts";
import { CUSTOM_PLAN, GENERIC_PLAN } from "../../db/prepared.ts";
import { buildings, emailMessages, events, shiftLogNotes, shiftLogTypes } from "../../db/schema/index.ts";
export { findOccupancy } from "../../lib/occupancy-repository.ts";

/**
 * Shift log queries. A list is one statement for the page (units aggregated in it, no N+1) with
 * its count, unless a recent large count is reused (listNotes); a search adds a tiny query
 * computing its tsquery, and with a known large count a bounded probe that picks how the page
 * is read (see Strategy).
 */

export interface DateRange {
  /** Buildings this range applies to (null: every building). */
  buildingIds: number[] | null;
  /** Inclusive lower bound. */
  min?: Date;
  /** Exclusive upper bound. */
  max?: Date;
}

export interface NoteFilter {
  noteId?: number;
  /** null: every building (OF). */
  buildingIds: number[] | null;
  dateRanges?: DateRange[];
  isHighPriority?: boolean;
  apartmentNumber?: string;
  typeIds?: number[];
  search?: string;
  onlyEdited?: boolean;
  hasApartment?: boolean;
  include?: { ids: number[]; none: boolean };
  exclude?: { ids: number[]; none: boolean };
  includeEndOfShift: boolean;
  occupancyId?: number;
  /** The tsquery text of `search` (set by prepareSearch). */
  searchQuery?: string;
  /** The same words scoped to the filter's buildings (set by prepareSearch; see scopedQuery). */
  scopedSearchQuery?: string;
  /** What the search names besides words (set by prepareSearch): units by number, residents' leases. */
  searchLinks?: { apartmentIds: number[]; occupancyIds: number[] };
}

export type SortKey =
  "date_created" | "last_modified" | "shift_log_type_name" | "owner" | "is_high_priority" | "body" | "building";
export interface Sort {
  key: SortKey;
  desc: boolean;
}

const SORTS: Record<SortKey, { expr: SQL; type: string; join?: "t" | "u" | "b" }> = {
  date_created: { expr: sql`n.date_created`, type: "timestamptz" },
  last_modified: { expr: sql`n.last_modified`, type: "timestamptz" },
  shift_log_type_name: { expr: sql`lower(coalesce(t.name, ''))`, type: "text", join: "t" },
  owner: { expr: sql`lower(u.first_name || ' ' || u.last_name)`, type: "text", join: "u" },
  is_high_priority: { expr: sql`n.is_high_priority`, type: "boolean" },
  body: { expr: sql`lower(left(n.body, 200))`, type: "text" },
  building: { expr: sql`lower(b.name)`, type: "text", join: "b" },
};

const list = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
const inIds = (col: SQL, ids: number[]) => (ids.length ? sql`${col} in (${list(ids)})` : sql`false`);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** SQL computing the prefix tsquery text of a search: every lexeme as 'lexeme':*, joined by &. */
const tsqueryText = (search: string) =>
  sql`(select coalesce(string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || ''':*', ' & '), '')
      from unnest(tsvector_to_array(to_tsvector('simple', ${search}::text))) as l)`;

/** A lexeme as a prefix term of a tsquery text (quoted the way tsqueryText quotes it). */
const prefixTerm = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`;

/**
 * Searches of a few buildings read the words scoped to their building in
 * `shift_log_notes_search_idx` (`portico_search_lexemes`: '54 water' for a note of building 54):
 * the building's postings alone, not a word's postings over the whole portfolio intersected with
 * the building's (100× faster for a common word). More buildings read the words as they are.
 */
const SCOPED_SEARCH_MAX_BUILDINGS = 20;

/** Every lexeme as a prefix of the building's scoped words, joined by &; buildings joined by |. */
export function scopedQuery(lexemes: readonly string[], buildingIds: readonly number[]): string {
  return buildingIds.map((b) => `(${lexemes.map((l) => prefixTerm(`${b} ${l}`)).join(" & ")})`).join(" | ");
}

/**
 * Resolves a search once, before the page and count queries, in one small statement planned for
 * its values: its tsquery text (f.searchQuery, f.scopedSearchQuery), the units it names by number
 * and the leases of the residents it names (f.searchLinks). The page statement then holds no
 * pattern whose plan depends on its value, and runs with a plan kept for it (see
 * GENERIC_PLAN_SEARCH).
 */
export async function prepareSearch(db: DbOrTx, f: NoteFilter): Promise<NoteFilter> {
  const search = f.search?.trim();
  if (!search || f.searchQuery !== undefined) return f;
  const leases = residentLeases(f, search);
  const r = rowsOf<{ l: string[] | null; a: number[] | string | null; o: number[] | string | null }>(
    await db.execute(sql`select tsvector_to_array(to_tsvector('simple', ${search}::text)) as l,
      array(${namedUnits(f, search)}) as a,
      ${leases ? sql`array(${leases})` : sql`'{}'::int[]`} as o`),
  );
  const lexemes = r[0]?.l ?? [];
  const scoped =
    lexemes.length && f.buildingIds?.length && f.buildingIds.length <= SCOPED_SEARCH_MAX_BUILDINGS
      ? scopedQuery(lexemes, f.buildingIds)
      : undefined;
  return {
    ...f,
    searchQuery: lexemes.map(prefixTerm).join(" & "),
    scopedSearchQuery: scoped,
    searchLinks: { apartmentIds: intArray(r[0]?.a), occupancyIds: intArray(r[0]?.o) },
  };
}

/** An int[] sent as one value (one statement text whatever the number of ids). */
const intArrayValue = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * Page statements of a search scoped to its buildings carry this comment: everything in them
 * whose selectivity depends on a value was resolved by prepareSearch, and the body words are
 * read through the building-scoped entries of one GIN index, so one kept plan serves every
 * search (db/prepared.ts runs them prepared, without planning each one anew).
 */
const GENERIC_PLAN_SEARCH = sql.raw(GENERIC_PLAN);

/**
 * What a filter may hold for its count to come from `shift_log_note_counts` (kept exact by the
 * database, migration 0016): its buildings, types and whether end-of-shift notes count. Any
 * other field (or one added later) counts the rows themselves.
 */
const COUNTED_BY_TYPE: Record<string, (v: unknown) => boolean> = {
  // null: every building (the portfolio's count); an empty list counts nothing.
  buildingIds: (v) => v === null || (Array.isArray(v) && v.length > 0),
  includeEndOfShift: () => true,
  typeIds: () => true,
  onlyEdited: (v) => !v,
  search: (v) => !String(v).trim(),
  searchQuery: () => true,
  scopedSearchQuery: () => true,
};

/** The filter's count as a scalar subquery over `shift_log_note_counts`, or null (see COUNTED_BY_TYPE). */
export function countedNotes(f: NoteFilter): SQL | null {
  for (const [k, v] of Object.entries(f)) if (v !== undefined && !COUNTED_BY_TYPE[k]?.(v)) return null;
  const c: SQL[] = [f.buildingIds ? inIds(sql`c.building_id`, f.buildingIds) : sql`true`];
  if (f.typeIds?.length) c.push(inIds(sql`c.shift_log_type_id`, f.typeIds));
  if (!f.includeEndOfShift)
    c.push(
      sql`c.shift_log_type_id <> coalesce((select st.id from shift_log_types st where st.code = ${SHIFT_END_CODE}), 0)`,
    );
  return sql`(select coalesce(sum(c.n), 0)::int from shift_log_note_counts c where ${sql.join(c, sql` and `)})`;
}

/**
 * How a search is written: 'all' = body words or linked units/residents (one condition, for
 * walking the date order and for checks), 'text' = the body words only, 'linked' = the units
 * and residents only (the two halves of `searchHits`, each served by its own indexes).
 */
export type SearchPart = "all" | "text" | "linked";

/** The where-clause of a note filter, over `shift_log_notes n`. */
export function noteWhere(f: NoteFilter, part: SearchPart = "all"): SQL {
  const c: SQL[] = [];
  if (f.noteId !== undefined) c.push(sql`n.id = ${f.noteId}`);
  // The body words scoped to the buildings say the building: read through the GIN index alone.
  if (f.buildingIds && !(part === "text" && f.scopedSearchQuery)) c.push(inIds(sql`n.building_id`, f.buildingIds));
  if (f.dateRanges?.length) {
    const parts = f.dateRanges.map((r) => {
      const p: SQL[] = [];
      if (r.buildingIds) p.push(inIds(sql`n.building_id`, r.buildingIds));
      if (r.min) p.push(sql`n.date_created >= ${ts(r.min)}`);
      if (r.max) p.push(sql`n.date_created < ${ts(r.max)}`);
      return p.length ? sql`(${sql.join(p, sql` and `)})` : sql`true`;
    });
    c.push(parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`);
  }
  if (f.isHighPriority !== undefined) c.push(sql`n.is_high_priority = ${f.isHighPriority}`);
  if (f.typeIds?.length) c.push(inIds(sql`n.shift_log_type_id`, f.typeIds));
  if (!f.includeEndOfShift)
    c.push(
      sql`n.shift_log_type_id is distinct from (select st.id from shift_log_types st where st.code = ${SHIFT_END_CODE})`,
    );
  if (f.onlyEdited) c.push(sql`n.last_modified > n.date_created + interval '1 second'`);
  // Unit filters: the (few) matching note ids come from the link table's indexes first (an
  // InitPlan), then the notes are read by primary key.
  const linked = (cond: SQL) => sql`array(select na.note_id from shift_log_note_apartments na where ${cond})`;
  if (f.apartmentNumber) {
    const scope = f.buildingIds ? sql` and ${inIds(sql`a.building_id`, f.buildingIds)}` : sql``;
    c.push(
      sql`n.id = any(array(select na.note_id from shift_log_note_apartments na join apartments a on a.id = na.apartment_id
        where upper(a.apartment_number) = upper(${f.apartmentNumber})${scope}))`,
    );
  }
  if (f.hasApartment !== undefined)
    c.push(
      f.hasApartment
        ? sql`exists (select 1 from shift_log_note_apartments na where na.note_id = n.id)`
        : sql`not exists (select 1 from shift_log_note_apartments na where na.note_id = n.id)`,
    );
  if (f.include && (f.include.ids.length || f.include.none)) {
    const p: SQL[] = [];
    if (f.include.ids.length) p.push(sql`n.id = any(${linked(inIds(sql`na.apartment_id`, f.include.ids))})`);
    if (f.include.none) p.push(sql`not exists (select 1 from shift_log_note_apartments na where na.note_id = n.id)`);
    c.push(sql`(${sql.join(p, sql` or `)})`);
  }
  if (f.exclude) {
    if (f.exclude.ids.length)
      c.push(
        sql`not exists (select 1 from shift_log_note_apartments na where na.note_id = n.id and ${inIds(sql`na.apartment_id`, f.exclude.ids)})`,
      );
    if (f.exclude.none) c.push(sql`exists (select 1 from shift_log_note_apartments na where na.note_id = n.id)`);
  }
  if (f.occupancyId !== undefined) c.push(sql`n.id = any(${linked(sql`na.occupancy_id = ${f.occupancyId}`)})`);
  const search = f.search?.trim();
  if (search) {
    const text = searchText(f, search);
    const ids = searchLinkedIds(f, search);
    // The linked notes are few: read by key (an array), not by joining the building's notes.
    const linked = f.searchLinks ? sql`n.id = any(array(${ids}))` : sql`n.id in (${ids})`;
    c.push(part === "text" ? text : part === "linked" ? linked : sql`(${text} or ${linked})`);
  }
  return c.length ? sql.join(c, sql` and `) : sql`true`;
}

/**
 * Every word of the search (parsed as the body was) must start a word of the body. The tsquery
 * text is computed beforehand (prepareSearch) and sent as a value. Two conditions: the body's
 * words as stored (cheap: checked first when a page walks the dates), and the same words in
 * `shift_log_notes_search_idx` (what a search reads when it finds its matches first), scoped to
 * the filter's buildings when they are few (see SCOPED_SEARCH_MAX_BUILDINGS).
 */
function searchText(f: NoteFilter, search: string): SQL {
  if (f.searchQuery === "") return sql`false`;
  const indexed = sql`portico_search_lexemes(n.building_id, n.search_vector)`;
  if (f.searchQuery === undefined) {
    const tsq = sql`to_tsquery('simple', ${tsqueryText(search)})`;
    return sql`(n.search_vector @@ ${tsq} and ${indexed} @@ ${tsq})`;
  }
  const q = sql`${f.searchQuery}::tsquery`;
  return sql`(n.search_vector @@ ${q} and ${indexed} @@ ${f.scopedSearchQuery ?? f.searchQuery}::tsquery)`;
}

/**
 * A page over several buildings or the whole portfolio is planned for its values: a kept plan
 * cannot see that 30 rows are wanted of a million and sorts them all instead of walking the date
 * index. (A building's own list leads its indexes with the building: one plan serves them all.)
 */
const PLANNED_FOR_VALUES = sql.raw(CUSTOM_PLAN);

/** A search whose page statement can run with a kept plan (see GENERIC_PLAN_SEARCH). */
const resolvedSearch = (f: NoteFilter) => !!f.search?.trim() && !!f.scopedSearchQuery && !!f.searchLinks;

/** The units a search names by their number (in the filter's buildings). */
function namedUnits(f: NoteFilter, search: string): SQL {
  const aptScope = f.buildingIds ? sql` and ${inIds(sql`a.building_id`, f.buildingIds)}` : sql``;
  return sql`select a.id from apartments a where upper(a.apartment_number) = upper(${search})${aptScope}`;
}

/**
 * The leases of the residents a search names: every word (up to four) starts their first or
 * last name; null without words.
 */
function residentLeases(f: NoteFilter, search: string): SQL | null {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((x) => x.replace(/[\\%_]/g, (m) => `\\${m}`))
    .filter(Boolean)
    .slice(0, 4);
  if (!words.length) return null;
  // In a fixed shape: through the users' name-prefix indexes, then kept when they are the
  // buildings'; when every word is one or two letters (a prefix of too many people), from the
  // buildings' leases.
  const named = (u: string) =>
    sql.join(
      words.map(
        (x) => sql`(lower(${sql.raw(u)}.first_name) like ${`${x}%`} or lower(${sql.raw(u)}.last_name) like ${`${x}%`})`,
      ),
      sql` and `,
    );
  return f.buildingIds && words.every((x) => x.length <= 2)
    ? sql`select oc.occupancy_id from occupants oc
        where oc.occupancy_id = any(array(select o.id from occupancies o where ${inIds(sql`o.building_id`, f.buildingIds)}))
          and (select ${named("ru")} from users ru where ru.id = oc.user_id)`
    : sql`select oc.occupancy_id from occupants oc
        where oc.user_id = any(array(select ru.id from users ru where ${named("ru")}))${
          f.buildingIds
            ? sql` and ${inIds(sql`(select o.building_id from occupancies o where o.id = oc.occupancy_id)`, f.buildingIds)}`
            : sql``
        }`;
}

/**
 * Notes the search finds without their body: a search that is a unit's number finds the notes
 * about that unit; one that names a resident (every word starts their first or last name) finds
 * the notes about their lease. Resolved by prepareSearch into ids; read here through the link
 * table's indexes.
 */
function searchLinkedIds(f: NoteFilter, search: string): SQL {
  if (f.searchLinks)
    return sql`select na.note_id from shift_log_note_apartments na
        where na.apartment_id = any(${intArrayValue(f.searchLinks.apartmentIds)})
      union all select na.note_id from shift_log_note_apartments na
        where na.occupancy_id = any(${intArrayValue(f.searchLinks.occupancyIds)})`;
  const leases = residentLeases(f, search);
  const resident = leases
    ? sql` union all select na.note_id from shift_log_note_apartments na
        where na.occupancy_id = any(array(${leases}))`
    : sql``;
  return sql`select na.note_id from shift_log_note_apartments na
    where na.apartment_id = any(array(${namedUnits(f, search)}))${resident}`;
}

/**
 * The ids of the notes a filter matches, found through the filter's own indexes: for a search,
 * the GIN index for the body words and the link indexes for units and residents, as a union.
 */
export function matchingIds(f: NoteFilter, carry?: { key: SQL; keyset: SQL | null }): SQL {
  // With `carry`, each id comes with its sort key (k), within the keyset.
  const cols = carry ? sql`n.id, ${carry.key} as k` : sql`n.id`;
  const ks = carry?.keyset ? sql` and ${carry.keyset}` : sql``;
  if (!f.search?.trim()) return sql`select ${cols} from shift_log_notes n where ${noteWhere(f)}${ks}`;
  return sql`select ${cols} from shift_log_notes n where ${noteWhere(f, "text")}${ks}
    union select ${cols} from shift_log_notes n where ${noteWhere(f, "linked")}${ks}`;
}

export interface NoteRow {
  id: number;
  body: string;
  date_created: Date;
  last_modified: Date;
  is_high_priority: boolean;
  location: string | null;
  building_id: number;
  building_name: string;
  building_time_zone: string;
  shift_log_type_id: number | null;
  type_name: string | null;
  type_short_name: string | null;
  type_code: string | null;
  type_is_immutable: boolean | null;
  owner_id: number;
  owner_first_name: string;
  owner_last_name: string;
  owner_username: string;
  is_edited: boolean;
  apartments: {
    id: number;
    apartment_number: string;
    current_occupancy_id: number | null;
    occupancy_id: number | null;
  }[];
  /** The sort key as text, for keyset paging. */
  _k: string | null;
}

function joinsFor(sort: Sort): SQL {
  const j = SORTS[sort.key].join;
  if (j === "t") return sql` left join shift_log_types t on t.id = n.shift_log_type_id`;
  if (j === "u") return sql` join users u on u.id = n.owner_id`;
  if (j === "b") return sql` join buildings b on b.id = n.building_id`;
  return sql``;
}

/**
 * One page of notes, with their units, type, owner and building, in one query.
 * `after` continues after a row (keyset paging for exports) instead of an offset.
 */
export async function selectNotes(
  db: DbOrTx,
  f: NoteFilter,
  sort: Sort,
  page: { limit: number; offset?: number; after?: { k: string | null; id: number } },
  opts: { strategy?: Strategy; columns?: Columns } = {},
): Promise<NoteRow[]> {
  f = await prepareSearch(db, f);
  const columns = opts.columns ?? "note";
  const s = SORTS[sort.key];
  const keyset = page.after
    ? sql`(${s.expr}, n.id) ${sort.desc ? sql`<` : sql`>`} (cast(${page.after.k} as ${sql.raw(s.type)}), ${page.after.id})`
    : null;
  const searching = !!f.search?.trim();
  const chosen = opts.strategy ?? (!searching ? "walk" : sort.key === "date_created" ? "bounded" : "matches");
  if (chosen === "bounded") {
    // Walk the first PROBE_ROWS rows of the date order; when the page lies within them it is
    // exactly the walk's page, else the matches are read first.
    const rows = await pageOfNotes(db, f, sort, page, keyset, "bounded", false, columns);
    return rows.length >= page.limit ? rows : pageOfNotes(db, f, sort, page, keyset, "matches", false, columns);
  }
  return pageOfNotes(db, f, sort, page, keyset, chosen, false, columns);
}

/**
 * The columns of a row: 'note' the whole note (its units with their current occupancy);
 * 'export' what the spreadsheet shows (`units`: the unit numbers as text, `apartments` empty).
 */
type Columns = "note" | "export";

/**
 * A page row's owner, building and type, each looked up by key (LIMIT 1 keeps them per row): the
 * page statement runs with a kept plan, which cannot know the page is 30 rows and would otherwise
 * hash or merge whole tables with it.
 */
const noteLookups = sql`cross join lateral (select u.id, u.first_name, u.last_name, u.username from users u
      where u.id = n.owner_id limit 1) u
    cross join lateral (select b.name, b.time_zone from buildings b where b.id = n.building_id limit 1) b
    left join lateral (select t.name, t.short_name, t.code, t.is_immutable from shift_log_types t
      where t.id = n.shift_log_type_id limit 1) t on true`;

async function pageOfNotes(
  db: DbOrTx,
  f: NoteFilter,
  sort: Sort,
  page: { limit: number; offset?: number },
  keyset: SQL | null,
  strategy: Strategy | "bounded",
  withCount = false,
  columns: Columns = "note",
): Promise<NoteRow[]> {
  const s = SORTS[sort.key];
  const dir = sort.desc ? sql`desc` : sql`asc`;
  const matches = strategy === "matches";
  // Matches sorted by a column of the note itself carry their key: the page is then sorted
  // without reading the notes again.
  const carried = matches && !s.join;
  const conds: SQL[] = matches ? [] : [noteWhere(f)];
  if (keyset) conds.push(keyset);
  const source = matches
    ? sql`hits h join shift_log_notes n on n.id = h.id`
    : strategy === "bounded"
      ? sql`(select n.* from shift_log_notes n
          where ${noteWhere({ ...f, search: undefined, searchQuery: undefined, scopedSearchQuery: undefined })}${keyset ? sql` and ${keyset}` : sql``}
          order by n.date_created ${dir}, n.id ${dir} limit ${PROBE_ROWS}) n`
      : sql`shift_log_notes n`;
  // The outer query orders by the same key expression (same aliases n, t, u, b).
  const limit = sql`limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`;
  const outer = sql`${resolvedSearch(f) ? GENERIC_PLAN_SEARCH : f.buildingIds?.length === 1 ? sql`` : PLANNED_FOR_VALUES}
    with ${matches ? sql`hits as materialized (${matchingIds(f, carried ? { key: s.expr, keyset } : undefined)}),` : sql``}
    page as (${
      carried
        ? sql`select h.id, h.k::text as _k from hits h order by h.k ${dir}, h.id ${dir} ${limit}`
        : sql`select n.id, (${s.expr})::text as _k
      from ${source}${joinsFor(sort)}
      where ${conds.length ? sql.join(conds, sql` and `) : sql`true`}
      order by ${s.expr} ${dir}, n.id ${dir}
      ${limit}`
    })
    select ${
      columns === "export"
        ? sql`n.id, n.body, n.date_created, n.is_high_priority, b.name as building_name,
      b.time_zone as building_time_zone, t.name as type_name, u.first_name as owner_first_name,
      u.last_name as owner_last_name, u.username as owner_username,
      n.last_modified > n.date_created + interval '1 second' as is_edited,
      coalesce((select string_agg(a.apartment_number, ', ' order by a.sort_key, a.id)
        from shift_log_note_apartments na join apartments a on a.id = na.apartment_id
        where na.note_id = n.id), '') as units,`
        : sql`${noteColumns(sql`shift_log_note_apartments`)},`
    }
      page._k${
        !withCount
          ? sql``
          : matches
            ? sql`, (select count(*)::int from hits) as _total`
            : sql`, ${countedNotes(f) ?? sql`(select count(*)::int from shift_log_notes n where ${noteWhere(f)})`} as _total`
      }
    from page
    join shift_log_notes n on n.id = page.id
    ${noteLookups}
    order by ${s.expr} ${dir}, n.id ${dir}`;
  // Completed in place (an export reads 50,000 rows: no copies).
  const rows = rowsOf<NoteRow>(await db.execute(outer));
  for (const r of rows) completeRow(r, columns);
  return rows;
}

/** A row as the driver answers it, completed in place: its units parsed, its instants as dates. */
function completeRow(r: NoteRow, columns: Columns): NoteRow {
  if (typeof r.apartments === "string") r.apartments = JSON.parse(r.apartments);
  r.date_created = new Date(r.date_created);
  if (columns === "note") r.last_modified = new Date(r.last_modified);
  return r;
}

/**
 * The columns of a whole note (NoteRow) over `n` (the note), `b` (its building), `t` (its type)
 * and `u` (its owner); its units from `links` (the link table, or the links a write returns).
 */
const noteColumns = (links: SQL) => sql`n.id, n.body, n.date_created, n.last_modified, n.is_high_priority, n.location,
      n.building_id, b.name as building_name, b.time_zone as building_time_zone,
      n.shift_log_type_id, t.name as type_name, t.short_name as type_short_name, t.code as type_code,
      t.is_immutable as type_is_immutable,
      u.id as owner_id, u.first_name as owner_first_name, u.last_name as owner_last_name, u.username as owner_username,
      n.last_modified > n.date_created + interval '1 second' as is_edited,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'apartment_number', a.apartment_number,
          'current_occupancy_id', co.id, 'occupancy_id', na.occupancy_id) order by a.sort_key, a.id)
        from ${links} na
        join apartments a on a.id = na.apartment_id
        left join lateral (
          select o.id from occupancies o
          where o.apartment_id = a.id and o.is_active
            and (o.lease_start_date is null or o.lease_start_date <= (now() at time zone b.time_zone)::date)
          order by o.lease_start_date desc nulls last, o.id desc limit 1
        ) co on true
        where na.note_id = n.id
      ), '[]'::json) as apartments`;

export async function countNotes(db: DbOrTx, f: NoteFilter): Promise<number> {
  f = await prepareSearch(db, f);
  const filter = f;
  if (countedNotes(filter)) return countAll(db, filter);
  return cachedCount(db, countKey("shift_log_notes", filter), countTopics(filter), () => countAll(db, filter));
}

/** What a count of notes reads: the notes of its buildings, the units they are about, the types. */
const countTopics = (f: NoteFilter): string[] | null =>
  f.buildingIds && [...f.buildingIds.flatMap((b) => [topics.shiftLogs(b), topics.units(b)]), topics.shiftLogTypes];

async function countAll(db: DbOrTx, f: NoteFilter): Promise<number> {
  const counted = countedNotes(f);
  const r = rowsOf<{ count: number | string }>(
    await db.execute(
      counted
        ? sql`select ${counted} as count`
        : f.search?.trim()
          ? sql`select count(*)::int as count from (${matchingIds(f)}) x`
          : sql`select count(*)::int as count from shift_log_notes n where ${noteWhere(f)}`,
    ),
  );
  return Number(r[0]?.count ?? 0);
}

/**
 * A list page and its count. A count seen lately (large ones are kept, lib/count-cache.ts) is
 * reused and the page alone is read (a search with many matches: along the dates); otherwise
 * the count rides in the page's statement: a search reads its matches first (GIN and link
 * indexes), sorts and counts them in one pass; a plain filter walks its index and counts apart.
 */
export async function listNotes(
  db: DbOrTx,
  f: NoteFilter,
  sort: Sort,
  page: { limit: number; offset: number },
  /** The building's local day (its units' current leases change with it): a first page may be shared. */
  day?: string,
): Promise<{ rows: NoteRow[]; count: number }> {
  const b = f.buildingIds?.length === 1 ? f.buildingIds[0] : null;
  if (day && b !== null && page.offset === 0 && !f.search?.trim()) {
    const read = [topics.shiftLogs(b), topics.units(b), topics.building(b)];
    return cachedFirstPage(db, "shift-log-first-pages", [f, sort, page.limit, day], read, () =>
      listNotes(db, f, sort, page),
    );
  }
  f = await prepareSearch(db, f);
  const filter = f;
  let rows: NoteRow[] | undefined;
  const withPage = async () => {
    const strategy = filter.search?.trim() ? "matches" : "walk";
    rows = await pageOfNotes(db, filter, sort, page, null, strategy, true);
    if (rows.length) return Number((rows[0] as NoteRow & { _total: number })._total);
    return page.offset ? countAll(db, filter) : 0;
  };
  // A count kept by the database rides in the page's statement; other counts may be kept here.
  const count = countedNotes(filter)
    ? await withPage()
    : await cachedCount(db, countKey("shift_log_notes", filter), countTopics(filter), withPage);
  rows ??= await selectNotes(db, f, sort, page);
  return { rows: rows.map(({ _total, ...r }: NoteRow & { _total?: number }) => r), count };
}

/**
 * How a page is read. 'walk': along the date index, filtering as it goes (best when matches
 * are many: the page is found after a few rows). 'matches': the matching ids first, through the
 * filter's own indexes (GIN for the body words, the link indexes for units and residents), then
 * sorted (best when matches are few). Plain filters walk (their indexes lead with the building
 * and end with the date); a search in date order walks at most PROBE_ROWS rows and reads the
 * matches first when the page is not among them; a search in another order reads matches first.
 */
export type Strategy = "walk" | "matches";

/** The longest walk a search takes before it reads its matches first instead (rows). */
export const PROBE_ROWS = 20000;

/** A row of the spreadsheet: the note without its units' details, `units` their numbers as text. */
/** A row of the spreadsheet export: what it shows, and the keyset of the next chunk. */
export type ExportNoteRow = Pick<
  NoteRow,
  | "id"
  | "body"
  | "date_created"
  | "is_high_priority"
  | "building_name"
  | "building_time_zone"
  | "type_name"
  | "owner_first_name"
  | "owner_last_name"
  | "owner_username"
  | "is_edited"
> & { units: string; _k: string | null };

/**
 * Every matching row, read in keyset chunks (never the whole list in memory). The next chunk
 * is already being read while the rows of the current one are consumed (one chunk ahead).
 */
export async function* iterateNotes(
  db: DbOrTx,
  f: NoteFilter,
  sort: Sort,
  opts: { limit: number; offset?: number; chunk?: number },
): AsyncGenerator<ExportNoteRow> {
  const chunk = opts.chunk ?? 2500;
  f = await prepareSearch(db, f);
  const filter = f;
  // A chunk is read ahead while the previous one is written out; its failure is raised when it
  // is awaited (a handler is attached at once, so a failure meanwhile is not an unhandled
  // rejection that would end the process).
  const read = (limit: number, at: { offset: number } | { after: { k: string | null; id: number } }) => {
    const p = selectNotes(db, filter, sort, { limit, ...at }, { columns: "export" }) as unknown as Promise<
      ExportNoteRow[]
    >;
    p.catch(() => undefined);
    return p;
  };
  let left = opts.limit;
  let next: Promise<ExportNoteRow[]> | null = read(Math.min(chunk, left), { offset: opts.offset ?? 0 });
  // Stopped early (the client went away), the chunk read ahead is simply dropped.
  while (next) {
    const want = Math.min(chunk, left);
    const rows = await next;
    next = null;
    left -= rows.length;
    if (rows.length === want && left > 0) {
      const last = rows[rows.length - 1];
      next = read(Math.min(chunk, left), { after: { k: last._k, id: last.id } });
    }
    for (const r of rows) yield r;
  }
}

/** The note itself (no joins), for permission checks. */
export async function findNoteHead(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: shiftLogNotes.id,
      building_id: shiftLogNotes.building_id,
      owner_id: shiftLogNotes.owner_id,
      body: shiftLogNotes.body,
      shift_log_type_id: shiftLogNotes.shift_log_type_id,
      is_high_priority: shiftLogNotes.is_high_priority,
      location: shiftLogNotes.location,
      type_name: shiftLogTypes.name,
      type_code: shiftLogTypes.code,
      type_is_immutable: shiftLogTypes.is_immutable,
    })
    .from(shiftLogNotes)
    .leftJoin(shiftLogTypes, eq(shiftLogTypes.id, shiftLogNotes.shift_log_type_id))
    .where(eq(shiftLogNotes.id, id))
    .limit(1);
  return rows[0] ?? null;
}
export type NoteHead = NonNullable<Awaited<ReturnType<typeof findNoteHead>>>;

export interface NoteValues {
  building_id: number;
  owner_id: number;
  body: string;
  shift_log_type_id: number | null;
  is_high_priority: boolean;
  location: string | null;
}

export interface NoteLink {
  apartment_id: number;
  occupancy_id: number | null;
}

export interface NoteEventValues {
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number;
  data?: unknown;
}

/** The links of a write as rows (`x(apartment_id, occupancy_id)`), for an insert that reads them. */
const linkRows = (links: NoteLink[]) =>
  sql`(values ${sql.join(
    links.map((l) => sql`(${l.apartment_id}::int, ${l.occupancy_id}::int)`),
    sql`, `,
  )}) x(apartment_id, occupancy_id)`;

/** Links of a write without units. */
const NO_LINKS = sql`(select null::int as note_id, null::int as apartment_id, null::int as occupancy_id where false)`;

/** The event of the note `n` of a write (a row in the events table, for the note's history). */
const noteEventInsert = (e: NoteEventValues) => sql`insert into events
    (building_id, entity_type, entity_id, type, type_display, note, performed_by_id, data)
    select n.building_id, ${NOTE_ENTITY}, n.id, ${e.type}, ${e.type_display}, ${e.note}, ${e.performed_by_id},
      ${e.data == null ? null : JSON.stringify(e.data)}::jsonb
    from n`;

/** The whole note `n` of a write, as a list reads it, its units from `links`. */
const writtenNote = async (db: DbOrTx, withs: SQL, links: SQL): Promise<NoteRow | null> => {
  const rows = rowsOf<NoteRow>(
    await db.execute(sql`with ${withs}
    select ${noteColumns(links)}
    from n
    join users u on u.id = n.owner_id
    join buildings b on b.id = n.building_id
    left join shift_log_types t on t.id = n.shift_log_type_id`),
  );
  return rows[0] ? completeRow(rows[0], "note") : null;
};

/** The note columns a write returns (then completed as a list reads the note). */
const WRITTEN_COLUMNS = {
  id: shiftLogNotes.id,
  body: shiftLogNotes.body,
  date_created: shiftLogNotes.date_created,
  last_modified: shiftLogNotes.last_modified,
  is_high_priority: shiftLogNotes.is_high_priority,
  location: shiftLogNotes.location,
  building_id: shiftLogNotes.building_id,
  shift_log_type_id: shiftLogNotes.shift_log_type_id,
  owner_id: shiftLogNotes.owner_id,
};

/**
 * Creates a note with its unit links and its creation event in one statement (atomic: no
 * transaction round trips), answering the note as a list reads it.
 */
export async function insertNote(
  db: DbOrTx,
  v: NoteValues,
  links: NoteLink[],
  event: NoteEventValues,
): Promise<NoteRow> {
  const n = db.insert(shiftLogNotes).values(v).returning(WRITTEN_COLUMNS);
  const l = links.length
    ? sql`, l as (insert into shift_log_note_apartments (note_id, apartment_id, occupancy_id)
        select n.id, x.apartment_id, x.occupancy_id from n, ${linkRows(links)}
        returning note_id, apartment_id, occupancy_id)`
    : sql``;
  const row = await writtenNote(
    db,
    sql`n as (${n.getSQL()})${l}, e as (${noteEventInsert(event)})`,
    links.length ? sql`l` : NO_LINKS,
  );
  if (!row) throw new Error("note not inserted");
  return row;
}

/**
 * Updates a note (`set`, and its last change), replaces its unit links when `links` are given
 * and records the event, in one statement; answers the note as a list reads it (null: no such
 * note any more).
 */
export async function updateNote(
  db: DbOrTx,
  id: number,
  set: Partial<{ body: string; shift_log_type_id: number | null; is_high_priority: boolean; location: string | null }>,
  links: NoteLink[] | null,
  event: NoteEventValues,
): Promise<NoteRow | null> {
  const n = db
    .update(shiftLogNotes)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(shiftLogNotes.id, id))
    .returning(WRITTEN_COLUMNS);
  // New links: the others go, the kept ones take their occupancy, the new ones come (one
  // statement sees one snapshot: a link deleted and inserted again in it would collide).
  const kept = links?.map((l) => l.apartment_id) ?? [];
  const replace = !links
    ? sql``
    : sql`, d as (delete from shift_log_note_apartments na
        where na.note_id = ${id}${kept.length ? sql` and na.apartment_id not in (${list(kept)})` : sql``})${
          links.length
            ? sql`, l as (insert into shift_log_note_apartments (note_id, apartment_id, occupancy_id)
        select n.id, x.apartment_id, x.occupancy_id from n, ${linkRows(links)}
        on conflict (note_id, apartment_id) do update set occupancy_id = excluded.occupancy_id
        returning note_id, apartment_id, occupancy_id)`
            : sql``
        }`;
  return writtenNote(
    db,
    sql`n as (${n.getSQL()})${replace}, e as (${noteEventInsert(event)})`,
    !links ? sql`shift_log_note_apartments` : links.length ? sql`l` : NO_LINKS,
  );
}

/** Deletes a note (its links go with it) and records the event, in one statement (atomic). */
export async function deleteNote(
  db: DbOrTx,
  id: number,
  event: NoteEventValues & { building_id: number },
): Promise<void> {
  const e = db.insert(events).values({
    building_id: event.building_id,
    entity_type: NOTE_ENTITY,
    entity_id: id,
    type: event.type,
    type_display: event.type_display,
    note: event.note,
    performed_by_id: event.performed_by_id,
    data: event.data ?? null,
  });
  const d = db.delete(shiftLogNotes).where(eq(shiftLogNotes.id, id));
  await db.execute(sql`with e as (${e.getSQL()}), d as (${d.getSQL()}) select 1`);
}

/** What a note's write checks, read at once (see noteWriteFacts). */
export interface NoteWriteFacts {
  /** The type asked for (by id or code), null when none was asked or it does not exist. */
  type: Awaited<ReturnType<typeof findType>> | null;
  /** Apartments of the building among the ids, with the occupancy current today (building time zone). */
  apartments: { id: number; apartment_number: string; sort_key: string; current_occupancy_id: number | null }[];
  /** The occupancies among the ids (any building). */
  occupancies: { id: number; building_id: number; apartment_id: number }[];
  /** The note's unit links (when a note is given), in apartment order. */
  links: { apartment_id: number; occupancy_id: number | null; apartment_number: string; sort_key: string }[];
  /** The occupancies of these apartments whose shift log notes someone tracks (the others have no trackers to tell). */
  tracked: number[];
}

/**
 * Everything a note's write validates against, in one query: its type (by id or code), the
 * apartments (of the building, with their current occupancy), the chosen occupancies, for an
 * edit the note's present links, and which of the apartments' occupancies are tracked.
 */
export async function noteWriteFacts(
  db: DbOrTx,
  q: {
    buildingId: number;
    timeZone: string;
    type?: { id: number } | { code: string } | null;
    apartmentIds: number[];
    occupancyIds: number[];
    noteId?: number;
  },
): Promise<NoteWriteFacts> {
  if (!q.type && !q.apartmentIds.length && !q.occupancyIds.length && q.noteId === undefined)
    return { type: null, apartments: [], occupancies: [], links: [], tracked: [] };
  const type = q.type
    ? sql`(select row_to_json(x) from (select st.id, st.name, st.short_name, st.description, st.display_order,
        st.is_active, st.is_immutable, st.code from shift_log_types st
        where ${"id" in q.type ? sql`st.id = ${q.type.id}` : sql`st.code = ${q.type.code}`} limit 1) x)`
    : sql`null::json`;
  const apts = q.apartmentIds.length
    ? sql`coalesce((select json_agg(json_build_object('id', a.id, 'apartment_number', a.apartment_number,
        'sort_key', a.sort_key, 'current_occupancy_id', (
          select o.id from occupancies o
          where o.apartment_id = a.id and o.is_active
            and (o.lease_start_date is null or o.lease_start_date <= (now() at time zone ${q.timeZone})::date)
          order by o.lease_start_date desc nulls last, o.id desc limit 1)))
        from apartments a where a.building_id = ${q.buildingId} and ${inIds(sql`a.id`, q.apartmentIds)}), '[]'::json)`
    : sql`'[]'::json`;
  const occs = q.occupancyIds.length
    ? sql`coalesce((select json_agg(json_build_object('id', o.id, 'building_id', o.building_id,
        'apartment_id', o.apartment_id)) from occupancies o where ${inIds(sql`o.id`, q.occupancyIds)}), '[]'::json)`
    : sql`'[]'::json`;
  const links =
    q.noteId !== undefined
      ? sql`coalesce((select json_agg(json_build_object('apartment_id', na.apartment_id, 'occupancy_id',
        na.occupancy_id, 'apartment_number', a.apartment_number, 'sort_key', a.sort_key) order by a.sort_key, a.id)
        from shift_log_note_apartments na join apartments a on a.id = na.apartment_id
        where na.note_id = ${q.noteId}), '[]'::json)`
      : sql`'[]'::json`;
  const tracked = q.apartmentIds.length
    ? sql`coalesce((select json_agg(distinct ot.occupancy_id) from occupancy_tracking ot
        where ot.track_shift_log_notes and ot.occupancy_id in (
          select o.id from occupancies o where ${inIds(sql`o.apartment_id`, q.apartmentIds)})), '[]'::json)`
    : sql`'[]'::json`;
  const [r] = rowsOf<Record<keyof NoteWriteFacts, unknown>>(
    await db.execute(
      sql`select ${type} as type, ${apts} as apartments, ${occs} as occupancies, ${links} as links, ${tracked} as tracked`,
    ),
  );
  const parse = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
  return {
    type: parse(r.type) ?? null,
    apartments: parse(r.apartments),
    occupancies: parse(r.occupancies),
    links: parse(r.links),
    tracked: parse<number[]>(r.tracked).map(Number),
  };
}

// Events --------------------------------------------------------------------------------------

export const NOTE_ENTITY = "shift_log_note";

export const listNoteEvents = (db: DbOrTx, noteId: number, page: { limit: number; offset: number }) =>
  listEntityEvents(db, NOTE_ENTITY, noteId, page);

// Types ---------------------------------------------------------------------------------------

const typeColumns = {
  id: shiftLogTypes.id,
  name: shiftLogTypes.name,
  short_name: shiftLogTypes.short_name,
  description: shiftLogTypes.description,
  display_order: shiftLogTypes.display_order,
  is_active: shiftLogTypes.is_active,
  is_immutable: shiftLogTypes.is_immutable,
  code: shiftLogTypes.code,
};

/** The settings list (lib/type-lists): active types without the end-of-shift one, unless asked. */
export const typeRows = typeListRepository(shiftLogTypes, {
  where: (q: ShiftLogTypeQuery) =>
    and(
      q.show_all ? undefined : eq(shiftLogTypes.is_active, true),
      q.include_shift_end ? undefined : sql`${shiftLogTypes.code} is distinct from ${SHIFT_END_CODE}`,
    ),
});

export async function findType(db: DbOrTx, id: number) {
  const rows = await db.select(typeColumns).from(shiftLogTypes).where(eq(shiftLogTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTypeByCode(db: DbOrTx, code: string) {
  const rows = await db.select(typeColumns).from(shiftLogTypes).where(eq(shiftLogTypes.code, code)).limit(1);
  return rows[0] ?? null;
}

// Buildings -----------------------------------------------------------------------------------

/** Id, name and time zone of these buildings (null: every building). */
export async function buildingZones(db: DbOrTx, ids: number[] | null) {
  return db
    .select({ id: buildings.id, name: buildings.name, time_zone: buildings.time_zone })
    .from(buildings)
    .where(ids ? inArray(buildings.id, ids.length ? ids : [-1]) : undefined)
    .orderBy(buildings.id);
}

// ---------------------------------------------------------------------------------------------
// The nightly e-mail

/** Active buildings whose shift log is mailed nightly, with their stored settings. */
export async function nightlyMailBuildings(db: DbOrTx) {
  return rowsOf<{ id: number; name: string; time_zone: string; settings: unknown }>(
    await db.execute(sql`
    select b.id, b.name, b.time_zone, s.settings
    from buildings b left join building_settings s on s.building_id = b.id
    where b.is_active and coalesce((s.settings -> 'shiftlogsettings' ->> 'is_emailed_nightly')::boolean, false)
    order by b.id`),
  );
}

/** Is there already a message with this dedupe key in the outbox? */
export async function mailWithKeyExists(db: DbOrTx, key: string): Promise<boolean> {
  const done = await db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(sql`${emailMessages.dedupe_key} = ${key}`)
    .limit(1);
  return done.length > 0;
}
