import type { FastifyBaseLogger } from "fastify";
import {
  type DeliveryEvent,
  isMailEventProvider,
  type MailEventsResult,
  type MailState,
  SUPPRESSION_REASON,
} from "@portico/contract";
import type { Config } from "../../config.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { NotFoundError, PermissionDeniedError, UnauthorizedError } from "../../lib/errors.ts";
import { ADAPTERS, type RawMailEvent } from "./adapters/index.ts";
import * as repo from "./repository.ts";

/** How far each state has come: an event never moves a recipient back (an open counts either way). */
const RANK: Record<MailState, number> = {
  queued: 0,
  sent: 1,
  deferred: 2,
  "soft-bounced": 2,
  delivered: 3,
  rejected: 4,
  bounced: 4,
  spam: 5,
};

/**
 * The state a recipient moves to on an event, or null to keep the one it has: never back to
 * queued or sent, 'delivered' (an open too) never over a bounce, rejection or complaint, a delay
 * never over a delivery.
 */
export function nextState(current: MailState | null, event: Pick<DeliveryEvent, "state">): MailState | null {
  if (current === null) return event.state;
  if (current === event.state) return null;
  return RANK[event.state] >= RANK[current] ? event.state : null;
}

interface ApplyOutcome {
  recipientId: number | null;
  state: MailState | null;
}

/**
 * Applies one normalized event (the only writer of the delivery state besides the mail layer):
 * the recipient row of the message and address moves by `nextState`, keeping the reason; an
 * open counts one more open; a hard bounce or complaint suppresses the address (whether or not
 * the message is still known).
 */
export async function applyDeliveryEvent(
  tx: DbOrTx,
  e: DeliveryEvent,
  eventRowId: number | null,
): Promise<ApplyOutcome> {
  let out: ApplyOutcome = { recipientId: null, state: null };
  const recipient = e.message_id !== null ? await repo.lockRecipient(tx, e.message_id, e.email) : null;
  if (recipient) {
    const state = nextState(recipient.state, e);
    const opened = e.event === "open";
    if (state || opened)
      await repo.updateRecipient(tx, recipient.id, {
        state: state ?? recipient.state ?? e.state,
        reason: state === "delivered" ? null : e.reason,
        opened,
        stateChanged: state !== null,
      });
    if (eventRowId !== null) await repo.setEventRecipient(tx, eventRowId, recipient.id);
    out = { recipientId: recipient.id, state: state ?? recipient.state };
  }
  const suppression = SUPPRESSION_REASON[e.state];
  if (suppression && e.email) await repo.suppress(tx, e.email, suppression, recipient?.id ?? null);
  return out;
}

interface EventsDeps {
  db: Db;
  config: Pick<Config, "mailEvents">;
  log: Pick<FastifyBaseLogger, "warn">;
}

/**
 * POST /emails/events/{provider}/: the provider's adapter checks the call (403 while the provider
 * is not configured, 401 for a bad signature or a stale timestamp) and reads its events; each is
 * recorded once (a replay of provider + event id is ignored) and applied.
 */
export async function receiveMailEvents(
  deps: EventsDeps,
  provider: string,
  raw: RawMailEvent,
): Promise<MailEventsResult> {
  if (!isMailEventProvider(provider)) throw new NotFoundError();
  const adapter = ADAPTERS[provider];
  const cfg = deps.config.mailEvents;
  if (!adapter.configured(cfg))
    throw new PermissionDeniedError("Delivery events from this provider are not configured.");
  if (!adapter.verify(raw, cfg)) throw new UnauthorizedError("Invalid signature.");
  let events: DeliveryEvent[];
  try {
    events = await adapter.parse(raw);
  } catch (err) {
    deps.log.warn({ err, provider }, "unreadable delivery event");
    events = [];
  }
  let applied = 0;
  for (const e of events) {
    const moved = await deps.db.transaction(async (tx) => {
      const rowId = await repo.recordEvent(tx, {
        provider,
        event_id: e.event_id,
        message_id: e.message_id,
        email: e.email,
        event: e.event,
        state: e.state,
        payload: e,
        occurred_at: e.timestamp ? new Date(e.timestamp) : null,
      });
      return rowId !== null && (await applyDeliveryEvent(tx, e, rowId)).recipientId !== null;
    });
    if (moved) applied++;
  }
  return { received: events.length, applied, ignored: events.length - applied };
}
