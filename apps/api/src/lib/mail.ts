import fp from "fastify-plugin";
import nodemailer, { type Transporter } from "nodemailer";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { emailMessages, type MailAttachment, type MailRecipient } from "../db/schema/index.ts";
import type { JobQueue } from "./jobs.ts";

/**
 * The mail layer. Every message is first a row of the outbox (email_messages), then, when
 * SMTP_URL is set, delivered by the job queue ('mail-deliver'; a sweep every 5 minutes retries
 * what is left). A request never waits on SMTP. Without SMTP_URL the message stays in the
 * outbox with status 'outbox' and shows in email history.
 *
 *   await sendMail(app, { kind: "shift_log_nightly", to: ["a@x.com"], subject, html, text,
 *                         building_id, related: { entity_type: "building", entity_id: 3 },
 *                         dedupe_key: "shift-log-nightly:3:2025-01-14" });
 *
 * Call it with the root database (not inside a transaction that may still roll back): when the
 * queue is not running on this instance, delivery starts in the background at once.
 */
export interface MailDeps {
  db: DbOrTx;
  config: Pick<Config, "smtpUrl" | "mailFrom">;
  jobs?: JobQueue | null;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
}

export interface MailMessage {
  /** What the message is ('shift_log_nightly', 'tracking_shift_log_notes', 'package_notice' …). */
  kind: string;
  to: (string | MailRecipient)[];
  subject: string;
  html?: string;
  text?: string;
  building_id?: number | null;
  related?: { entity_type: string; entity_id: number } | null;
  /** Unique key: a second send with the same key does nothing and returns null. */
  dedupe_key?: string | null;
  /** Defaults to config.mailFrom. */
  from?: string;
  /** Files sent with it (inline when they have a cid). */
  attachments?: MailAttachment[];
}

export type MailStatus = "outbox" | "queued" | "sending" | "sent" | "failed";

export const MAIL_DELIVER_JOB = "mail-deliver";
export const MAIL_SWEEP_JOB = "mail-sweep";
export const MAIL_MAX_ATTEMPTS = 5;

const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Normalises recipients: trims, drops invalid addresses and duplicates (case-insensitive). */
export function normaliseRecipients(to: (string | MailRecipient)[]): MailRecipient[] {
  const seen = new Set<string>();
  const out: MailRecipient[] = [];
  for (const r of to) {
    const rec = typeof r === "string" ? { email: r } : r;
    const email = rec.email?.trim();
    if (!email || !EMAIL_RE.test(email)) continue;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(rec.name ? { email, name: rec.name } : { email });
  }
  return out;
}

