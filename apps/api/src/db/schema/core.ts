import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { belongsTo, refersTo, writtenAt } from "./columns.ts";

/** The portfolio this installation serves (one row). */
export const portfolios = pgTable("portfolios", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  logo_url: text("logo_url"),
  employee_portal_name: text("employee_portal_name").notNull().default("Portico"),
  tenant_site_url: text("tenant_site_url"),
});

export const buildings = pgTable(
  "buildings",
  {
    id: serial("id").primaryKey(),
    portfolio_id: refersTo("portfolio_id", () => portfolios.id),
    name: text("name").notNull(),
    address: text("address").notNull(),
    /** The number at the start of the address, for ordering. */
    address_number: integer("address_number").notNull(),
    time_zone: text("time_zone").notNull().default("America/New_York"),
    is_active: boolean("is_active").notNull().default(true),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("buildings_order_idx").on(t.address_number, t.address)],
);

/** Every settings group of a building, as one validated JSON document (see contract BuildingSettingsGroups). */
export const buildingSettings = pgTable("building_settings", {
  building_id: integer("building_id")
    .primaryKey()
    .references(() => buildings.id, { onDelete: "cascade" }),
  settings: jsonb("settings").notNull().default({}),
  last_modified: writtenAt("last_modified"),
});

/** Every person who signs in: staff of every role, and residents (role TN). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull().default(""),
    first_name: text("first_name").notNull().default(""),
    last_name: text("last_name").notNull().default(""),
    phone_number: text("phone_number").notNull().default(""),
    role: text("role").notNull(),
    /** argon2id hash; null for accounts that sign in only through an external provider. */
    password_hash: text("password_hash"),
    is_active: boolean("is_active").notNull().default(true),
    is_staff: boolean("is_staff").notNull().default(false),
    last_login: timestamp("last_login", { withTimezone: true }),
    date_joined: writtenAt("date_joined"),
  },
  (t) => [
    uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    // Who signed in today (the dashboard's active employees).
    index("users_last_login_idx").on(t.last_login),
    index("users_name_idx").on(sql`lower(${t.last_name})`, sql`lower(${t.first_name})`),
    // Name-prefix searches (`lower(first_name) like 'smi%'`: residents in the shift log and
    // package searches) in any collation.
    index("users_first_name_prefix_idx").on(sql`lower(${t.first_name}) text_pattern_ops`),
    index("users_last_name_prefix_idx").on(sql`lower(${t.last_name}) text_pattern_ops`),
    // "Contains" searches (`like '%smith%'`: residents and users by name, username or e-mail),
    // pg_trgm. A first or last name containing a term is a full name containing it, so the full
    // name covers both.
    index("users_full_name_trgm_idx").using("gin", sql`lower(${t.first_name} || ' ' || ${t.last_name}) gin_trgm_ops`),
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** Staff details of a user (one per staff user). */
export const employees = pgTable("employees", {
  id: serial("id").primaryKey(),
  user_id: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull().default(""),
  department: text("department").notNull().default(""),
  employment_start_date: date("employment_start_date"),
  emergency_contact_info: text("emergency_contact_info").notNull().default(""),
  notes: text("notes").notNull().default(""),
  photo_url: text("photo_url"),
  photo_url_thumbnail: text("photo_url_thumbnail"),
});

/** Per-building access of a user (OF users see every building regardless). */
export const userBuildings = pgTable(
  "user_buildings",
  {
    user_id: belongsTo("user_id", () => users.id),
    building_id: belongsTo("building_id", () => buildings.id),
    is_include_in_directory: boolean("is_include_in_directory").notNull().default(false),
    is_include_in_tenant_portal_contacts: boolean("is_include_in_tenant_portal_contacts").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.building_id] }), index("user_buildings_building_idx").on(t.building_id)],
);

/**
 * The generic event log: the history of every object the spec shows a history for.
 * entity_type names the object kind ('occupancy', 'occupant', 'shift_log_note', 'package' …).
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    building_id: integer("building_id").references(() => buildings.id, { onDelete: "cascade" }),
    entity_type: text("entity_type").notNull(),
    entity_id: integer("entity_id").notNull(),
    type: text("type").notNull(),
    type_display: text("type_display").notNull(),
    note: text("note").notNull().default(""),
    performed_by_id: integer("performed_by_id").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data"),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    index("events_entity_idx").on(t.entity_type, t.entity_id, t.date_created),
    index("events_building_date_idx").on(t.building_id, t.date_created),
  ],
);
