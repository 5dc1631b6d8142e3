import { sql, type SQL } from "drizzle-orm";
import { type UnitListRow } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { cachedCount, countKey } from "../../lib/count-cache.ts";
import { topics } from "../../lib/change-feed.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";
import { OCCUPANT_ORDER, TODAY, idList, num, realEmail, residentMatches, str, strOrNull } from "./shared-repository.ts";

/* The unit list of one or more buildings (page, count and spreadsheet rows). */

export interface UnitListFilter {
  buildingIds: number[];
  search?: string;
  phoneDigits?: string;
  displayVacant: boolean;
  minLeaseStart?: string;
  maxLeaseStart?: string;
  activeOnly: boolean;
  balconyOnly: boolean;
  viewEmail: boolean;
}

export interface UnitListSort {
  key: "apartment_number" | "lease_start_date" | "lease_end_date";
  desc: boolean;
}

/**
 * How a search finds its residents: over many buildings, by name first (the trigram index when
 * the term has three letters or digits in a row, otherwise one pass over the accounts); in a few
 * buildings, lease by lease. Both give the same rows.
 */
export function searchesByName(f: UnitListFilter): boolean {
  const n = f.buildingIds.length;
  return !!f.search?.trim() && (n > 100 || (n > 10 && /[\p{L}\p{N}]{3}/u.test(f.search)));
}

