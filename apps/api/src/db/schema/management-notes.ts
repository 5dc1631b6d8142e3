import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { belongsTo, timestamps, writtenAt } from "./columns.ts";

/**
 * A note from management to the staff of a building. ack_version starts at 1 and grows when an
 * edit asks everyone to acknowledge again; an acknowledgement counts for the version it names.
 * is_active false: expired (final).
 */
export const managementNotes = pgTable(
  "management_notes",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    body: text("body").notNull(),
    is_require_acknowledgement: boolean("is_require_acknowledgement").notNull().default(false),
    is_active: boolean("is_active").notNull().default(true),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    ack_version: integer("ack_version").notNull().default(1),
    ...timestamps(),
  },
  (t) => [index("management_notes_list_idx").on(t.building_id, t.is_active, sql`${t.date_created} desc`, t.id)],
);

/** A user's acknowledgement of one version of a note. */
export const managementNoteAcknowledgements = pgTable(
  "management_note_acknowledgements",
  {
    id: serial("id").primaryKey(),
    note_id: belongsTo("note_id", () => managementNotes.id),
    user_id: belongsTo("user_id", () => users.id),
    version: integer("version").notNull(),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    uniqueIndex("management_note_acknowledgements_uq").on(t.note_id, t.user_id, t.version),
    index("management_note_acknowledgements_user_idx").on(t.user_id, t.note_id),
  ],
);
