import { boolean, index, pgTable, serial, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./core.ts";
import { occupancies } from "./occupancies.ts";
import { belongsTo, timestamps } from "./columns.ts";

/**
 * Occupancy tracking ("Subscriptions" on the unit profile): an employee asks to be told about
 * activity on a unit, per area. lib/notifications.ts reads it; the unit-profile area writes it
 * (POST/PATCH /core/occupancies/{id}/track/).
 */
export const occupancyTracking = pgTable(
  "occupancy_tracking",
  {
    id: serial("id").primaryKey(),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    user_id: belongsTo("user_id", () => users.id),
    track_instructions: boolean("track_instructions").notNull().default(false),
    track_maintenance_requests: boolean("track_maintenance_requests").notNull().default(false),
    track_packages: boolean("track_packages").notNull().default(false),
    track_service_elevators: boolean("track_service_elevators").notNull().default(false),
    track_shift_log_notes: boolean("track_shift_log_notes").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("occupancy_tracking_occupancy_user_uq").on(t.occupancy_id, t.user_id),
    index("occupancy_tracking_user_idx").on(t.user_id),
  ],
);
