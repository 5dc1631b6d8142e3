import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { pageWithTotal } from "../../lib/sql.ts";
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
  return pageWithTotal(
    found,
    page.offset,
    async () => (await db.select({ n: count() }).from(buildings).where(where))[0].n,
  );
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

/** A combo search row and the lower-cased text a term is matched against. */
export interface ComboEntry {
  text: string;
  item: ComboSearchItem;
}

/**
 * Everything combo search looks at in a building, in the order it answers: each unit's rows (one
 * per active lease with its first resident, or one row for a unit without a lease), then every
 * active resident of an active lease. Ordered by PostgreSQL (its collation for names), matched in
 * memory (service.comboSearch).
 */
export async function comboSearchIndex(
  db: DbOrTx,
  buildingId: number,
  today: string,
): Promise<{ units: ComboEntry[]; residents: ComboEntry[] }> {
  // The units with a lease that has started (not vacant), once for the building.
  const occupied = sql`occupied as (select distinct c.apartment_id from occupancies c
    where c.building_id = ${buildingId} and c.is_active and ${started("c", today)})`;
  const [units, residents] = await Promise.all([
    db.execute(sql`
      with ${occupied}
      select lower(a.apartment_number) as text, a.id as apartment_id, a.apartment_number, oc.id as occupancy_id,
        coalesce(p.first_name, '') as first_name, coalesce(p.last_name, '') as last_name,
        v.apartment_id is null as is_vacant, ${future("oc", today)} as is_future
      from apartments a
      left join occupied v on v.apartment_id = a.id
      left join occupancies oc on oc.apartment_id = a.id and oc.is_active
      left join lateral (
        select u.first_name, u.last_name from occupants o join users u on u.id = o.user_id
        where o.occupancy_id = oc.id and o.is_active order by ${OCCUPANT_ORDER} limit 1) p on true
      where a.building_id = ${buildingId}
      order by a.sort_key, is_future, last_name, first_name, oc.id nulls first`),
    db.execute(sql`
      with ${occupied}
      select lower(u.first_name || ' ' || u.last_name) as text, a.id as apartment_id, a.apartment_number,
        oc.id as occupancy_id, o.id as occupant_id, u.first_name, u.last_name,
        v.apartment_id is null as is_vacant, ${future("oc", today)} as is_future
      from occupancies oc
      join occupants o on o.occupancy_id = oc.id and o.is_active
      join users u on u.id = o.user_id
      join apartments a on a.id = oc.apartment_id
      left join occupied v on v.apartment_id = a.id
      where oc.building_id = ${buildingId} and oc.is_active
      order by a.sort_key, is_future, u.last_name, u.first_name, oc.id, o.id`),
  ]);
  const entry = (r: Record<string, unknown>): ComboEntry => ({
    text: String(r.text),
    item: {
      apartment_id: Number(r.apartment_id),
      apartment_number: String(r.apartment_number),
      occupancy_id: r.occupancy_id == null ? null : Number(r.occupancy_id),
      occupant_id: r.occupant_id == null ? null : Number(r.occupant_id),
      first_name: String(r.first_name ?? ""),
      last_name: String(r.last_name ?? ""),
      is_vacant: Boolean(r.is_vacant),
      is_future: Boolean(r.is_future),
    },
  });
  return {
    units: (units.rows as Record<string, unknown>[]).map(entry),
    residents: (residents.rows as Record<string, unknown>[]).map(entry),
  };
}
