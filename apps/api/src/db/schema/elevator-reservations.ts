import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies, occupants } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps } from "./columns.ts";

/**
 * Service elevator reservation types: portfolio-level (Office manages them), each offered in the
 * buildings of reservation_type_buildings. display_order may be a decimal. email_recipients:
 * addresses joined with ';', mailed new_reservation_email_text on every new reservation.
 */
export const reservationTypes = pgTable(
  "reservation_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    short_name: text("short_name").notNull(),
    display_order: doublePrecision("display_order").notNull().default(0),
    is_active: boolean("is_active").notNull().default(true),
    is_immutable: boolean("is_immutable").notNull().default(false),
    instructions_text: text("instructions_text").notNull().default(""),
    new_reservation_email_text: text("new_reservation_email_text").notNull().default(""),
    email_recipients: text("email_recipients").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("reservation_types_name_lower_uq").on(sql`lower(${t.name})`),
    index("reservation_types_order_idx").on(t.display_order, t.name),
  ],
);

/** The buildings a reservation type is offered in. */
export const reservationTypeBuildings = pgTable(
  "reservation_type_buildings",
  {
    reservation_type_id: belongsTo("reservation_type_id", () => reservationTypes.id),
    building_id: belongsTo("building_id", () => buildings.id),
  },
  (t) => [
    primaryKey({ columns: [t.reservation_type_id, t.building_id] }),
    index("reservation_type_buildings_building_idx").on(t.building_id, t.reservation_type_id),
  ],
);

/**
 * A service elevator reservation of a building: a unit (apartment_id) and its unit profile
 * (occupancy_id) and resident (occupant_id) when known, a type, a time range (instants; the form
 * speaks building time), a status (REQUESTED, APPROVED, DENIED, CANCELLED) and the last decision
 * (status_changed_by_id, status_changed_at; deny_reason when DENIED).
 */
export const elevatorReservations = pgTable(
  "elevator_reservations",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    apartment_id: integer("apartment_id").references(() => apartments.id, { onDelete: "cascade" }),
    occupancy_id: integer("occupancy_id").references(() => occupancies.id, { onDelete: "set null" }),
    occupant_id: integer("occupant_id").references(() => occupants.id, { onDelete: "set null" }),
    reservation_type_id: refersTo("reservation_type_id", () => reservationTypes.id),
    status: text("status").notNull().default("REQUESTED"),
    start_time: timestamp("start_time", { withTimezone: true }).notNull(),
    end_time: timestamp("end_time", { withTimezone: true }).notNull(),
    custom_name: text("custom_name").notNull().default(""),
    custom_email: text("custom_email").notNull().default(""),
    custom_phone: text("custom_phone").notNull().default(""),
    details_text: text("details_text").notNull().default(""),
    deny_reason: text("deny_reason").notNull().default(""),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    status_changed_by_id: integer("status_changed_by_id").references(() => users.id, { onDelete: "set null" }),
    status_changed_at: timestamp("status_changed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // The list and calendars: a building's reservations by start (the date filters, the
    // default ordering, the overlap check), by status, unit, unit profile and type.
    index("elevator_reservations_building_start_idx").on(t.building_id, t.start_time, t.id),
    index("elevator_reservations_building_status_idx").on(t.building_id, t.status, t.start_time),
    index("elevator_reservations_building_apartment_idx").on(t.building_id, t.apartment_id, t.start_time),
    index("elevator_reservations_building_type_idx").on(t.building_id, t.reservation_type_id, t.start_time),
    index("elevator_reservations_building_created_idx").on(t.building_id, t.date_created),
    index("elevator_reservations_building_end_idx").on(t.building_id, t.end_time),
    index("elevator_reservations_occupancy_idx").on(t.occupancy_id, t.start_time),
    index("elevator_reservations_occupant_idx").on(t.occupant_id),
    index("elevator_reservations_apartment_idx").on(t.apartment_id),
    index("elevator_reservations_type_idx").on(t.reservation_type_id),
  ],
);
