import { sql } from "drizzle-orm";
import { boolean, date, index, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { belongsTo, writtenAt, timestamps } from "./columns.ts";

export const apartments = pgTable(
  "apartments",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    apartment_number: text("apartment_number").notNull(),
    /** contract apartmentSortKey(apartment_number): 'PH' as 99, letter suffixes as 50 + index. */
    sort_key: text("sort_key").notNull(),
    bedrooms: text("bedrooms").notNull().default("1BR"),
    bathrooms: numeric("bathrooms", { precision: 2, scale: 1 }).notNull().default("1.0"),
    floor: text("floor"),
    line: text("line"),
    is_balcony_apt: boolean("is_balcony_apt").notNull().default(false),
    is_management: boolean("is_management").notNull().default(false),
    is_unlinked_to_tfcio: boolean("is_unlinked_to_tfcio").notNull().default(false),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    uniqueIndex("apartments_building_number_uq").on(t.building_id, sql`upper(${t.apartment_number})`),
    index("apartments_building_sort_idx").on(t.building_id, t.sort_key),
    // The unit list across buildings orders by unit, then building.
    index("apartments_sort_building_idx").on(t.sort_key, t.building_id),
    // Unit-number prefix searches (`lower(apartment_number) like '12%'`) within buildings.
    index("apartments_building_number_prefix_idx").on(
      t.building_id,
      sql`lower(${t.apartment_number}) text_pattern_ops`,
    ),
  ],
);

/**
 * A lease of an apartment (a unit profile). Status: CURRENT, FUTURE (lease starts after
 * today in the building's time zone) or INACTIVE (is_active false).
 */
export const occupancies = pgTable(
  "occupancies",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    lease_start_date: date("lease_start_date"),
    lease_end_date: date("lease_end_date"),
    move_in_date: date("move_in_date"),
    move_out_date: date("move_out_date"),
    is_active: boolean("is_active").notNull().default(true),
    is_do_not_disturb: boolean("is_do_not_disturb").notNull().default(false),
    external_lease_id: text("external_lease_id"),
    /** The last invitation to book the Move-Out service elevator (dashboard; 3-day cooldown). */
    move_out_invite_sent_time: timestamp("move_out_invite_sent_time", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("occupancies_building_active_idx").on(t.building_id, t.is_active),
    index("occupancies_apartment_idx").on(t.apartment_id, t.is_active),
    index("occupancies_building_lease_start_idx").on(t.building_id, t.lease_start_date),
    index("occupancies_building_lease_end_idx").on(t.building_id, t.lease_end_date),
  ],
);

/** A resident (a user of role TN) on an occupancy. */
export const occupants = pgTable(
  "occupants",
  {
    id: serial("id").primaryKey(),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    user_id: belongsTo("user_id", () => users.id),
    type: text("type").notNull().default("TN"),
    is_active: boolean("is_active").notNull().default(true),
    pronouns: text("pronouns").notNull().default(""),
    emergency_contact_info: text("emergency_contact_info").notNull().default(""),
    photo_url: text("photo_url"),
    welcome_email_sent_time: timestamp("welcome_email_sent_time", { withTimezone: true }),
    is_text_maintenance_activity: boolean("is_text_maintenance_activity").notNull().default(false),
    is_email_maintenance_activity: boolean("is_email_maintenance_activity").notNull().default(true),
    is_text_package_activity: boolean("is_text_package_activity").notNull().default(false),
    is_email_package_activity: boolean("is_email_package_activity").notNull().default(true),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("occupants_occupancy_idx").on(t.occupancy_id), index("occupants_user_idx").on(t.user_id)],
);
