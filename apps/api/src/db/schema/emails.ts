import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { emailMessages } from "./mail.ts";
import { belongsTo, writtenAt } from "./columns.ts";

/**
 * An email record: one send as the history shows it. MEMO and LETTER are written by managers
 * (a letter also lists residents without e-mail, printed for their unit); AUTO is every automatic
 * mail of the product (kind: the mail's kind, e.g. 'package_notice'). body_html is sanitized.
 * additional_recipients: the extra addresses, joined with ';'.
 */
export const emailRecords = pgTable(
  "email_records",
  {
    id: serial("id").primaryKey(),
    building_id: integer("building_id").references(() => buildings.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    kind: text("kind"),
    subject: text("subject").notNull().default(""),
    body_html: text("body_html").notNull().default(""),
    body_text: text("body_text").notNull().default(""),
    sender_name: text("sender_name").notNull().default(""),
    sender_email: text("sender_email").notNull().default(""),
    sender_user_id: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    recipient_count: integer("recipient_count").notNull().default(0),
    additional_recipients: text("additional_recipients").notNull().default(""),
    club_id: integer("club_id"),
    is_portfolio: boolean("is_portfolio").notNull().default(false),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    index("email_records_building_type_date_idx").on(t.building_id, t.type, t.date_created.desc()),
    index("email_records_date_idx").on(t.date_created.desc()),
  ],
);

/** A file of a record, stored once with lib/files (url) and sent with each message. */
export const emailRecordAttachments = pgTable(
  "email_record_attachments",
  {
    id: serial("id").primaryKey(),
    record_id: belongsTo("record_id", () => emailRecords.id),
    name: text("name").notNull(),
    content_type: text("content_type").notNull().default("application/octet-stream"),
    size: integer("size").notNull().default(0),
    url: text("url").notNull(),
  },
  (t) => [index("email_record_attachments_record_idx").on(t.record_id)],
);

/**
 * One recipient of a record: the resident (occupant, unit) when it is one, the address (null: not
 * mailed, e.g. a letter printed for the unit), and what became of the message (state, one of
 * MAIL_STATES; null when not mailed), reject_reason, opens.
 */
export const emailRecipients = pgTable(
  "email_recipients",
  {
    id: serial("id").primaryKey(),
    record_id: belongsTo("record_id", () => emailRecords.id),
    message_id: integer("message_id").references(() => emailMessages.id, { onDelete: "set null" }),
    occupant_id: integer("occupant_id"),
    occupancy_id: integer("occupancy_id"),
    apartment_id: integer("apartment_id"),
    apartment_number: text("apartment_number"),
    name: text("name").notNull().default(""),
    email: text("email"),
    state: text("state"),
    reject_reason: text("reject_reason"),
    opens: integer("opens").notNull().default(0),
    state_changed_at: timestamp("state_changed_at", { withTimezone: true }),
    date_created: writtenAt("date_created"),
  },
  (t) => [
    index("email_recipients_record_idx").on(t.record_id),
    index("email_recipients_occupant_idx").on(t.occupant_id),
    index("email_recipients_email_idx").on(sql`lower(${t.email})`),
    index("email_recipients_message_idx").on(t.message_id),
  ],
);

/** Addresses not mailed again (lower-cased): a hard bounce or a spam complaint. */
export const emailSuppressions = pgTable("email_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  recipient_id: integer("recipient_id"),
  date_created: writtenAt("date_created"),
});