/** 'a@x.com; b@y.com' (the settings format; commas tolerated) → addresses. */
export function splitRecipients(list: string | null | undefined): string[] {
  return (list ?? "")
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * Writes the message to the outbox and hands it to delivery. Returns the row id and status,
 * or null when there is no valid recipient or the dedupe key was already used.
 */
export async function sendMail(deps: MailDeps, msg: MailMessage): Promise<{ id: number; status: MailStatus } | null> {
  const recipients = normaliseRecipients(msg.to);
  if (!recipients.length) return null;
  const status: MailStatus = deps.config.smtpUrl ? "queued" : "outbox";
  const rows = await deps.db
    .insert(emailMessages)
    .values({
      building_id: msg.building_id ?? null,
      kind: msg.kind,
      subject: msg.subject,
      body_html: msg.html ?? "",
      body_text: msg.text ?? "",
      sender: msg.from ?? deps.config.mailFrom,
      recipients,
      status,
      related_entity_type: msg.related?.entity_type ?? null,
      related_entity_id: msg.related?.entity_id ?? null,
      dedupe_key: msg.dedupe_key ?? null,
      attachments: msg.attachments ?? [],
    })
    .onConflictDoNothing({ target: emailMessages.dedupe_key })
    .returning({ id: emailMessages.id });
  if (!rows.length) return null;
  const id = rows[0].id;
  if (status === "queued") {
    let queued: string | null = null;
    try {
      queued = (await deps.jobs?.send(MAIL_DELIVER_JOB, { id })) ?? null;
    } catch (err) {
      deps.log?.warn({ err, id }, "could not queue mail delivery; delivering in process");
    }
    if (!queued) {
      setImmediate(() => {
        deliverMail(deps, id).catch((err) => deps.log?.error({ err, id }, "mail delivery failed"));
      });
    }
  }
  return { id, status };
}

const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * Delivers one outbox row over SMTP (the 'mail-deliver' job). Claims the row first, so two
 * workers never send the same message. Failures go back to 'queued' for the sweep, and to
 * 'failed' after MAIL_MAX_ATTEMPTS.
 */
export async function deliverMail(deps: MailDeps, id: number): Promise<MailStatus | "skipped"> {
  const url = deps.config.smtpUrl;
  if (!url) return "skipped";
  const claimed = await deps.db
    .update(emailMessages)
    .set({ status: "sending", claimed_at: sql`now()`, attempts: sql`${emailMessages.attempts} + 1` })
    .where(
      sql`${emailMessages.id} = ${id} and (${emailMessages.status} = 'queued' or (${emailMessages.status} = 'sending' and ${emailMessages.claimed_at} < now() - interval '10 minutes'))`,
    )
    .returning();
  if (!claimed.length) return "skipped";
  const m = claimed[0];
  try {
    await transportFor(url).sendMail({
      from: m.sender,
      to: m.recipients.map((r) => (r.name ? { name: r.name, address: r.email } : r.email)),
      subject: m.subject,
      html: m.body_html || undefined,
      text: m.body_text || undefined,
      attachments: (m.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        content: Buffer.from(a.content_base64, "base64"),
        ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
      })),
    });
    await deps.db
      .update(emailMessages)
      .set({ status: "sent", sent_at: sql`now()`, error: null })
      .where(eq(emailMessages.id, id));
    return "sent";
  } catch (err) {
    const status: MailStatus = m.attempts >= MAIL_MAX_ATTEMPTS ? "failed" : "queued";
    await deps.db
      .update(emailMessages)
      .set({ status, error: String((err as Error)?.message ?? err).slice(0, 2000) })
      .where(eq(emailMessages.id, id));
    deps.log?.warn({ err, id, attempts: m.attempts }, "mail delivery failed");
    return status;
  }
}

/** Retries what is left queued (lost jobs, earlier failures after a pause); the 'mail-sweep' job. */
export async function sweepMail(deps: MailDeps, limit = 200): Promise<number> {
  if (!deps.config.smtpUrl) return 0;
  const rows = await deps.db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(
      sql`(${emailMessages.status} = 'queued' and coalesce(${emailMessages.claimed_at}, ${emailMessages.date_created}) < now() - interval '2 minutes')
        or (${emailMessages.status} = 'sending' and ${emailMessages.claimed_at} < now() - interval '10 minutes')`,
    )
    .orderBy(emailMessages.id)
    .limit(limit);
  let sent = 0;
  for (const r of rows) if ((await deliverMail(deps, r.id)) === "sent") sent++;
  return sent;
}

/**
 * Registers the mail jobs on app.jobs. Register once at the root, after lib/jobs.ts:
 * `await app.register(jobs); await app.register(mail);`
 */
export default fp(
  async (app) => {
    app.jobs.work<{ id: number }>(MAIL_DELIVER_JOB, async (data) => deliverMail(app, Number(data.id)), {
      retryLimit: 0,
    });
    app.jobs.work(MAIL_SWEEP_JOB, async () => sweepMail(app), { retryLimit: 0 });
    app.jobs.schedule(MAIL_SWEEP_JOB, "*/5 * * * *");
  },
  { name: "portico-mail", dependencies: ["portico-jobs"] },
);
