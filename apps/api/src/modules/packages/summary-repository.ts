import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, packages, packageTypes } from "../../db/schema/index.ts";

/** Queries of a building's package summary (see summary.ts). */

const typeColumns = {
  id: packageTypes.id,
  name: packageTypes.name,
  abbreviation: packageTypes.abbreviation,
  color_hex: packageTypes.color_hex,
  font_color_hex: packageTypes.font_color_hex,
  group: packageTypes.group,
  is_pic_required: packageTypes.is_pic_required,
  is_public_display: packageTypes.is_public_display,
};

const openIn = (buildingId: number) => and(eq(packages.building_id, buildingId), eq(packages.status, "OPEN"));

/** Open packages per type, in the types' display order. */
export function openByType(db: DbOrTx, buildingId: number) {
  return db
    .select({ type: typeColumns, count: sql<number>`count(*)::int` })
    .from(packages)
    .innerJoin(packageTypes, eq(packageTypes.id, packages.package_type_id))
    .where(openIn(buildingId))
    .groupBy(packageTypes.id)
    .orderBy(asc(packageTypes.display_order), sql`lower(${packageTypes.name})`, asc(packageTypes.id));
}

/** Packages opened from `since` on, whatever their status now. */
export async function countOpenedSince(db: DbOrTx, buildingId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(packages)
    .where(and(eq(packages.building_id, buildingId), gte(packages.date_opened, since)));
  return Number(row?.count ?? 0);
}

/** The open package opened first, with its unit and type (null: none open). */
export async function oldestOpen(db: DbOrTx, buildingId: number) {
  const [row] = await db
    .select({
      id: packages.id,
      occupancy_id: packages.occupancy_id,
      date_opened: packages.date_opened,
      apartment_number: apartments.apartment_number,
      type: typeColumns,
    })
    .from(packages)
    .innerJoin(packageTypes, eq(packageTypes.id, packages.package_type_id))
    .innerJoin(apartments, eq(apartments.id, packages.apartment_id))
    .where(openIn(buildingId))
    .orderBy(asc(packages.date_opened), asc(packages.id))
    .limit(1);
  return row ?? null;
}