function unitListSql(f: UnitListFilter, s: UnitListSort, byName: boolean): { ctes: SQL; rows: SQL } {
  const ids = idList(f.buildingIds);
  const term = (f.search ?? "").trim().toLowerCase();
  const prefix = `${likeEscape(term)}%`;
  const contains = `%${likeEscape(term)}%`;
  const shown = sql.raw(`(o.is_active or not oc.is_active)`);
  const scope = sql`scope as (select b.id, b.name, ${TODAY("b")} as today from buildings b where b.id in (${ids}))`;
  const vacantAllowed = f.displayVacant && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart;
  // The unit has no current lease. Counted per unit (an index probe; an EXISTS here may be
  // planned as a scan of every lease of the portfolio).
  const vacant = sql`(select count(*) from occupancies c where c.apartment_id = a.id and c.is_active
    and (c.lease_start_date is null or c.lease_start_date <= s.today)) = 0`;

  // The first pages in unit order: the units in index order, each with its leases (an index
  // probe per unit; `offset 0` keeps it so), so a page reads only its units and those before it.
  // A lease's building is its unit's.
  if (!term && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart && s.key === "apartment_number") {
    const rows = sql`
      select l.id, a.id as apartment_id, a.apartment_number, a.sort_key, l.is_active, l.is_future,
        l.lease_start_date, l.lease_end_date, l.move_out_date, l.is_vacant,
        s.id as building_id, s.name as building_name, a.is_balcony_apt
      from apartments a
      join scope s on s.id = a.building_id
      cross join lateral (
        select oc.id, oc.is_active, coalesce(oc.lease_start_date > s.today, false) as is_future,
          oc.lease_start_date, oc.lease_end_date, oc.move_out_date, false as is_vacant
        from occupancies oc
        where oc.apartment_id = a.id${f.activeOnly ? sql` and oc.is_active` : sql``}
        ${
          vacantAllowed
            ? sql`union all
        select null::int, false, false, null::date, null::date, null::date, true where ${vacant}`
            : sql``
        }
        offset 0) l
      where a.building_id in (${ids})${f.balconyOnly ? sql` and a.is_balcony_apt` : sql``}`;
    return { ctes: scope, rows: sql`select * from (${rows}) x` };
  }

  const occWhere: SQL[] = [sql`true`];
  if (f.activeOnly) occWhere.push(sql`oc.is_active`);
  if (f.balconyOnly) occWhere.push(sql`a.is_balcony_apt`);
  if (f.minLeaseStart) occWhere.push(sql`oc.lease_start_date >= ${f.minLeaseStart}::date`);
  if (f.maxLeaseStart) occWhere.push(sql`oc.lease_start_date <= ${f.maxLeaseStart}::date`);
  byName &&= !!term;
  if (byName) occWhere.push(sql`(n.by_unit or n.any_active or not oc.is_active)`);
  else if (term)
    occWhere.push(sql`(lower(a.apartment_number) like ${prefix} escape '\\' or exists (
      select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and ${shown} and ${residentMatches(contains, f.viewEmail)}))`);
  if (f.phoneDigits)
    occWhere.push(sql`exists (select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and ${shown}
        and regexp_replace(u.phone_number, '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`})`);
  // The residents' names, e-mails and phones are joined to the page's rows only (unitListPage).
  const occRows = sql`
    select oc.id, a.id as apartment_id, a.apartment_number, a.sort_key, oc.is_active,
      coalesce(oc.lease_start_date > s.today, false) as is_future,
      oc.lease_start_date, oc.lease_end_date, oc.move_out_date, false as is_vacant,
      s.id as building_id, s.name as building_name, a.is_balcony_apt
    from ${byName ? sql`found n join occupancies oc on oc.id = n.id` : sql`occupancies oc`}
    join apartments a on a.id = oc.apartment_id
    join scope s on s.id = a.building_id
    where oc.building_id in (${ids}) and ${sql.join(occWhere, sql` and `)}`;
  const vacWhere: SQL[] = [sql`a.building_id in (${ids})`, vacant];
  if (f.balconyOnly) vacWhere.push(sql`a.is_balcony_apt`);
  // With a search, each building's units by number prefix (its index).
  const vacantRows = sql`
    select null::int as id, a.id as apartment_id, a.apartment_number, a.sort_key, false as is_active, false as is_future,
      null::date as lease_start_date, null::date as lease_end_date, null::date as move_out_date, true as is_vacant,
      s.id as building_id, s.name as building_name, a.is_balcony_apt
    from scope s
    ${
      term
        ? sql`cross join lateral (select * from apartments a where a.building_id = s.id
        and lower(a.apartment_number) like ${prefix} escape '\\' offset 0) a`
        : sql`join apartments a on a.building_id = s.id`
    }
    where ${sql.join(vacWhere, sql` and `)}`;
  // The occupancies whose unit number starts with the term or with a resident whose name
  // matches (and whether one of those residents is active).
  const found = sql`found as materialized (
    select id, bool_or(by_unit) as by_unit, bool_or(any_active) as any_active from (
      select o.occupancy_id as id, false as by_unit, o.is_active as any_active
      from users u
      cross join lateral (select o.occupancy_id, o.is_active from occupants o where o.user_id = u.id offset 0) o
      where ${residentMatches(contains, f.viewEmail)}
      union all
      select c.id, true, false from scope s
      cross join lateral (select ap.id from apartments ap where ap.building_id = s.id
        and lower(ap.apartment_number) like ${prefix} escape '\\' offset 0) ap
      join occupancies c on c.apartment_id = ap.id) m
    group by id)`;
  return {
    ctes: byName ? sql`${scope}, ${found}` : scope,
    rows: sql`select * from (${occRows}${vacantAllowed ? sql` union all ${vacantRows}` : sql``}) x`,
  };
}

/**
 * One page of the unit list: the page's rows first (ordered, offset and limited without the
 * residents), then the names, e-mails and phones of those rows only. With `total`, each row
 * carries the number of rows of the whole list (total_count).
 */
function unitListPage(
  f: UnitListFilter,
  s: UnitListSort,
  limit: number,
  offset: number,
  opts: { total: boolean; byName: boolean },
): SQL {
  const { total } = opts;
  const { ctes, rows } = unitListSql(f, s, opts.byName);
  const order = unitListOrder(s);
  return sql`
    with ${ctes}, page as (
      select x.*${total ? sql`, count(*) over () as total_count` : sql``} from (${rows}) x
      order by ${order} limit ${limit} offset ${offset})
    select x.*, coalesce(r.names, '') as names, coalesce(r.emails, '') as emails,
      coalesce(r.phone_numbers, '') as phone_numbers
    from page x
    left join lateral (
      select string_agg(nullif(trim(u.first_name || ' ' || u.last_name), ''), ', ' order by ${OCCUPANT_ORDER}) as names,
        ${f.viewEmail ? sql`string_agg(${realEmail("u.email")}, ', ' order by ${OCCUPANT_ORDER})` : sql`''`} as emails,
        string_agg(nullif(u.phone_number, ''), ', ' order by ${OCCUPANT_ORDER}) as phone_numbers
      from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = x.id and (o.is_active or not x.is_active)) r on true
    order by ${order}`;
}

/**
 * The number of rows of the list: without a search, the occupancies counted on their own (the
 * building's index; a lease's building is its unit's) plus the vacant units.
 */
function unitListCount(f: UnitListFilter, byName: boolean): SQL {
  const term = (f.search ?? "").trim();
  if (term) {
    const { ctes, rows } = unitListSql(f, { key: "lease_start_date", desc: false }, byName);
    return sql`with ${ctes} select count(*)::int as n from (${rows}) y`;
  }
  const ids = idList(f.buildingIds);
  const occWhere: SQL[] = [sql`oc.building_id in (${ids})`];
  if (f.activeOnly) occWhere.push(sql`oc.is_active`);
  if (f.balconyOnly) occWhere.push(sql`a.is_balcony_apt`);
  if (f.minLeaseStart) occWhere.push(sql`oc.lease_start_date >= ${f.minLeaseStart}::date`);
  if (f.maxLeaseStart) occWhere.push(sql`oc.lease_start_date <= ${f.maxLeaseStart}::date`);
  if (f.phoneDigits)
    occWhere.push(sql`exists (select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and (o.is_active or not oc.is_active)
        and regexp_replace(u.phone_number, '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`})`);
  const occupancyCount = sql`(select count(*) from occupancies oc${
    f.balconyOnly ? sql` join apartments a on a.id = oc.apartment_id` : sql``
  } where ${sql.join(occWhere, sql` and `)})`;
  if (!(f.displayVacant && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart))
    return sql`select ${occupancyCount}::int as n`;
  return sql`
    with scope as (select b.id, ${TODAY("b")} as today from buildings b where b.id in (${ids}))
    select (${occupancyCount} + (
      select count(*) from apartments a join scope s on s.id = a.building_id
      where a.building_id in (${ids})${f.balconyOnly ? sql` and a.is_balcony_apt` : sql``}
        and (select count(*) from occupancies c where c.apartment_id = a.id and c.is_active
          and (c.lease_start_date is null or c.lease_start_date <= s.today)) = 0))::int as n`;
}

function unitListOrder(s: UnitListSort): SQL {
  const dir = s.desc ? "desc" : "asc";
  // One unit's rows: the vacant row, then its leases oldest first (past, current, future).
  const unit = `x.sort_key ${dir}, x.building_id ${dir}, x.is_vacant desc, x.lease_start_date asc nulls first, x.id asc nulls first`;
  if (s.key === "apartment_number") return sql.raw(unit);
  return sql.raw(`x.${s.key} ${dir} nulls last, x.sort_key asc, x.building_id asc, x.id asc nulls first`);
}

function toUnitRow(r: Record<string, unknown>): UnitListRow {
  const isVacant = Boolean(r.is_vacant);
  const isActive = Boolean(r.is_active);
  const isFuture = Boolean(r.is_future);
  return {
    id: num(r.id),
    apartment_id: Number(r.apartment_id),
    apartment_number: str(r.apartment_number),
    is_active: isActive,
    is_future: isFuture,
    status: isVacant ? null : !isActive ? "INACTIVE" : isFuture ? "FUTURE" : "CURRENT",
    names: str(r.names),
    emails: str(r.emails),
    phone_numbers: str(r.phone_numbers),
    lease_start_date: strOrNull(r.lease_start_date),
    lease_end_date: strOrNull(r.lease_end_date),
    move_out_date: strOrNull(r.move_out_date),
    is_vacant: isVacant,
    building_id: Number(r.building_id),
    building_name: str(r.building_name),
    is_balcony_apt: Boolean(r.is_balcony_apt),
  };
}

export async function unitList(
  db: DbOrTx,
  f: UnitListFilter,
  s: UnitListSort,
  page: { limit: number; offset: number },
  byName = searchesByName(f),
) {
  if (!f.buildingIds.length) return { count: 0, rows: [] as UnitListRow[] };
  const countRows = async () => Number(rowsOf(await db.execute(unitListCount(f, byName)))[0].n);
  if ((f.search ?? "").trim()) {
    // A search reads every match to order them: the page carries the total.
    const rows = rowsOf(await db.execute(unitListPage(f, s, page.limit, page.offset, { total: true, byName })));
    const count = rows.length ? Number(rows[0].total_count) : page.offset > 0 ? await countRows() : 0;
    return { count, rows: rows.map(toUnitRow) };
  }
  const count = await cachedCount(db, countKey("unit_list", f), f.buildingIds.map(topics.units), countRows);
  const r = await db.execute(unitListPage(f, s, page.limit, page.offset, { total: false, byName }));
  return { count, rows: rowsOf(r).map(toUnitRow) };
}

/** The unit list in chunks, for the spreadsheet. */
export async function* iterateUnitList(
  db: DbOrTx,
  f: UnitListFilter,
  s: UnitListSort,
  page: { limit: number; offset: number },
  chunk = 1000,
): AsyncGenerator<UnitListRow> {
  if (!f.buildingIds.length) return;
  let done = 0;
  while (done < page.limit) {
    const take = Math.min(chunk, page.limit - done);
    const r = await db.execute(
      unitListPage(f, s, take, page.offset + done, { total: false, byName: searchesByName(f) }),
    );
    const rows = rowsOf(r);
    for (const row of rows) yield toUnitRow(row);
    done += rows.length;
    if (rows.length < take) return;
  }
}
