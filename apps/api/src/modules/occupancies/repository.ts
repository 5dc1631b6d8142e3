import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, occupancies, occupancyFlags, occupancyNotes, occupants } from "../../db/schema/index.ts";
import { OCCUPANCY_UNIT_COLUMNS } from "./occupancy-repository.ts";
import { columnsOf, firstRow } from "./shared-repository.ts";

/**
 * Every query of the unit profiles, split along its seams into the `*-repository.ts` files of
 * this folder; the services read them all as `repo` from here. This file holds the references
 * the building gates need.
 */
export { isUniqueViolation, type Viewer } from "./shared-repository.ts";
export * from "./occupants-repository.ts";
export * from "./occupancy-repository.ts";
export * from "./flags-tracking-repository.ts";
export * from "./events-repository.ts";
export * from "./notes-repository.ts";
export * from "./unit-list-repository.ts";
export * from "./apartments-repository.ts";

export const occupancyRef = (db: DbOrTx, id: number) =>
  firstRow(
    db
      .select({ ...OCCUPANCY_UNIT_COLUMNS, is_active: occupancies.is_active })
      .from(occupancies)
      .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
      .where(eq(occupancies.id, id)),
  );

export const occupantRef = (db: DbOrTx, id: number) =>
  firstRow(
    db
      .select({
        ...columnsOf(occupants, ["id", "occupancy_id", "user_id"]),
        ...columnsOf(occupancies, ["building_id"]),
        ...columnsOf(apartments, ["apartment_number"]),
      })
      .from(occupants)
      .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
      .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
      .where(eq(occupants.id, id)),
  );

export const apartmentRef = (db: DbOrTx, id: number) =>
  firstRow(
    db
      .select(columnsOf(apartments, ["id", "building_id", "apartment_number"]))
      .from(apartments)
      .where(eq(apartments.id, id)),
  );

export const flagRef = (db: DbOrTx, id: number) =>
  firstRow(
    db
      .select({
        ...columnsOf(occupancyFlags, ["id", "occupancy_id", "is_active", "is_manager_only", "comment"]),
        ...columnsOf(occupancies, ["building_id"]),
      })
      .from(occupancyFlags)
      .innerJoin(occupancies, eq(occupancies.id, occupancyFlags.occupancy_id))
      .where(eq(occupancyFlags.id, id)),
  );

export const noteRef = (db: DbOrTx, id: number) =>
  firstRow(
    db
      .select(columnsOf(occupancyNotes, ["id", "occupancy_id", "note"]))
      .from(occupancyNotes)
      .where(eq(occupancyNotes.id, id)),
  );
