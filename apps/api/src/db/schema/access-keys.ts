import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments } from "./occupancies.ts";
import { belongsTo, timestamps, writtenAt } from "./columns.ts";

/** Key-box locations of a building (manager-edited); a name is unique in its building whatever its case. */
export const keyLocations = pgTable(
  "key_locations",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    display_order: integer("display_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("key_locations_building_name_uq").on(t.building_id, sql`lower(${t.name})`),
    index("key_locations_building_order_idx").on(t.building_id, t.display_order, t.name),
  ],
);

/**
 * An RFID key of a unit. rfid: trimmed, upper-cased, unique over every building. status IN, OUT
 * or MISSING; is_active false is permanent. away_since: when it left its box (signed out, or
 * reported missing while in), null while IN (the overdue list reads it).
 */
export const accessKeys = pgTable(
  "access_keys",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    location_id: integer("location_id").references(() => keyLocations.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    rfid: text("rfid").notNull(),
    status: text("status").notNull().default("IN"),
    is_active: boolean("is_active").notNull().default(true),
    last_status_change: writtenAt("last_status_change"),
    away_since: timestamp("away_since", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("access_keys_rfid_uq").on(t.rfid),
    index("access_keys_building_name_idx").on(t.building_id, t.name),
    index("access_keys_apartment_idx").on(t.apartment_id, t.name),
    index("access_keys_building_active_idx").on(t.building_id, t.is_active),
    index("access_keys_location_idx").on(t.location_id),
    index("access_keys_building_status_away_idx").on(t.building_id, t.status, t.away_since),
  ],
);

/**
 * A key's journey: from a sign-out (or a missing report of a key that was in) to the scan in.
 * entity_type occupant / instruction / verbal_permission with entity_id; the recipient's name and
 * (instructions) type name are kept as they were at the sign-out. At most one open per key.
 */
export const keyJourneys = pgTable(
  "key_journeys",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    access_key_id: belongsTo("access_key_id", () => accessKeys.id),
    status: text("status").notNull(),
    key_out_datetime: timestamp("key_out_datetime", { withTimezone: true }),
    key_in_datetime: timestamp("key_in_datetime", { withTimezone: true }),
    key_declared_missing_datetime: timestamp("key_declared_missing_datetime", { withTimezone: true }),
    photo_url: text("photo_url"),
    entity_type: text("entity_type"),
    entity_id: integer("entity_id"),
    recipient_name: text("recipient_name").notNull().default(""),
    recipient_subtype: text("recipient_subtype"),
    out_by_id: integer("out_by_id").references(() => users.id, { onDelete: "set null" }),
    in_by_id: integer("in_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("key_journeys_key_out_idx").on(t.access_key_id, t.key_out_datetime),
    uniqueIndex("key_journeys_open_uq")
      .on(t.access_key_id)
      .where(sql`${t.key_in_datetime} is null`),
    index("key_journeys_building_idx").on(t.building_id),
  ],
);

/** A temporary verbal permission to take a key: valid 24 hours from its creation. */
export const verbalPermissions = pgTable(
  "verbal_permissions",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    access_key_id: belongsTo("access_key_id", () => accessKeys.id),
    comment: text("comment").notNull(),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("verbal_permissions_key_idx").on(t.access_key_id, t.expires_at)],
);
