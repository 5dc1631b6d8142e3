import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps } from "./columns.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Shift log types, global to the portfolio ("changes apply to all buildings").
 * `code` marks types the product itself relies on: 'SHIFTEND' is the end-of-shift type.
 * Immutable types cannot be edited (nor notes of them).
 */
export const shiftLogTypes = pgTable(
  "shift_log_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    short_name: text("short_name").notNull(),
    description: text("description").notNull().default(""),
    display_order: integer("display_order").notNull().default(0),
    is_active: boolean("is_active").notNull().default(true),
    is_immutable: boolean("is_immutable").notNull().default(false),
    code: text("code").unique(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("shift_log_types_name_lower_uq").on(sql`lower(${t.name})`),
    index("shift_log_types_order_idx").on(t.display_order, t.name),
  ],
);

/**
 * A shift log note of a building. `search_vector` is generated from the body (the 'simple'
 * configuration: no stemming, no stop words, so every word can be searched as a prefix) and
 * GIN-indexed with the building; every list filter has an index that starts with the building.
 */
export const shiftLogNotes = pgTable(
  "shift_log_notes",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    owner_id: refersTo("owner_id", () => users.id),
    body: text("body").notNull(),
    shift_log_type_id: integer("shift_log_type_id").references(() => shiftLogTypes.id),
    is_high_priority: boolean("is_high_priority").notNull().default(false),
    location: text("location"),
    ...timestamps(),
    search_vector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "body")`),
  },
  (t) => [
    // Lists order by (date_created, id): every list index ends with both, so a page is an index
    // range (ascending indexes: scanned backwards they match ORDER BY … DESC, whose nulls come first).
    // The date indexes carry the type too: the default lists leave end-of-shift notes out, and a
    // deep page is then read from the index alone.
    index("shift_log_notes_building_date_idx").on(t.building_id, t.date_created, t.id, t.shift_log_type_id),
    index("shift_log_notes_building_type_date_idx").on(t.building_id, t.shift_log_type_id, t.date_created, t.id),
    index("shift_log_notes_building_priority_date_idx").on(t.building_id, t.is_high_priority, t.date_created, t.id),
    index("shift_log_notes_date_idx").on(t.date_created, t.id, t.shift_log_type_id),
    index("shift_log_notes_owner_idx").on(t.owner_id),
    // The words of the body as they are and scoped to the building (portico_search_lexemes,
    // migration 0014): a search of one building reads only its own notes' postings; a search of
    // many buildings reads the words as they are. Written at once (no pending list to scan).
    index("shift_log_notes_search_idx")
      .using("gin", sql`portico_search_lexemes(${t.building_id}, ${t.search_vector})`)
      .with({ fastupdate: false }),
  ],
);

/** The units a note is about, with the occupancy that was current when the note was written. */
export const shiftLogNoteApartments = pgTable(
  "shift_log_note_apartments",
  {
    note_id: belongsTo("note_id", () => shiftLogNotes.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    occupancy_id: integer("occupancy_id").references(() => occupancies.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.note_id, t.apartment_id] }),
    index("shift_log_note_apartments_apartment_idx").on(t.apartment_id),
    index("shift_log_note_apartments_occupancy_idx").on(t.occupancy_id),
  ],
);

/**
 * Notes per building and type (0: no type): kept exact by the database as notes change
 * (migration 0016), read for the shift log's count.
 */
export const shiftLogNoteCounts = pgTable(
  "shift_log_note_counts",
  {
    building_id: integer("building_id").notNull(),
    shift_log_type_id: integer("shift_log_type_id").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.building_id, t.shift_log_type_id] })],
);
