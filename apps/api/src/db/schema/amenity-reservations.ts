import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies, occupants } from "./occupancies.ts";
import { amenities, amenityTypes } from "./clubs.ts";
import { belongsTo, timestamps } from "./columns.ts";

/**
 * A reservation of an amenity (slot): TR a resident's, ER entered by the staff, CR an unavailable
 * block. amenity_type_id is the amenity's type when booked (the lists filter by it). Times are
 * instants; the building's time zone makes them days and hours. approval_status and
 * payment_status are null on blocks. A cancelled reservation stays (is_cancelled) and frees its time.
 */
export const amenityReservations = pgTable(
  "amenity_reservations",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    amenity_id: belongsTo("amenity_id", () => amenities.id),
    amenity_type_id: belongsTo("amenity_type_id", () => amenityTypes.id),
    occupancy_id: integer("occupancy_id").references(() => occupancies.id, { onDelete: "set null" }),
    occupant_id: integer("occupant_id").references(() => occupants.id, { onDelete: "set null" }),
    apartment_id: integer("apartment_id").references(() => apartments.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    approval_status: text("approval_status"),
    payment_status: text("payment_status"),
    is_checked_in: boolean("is_checked_in").notNull().default(false),
    is_cancelled: boolean("is_cancelled").notNull().default(false),
    reason: text("reason").notNull().default(""),
    contact: text("contact").notNull().default(""),
    guests: integer("guests").notNull().default(0),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // The building's lists and day schedule, by start.
    index("amenity_reservations_building_start_idx").on(t.building_id, t.start_time),
    // The dashboard's pending approvals.
    index("amenity_reservations_building_approval_idx").on(t.building_id, t.approval_status, t.end_time),
    // Overlap checks and an amenity's day.
    index("amenity_reservations_amenity_start_idx").on(t.amenity_id, t.start_time),
    // The per-type tabs.
    index("amenity_reservations_type_start_idx").on(t.amenity_type_id, t.start_time),
    // The unit profile panel.
    index("amenity_reservations_occupancy_start_idx").on(t.occupancy_id, t.start_time),
    // A resident's open/weekly/daily limits.
    index("amenity_reservations_occupant_start_idx").on(t.occupant_id, t.start_time),
  ],
);
