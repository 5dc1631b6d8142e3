import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  apartments,
  employees,
  maintenanceRequestTypes,
  recurringMaintenanceRequests as rmr,
  users,
} from "../../db/schema/index.ts";
import { pageWithTotal, rowsOf } from "../../lib/sql.ts";

export { findApartment } from "../../lib/occupancy-repository.ts";
export { findMaintenanceEmployee, findType } from "./repository.ts";

/** Every query of recurring maintenance requests (the schedules) and of the job that runs them. */

export type RecurringTableRow = typeof rmr.$inferSelect;
export type RecurringInsert = typeof rmr.$inferInsert;
export type RecurringValues = Omit<RecurringInsert, "id" | "building_id" | "date_created" | "last_modified">;

export interface RecurringRow extends RecurringTableRow {
  type_name: string;
  apartment_number: string;
  employee_name: string | null;
  request_count: number;
}

const employeeName = sql<
  string | null
>`case when ${users.id} is null then null else coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username}) end`;
const requestCount = sql<number>`(select count(*)::int from maintenance_requests m where m.recurring_maintenance_request_id = ${rmr.id})`;

function selectRows(db: DbOrTx, where: SQL | undefined, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...getTableColumns(rmr),
      type_name: maintenanceRequestTypes.name,
      apartment_number: apartments.apartment_number,
      employee_name: employeeName,
      request_count: requestCount,
      ...extra,
    })
    .from(rmr)
    .innerJoin(maintenanceRequestTypes, eq(maintenanceRequestTypes.id, rmr.maintenance_request_type_id))
    .innerJoin(apartments, eq(apartments.id, rmr.apartment_id))
    .leftJoin(employees, eq(employees.id, rmr.employee_id))
    .leftJoin(users, eq(users.id, employees.user_id))
    .where(where);
}

export interface RecurringFilter {
  buildingId: number;
  /** undefined: both. */
  isActive?: boolean;
  apartmentId?: number;
}

function whereOf(f: RecurringFilter): SQL {
  const c: SQL[] = [eq(rmr.building_id, f.buildingId)];
  if (f.isActive !== undefined) c.push(eq(rmr.is_active, f.isActive));
  if (f.apartmentId !== undefined) c.push(eq(rmr.apartment_id, f.apartmentId));
  return and(...c)!;
}

/** A page of the building's schedules by name, with the count. */
export async function listRecurring(
  db: DbOrTx,
  f: RecurringFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RecurringRow[] }> {
  const where = whereOf(f);
  const found = await selectRows(db, where, { total: sql<number>`count(*) over ()` })
    .orderBy(sql`lower(${rmr.name})`, asc(rmr.id))
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found as (RecurringRow & { total: number })[], page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rmr)
      .where(where);
    return r.n;
  });
}

export async function findRecurring(db: DbOrTx, id: number): Promise<RecurringRow | null> {
  const rows = await selectRows(db, eq(rmr.id, id)).limit(1);
  return (rows[0] as RecurringRow | undefined) ?? null;
}

export async function insertRecurring(db: DbOrTx, buildingId: number, values: RecurringValues): Promise<number> {
  const [row] = await db
    .insert(rmr)
    .values({ ...values, building_id: buildingId })
    .returning({ id: rmr.id });
  return row.id;
}

export async function updateRecurring(
  db: DbOrTx,
  id: number,
  values: Partial<RecurringValues>,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(rmr)
    .set({ ...values, last_modified: at })
    .where(eq(rmr.id, id))
    .returning({ id: rmr.id });
  return rows.length > 0;
}

/** Deletes a schedule; its requests stay (their link is set null by the foreign key). */
export async function deleteRecurring(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(rmr).where(eq(rmr.id, id)).returning({ id: rmr.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// What a schedule names

// ---------------------------------------------------------------------------------------------
// The job

/** An active schedule due in its building (`through`: the last due day there), locked for this run. */
export interface DueSchedule extends Omit<RecurringTableRow, "date_created" | "last_modified"> {
  building_name: string;
  time_zone: string;
  /** The building's stored settings (JSON), for its status vocabulary. */
  settings: unknown;
}

/**
 * Locks one active schedule whose next day is due (next_scheduled_date ≤ the last due day of its
 * building at `now`: its local day, the previous one before `runHour`), skipping those another
 * run holds and those in `skip`; null when none is left.
 */
export async function lockNextDue(
  tx: DbOrTx,
  now: Date,
  runHour: number,
  skip: readonly number[],
): Promise<DueSchedule | null> {
  const skipping = skip.length
    ? sql`and r.id not in (${sql.join(
        skip.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const local = sql`(${now.toISOString()}::timestamptz at time zone b.time_zone)`;
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select r.id, b.name as building_name, b.time_zone, bs.settings
      from recurring_maintenance_requests r join buildings b on b.id = r.building_id
        left join building_settings bs on bs.building_id = b.id
      where r.is_active and r.next_scheduled_date is not null
        and r.next_scheduled_date <= (${local})::date - (case when extract(hour from ${local}) < ${runHour} then 1 else 0 end)
        ${skipping}
      order by r.next_scheduled_date, r.id
      limit 1
      for update of r skip locked`),
  );
  if (!rows.length) return null;
  const id = Number(rows[0].id);
  const [row] = await tx.select().from(rmr).where(eq(rmr.id, id));
  const { date_created: _c, last_modified: _m, ...rest } = row;
  return {
    ...rest,
    building_name: String(rows[0].building_name),
    time_zone: String(rows[0].time_zone),
    settings: rows[0].settings ?? null,
  };
}

export interface GeneratedRequest {
  schedule: DueSchedule;
  /** The building-local day it is made for. */
  day: string;
  /** The unit's current profile on that day, if any. */
  occupancyId: number | null;
  status: string;
  at: Date;
}

/**
 * Makes the schedule's request for `day` (its fields, entered by its creator); nothing when that
 * day's request exists already (maintenance_requests is unique on the schedule and the day).
 * Returns the new request's id, or null.
 */
export async function insertGeneratedRequest(tx: DbOrTx, g: GeneratedRequest): Promise<number | null> {
  const s = g.schedule;
  const at = g.at.toISOString();
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into maintenance_requests (
        building_id, apartment_id, occupancy_id, maintenance_request_type_id, employee_id, entered_by_id,
        description, is_high_priority, is_permission_to_enter, permission_to_enter_comments, status,
        date_opened, date_created, last_modified, recurring_maintenance_request_id, recurring_scheduled_for)
      values (
        ${s.building_id}, ${s.apartment_id}, ${g.occupancyId}, ${s.maintenance_request_type_id}, ${s.employee_id},
        ${s.created_by_id}, ${s.description}, ${s.is_high_priority}, ${s.is_permission_to_enter},
        ${s.permission_to_enter_comments}, ${g.status}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
        ${s.id}, ${g.day}::date)
      on conflict (recurring_maintenance_request_id, recurring_scheduled_for) do nothing
      returning id`),
  );
  return rows.length ? Number(rows[0].id) : null;
}

/** Moves the schedule's next day (null: none left). */
export async function setNextScheduled(tx: DbOrTx, id: number, next: string | null): Promise<void> {
  await tx.update(rmr).set({ next_scheduled_date: next }).where(eq(rmr.id, id));
}
