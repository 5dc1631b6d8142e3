import { and, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { amenities, amenitySchedules, amenityTypes, clubs } from "../../db/schema/index.ts";
import { pageWithTotal } from "../../lib/sql.ts";

/** Amenity types, their schedules and their slots (amenities). */

export type TypeRow = typeof amenityTypes.$inferSelect & { club_name: string; amenity_count: number };
export type TypeValues = Partial<
  Omit<typeof amenityTypes.$inferInsert, "id" | "club_id" | "building_id" | "date_created">
>;
export type ScheduleRow = typeof amenitySchedules.$inferSelect;
export type SlotRow = typeof amenities.$inferSelect & {
  amenity_type_name: string;
  amenity_type_is_active: boolean;
  club_id: number;
  has_checkin: boolean;
};
type Page = { limit: number; offset: number };

const typeColumns = {
  ...getTableColumns(amenityTypes),
  club_name: clubs.name,
  amenity_count: sql<number>`(select count(*)::int from amenities a where a.amenity_type_id = ${amenityTypes.id})`,
};
/** The type is in building b: its club's primary building, or one the club is shared with. */
const typeInBuilding = (buildingId: number) =>
  sql`(${amenityTypes.building_id} = ${buildingId} or exists (select 1 from club_buildings cb where cb.club_id = ${amenityTypes.club_id} and cb.building_id = ${buildingId}))`;

async function typePage(db: DbOrTx, where: SQL | undefined, page: Page): Promise<{ count: number; rows: TypeRow[] }> {
  const found = await db
    .select({ ...typeColumns, total: sql<number>`count(*) over ()` })
    .from(amenityTypes)
    .innerJoin(clubs, eq(clubs.id, amenityTypes.club_id))
    .where(where)
    .orderBy(sql`lower(${amenityTypes.name})`, amenityTypes.id)
    .limit(page.limit)
    .offset(page.offset);
  const out = await pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(amenityTypes)
      .where(where);
    return r.n;
  });
  return { count: out.count, rows: out.rows.map((r) => ({ ...r, amenity_count: Number(r.amenity_count) })) };
}

export async function findType(db: DbOrTx, id: number): Promise<TypeRow | null> {
  const { rows } = await typePage(db, eq(amenityTypes.id, id), { limit: 1, offset: 0 });
  return rows[0] ?? null;
}

export const listTypesOfClub = (db: DbOrTx, clubId: number, page: Page) =>
  typePage(db, eq(amenityTypes.club_id, clubId), page);

export const listBuildingTypes = (
  db: DbOrTx,
  buildingId: number,
  f: { is_active?: boolean; club?: number },
  page: Page,
) =>
  typePage(
    db,
    and(
      typeInBuilding(buildingId),
      f.is_active === undefined ? undefined : eq(amenityTypes.is_active, f.is_active),
      f.club === undefined ? undefined : eq(amenityTypes.club_id, f.club),
    ),
    page,
  );

export async function insertType(
  db: DbOrTx,
  clubId: number,
  buildingId: number,
  values: TypeValues & { name: string },
): Promise<number> {
  const [row] = await db
    .insert(amenityTypes)
    .values({ ...values, club_id: clubId, building_id: buildingId })
    .returning({ id: amenityTypes.id });
  return row.id;
}

export async function updateType(db: DbOrTx, id: number, values: TypeValues, at: Date): Promise<void> {
  await db
    .update(amenityTypes)
    .set({ ...values, last_modified: at })
    .where(eq(amenityTypes.id, id));
}

// ---------------------------------------------------------------------------------------------
// Schedules

/** The schedules of these types: weekly by day, then special dates by date. */
export async function schedulesOf(db: DbOrTx, typeIds: number[]): Promise<ScheduleRow[]> {
  if (!typeIds.length) return [];
  return db
    .select()
    .from(amenitySchedules)
    .where(inArray(amenitySchedules.amenity_type_id, typeIds))
    .orderBy(
      amenitySchedules.amenity_type_id,
      sql`${amenitySchedules.specific_date} nulls first`,
      amenitySchedules.day_of_week,
      amenitySchedules.id,
    );
}

export type ScheduleValues = Omit<typeof amenitySchedules.$inferInsert, "id" | "amenity_type_id">;

/** Replaces the weekly set (special false) or the special dates (special true) of a type. */
export async function replaceSchedules(
  db: DbOrTx,
  typeId: number,
  special: boolean,
  entries: ScheduleValues[],
): Promise<void> {
  await db
    .delete(amenitySchedules)
    .where(
      and(
        eq(amenitySchedules.amenity_type_id, typeId),
        special ? isNotNull(amenitySchedules.specific_date) : isNull(amenitySchedules.specific_date),
      ),
    );
  if (entries.length) await db.insert(amenitySchedules).values(entries.map((e) => ({ ...e, amenity_type_id: typeId })));
}

// ---------------------------------------------------------------------------------------------
// Slots

const slotColumns = {
  ...getTableColumns(amenities),
  amenity_type_name: amenityTypes.name,
  amenity_type_is_active: amenityTypes.is_active,
  club_id: amenityTypes.club_id,
  has_checkin: amenityTypes.has_checkin,
};

export interface SlotFilter {
  buildingId?: number;
  amenity_type?: number;
  is_active?: boolean;
  amenity_type_is_active?: boolean;
}

/** A page of slots by type name, then label. */
export async function listSlots(db: DbOrTx, f: SlotFilter, page: Page): Promise<{ count: number; rows: SlotRow[] }> {
  const where = and(
    f.buildingId === undefined ? undefined : typeInBuilding(f.buildingId),
    f.amenity_type === undefined ? undefined : eq(amenities.amenity_type_id, f.amenity_type),
    f.is_active === undefined ? undefined : eq(amenities.is_active, f.is_active),
    f.amenity_type_is_active === undefined ? undefined : eq(amenityTypes.is_active, f.amenity_type_is_active),
  );
  const found = await db
    .select({ ...slotColumns, total: sql<number>`count(*) over ()` })
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(where)
    .orderBy(sql`lower(${amenityTypes.name})`, amenityTypes.id, sql`lower(${amenities.label})`, amenities.id)
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(amenities)
      .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
      .where(where);
    return r.n;
  });
}

export async function findSlot(db: DbOrTx, id: number): Promise<SlotRow | null> {
  const rows = await db
    .select(slotColumns)
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(eq(amenities.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSlot(db: DbOrTx, typeId: number, label: string, isActive: boolean): Promise<number> {
  const [row] = await db
    .insert(amenities)
    .values({ amenity_type_id: typeId, label, is_active: isActive })
    .returning({ id: amenities.id });
  return row.id;
}

export async function updateSlot(
  db: DbOrTx,
  id: number,
  values: { label?: string; is_active?: boolean },
  at: Date,
): Promise<void> {
  await db
    .update(amenities)
    .set({ ...values, last_modified: at })
    .where(eq(amenities.id, id));
}
