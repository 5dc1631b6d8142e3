import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { occupancies, occupants } from "./occupancies.ts";
import { belongsTo, writtenAt, timestamps } from "./columns.ts";

/**
 * A unit's flag (document 1: Flag / Remove flag on the profile). At most one active flag per
 * occupancy; removing keeps the row (is_active false) for the history.
 */
export const occupancyFlags = pgTable(
  "occupancy_flags",
  {
    id: serial("id").primaryKey(),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    comment: text("comment").notNull(),
    /** Shown to managers and office only. */
    is_manager_only: boolean("is_manager_only").notNull().default(false),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
    is_active: boolean("is_active").notNull().default(true),
    removed_by_id: integer("removed_by_id").references(() => users.id, { onDelete: "set null" }),
    date_removed: timestamp("date_removed", { withTimezone: true }),
  },
  (t) => [
    index("occupancy_flags_occupancy_idx").on(t.occupancy_id),
    uniqueIndex("occupancy_flags_one_active_uq")
      .on(t.occupancy_id)
      .where(sql`${t.is_active}`),
  ],
);

/** Internal office notes of a unit (managers and office; building setting enable_occupancy_notes). */
export const occupancyNotes = pgTable(
  "occupancy_notes",
  {
    id: serial("id").primaryKey(),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    note: text("note").notNull(),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("occupancy_notes_occupancy_idx").on(t.occupancy_id, t.date_created)],
);

export const occupancyNoteLinks = pgTable(
  "occupancy_note_links",
  {
    id: serial("id").primaryKey(),
    note_id: belongsTo("note_id", () => occupancyNotes.id),
    link_text: text("link_text").notNull(),
    link_url: text("link_url").notNull(),
  },
  (t) => [index("occupancy_note_links_note_idx").on(t.note_id)],
);

/**
 * ID card print jobs (document 3): a replacement requested from the unit profile is QUEUED,
 * then PRINTED or CANCELLED from /{building}/manage/id-cards/list.
 */
export const idCardJobs = pgTable(
  "id_card_jobs",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    occupant_id: integer("occupant_id").references(() => occupants.id, { onDelete: "set null" }),
    /** The name printed on the card and the unit, as requested (kept if the resident changes). */
    name: text("name").notNull(),
    unit: text("unit").notNull().default(""),
    /** 'REPLACEMENT' | 'NEW' */
    type: text("type").notNull().default("REPLACEMENT"),
    /** 'QUEUED' | 'PRINTED' | 'CANCELLED' */
    status: text("status").notNull().default("QUEUED"),
    requested_by_id: integer("requested_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
    printed_by_id: integer("printed_by_id").references(() => users.id, { onDelete: "set null" }),
    date_printed: timestamp("date_printed", { withTimezone: true }),
    cancelled_by_id: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    date_cancelled: timestamp("date_cancelled", { withTimezone: true }),
  },
  (t) => [
    index("id_card_jobs_building_status_idx").on(t.building_id, t.status, t.date_created),
    index("id_card_jobs_occupant_idx").on(t.occupant_id),
  ],
);

/**
 * Stored files (lib/files.ts): photos, documents, signatures. The bytes live in the file store
 * (disk under FILES_DIR, later S3) under storage_key; `token` is the unguessable part of the
 * URL the file is served at (/api/v1/files/{token}/{name}).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull().unique(),
    storage_key: text("storage_key").notNull(),
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    original_name: text("original_name").notNull().default(""),
    /** What it is ('occupant_photo', 'document', 'signature' …). */
    purpose: text("purpose").notNull(),
    building_id: integer("building_id").references(() => buildings.id, { onDelete: "set null" }),
    created_by_id: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("stored_files_building_idx").on(t.building_id, t.purpose)],
);
