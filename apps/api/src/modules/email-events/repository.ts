import { sql } from "drizzle-orm";
import type { MailState } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { emailEvents } from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";

/* Delivery events: the record of each event received, and the recipient rows and suppressions they move. */

interface StoredEvent {
  provider: string;
  event_id: string;
  message_id: number | null;
  email: string;
  event: string;
  state: string | null;
  payload: unknown;
  occurred_at: Date | null;
}

/** Records an event; null when (provider, event_id) was received before (a replay). */
export async function recordEvent(db: DbOrTx, e: StoredEvent): Promise<number | null> {
  const rows = await db
    .insert(emailEvents)
    .values({
      ...e,
      // The message may be gone (or never ours): the event is kept without it.
      message_id: e.message_id === null ? null : sql`(select m.id from email_messages m where m.id = ${e.message_id})`,
    })
    .onConflictDoNothing({ target: [emailEvents.provider, emailEvents.event_id] })
    .returning({ id: emailEvents.id });
  return rows[0]?.id ?? null;
}

export async function setEventRecipient(db: DbOrTx, eventId: number, recipientId: number) {
  await db.execute(sql`update email_events set recipient_id = ${recipientId} where id = ${eventId}`);
}

/** The recipient row of one message to one address, locked for the change. */
export async function lockRecipient(
  db: DbOrTx,
  messageId: number,
  email: string,
): Promise<{ id: number; state: MailState | null } | null> {
  const [row] = rowsOf<{ id: number; state: MailState | null }>(
    await db.execute(sql`select id, state from email_recipients
      where message_id = ${messageId} and lower(email) = ${email.toLowerCase()}
      order by id limit 1 for update`),
  );
  return row ? { id: Number(row.id), state: row.state } : null;
}

export async function updateRecipient(
  db: DbOrTx,
  id: number,
  change: { state: MailState; reason: string | null; opened: boolean; stateChanged: boolean },
) {
  await db.execute(sql`update email_recipients set
      opens = opens + ${change.opened ? 1 : 0}
      ${change.stateChanged ? sql`, state = ${change.state}, reject_reason = ${change.reason}, state_changed_at = now()` : sql``}
    where id = ${id}`);
}

/** The address is not mailed again (the first reason stays). */
export async function suppress(db: DbOrTx, email: string, reason: "bounced" | "spam", recipientId: number | null) {
  await db.execute(sql`insert into email_suppressions (email, reason, recipient_id)
    values (${email.toLowerCase()}, ${reason}, ${recipientId}) on conflict (email) do nothing`);
}
