import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps, writtenAt } from "./columns.ts";

/** Contractor companies: a global type list (managers edit it; the desk may add one by typing a new name). */
export const contractorTypes = pgTable(
  "contractor_types",
  {
    id: serial("id").primaryKey(),
    company_name: text("company_name").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    is_immutable: boolean("is_immutable").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("contractor_types_company_name_lower_uq").on(sql`lower(${t.company_name})`)],
);

/**
 * A contractor visit to a building: the company, the contractor's name, an optional unit, a note,
 * the photo (a placeholder where the building waives it), who let them in and when; closed
 * (checked out) once: date_closed and closed_by_id. Every write is an event (entity_type 'contractor_visit').
 */
export const contractorVisits = pgTable(
  "contractor_visits",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    contractor_type_id: refersTo("contractor_type_id", () => contractorTypes.id),
    name: text("name").notNull(),
    note: text("note").notNull().default(""),
    apartment_id: integer("apartment_id").references(() => apartments.id, { onDelete: "set null" }),
    occupancy_id: integer("occupancy_id").references(() => occupancies.id, { onDelete: "set null" }),
    photo_url: text("photo_url"),
    opened_by_id: integer("opened_by_id").references(() => users.id, { onDelete: "set null" }),
    date_closed: timestamp("date_closed", { withTimezone: true }),
    closed_by_id: integer("closed_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // The building list (newest first, a date range), its company, apartment and in-building filters.
    index("contractor_visits_building_date_idx").on(t.building_id, t.date_created, t.id),
    index("contractor_visits_building_type_idx").on(t.building_id, t.contractor_type_id, t.date_created),
    index("contractor_visits_building_apartment_idx").on(t.building_id, t.apartment_id, t.date_created),
    index("contractor_visits_in_building_idx")
      .on(t.building_id, t.date_created)
      .where(sql`${t.date_closed} is null`),
    index("contractor_visits_type_idx").on(t.contractor_type_id),
    index("contractor_visits_date_idx").on(t.date_created),
  ],
);

/** A note of a contractor visit. */
export const contractorNotes = pgTable(
  "contractor_notes",
  {
    id: serial("id").primaryKey(),
    contractor_visit_id: belongsTo("contractor_visit_id", () => contractorVisits.id),
    text: text("text").notNull(),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("contractor_notes_visit_idx").on(t.contractor_visit_id, t.date_created)],
);
