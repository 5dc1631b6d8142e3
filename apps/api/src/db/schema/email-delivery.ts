import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { emailMessages } from "./mail.ts";
import { writtenAt } from "./columns.ts";

/**
 * Every delivery event received from a provider or as a bounce message (POST /emails/events/{provider}/).
 * (provider, event_id) is unique: a replayed event is recognised and changes nothing.
 * `message_id` is the outbox message it names, `recipient_id` the recipient row it moved (null: none matched).
 */
export const emailEvents = pgTable(
  "email_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    event_id: text("event_id").notNull(),
    message_id: integer("message_id").references(() => emailMessages.id, { onDelete: "set null" }),
    recipient_id: integer("recipient_id"),
    email: text("email").notNull().default(""),
    event: text("event").notNull(),
    state: text("state"),
    payload: jsonb("payload").$type<unknown>(),
    occurred_at: timestamp("occurred_at", { withTimezone: true }),
    received_at: writtenAt("received_at"),
  },
  (t) => [uniqueIndex("email_events_provider_event_idx").on(t.provider, t.event_id)],
);
