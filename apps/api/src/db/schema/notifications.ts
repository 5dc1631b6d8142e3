import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./core.ts";
import { occupancies } from "./occupancies.ts";

/**
 * Occupancy tracking ("Subscriptions" on the unit profile): an employee asks to be told about
 * activity on a unit, per area. lib/notifications.ts reads it; the unit-profile area writes it
 * (POST/PATCH /core/occupancies/{id}/track/).
 */
export const occupancyTracking = pgTable(
  "occupancy_tracking",
  {
    id: serial("id").primaryKey(),
    occupancy_id: integer("occupancy_id")
      .notNull()
      .references(() => occupancies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    track_instructions: boolean("track_instructions").notNull().default(false),
    track_maintenance_requests: boolean("track_maintenance_requests").notNull().default(false),
    track_packages: boolean("track_packages").notNull().default(false),
    track_service_elevators: boolean("track_service_elevators").notNull().default(false),
    track_shift_log_notes: boolean("track_shift_log_notes").notNull().default(false),
    date_created: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
    last_modified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("occupancy_tracking_occupancy_user_uq").on(t.occupancy_id, t.user_id),
    index("occupancy_tracking_user_idx").on(t.user_id),
  ],
);
