import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../db/client.ts";
import { smsMessages } from "../db/schema/index.ts";

/**
 * Text messages through a pluggable provider. Every text is first a row of the SMS outbox
 * (sms_messages); with a provider set it is delivered in the background, without one it stays
 * there with status 'outbox' (like mail without SMTP).
 *
 *   setSmsProvider({ name: "twilio", send: async ({ to, body }) => ({ id: "SM123" }) });
 *   await sendSms({ db, log }, { kind: "package_notice", to: "(212) 555-0199", body, building_id });
 *
 * A provider is a plain object, so an installation plugs in Twilio, SNS, an HTTP gateway … at
 * start-up; tests plug in a fake one.
 */
export interface SmsProvider {
  name: string;
  send(msg: { to: string; body: string }): Promise<{ id?: string | null }>;
}

export type SmsStatus = "outbox" | "queued" | "sending" | "sent" | "failed";

export interface SmsDeps {
  db: DbOrTx;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
  /** Defaults to the provider set with setSmsProvider (none: texts stay in the outbox). */
  smsProvider?: SmsProvider | null;
}

export interface SmsMessage {
  kind: string;
  to: string;
  to_name?: string;
  body: string;
  building_id?: number | null;
  related?: { entity_type: string; entity_id: number } | null;
}

let current: SmsProvider | null = null;

/** Plugs in (or, with null, removes) the provider for the whole process. */
export function setSmsProvider(provider: SmsProvider | null): void {
  current = provider;
}

/** Digits with an optional leading '+'; null when it cannot be a phone number. */
export function normalisePhone(phone: string | null | undefined): string | null {
  const raw = (phone ?? "").trim();
  if (!raw) return null;
  const digits = raw.replace(/[^\d]/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  return raw.startsWith("+") ? `+${digits}` : digits;
}

/** Writes the text to the outbox and, when a provider is set, delivers it in the background. */
export async function sendSms(deps: SmsDeps, msg: SmsMessage): Promise<{ id: number; status: SmsStatus } | null> {
  const to = normalisePhone(msg.to);
  if (!to) return null;
  const provider = deps.smsProvider === undefined ? current : deps.smsProvider;
  const status: SmsStatus = provider ? "queued" : "outbox";
  const [row] = await deps.db
    .insert(smsMessages)
    .values({
      building_id: msg.building_id ?? null,
      kind: msg.kind,
      to_number: to,
      to_name: msg.to_name ?? "",
      body: msg.body,
      status,
      provider: provider?.name ?? null,
      related_entity_type: msg.related?.entity_type ?? null,
      related_entity_id: msg.related?.entity_id ?? null,
    })
    .returning({ id: smsMessages.id });
  if (provider) {
    setImmediate(() => {
      deliverSms(deps, row.id, provider).catch((err) => deps.log?.error({ err, id: row.id }, "text delivery failed"));
    });
  }
  return { id: row.id, status };
}

/** Sends one queued text through the provider (claims the row first). */
export async function deliverSms(
  deps: SmsDeps,
  id: number,
  provider: SmsProvider | null = current,
): Promise<SmsStatus | "skipped"> {
  if (!provider) return "skipped";
  const claimed = await deps.db
    .update(smsMessages)
    .set({ attempts: sql`${smsMessages.attempts} + 1`, status: "sending" })
    .where(sql`${smsMessages.id} = ${id} and ${smsMessages.status} = 'queued'`)
    .returning();
  if (!claimed.length) return "skipped";
  const m = claimed[0];
  try {
    const res = await provider.send({ to: m.to_number, body: m.body });
    await deps.db
      .update(smsMessages)
      .set({
        status: "sent",
        sent_at: sql`now()`,
        provider: provider.name,
        provider_message_id: res.id ?? null,
        error: null,
      })
      .where(eq(smsMessages.id, id));
    return "sent";
  } catch (err) {
    await deps.db
      .update(smsMessages)
      .set({ status: "failed", error: String((err as Error)?.message ?? err).slice(0, 2000) })
      .where(eq(smsMessages.id, id));
    deps.log?.warn({ err, id }, "text delivery failed");
    return "failed";
  }
}
