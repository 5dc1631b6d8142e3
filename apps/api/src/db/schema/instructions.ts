import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps, writtenAt } from "./columns.ts";

/**
 * Instruction types: global settings (a change applies to every building), managed by Office.
 * Type 16 is the food delivery (immutable; created by the migration on every installation).
 * is_security: the type's active instructions make the security / do-not-allow list.
 * tenant_permissions: NONE, VIEW or CREATE (what residents may do with it on the tenant site).
 */
export const instructionTypes = pgTable(
  "instruction_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    short_name: text("short_name").notNull(),
    display_order: integer("display_order").notNull().default(0),
    /** The named colour (contract INSTRUCTION_COLORS). */
    color: text("color").notNull(),
    color_hex: text("color_hex").notNull(),
    font_color_hex: text("font_color_hex").notNull(),
    tenant_permissions: text("tenant_permissions").notNull().default("NONE"),
    is_active: boolean("is_active").notNull().default(true),
    is_end_date_required: boolean("is_end_date_required").notNull().default(false),
    is_immutable: boolean("is_immutable").notNull().default(false),
    is_security: boolean("is_security").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("instruction_types_name_lower_uq").on(sql`lower(${t.name})`),
    index("instruction_types_order_idx").on(t.display_order, t.name),
  ],
);

/**
 * A front-desk instruction for a unit profile: a registered guest, a food delivery, a permission
 * to enter, a person not to let in. start_date and expiration_date are days in the building's
 * time zone (expiration null: no end). Expiring sets is_manually_expired and ends it today at the
 * latest. Every write is an event (entity_type 'instruction').
 */
export const instructions = pgTable(
  "instructions",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    instruction_type_id: refersTo("instruction_type_id", () => instructionTypes.id),
    name: text("name").notNull(),
    instruction_text: text("instruction_text").notNull().default(""),
    start_date: date("start_date").notNull(),
    expiration_date: date("expiration_date"),
    photo_url: text("photo_url"),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    entered_date: writtenAt("entered_date"),
    is_manually_expired: boolean("is_manually_expired").notNull().default(false),
    /** Entered by a manager-level user. */
    is_management: boolean("is_management").notNull().default(false),
    photo_last_changed_datetime: timestamp("photo_last_changed_datetime", { withTimezone: true }),
    photo_last_changed_user_id: integer("photo_last_changed_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (t) => [
    // Lists: a building's active (or ended) instructions by end date (the default order), and
    // the recently expired window (an end date range of the building).
    index("instructions_building_expiration_idx").on(t.building_id, t.is_manually_expired, t.expiration_date, t.id),
    index("instructions_building_ended_idx").on(t.building_id, t.expiration_date),
    index("instructions_occupancy_idx").on(t.occupancy_id, t.expiration_date),
    index("instructions_apartment_idx").on(t.apartment_id),
    index("instructions_building_type_idx").on(t.building_id, t.instruction_type_id, t.expiration_date),
    // The search's "contains" over the guest name and the text, within one building (btree_gin).
    index("instructions_building_text_trgm_idx").using(
      "gin",
      t.building_id,
      sql`(${t.name} || ' ' || ${t.instruction_text}) gin_trgm_ops`,
    ),
  ],
);
