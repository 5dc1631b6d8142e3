import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { instructions } from "./instructions.ts";
import { apartments, occupancies, occupants } from "./occupancies.ts";
import { belongsTo, timestamps } from "./columns.ts";

/**
 * A lockout: a resident (occupant_id) or a registered guest (instruction_id) locked out of a unit,
 * recorded by the desk (entered_by_id) with an optional photo. requester_type: resident | guest.
 * A deleted lockout stays for audit (is_deleted, delete_reason, deleted_by_id, deleted_at) and
 * leaves every list. Every write is an event (entity_type 'lockout').
 */
export const lockouts = pgTable(
  "lockouts",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    requester_type: text("requester_type").notNull().default("resident"),
    occupant_id: integer("occupant_id").references(() => occupants.id, { onDelete: "set null" }),
    instruction_id: integer("instruction_id").references(() => instructions.id, { onDelete: "set null" }),
    photo_url: text("photo_url"),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    is_deleted: boolean("is_deleted").notNull().default(false),
    delete_reason: text("delete_reason"),
    deleted_by_id: integer("deleted_by_id").references(() => users.id, { onDelete: "set null" }),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // The building list (newest first, a date range) and its apartment filter; the unit profile's panel.
    index("lockouts_building_date_idx")
      .on(t.building_id, t.date_created, t.id)
      .where(sql`not ${t.is_deleted}`),
    index("lockouts_building_apartment_idx")
      .on(t.building_id, t.apartment_id, t.date_created)
      .where(sql`not ${t.is_deleted}`),
    index("lockouts_occupancy_idx")
      .on(t.occupancy_id, t.date_created)
      .where(sql`not ${t.is_deleted}`),
    index("lockouts_instruction_idx").on(t.instruction_id),
    index("lockouts_occupant_idx").on(t.occupant_id),
  ],
);
