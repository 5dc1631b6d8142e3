import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, buildings, occupancies, occupants, portfolios } from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";
import { idList, str, strOrNull, TODAY, unitFactsOf, type UnitFactsRow, columnsOf } from "./shared-repository.ts";

/* Unit profiles (occupancies): their rows, lists, neighbours and writes. */

export interface OccupancyBase extends UnitFactsRow {
  id: number;
  building_id: number;
  building_name: string;
  time_zone: string;
  apartment_id: number;
  sort_key: string;
  is_active: boolean;
  is_do_not_disturb: boolean;
  lease_start_date: string | null;
  lease_end_date: string | null;
  move_in_date: string | null;
  move_out_date: string | null;
  external_lease_id: string | null;
  date_created: Date;
  last_modified: Date;
}

export async function occupancyBases(db: DbOrTx, ids: number[]): Promise<OccupancyBase[]> {
  if (!ids.length) return [];
  const r = await db.execute(sql`
    select oc.id, oc.building_id, b.name as building_name, b.time_zone, oc.apartment_id, a.apartment_number, a.sort_key,
      a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line, a.is_balcony_apt, a.is_management,
      oc.is_active, oc.is_do_not_disturb, oc.lease_start_date, oc.lease_end_date, oc.move_in_date, oc.move_out_date,
      oc.external_lease_id, oc.date_created, oc.last_modified
    from occupancies oc
    join apartments a on a.id = oc.apartment_id
    join buildings b on b.id = oc.building_id
    where oc.id in (${idList(ids)})`);
  return rowsOf(r).map((x) => ({
    id: Number(x.id),
    building_id: Number(x.building_id),
    building_name: str(x.building_name),
    time_zone: str(x.time_zone),
    apartment_id: Number(x.apartment_id),
    ...unitFactsOf(x),
    sort_key: str(x.sort_key),
    is_active: Boolean(x.is_active),
    is_do_not_disturb: Boolean(x.is_do_not_disturb),
    lease_start_date: strOrNull(x.lease_start_date),
    lease_end_date: strOrNull(x.lease_end_date),
    move_in_date: strOrNull(x.move_in_date),
    move_out_date: strOrNull(x.move_out_date),
    external_lease_id: strOrNull(x.external_lease_id),
    date_created: x.date_created as Date,
    last_modified: x.last_modified as Date,
  }));
}

/** Occupancy ids for GET /core/occupancies/ (newest lease first). */
export async function listOccupancyIds(
  db: DbOrTx,
  f: { buildingIds: number[] | null; apartmentId?: number; isActive?: boolean },
  page: { limit: number; offset: number },
) {
  const where = and(
    f.buildingIds ? (f.buildingIds.length ? inArray(occupancies.building_id, f.buildingIds) : sql`false`) : undefined,
    f.apartmentId !== undefined ? eq(occupancies.apartment_id, f.apartmentId) : undefined,
    f.isActive !== undefined ? eq(occupancies.is_active, f.isActive) : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(occupancies)
    .where(where);
  const rows = await db
    .select({ id: occupancies.id })
    .from(occupancies)
    .where(where)
    .orderBy(sql`${occupancies.lease_start_date} desc nulls last`, desc(occupancies.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), ids: rows.map((r) => r.id) };
}

/** The previous and next occupied units (a current occupancy) around a unit, in unit order. */
export async function adjacentUnits(db: DbOrTx, buildingId: number, sortKey: string, apartmentId: number) {
  const current = (dir: "<" | ">") => sql`
    select a.apartment_number, (
      select oc.id from occupancies oc where oc.apartment_id = a.id and oc.is_active
        and (oc.lease_start_date is null or oc.lease_start_date <= ${TODAY("b")})
      order by oc.lease_start_date desc nulls last, oc.id desc limit 1) as occupancy_id
    from apartments a join buildings b on b.id = a.building_id
    where a.building_id = ${buildingId}
      and (a.sort_key, a.id) ${sql.raw(dir)} (${sortKey}::text, ${apartmentId}::int)
      and exists (select 1 from occupancies c where c.apartment_id = a.id and c.is_active
        and (c.lease_start_date is null or c.lease_start_date <= ${TODAY("b")}))
    order by a.sort_key ${sql.raw(dir === "<" ? "desc" : "asc")}, a.id ${sql.raw(dir === "<" ? "desc" : "asc")}
    limit 1`;
  const [prev] = rowsOf(await db.execute(current("<")));
  const [next] = rowsOf(await db.execute(current(">")));
  const fmt = (r: Record<string, unknown> | undefined) =>
    r ? { occupancy_id: Number(r.occupancy_id), apartment_number: str(r.apartment_number) } : null;
  return { previous: fmt(prev), next: fmt(next) };
}

/** A new unit profile; its id. */
export async function insertOccupancy(db: DbOrTx, values: typeof occupancies.$inferInsert): Promise<number> {
  const [occ] = await db.insert(occupancies).values(values).returning({ id: occupancies.id });
  return occ.id;
}

/** An occupancy with its unit's number (join the apartments), as the gates and updates read it. */
export const OCCUPANCY_UNIT_COLUMNS = {
  ...columnsOf(occupancies, ["id", "building_id", "apartment_id"]),
  ...columnsOf(apartments, ["apartment_number"]),
};
/** The lease columns a unit profile's PATCH stores as sent. */
export const OCCUPANCY_LEASE_FIELDS = [
  "lease_start_date",
  "lease_end_date",
  "move_in_date",
  "move_out_date",
  "is_do_not_disturb",
  "is_active",
] as const;

/** A unit profile's editable fields, locked for update (inside a transaction). */
export async function occupancyForUpdate(tx: DbOrTx, id: number) {
  const [cur] = await tx
    .select({
      ...OCCUPANCY_UNIT_COLUMNS,
      ...columnsOf(occupancies, [...OCCUPANCY_LEASE_FIELDS, "external_lease_id"]),
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupancies.id, id))
    .for("update", { of: occupancies });
  return cur ?? null;
}

export async function updateOccupancy(db: DbOrTx, id: number, values: Partial<typeof occupancies.$inferInsert>) {
  await db
    .update(occupancies)
    .set({ ...values, last_modified: sql`now()` })
    .where(eq(occupancies.id, id));
}

/** The photos of a unit profile's residents. */
export async function occupancyPhotoUrls(db: DbOrTx, occupancyId: number): Promise<string[]> {
  const rows = await db
    .select({ url: occupants.photo_url })
    .from(occupants)
    .where(and(eq(occupants.occupancy_id, occupancyId), sql`${occupants.photo_url} is not null`));
  return rows.map((r) => r.url!);
}

/** Deletes a unit profile (its residents, flags, notes and subscriptions go with it). */
export async function deleteOccupancy(db: DbOrTx, id: number) {
  await db.delete(occupancies).where(eq(occupancies.id, id));
}

/** The tenant site of a building's portfolio and the building's name. */
export async function buildingTenantSite(db: DbOrTx, buildingId: number) {
  const [row] = await db
    .select({ url: portfolios.tenant_site_url, name: buildings.name })
    .from(buildings)
    .innerJoin(portfolios, eq(portfolios.id, buildings.portfolio_id))
    .where(eq(buildings.id, buildingId))
    .limit(1);
  return row ?? null;
}

/** Ids of the active buildings. */
export async function activeBuildingIds(db: DbOrTx): Promise<number[]> {
  const all = await db.select({ id: buildings.id }).from(buildings).where(eq(buildings.is_active, true));
  return all.map((b) => b.id);
}
