import { and, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { buildings, clubBuildings, clubs } from "../../db/schema/index.ts";
import { pageWithTotal, rowsOf } from "../../lib/sql.ts";

/** The clubs' own queries (members and amenities have theirs). */

export type ClubRow = typeof clubs.$inferSelect;
export type ClubValues = Partial<Omit<typeof clubs.$inferInsert, "id" | "building_id" | "date_created">>;

export interface ClubListRow extends ClubRow {
  primary_name: string;
  primary_zone: string;
  member_count: number;
  amenity_count: number;
  additional: { id: number; name: string }[];
}

const listColumns = {
  ...getTableColumns(clubs),
  primary_name: buildings.name,
  primary_zone: buildings.time_zone,
  member_count: sql<number>`(select count(*)::int from club_members m where m.club_id = ${clubs.id})`,
  amenity_count: sql<number>`(select count(*)::int from amenity_types t where t.club_id = ${clubs.id})`,
  additional: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.name, b.id) from club_buildings cb join buildings b on b.id = cb.building_id where cb.club_id = ${clubs.id}), '[]'::json)`,
};

const fix = (r: ClubListRow): ClubListRow => ({
  ...r,
  member_count: Number(r.member_count),
  amenity_count: Number(r.amenity_count),
  additional: (typeof r.additional === "string" ? JSON.parse(r.additional) : r.additional) ?? [],
});

/** One club with its counts and additional buildings. */
export async function findClub(db: DbOrTx, id: number): Promise<ClubListRow | null> {
  const rows = await db
    .select(listColumns)
    .from(clubs)
    .innerJoin(buildings, eq(buildings.id, clubs.building_id))
    .where(eq(clubs.id, id))
    .limit(1);
  return rows[0] ? fix(rows[0]) : null;
}

/** The buildings of a club: its primary building first, then the additional ones. */
export async function buildingsOfClub(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = rowsOf<{ building_id: number }>(
    await db.execute(
      sql`select building_id, 0 as o from clubs where id = ${clubId} union all select building_id, 1 from club_buildings where club_id = ${clubId} order by o, building_id`,
    ),
  );
  return rows.map((r) => Number(r.building_id));
}

/** The clubs of a building (primary there; with `external`, also those shared with it), by name. */
export async function listBuildingClubs(
  db: DbOrTx,
  buildingId: number,
  external: boolean,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ClubListRow[] }> {
  const shared = sql`exists (select 1 from club_buildings cb where cb.club_id = ${clubs.id} and cb.building_id = ${buildingId})`;
  const where = external ? or(eq(clubs.building_id, buildingId), shared)! : eq(clubs.building_id, buildingId);
  const found = await db
    .select({ ...listColumns, total: sql<number>`count(*) over ()` })
    .from(clubs)
    .innerJoin(buildings, eq(buildings.id, clubs.building_id))
    .where(where)
    .orderBy(sql`lower(${clubs.name})`, clubs.id)
    .limit(page.limit)
    .offset(page.offset);
  const out = await pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(clubs)
      .where(where);
    return r.n;
  });
  return { count: out.count, rows: out.rows.map(fix) };
}

/** Of these ids, the buildings that exist. */
export async function existingBuildings(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: buildings.id }).from(buildings).where(inArray(buildings.id, ids));
  return rows.map((r) => r.id);
}

export async function insertClub(db: DbOrTx, buildingId: number, values: ClubValues & { name: string }) {
  const [row] = await db
    .insert(clubs)
    .values({ ...values, building_id: buildingId })
    .returning();
  return row;
}

export async function updateClub(db: DbOrTx, id: number, values: ClubValues, at: Date): Promise<void> {
  await db
    .update(clubs)
    .set({ ...values, last_modified: at })
    .where(eq(clubs.id, id));
}

/** Sets a club's additional buildings to exactly these. */
export async function setAdditionalBuildings(db: DbOrTx, clubId: number, ids: number[]): Promise<void> {
  const current = (
    await db.select({ b: clubBuildings.building_id }).from(clubBuildings).where(eq(clubBuildings.club_id, clubId))
  ).map((r) => r.b);
  const gone = current.filter((b) => !ids.includes(b));
  const added = ids.filter((b) => !current.includes(b));
  if (gone.length)
    await db
      .delete(clubBuildings)
      .where(and(eq(clubBuildings.club_id, clubId), inArray(clubBuildings.building_id, gone)));
  if (added.length) await db.insert(clubBuildings).values(added.map((b) => ({ club_id: clubId, building_id: b })));
}
