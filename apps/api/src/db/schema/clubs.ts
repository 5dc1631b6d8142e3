import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { occupants } from "./occupancies.ts";
import { belongsTo, timestamps, writtenAt } from "./columns.ts";

/**
 * A club of a building (`building_id` = its primary building), shared with the buildings of
 * club_buildings (its additional buildings). has_open_checkin: it runs a pool check-in desk.
 */
export const clubs = pgTable(
  "clubs",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    photo_url: text("photo_url"),
    is_open: boolean("is_open").notNull().default(true),
    auto_enroll_members: boolean("auto_enroll_members").notNull().default(false),
    has_open_checkin: boolean("has_open_checkin").notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("clubs_building_name_idx").on(t.building_id, sql`lower(${t.name})`, t.id)],
);

/** A club's additional building (the club is visible there too). */
export const clubBuildings = pgTable(
  "club_buildings",
  {
    id: serial("id").primaryKey(),
    club_id: belongsTo("club_id", () => clubs.id),
    building_id: belongsTo("building_id", () => buildings.id),
  },
  (t) => [
    uniqueIndex("club_buildings_club_building_uq").on(t.club_id, t.building_id),
    index("club_buildings_building_idx").on(t.building_id, t.club_id),
  ],
);

/** A resident's membership of a club (once per club). */
export const clubMembers = pgTable(
  "club_members",
  {
    id: serial("id").primaryKey(),
    club_id: belongsTo("club_id", () => clubs.id),
    occupant_id: belongsTo("occupant_id", () => occupants.id),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    uniqueIndex("club_members_club_occupant_uq").on(t.club_id, t.occupant_id),
    index("club_members_occupant_idx").on(t.occupant_id),
  ],
);

/**
 * A pool (open) check-in of a member: note '{guests+1}:', guests 0..1; one per member and
 * building-local day (a second check-in the same day edits it; `day` is that local day).
 */
export const clubOpenCheckins = pgTable(
  "club_open_checkins",
  {
    id: serial("id").primaryKey(),
    club_id: belongsTo("club_id", () => clubs.id),
    occupant_id: belongsTo("occupant_id", () => occupants.id),
    day: date("day").notNull(),
    note: text("note").notNull(),
    guests: integer("guests").notNull().default(0),
    checked_in_at: writtenAt("checked_in_at"),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("club_open_checkins_club_occupant_day_uq").on(t.club_id, t.occupant_id, t.day),
    index("club_open_checkins_club_day_idx").on(t.club_id, t.day),
    index("club_open_checkins_occupant_idx").on(t.occupant_id),
  ],
);

/** An amenity type of a club (building_id = the club's primary building). */
export const amenityTypes = pgTable(
  "amenity_types",
  {
    id: serial("id").primaryKey(),
    club_id: belongsTo("club_id", () => clubs.id),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    label: text("label").notNull().default(""),
    description: text("description").notNull().default(""),
    rules: text("rules").notNull().default(""),
    photo_url: text("photo_url"),
    location_label: text("location_label").notNull().default(""),
    is_active: boolean("is_active").notNull().default(true),
    max_reservation_length: integer("max_reservation_length").notNull().default(60),
    reservation_note: text("reservation_note").notNull().default(""),
    max_persons_permitted_display: integer("max_persons_permitted_display").notNull().default(0),
    max_user_open_reservations: integer("max_user_open_reservations").notNull().default(5),
    max_user_weekly_reservations: integer("max_user_weekly_reservations").notNull().default(3),
    max_user_daily_reservations: integer("max_user_daily_reservations").notNull().default(1),
    is_allow_guests: boolean("is_allow_guests").notNull().default(false),
    max_number_guests: integer("max_number_guests").notNull().default(0),
    reservation_window_days: integer("reservation_window_days").notNull().default(0),
    has_checkin: boolean("has_checkin").notNull().default(false),
    send_qr_codes: boolean("send_qr_codes").notNull().default(false),
    is_approval_required_for_reservation: boolean("is_approval_required_for_reservation").notNull().default(false),
    is_payment_required_for_reservation: boolean("is_payment_required_for_reservation").notNull().default(false),
    open_time: time("open_time"),
    close_time: time("close_time"),
    ...timestamps(),
  },
  (t) => [
    index("amenity_types_club_name_idx").on(t.club_id, sql`lower(${t.name})`, t.id),
    index("amenity_types_building_active_idx").on(t.building_id, t.is_active),
  ],
);

/** An amenity (slot) of a type: the thing booked (e.g. 'Court 1'). */
export const amenities = pgTable(
  "amenities",
  {
    id: serial("id").primaryKey(),
    amenity_type_id: belongsTo("amenity_type_id", () => amenityTypes.id),
    label: text("label").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    date_created: writtenAt("date_created"),
    last_modified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("amenities_type_active_idx").on(t.amenity_type_id, t.is_active, t.id)],
);

/**
 * A schedule entry of an amenity type: weekly (day_of_week 0 Monday … 6 Sunday) or special
 * (specific_date), never both. No weekly entries = 'Always open'.
 */
export const amenitySchedules = pgTable(
  "amenity_schedules",
  {
    id: serial("id").primaryKey(),
    amenity_type_id: belongsTo("amenity_type_id", () => amenityTypes.id),
    day_of_week: integer("day_of_week"),
    specific_date: date("specific_date"),
    is_open: boolean("is_open").notNull().default(true),
    open_time: time("open_time"),
    close_time: time("close_time"),
    max_number_guests: integer("max_number_guests"),
  },
  (t) => [
    index("amenity_schedules_type_idx").on(t.amenity_type_id, t.day_of_week, t.specific_date),
    uniqueIndex("amenity_schedules_type_day_uq")
      .on(t.amenity_type_id, t.day_of_week)
      .where(sql`${t.specific_date} is null`),
    uniqueIndex("amenity_schedules_type_date_uq")
      .on(t.amenity_type_id, t.specific_date)
      .where(sql`${t.specific_date} is not null`),
  ],
);
