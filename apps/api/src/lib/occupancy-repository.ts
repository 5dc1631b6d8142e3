import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { apartments, occupancies } from "../db/schema/index.ts";

/** An occupancy as the features that attach things to a unit need it: its building and apartment. */
export interface OccupancyRef {
  id: number;
  building_id: number;
  apartment_id: number;
  apartment_number: string;
}

/** One occupancy by id (any building: the caller checks the building), or null. */
export async function findOccupancy(db: DbOrTx, id: number): Promise<OccupancyRef | null> {
  const rows = await db
    .select({
      id: occupancies.id,
      building_id: occupancies.building_id,
      apartment_id: occupancies.apartment_id,
      apartment_number: apartments.apartment_number,
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupancies.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** One apartment by id (any building: the caller checks the building), or null. */
export async function findApartment(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; building_id: number; apartment_number: string } | null> {
  const rows = await db
    .select({ id: apartments.id, building_id: apartments.building_id, apartment_number: apartments.apartment_number })
    .from(apartments)
    .where(eq(apartments.id, id))
    .limit(1);
  return rows[0] ?? null;
}
