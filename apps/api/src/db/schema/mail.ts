import { index, integer, jsonb, pgTable, serial, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { buildings } from "./core.ts";
import { writtenAt } from "./columns.ts";
import { emailRecords } from "./emails.ts";

export interface MailRecipient {
  email: string;
  name?: string;
}

/**
 * A file sent with a message: its bytes (base64) or, for files stored once for many messages
 * (memos), their lib/files URL. With a cid it is an inline part the HTML shows (`<img src="cid:…">`).
 */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content_base64?: string;
  url?: string;
  cid?: string;
}

/**
 * The outbox: every message the product sends (nightly shift log, tracking notices, reminders,
 * memos …). Status: 'outbox' (no SMTP configured: kept here and shown in email history),
 * 'queued' (waiting for the mail job), 'sending' (claimed by a worker), 'sent', 'failed'.
 * `dedupe_key` (unique) makes a send idempotent, e.g. 'shift-log-nightly:3:2025-01-14'.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: serial("id").primaryKey(),
    building_id: integer("building_id").references(() => buildings.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    body_html: text("body_html").notNull().default(""),
    body_text: text("body_text").notNull().default(""),
    sender: text("sender").notNull(),
    recipients: jsonb("recipients").$type<MailRecipient[]>().notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    status: text("status").notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    claimed_at: timestamp("claimed_at", { withTimezone: true }),
    related_entity_type: text("related_entity_type"),
    related_entity_id: integer("related_entity_id"),
    dedupe_key: text("dedupe_key").unique(),
    date_created: writtenAt("date_created"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** The email record (history) this message belongs to. */
    record_id: integer("record_id").references((): AnyPgColumn => emailRecords.id, { onDelete: "set null" }),
  },
  (t) => [
    index("email_messages_building_date_idx").on(t.building_id, t.date_created.desc()),
    index("email_messages_status_idx").on(t.status, t.date_created),
    index("email_messages_related_idx").on(t.related_entity_type, t.related_entity_id),
    index("email_messages_record_idx").on(t.record_id),
  ],
);
