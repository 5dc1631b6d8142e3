import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { buildings, employees, users } from "./core.ts";
import { apartments } from "./occupancies.ts";
import { maintenanceRequestTypes } from "./maintenance.ts";
import { belongsTo, refersTo, timestamps } from "./columns.ts";

const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * A recurring maintenance request: the schedule (interval DAILY | WEEKLY | MONTHLY | YEARLY,
 * weekday flags for DAILY, month flags for MONTHLY, start_date, end_date null = forever) and the
 * fields of the requests it makes. next_scheduled_date: the next building-local day a request is
 * due (null: none left); the job makes one request a day at most (maintenance_requests carries
 * recurring_maintenance_request_id and recurring_scheduled_for, unique together) and advances it.
 * Deleting it keeps its requests (their link is set null).
 */
export const recurringMaintenanceRequests = pgTable(
  "recurring_maintenance_requests",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    maintenance_request_type_id: refersTo("maintenance_request_type_id", () => maintenanceRequestTypes.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    employee_id: integer("employee_id").references(() => employees.id, { onDelete: "set null" }),
    is_active: boolean("is_active").notNull().default(true),
    is_high_priority: flag("is_high_priority"),
    is_permission_to_enter: flag("is_permission_to_enter"),
    permission_to_enter_comments: text("permission_to_enter_comments").notNull().default(""),
    interval: text("interval").notNull(),
    start_date: date("start_date").notNull(),
    end_date: date("end_date"),
    is_sunday: flag("is_sunday"),
    is_monday: flag("is_monday"),
    is_tuesday: flag("is_tuesday"),
    is_wednesday: flag("is_wednesday"),
    is_thursday: flag("is_thursday"),
    is_friday: flag("is_friday"),
    is_saturday: flag("is_saturday"),
    is_january: flag("is_january"),
    is_february: flag("is_february"),
    is_march: flag("is_march"),
    is_april: flag("is_april"),
    is_may: flag("is_may"),
    is_june: flag("is_june"),
    is_july: flag("is_july"),
    is_august: flag("is_august"),
    is_september: flag("is_september"),
    is_october: flag("is_october"),
    is_november: flag("is_november"),
    is_december: flag("is_december"),
    next_scheduled_date: date("next_scheduled_date"),
    created_by_id: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // The building's list by name (active ones, or all).
    index("recurring_maintenance_requests_building_idx").on(t.building_id, t.is_active, t.name),
    // The job: active schedules due.
    index("recurring_maintenance_requests_due_idx")
      .on(t.next_scheduled_date)
      .where(sql`${t.is_active}`),
    index("recurring_maintenance_requests_type_idx").on(t.maintenance_request_type_id),
    index("recurring_maintenance_requests_apartment_idx").on(t.apartment_id),
    index("recurring_maintenance_requests_employee_idx").on(t.employee_id),
  ],
);
