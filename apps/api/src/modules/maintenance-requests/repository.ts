import { and, eq, sql } from "drizzle-orm";
import { MAINTENANCE_ENTITY } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import {
  events,
  maintenanceNotificationSettings,
  maintenanceRequestComments,
  maintenanceRequestPhotos,
  maintenanceRequests,
  maintenanceRequestTypes,
} from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";

export { findApartment, findOccupancy } from "../../lib/occupancy-repository.ts";

/** The maintenance requests' writes and lookups (the list and detail reads: list-repository.ts). */

/** The request itself (no joins), for access checks and transitions. */
export async function findRequest(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: maintenanceRequests.id,
      building_id: maintenanceRequests.building_id,
      apartment_id: maintenanceRequests.apartment_id,
      occupancy_id: maintenanceRequests.occupancy_id,
      status: maintenanceRequests.status,
      date_closed: maintenanceRequests.date_closed,
      signature_url: maintenanceRequests.signature_url,
    })
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findType(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: maintenanceRequestTypes.id,
      name: maintenanceRequestTypes.name,
      is_active: maintenanceRequestTypes.is_active,
    })
    .from(maintenanceRequestTypes)
    .where(eq(maintenanceRequestTypes.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** An employee (employees.id) of role MT, active, with access to the building; null otherwise. */
export async function findMaintenanceEmployee(db: DbOrTx, employeeId: number, buildingId: number) {
  const [row] = rowsOf<{ id: number; user_id: number; name: string }>(
    await db.execute(sql`select e.id, e.user_id, trim(u.first_name || ' ' || u.last_name) as name
      from employees e join users u on u.id = e.user_id
      where e.id = ${employeeId} and u.role = 'MT' and u.is_active
        and exists (select 1 from user_buildings ub where ub.user_id = u.id and ub.building_id = ${buildingId})`),
  );
  return row ? { id: Number(row.id), user_id: Number(row.user_id), name: String(row.name ?? "") } : null;
}

/** The unit's current unit profile (active, started), the latest started first; null when none. */
export async function currentOccupancyOf(db: DbOrTx, apartmentId: number, today: string): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select o.id from occupancies o where o.apartment_id = ${apartmentId} and o.is_active
      and (o.lease_start_date is null or o.lease_start_date <= ${today}::date)
      order by o.lease_start_date desc nulls last, o.id desc limit 1`),
  );
  return row ? Number(row.id) : null;
}

export type RequestInsert = typeof maintenanceRequests.$inferInsert;

export async function insertRequest(db: DbOrTx, values: RequestInsert): Promise<number> {
  const [row] = await db.insert(maintenanceRequests).values(values).returning({ id: maintenanceRequests.id });
  return row.id;
}

export async function updateRequest(db: DbOrTx, id: number, values: Partial<RequestInsert>): Promise<void> {
  await db.update(maintenanceRequests).set(values).where(eq(maintenanceRequests.id, id));
}

/**
 * Moves the request from `from` to another status (compare-and-set: false when someone else
 * changed it first).
 */
export async function setStatus(
  db: DbOrTx,
  id: number,
  from: string,
  values: Pick<RequestInsert, "status" | "date_closed" | "date_on_hold_until" | "last_modified">,
): Promise<boolean> {
  const rows = await db
    .update(maintenanceRequests)
    .set(values)
    .where(and(eq(maintenanceRequests.id, id), eq(maintenanceRequests.status, from)))
    .returning({ id: maintenanceRequests.id });
  return rows.length > 0;
}

export async function insertComment(
  db: DbOrTx,
  values: typeof maintenanceRequestComments.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(maintenanceRequestComments)
    .values(values)
    .returning({ id: maintenanceRequestComments.id });
  return row.id;
}

export async function insertPhoto(db: DbOrTx, values: typeof maintenanceRequestPhotos.$inferInsert): Promise<number> {
  const [row] = await db.insert(maintenanceRequestPhotos).values(values).returning({ id: maintenanceRequestPhotos.id });
  return row.id;
}

/** Touches the request's last_modified (a comment or photo added). */
export async function touchRequest(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(maintenanceRequests).set({ last_modified: at }).where(eq(maintenanceRequests.id, id));
}

export interface EventInsert {
  building_id: number;
  request_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number | null;
}

export async function insertEvent(db: DbOrTx, e: EventInsert): Promise<void> {
  await db.insert(events).values({
    building_id: e.building_id,
    entity_type: MAINTENANCE_ENTITY,
    entity_id: e.request_id,
    type: e.type,
    type_display: e.type_display,
    note: e.note,
    performed_by_id: e.performed_by_id,
  });
}

/** The building's email_recipients (semicolon-joined; '' when never set). */
export async function notificationRecipients(db: DbOrTx, buildingId: number): Promise<string> {
  const rows = await db
    .select({ email_recipients: maintenanceNotificationSettings.email_recipients })
    .from(maintenanceNotificationSettings)
    .where(eq(maintenanceNotificationSettings.building_id, buildingId))
    .limit(1);
  return rows[0]?.email_recipients ?? "";
}

/** The residents of a unit profile a notice may reach: active, with their channels. */
export async function noticeOccupants(db: DbOrTx, occupancyId: number) {
  return rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    is_email_maintenance_activity: boolean;
    is_text_maintenance_activity: boolean;
  }>(
    await db.execute(sql`select oc.id, u.first_name, u.last_name, u.email, u.phone_number,
        oc.is_email_maintenance_activity, oc.is_text_maintenance_activity
      from occupants oc join users u on u.id = oc.user_id
      where oc.occupancy_id = ${occupancyId} and oc.is_active and u.is_active order by oc.id`),
  );
}
