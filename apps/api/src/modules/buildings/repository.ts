import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ApartmentDropdownItem, ComboSearchItem } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, buildingSettings, buildings, events } from "../../db/schema/index.ts";

/** Which buildings a list covers: every active one, or these ids. */
export type BuildingScope = { all: true } | { all: false; ids: number[] };

function scopeWhere(scope: BuildingScope): SQL | undefined {
  if (scope.all) return eq(buildings.is_active, true);
  if (!scope.ids.length) return sql`false`;
  return and(eq(buildings.is_active, true), inArray(buildings.id, scope.ids));
}

/** Buildings ordered by the number at the start of the address, then the address. */
export async function listBuildings(db: DbOrTx, scope: BuildingScope, page: { limit: number; offset: number }) {
  const where = scopeWhere(scope);
  // One statement: the page carries the total; only a page past the end counts on its own.
  const found = await db
    .select({
      id: buildings.id,
      address: buildings.address,
      name: buildings.name,
      time_zone: buildings.time_zone,
      total: sql<number>`count(*) over ()`,
    })
    .from(buildings)
    .where(where)
    .orderBy(asc(buildings.address_number), asc(buildings.address), asc(buildings.id))
    .limit(page.limit)
    .offset(page.offset);
  let count = found.length ? Number(found[0].total) : 0;
  if (!found.length && page.offset > 0) {
    const [c] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(buildings)
      .where(where);
    count = Number(c.count);
  }
  return { count, rows: found.map(({ total: _total, ...r }) => r) };
}

export async function getSettingsDocument(db: DbOrTx, buildingId: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select({ settings: buildingSettings.settings })
    .from(buildingSettings)
    .where(eq(buildingSettings.building_id, buildingId));
  const rows = opts.forUpdate ? await q.for("update") : await q;
  return rows.length ? rows[0].settings : null;
}

export async function saveSettingsDocument(db: DbOrTx, buildingId: number, settings: unknown) {
  await db
    .insert(buildingSettings)
    .values({ building_id: buildingId, settings })
    .onConflictDoUpdate({
      target: buildingSettings.building_id,
      set: { settings, last_modified: sql`now()` },
    });
}

export async function insertEvent(
  db: DbOrTx,
  e: {
    building_id: number | null;
    entity_type: string;
    entity_id: number;
    type: string;
    type_display: string;
    note: string;
    performed_by_id: number | null;
    data?: unknown;
  },
) {
  await db.insert(events).values(e);
}

/** The outer row's apartment id, qualified (Drizzle leaves single-table columns unqualified). */
const APARTMENT_ID = sql.raw('"apartments"."id"');

/** An occupancy counts as current when active and started (lease start on or before today). */
const started = (alias: string, today: string) =>
  sql`(${sql.raw(alias)}.lease_start_date is null or ${sql.raw(alias)}.lease_start_date <= ${today}::date)`;
const future = (alias: string, today: string) =>
  sql`coalesce(${sql.raw(alias)}.lease_start_date > ${today}::date, false)`;
/** Residents in order: tenants, occupants, children, then by id. */
const OCCUPANT_ORDER = sql`array_position(array['TN','OC','CH']::text[], o.type), o.id`;

export async function apartmentDropdown(
  db: DbOrTx,
  buildingId: number,
  today: string,
): Promise<ApartmentDropdownItem[]> {
  const rows = await db
    .select({
      id: apartments.id,
      apartment_number: apartments.apartment_number,
      floor: apartments.floor,
      line: apartments.line,
      current_occupancy_id: sql<number | null>`(
        select oc.id from occupancies oc
        where oc.apartment_id = ${APARTMENT_ID} and oc.is_active and ${started("oc", today)}
        order by oc.lease_start_date desc nulls last, oc.id desc
        limit 1)`,
    })
    .from(apartments)
    .where(eq(apartments.building_id, buildingId))
    .orderBy(asc(apartments.sort_key), asc(apartments.id));
  return rows.map((r) => ({
    ...r,
    current_occupancy_id: r.current_occupancy_id == null ? null : Number(r.current_occupancy_id),
    is_vacant: r.current_occupancy_id == null,
  }));
}

/** A JSON string of a text value (the same escaping as json_build_object). */
const jsonText = (expr: string) => sql.raw(`to_json(${expr})::text`);

/**
 * Every unit of a building with its active leases (current, then future) and their active
 * residents (contract QuickSearchItem[]), as JSON text built whole by PostgreSQL in one
 * statement: a 1,500-unit building is ~400 KB that the API sends as it is, without parsing and
 * serializing it again. The building's leases are read in one pass (an index probe per lease for
 * its residents), grouped by lease, then by unit.
 */
