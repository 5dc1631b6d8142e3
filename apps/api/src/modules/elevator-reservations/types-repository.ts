import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { buildings, reservationTypeBuildings as rtb, reservationTypes as rt } from "../../db/schema/index.ts";
import { type TypeListRepository, typeListRepository } from "../../lib/type-lists/repository.ts";

/**
 * The reservation types' queries: the shared type-list repository (lib/type-lists) for the type's
 * own columns, plus its buildings (reservation_type_buildings) read as building_ids and written
 * with the type in one transaction.
 */

export type ReservationTypeRow = typeof rt.$inferSelect & { building_ids: number[] };
export type ReservationTypeInsert = typeof rt.$inferInsert & { building_ids?: number[] };
export interface ReservationTypeFilter {
  /** Types offered in at least one of these buildings (undefined: every type). */
  buildingIds?: number[];
  is_active?: boolean;
}

const base = typeListRepository(rt);

const buildingIdsColumn = sql<
  number[]
>`coalesce((select array_agg(${rtb.building_id} order by ${rtb.building_id}) from ${rtb} where ${rtb.reservation_type_id} = ${rt.id}), '{}')`;

const selectTypes = (db: DbOrTx) => db.select({ type: rt, building_ids: buildingIdsColumn }).from(rt);
const rowOf = (r: { type: typeof rt.$inferSelect; building_ids: number[] | null }): ReservationTypeRow => ({
  ...r.type,
  building_ids: (r.building_ids ?? []).map(Number),
});

function whereOf(f: ReservationTypeFilter): SQL | undefined {
  return and(
    f.is_active === undefined ? undefined : eq(rt.is_active, f.is_active),
    f.buildingIds === undefined
      ? undefined
      : f.buildingIds.length
        ? sql`exists (select 1 from ${rtb} where ${rtb.reservation_type_id} = ${rt.id} and ${inArray(rtb.building_id, f.buildingIds)})`
        : sql`false`,
  );
}

async function setBuildings(db: DbOrTx, typeId: number, ids: number[]) {
  await db.delete(rtb).where(eq(rtb.reservation_type_id, typeId));
  if (ids.length) await db.insert(rtb).values(ids.map((building_id) => ({ reservation_type_id: typeId, building_id })));
}

export const reservationTypeRows: TypeListRepository<ReservationTypeRow, ReservationTypeInsert, ReservationTypeFilter> =
  {
    has: base.has,

    async list(db, query, page) {
      const where = whereOf(query);
      const [rows, [{ count }]] = await Promise.all([
        selectTypes(db)
          .where(where)
          .orderBy(asc(rt.display_order), sql`lower(${rt.name})`, asc(rt.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(rt)
          .where(where),
      ]);
      return { rows: rows.map(rowOf), count: Number(count) };
    },

    async find(db, id) {
      const rows = await selectTypes(db).where(eq(rt.id, id)).limit(1);
      return rows[0] ? rowOf(rows[0]) : null;
    },

    nameTaken: (db, name, exceptId) => base.nameTaken(db, name, exceptId),

    async insert(db, values) {
      const { building_ids = [], ...columns } = values;
      return db.transaction(async (tx) => {
        const row = await base.insert(tx, columns);
        await setBuildings(tx, row.id, building_ids);
        return { ...row, building_ids: [...building_ids].sort((a, b) => a - b) };
      });
    },

    async update(db, id, set) {
      const { building_ids, ...columns } = set;
      return db.transaction(async (tx) => {
        const row = await base.update(tx, id, columns);
        if (!row) return null;
        if (building_ids) await setBuildings(tx, id, building_ids);
        return reservationTypeRows.find(tx, id);
      });
    },
  };

/** The ids among these that are no building. */
export async function unknownBuildings(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: buildings.id }).from(buildings).where(inArray(buildings.id, ids));
  const known = new Set(found.map((b) => b.id));
  return ids.filter((id) => !known.has(id));
}

/** Is the type offered in the building? */
export async function typeInBuilding(db: DbOrTx, typeId: number, buildingId: number): Promise<boolean> {
  const rows = await db
    .select({ id: rtb.reservation_type_id })
    .from(rtb)
    .where(and(eq(rtb.reservation_type_id, typeId), eq(rtb.building_id, buildingId)))
    .limit(1);
  return rows.length > 0;
}
