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
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(buildings)
    .where(where);
  const rows = await db
    .select({ id: buildings.id, address: buildings.address, name: buildings.name, time_zone: buildings.time_zone })
    .from(buildings)
    .where(where)
    .orderBy(asc(buildings.address_number), asc(buildings.address), asc(buildings.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(count), rows };
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

/** The active leases (current, then future) of a unit and their active residents, as JSON. */
const leasesOf = (apartmentId: SQL, today: string) => sql`coalesce((
  select json_agg(json_build_object(
      'occupancy_id', oc.id,
      'is_future', ${future("oc", today)},
      'is_do_not_disturb', oc.is_do_not_disturb,
      'occupants', coalesce((
        select json_agg(json_build_object('occupant_id', o.id, 'first_name', u.first_name, 'last_name', u.last_name)
                        order by ${OCCUPANT_ORDER})
        from occupants o join users u on u.id = o.user_id
        where o.occupancy_id = oc.id and o.is_active), '[]'::json))
    order by ${future("oc", today)}, oc.lease_start_date nulls first, oc.id)
  from occupancies oc
  where oc.apartment_id = ${apartmentId} and oc.is_active), '[]'::json)`;

/**
 * Every unit of a building with its active leases (current, then future) and their active
 * residents (contract QuickSearchItem[]), as JSON text built whole by PostgreSQL in one
 * statement: a 1,500-unit building is ~400 KB that the API sends as it is, without parsing and
 * serializing it again.
 */
export async function quickSearchJson(db: DbOrTx, buildingId: number, today: string): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object('apartment_id', a.id, 'apartment_number', a.apartment_number,
        'leases', ${leasesOf(sql`a.id`, today)}) order by a.sort_key, a.id), '[]'::json)::text as body
    from apartments a where a.building_id = ${buildingId}`);
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
  const unitRows = sql`
    select a.id as apartment_id, a.apartment_number, a.sort_key, oc.id as occupancy_id, null::int as occupant_id,
      coalesce(p.first_name, '') as first_name, coalesce(p.last_name, '') as last_name,
      ${vacant("a")} as is_vacant, ${future("oc", today)} as is_future, 0 as kind
    from apartments a
    left join occupancies oc on oc.apartment_id = a.id and oc.is_active
    left join lateral (
      select u.first_name, u.last_name from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and o.is_active order by ${OCCUPANT_ORDER} limit 1) p on true
    where a.building_id = ${buildingId} and lower(a.apartment_number) like ${prefix} escape '\\'`;
  // The building's leases first, then each lease's residents (an index probe per lease; `offset
  // 0` keeps the planner from flattening it into a scan of every resident of the portfolio).
  const nameRows = sql`
    select a.id, a.apartment_number, a.sort_key, oc.id, r.id, r.first_name, r.last_name,
      ${vacant("a")}, ${future("oc", today)}, 1
    from occupancies oc
    join apartments a on a.id = oc.apartment_id
    cross join lateral (
      select o.id, u.first_name, u.last_name from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and o.is_active
        and (lower(u.first_name) like ${contains} escape '\\' or lower(u.last_name) like ${contains} escape '\\'
             or lower(u.first_name || ' ' || u.last_name) like ${contains} escape '\\')
      offset 0) r
    where oc.building_id = ${buildingId} and a.building_id = ${buildingId} and oc.is_active`;
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