export async function quickSearchJson(db: DbOrTx, buildingId: number, today: string): Promise<string> {
  const result = await db.execute(sql`
    with lease as (
      select oc.id, oc.apartment_id, oc.lease_start_date, ${future("oc", today)} as is_future, oc.is_do_not_disturb,
        coalesce('[' || string_agg('{"occupant_id":' || p.id || ',"first_name":' || ${jsonText("p.first_name")}
          || ',"last_name":' || ${jsonText("p.last_name")} || '}', ',' order by p.ord, p.id) || ']', '[]') as occupants
      from occupancies oc
      left join lateral (
        select o.id, array_position(array['TN','OC','CH']::text[], o.type) as ord, u.first_name, u.last_name
        from occupants o join users u on u.id = o.user_id
        where o.occupancy_id = oc.id and o.is_active offset 0) p on true
      where oc.building_id = ${buildingId} and oc.is_active
      group by oc.id),
    unit as (
      select apartment_id, '[' || string_agg('{"occupancy_id":' || id || ',"is_future":' || is_future::text
          || ',"is_do_not_disturb":' || is_do_not_disturb::text || ',"occupants":' || occupants || '}', ','
          order by is_future, lease_start_date nulls first, id) || ']' as leases
      from lease group by apartment_id)
    select coalesce('[' || string_agg('{"apartment_id":' || a.id || ',"apartment_number":' || ${jsonText("a.apartment_number")}
        || ',"leases":' || coalesce(l.leases, '[]') || '}', ',' order by a.sort_key, a.id) || ']', '[]') as body
    from apartments a left join unit l on l.apartment_id = a.id
    where a.building_id = ${buildingId}`);
  return String((result.rows as { body: string }[])[0].body);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Units whose number starts with the term, then residents whose name contains it (see contract). */
export async function comboSearch(
  db: DbOrTx,
  buildingId: number,
  today: string,
  term: string,
  limit: number,
): Promise<ComboSearchItem[]> {
  const t = term.trim().toLowerCase();
  const prefix = `${likeEscape(t)}%`;
  const contains = `%${likeEscape(t)}%`;
  // Counted per unit (an index probe for each of the few rows returned; an EXISTS here may be
  // planned as a scan of every lease of the portfolio).
  const vacant = (apt: string) =>
    sql`(select count(*) from occupancies c where c.apartment_id = ${sql.raw(apt)}.id and c.is_active and ${started("c", today)}) = 0`;
  // Each matching unit gives at least one row and rows go in unit order: the page's unit rows
  // are among the first `limit` units, and a page full of units needs no resident rows.
  const units = sql`select a2.sort_key from apartments a2
    where a2.building_id = ${buildingId} and lower(a2.apartment_number) like ${prefix} escape '\\'`;
  const nthUnit = sql`${units} order by a2.sort_key offset ${Math.max(limit - 1, 0)} limit 1`;
  const fewUnits = sql`(select count(*) from (${units} limit ${limit}) z) < ${limit}`;
  const unitRows = sql`
    select a.id as apartment_id, a.apartment_number, a.sort_key, oc.id as occupancy_id, null::int as occupant_id,
      coalesce(p.first_name, '') as first_name, coalesce(p.last_name, '') as last_name,
      ${vacant("a")} as is_vacant, ${future("oc", today)} as is_future, 0 as kind
    from apartments a
    left join occupancies oc on oc.apartment_id = a.id and oc.is_active
    left join lateral (
      select u.first_name, u.last_name from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and o.is_active order by ${OCCUPANT_ORDER} limit 1) p on true
    where a.building_id = ${buildingId} and lower(a.apartment_number) like ${prefix} escape '\\'
      and a.sort_key <= coalesce((${nthUnit}), a.sort_key)`;
  // The building's leases first, then each lease's residents (an index probe per lease; `offset
  // 0` keeps the planner from flattening it into a scan of every resident of the portfolio); the
  // units of the few matches last. A first or last name containing the term is a full name
  // containing it: the full name alone is compared.
  const nameRows = sql`
    select a.id, a.apartment_number, a.sort_key, m.occupancy_id, m.occupant_id, m.first_name, m.last_name,
      ${vacant("a")}, m.is_future, 1
    from (
      select oc.id as occupancy_id, oc.apartment_id, ${future("oc", today)} as is_future, r.id as occupant_id,
        r.first_name, r.last_name
      from occupancies oc
      cross join lateral (
        select o.id, u.first_name, u.last_name from occupants o join users u on u.id = o.user_id
        where o.occupancy_id = oc.id and o.is_active
          and lower(u.first_name || ' ' || u.last_name) like ${contains} escape '\\'
        offset 0) r
      where oc.building_id = ${buildingId} and oc.is_active
      offset 0) m
    join apartments a on a.id = m.apartment_id
    where a.building_id = ${buildingId} and ${fewUnits}`;
  const union = t ? sql`${unitRows} union all ${nameRows}` : unitRows;
  const result = await db.execute(sql`
    select apartment_id, apartment_number, occupancy_id, occupant_id, first_name, last_name, is_vacant, is_future
    from (${union}) r
    order by kind, sort_key, is_future, last_name, first_name, occupancy_id nulls first, occupant_id nulls first
    limit ${limit}`);
  return (result.rows as Record<string, unknown>[]).map((r) => ({
    apartment_id: Number(r.apartment_id),
    apartment_number: String(r.apartment_number),
    occupancy_id: r.occupancy_id == null ? null : Number(r.occupancy_id),
    occupant_id: r.occupant_id == null ? null : Number(r.occupant_id),
    first_name: String(r.first_name ?? ""),
    last_name: String(r.last_name ?? ""),
    is_vacant: Boolean(r.is_vacant),
    is_future: Boolean(r.is_future),
  }));
}
