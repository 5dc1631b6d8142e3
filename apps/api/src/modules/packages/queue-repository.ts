import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { packageQueue } from "../../db/schema/index.ts";
import { intArray, rowsOf } from "../../lib/sql.ts";
import { ids, json, type ResidentContact, residentContactsOf, toDate, typeSummary } from "./fragments-repository.ts";
import type { PackageRow } from "./list-repository.ts";

// ---------------------------------------------------------------------------------------------
// Batch queue

export interface QueueRow {
  id: number;
  building_id: number;
  occupancy_id: number;
  apartment_number: string;
  package_type_id: number;
  package_type: PackageRow["package_type"];
  opening_comment: string;
  send_notification_occupants: number[];
  occupants: ResidentContact[];
  cb_id: number | null;
  cb_first_name: string | null;
  cb_last_name: string | null;
  date_created: Date;
  barcode: string | null;
  carrier: string | null;
}

export async function listQueue(
  db: DbOrTx,
  buildingId: number,
  page: { limit: number; offset: number },
  only?: number[],
): Promise<{ rows: QueueRow[]; count: number }> {
  const where = sql`q.building_id = ${buildingId}${only ? (only.length ? sql` and q.id in (${ids(only)})` : sql` and false`) : sql``}`;
  const [rows, counts] = await Promise.all([
    db.execute(sql`
      select q.id, q.building_id, q.occupancy_id, a.apartment_number, q.package_type_id, ${typeSummary} as package_type,
        q.opening_comment, q.send_notification_occupants, q.date_created, q.barcode, q.carrier,
        cb.id as cb_id, cb.first_name as cb_first_name, cb.last_name as cb_last_name,
        ${residentContactsOf(sql`q.occupancy_id`, sql`oc.is_active desc, oc.id`)} as occupants
      from package_queue q
        join package_types t on t.id = q.package_type_id
        join occupancies o on o.id = q.occupancy_id
        join apartments a on a.id = o.apartment_id
        left join users cb on cb.id = q.created_by_id
      where ${where}
      order by q.date_created, q.id
      limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`),
    db.execute(sql`select count(*)::int as count from package_queue q where ${where}`),
  ]);
  return {
    rows: rowsOf<QueueRow>(rows).map((r) => ({
      ...r,
      package_type: json(r.package_type),
      occupants: json(r.occupants),
      send_notification_occupants: intArray(r.send_notification_occupants),
      date_created: toDate(r.date_created)!,
    })),
    count: Number(rowsOf<{ count: number }>(counts)[0]?.count ?? 0),
  };
}

export type QueueInsert = typeof packageQueue.$inferInsert;

export async function insertQueue(db: DbOrTx, rows: QueueInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const out = await db.insert(packageQueue).values(rows).returning({ id: packageQueue.id });
  return out.map((r) => r.id);
}

export async function findQueueItem(db: DbOrTx, id: number) {
  const rows = await db.select().from(packageQueue).where(eq(packageQueue.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateQueueItem(db: DbOrTx, id: number, set: Partial<QueueInsert>): Promise<void> {
  await db.update(packageQueue).set(set).where(eq(packageQueue.id, id));
}

export async function deleteQueueItem(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(packageQueue).where(eq(packageQueue.id, id)).returning({ id: packageQueue.id });
  return rows.length > 0;
}

/** Takes the whole batch of a building (removes and returns it, in queue order). */
export async function takeQueue(db: DbOrTx, buildingId: number) {
  const rows = await db.delete(packageQueue).where(eq(packageQueue.building_id, buildingId)).returning();
  return rows.sort((a, b) => a.date_created.getTime() - b.date_created.getTime() || a.id - b.id);
}
