import fp from "fastify-plugin";
import nodemailer, { type Transporter } from "nodemailer";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  emailMessages,
  emailRecipients,
  emailSuppressions,
  type MailAttachment,
  type MailRecipient,
} from "../db/schema/index.ts";
import { readFileBytes, tokenFromUrl, type FileDeps } from "./files.ts";

export type { MailAttachment };
import type { JobQueue } from "./jobs.ts";
import { rowsOf } from "./sql.ts";

/**
 * The mail layer. Every message is first a row of the outbox (email_messages), then, when
 * SMTP_URL is set, delivered by the job queue ('mail-deliver'; a sweep every 5 minutes retries
 * what is left). A request never waits on SMTP. Without SMTP_URL the message stays in the
 * outbox with status 'outbox' and shows in email history. Every message also has an email record
 * (AUTO with its kind, or the memo's record) and one email_recipients row per address, whose
 * state follows delivery (queued → sent | rejected | deferred; without SMTP_URL: sent).
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
  /** Where attachments stored once (by URL) are read from (the app: itself). */
  files?: FileDeps;
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
  /** false: no email record nor recipient rows (a memo's preview to its sender). */
  history?: boolean;
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

/** Why a suppressed address gets no mail (its recipient row is 'rejected' with this). */
export const SUPPRESSED_REASON = "Address suppressed after a bounce or complaint";

/** The domain of the sender address (MAIL_DOMAIN): message ids and the VERP return path use it. */
export const mailDomainOf = (mailFrom: string): string => {
  const m = /@([^\s>]+)>?\s*$/.exec(mailFrom);
  return (m ? m[1] : "portico.local").toLowerCase();
};
/** The envelope sender of a message: bounces come back to it (VERP). */
export const returnPathOf = (id: number, mailFrom: string) => `bounces+${id}@${mailDomainOf(mailFrom)}`;
/** The Message-ID of a message. */
export const messageIdOf = (id: number, mailFrom: string) => `<portico-${id}@${mailDomainOf(mailFrom)}>`;
/** The headers that let every provider's events and DSNs name the message. */
export function trackingHeaders(id: number): Record<string, string> {
  return {
    "X-Portico-Message-Id": String(id),
    "X-Mailgun-Variables": JSON.stringify({ portico_message_id: String(id) }),
    "X-SMTPAPI": JSON.stringify({ unique_args: { portico_message_id: String(id) } }),
    "X-PM-Metadata-portico_message_id": String(id),
    "X-SES-MESSAGE-TAGS": `portico_message_id=${id}`,
  };
}

/** A recipient of a batch: an address (null: not mailed, e.g. a letter printed for the unit) and who it is. */
export interface BatchRecipient {
  email: string | null;
  name?: string;
  occupant_id?: number | null;
  occupancy_id?: number | null;
  apartment_id?: number | null;
  apartment_number?: string | null;
}

/** What the messages of a batch share. */
export interface BatchMessage {
  kind: string;
  record_id: number;
  subject: string;
  html?: string;
  text?: string;
  building_id?: number | null;
  from?: string;
  attachments?: MailAttachment[];
}

const lower = (e: string) => e.trim().toLowerCase();

/** The suppressed addresses among these (lower-cased). */
async function suppressedAmong(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, [...new Set(emails.map(lower))]));
  return new Set(rows.map((r) => r.email));
}

/** Hands queued messages to delivery: a job each, or in this process when the queue is not running here. */
async function startDelivery(deps: MailDeps, ids: number[]): Promise<void> {
  for (const id of ids) {
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
}

/**
 * Sends one message per recipient of a record (memos, letters) in a few statements: the outbox
 * rows, then one recipient row each (state 'queued', or 'sent' without SMTP; a suppressed address
 * 'rejected'; no address: state null, not mailed), then a 'mail-deliver' job each.
 * Returns how many messages were written.
 */
export async function sendMailBatch(
  deps: MailDeps,
  msg: BatchMessage,
  recipients: BatchRecipient[],
): Promise<{ sent: number; suppressed: number; unmailed: number }> {
  const seen = new Set<string>();
  const list = recipients.map((r) => {
    const email = r.email?.trim() || null;
    const ok = !!email && EMAIL_RE.test(email) && !seen.has(lower(email));
    if (ok) seen.add(lower(email));
    return { ...r, email: ok ? email : null };
  });
  const suppressed = await suppressedAmong(
    deps.db,
    list.flatMap((r) => (r.email ? [r.email] : [])),
  );
  const mailable = list.filter((r) => r.email && !suppressed.has(lower(r.email)));
  const status: MailStatus = deps.config.smtpUrl ? "queued" : "outbox";
  const messages = mailable.length
    ? await deps.db
        .insert(emailMessages)
        .values(
          mailable.map((r) => ({
            building_id: msg.building_id ?? null,
            kind: msg.kind,
            subject: msg.subject,
            body_html: msg.html ?? "",
            body_text: msg.text ?? "",
            sender: msg.from ?? deps.config.mailFrom,
            recipients: [r.name ? { email: r.email!, name: r.name } : { email: r.email! }],
            status,
            attachments: msg.attachments ?? [],
            record_id: msg.record_id,
          })),
        )
        .returning({ id: emailMessages.id })
    : [];
  const state = deps.config.smtpUrl ? "queued" : "sent";
  const messageOf = new Map(mailable.map((r, i) => [lower(r.email!), messages[i].id]));
  if (list.length)
    await deps.db.insert(emailRecipients).values(
      list.map((r) => {
        const isSuppressed = !!r.email && suppressed.has(lower(r.email));
        return {
          record_id: msg.record_id,
          message_id: r.email && !isSuppressed ? (messageOf.get(lower(r.email)) ?? null) : null,
          occupant_id: r.occupant_id ?? null,
          occupancy_id: r.occupancy_id ?? null,
          apartment_id: r.apartment_id ?? null,
          apartment_number: r.apartment_number ?? null,
          name: r.name ?? "",
          email: r.email,
          state: !r.email ? null : isSuppressed ? "rejected" : state,
          reject_reason: isSuppressed ? SUPPRESSED_REASON : null,
          state_changed_at: r.email ? sql`now()` : null,
        };
      }),
    );
  if (status === "queued")
    await startDelivery(
      deps,
      messages.map((m) => m.id),
    );
  return {
    sent: messages.length,
    suppressed: list.filter((r) => r.email && suppressed.has(lower(r.email))).length,
    unmailed: list.filter((r) => !r.email).length,
  };
}

/**
 * Writes the message to the outbox, with its email record (AUTO, kind) and a recipient row per
 * address, and hands it to delivery. Suppressed addresses are not mailed (their rows are
 * 'rejected'). Returns the row id and status, or null when there is no address to mail or the
 * dedupe key was already used.
 */
export async function sendMail(deps: MailDeps, msg: MailMessage): Promise<{ id: number; status: MailStatus } | null> {
  const all = normaliseRecipients(msg.to);
  if (!all.length) return null;
  const status: MailStatus = deps.config.smtpUrl ? "queued" : "outbox";
  const sender = msg.from ?? deps.config.mailFrom;
  const history = msg.history !== false;
  const recipients = JSON.stringify(all);
  // One statement (a notice rides on a desk's write): the addresses not suppressed are mailed;
  // the message, its AUTO record and a recipient row per address (suppressed ones rejected) go
  // in together, or nothing when every address is suppressed or the dedupe key was used.
  const result = await deps.db.execute(sql`
    with addr as (
      select r.x, r.ord, exists (select 1 from email_suppressions s where s.email = lower(r.x->>'email')) as suppressed
      from jsonb_array_elements(${recipients}::jsonb) with ordinality as r(x, ord)
    ), ok as (
      select coalesce(jsonb_agg(x order by ord) filter (where not suppressed), '[]'::jsonb) as mailable from addr
    ), ids as (
      select case when ${history} then nextval(pg_get_serial_sequence('email_records', 'id'))::int end as rid
    ), msg as (
      insert into email_messages (building_id, kind, subject, body_html, body_text, sender, recipients, status,
        related_entity_type, related_entity_id, dedupe_key, attachments, record_id)
      select ${msg.building_id ?? null}::int, ${msg.kind}, ${msg.subject}, ${msg.html ?? ""}, ${msg.text ?? ""},
        ${sender}, ok.mailable, ${status}, ${msg.related?.entity_type ?? null}, ${msg.related?.entity_id ?? null}::int,
        ${msg.dedupe_key ?? null}, ${JSON.stringify(msg.attachments ?? [])}::jsonb, ids.rid
      from ok, ids where jsonb_array_length(ok.mailable) > 0
      on conflict (dedupe_key) do nothing
      returning id, record_id
    ), rec as (
      insert into email_records (id, building_id, type, kind, subject, body_html, body_text, sender_name,
        sender_email, recipient_count)
      select msg.record_id, ${msg.building_id ?? null}::int, 'AUTO', ${msg.kind}, ${msg.subject}, ${msg.html ?? ""},
        ${msg.text ?? ""}, ${/^\s*"?([^"<]*?)"?\s*</.exec(sender)?.[1] ?? ""}, ${/<([^>]+)>/.exec(sender)?.[1] ?? sender},
        ${all.length}::int
      from msg where msg.record_id is not null
      returning id
    ), rcp as (
      insert into email_recipients (record_id, message_id, name, email, state, reject_reason, state_changed_at)
      select msg.record_id, case when addr.suppressed then null else msg.id end, coalesce(addr.x->>'name', ''),
        addr.x->>'email', case when addr.suppressed then 'rejected' else ${deps.config.smtpUrl ? "queued" : "sent"} end,
        case when addr.suppressed then ${SUPPRESSED_REASON} end, now()
      from msg, addr where msg.record_id is not null
    )
    select id from msg`);
  const rows = rowsOf<{ id: number }>(result);
  if (!rows.length) return null;
  const id = Number(rows[0].id);
  if (status === "queued") await startDelivery(deps, [id]);
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

/** The mail parts of stored attachments (bytes inline, or read from lib/files). */
async function partsOf(deps: MailDeps, attachments: MailAttachment[]) {
  const out = [];
  for (const a of attachments) {
    let content: Buffer | null = a.content_base64 !== undefined ? Buffer.from(a.content_base64, "base64") : null;
    if (content === null && a.url && deps.files) {
      const token = tokenFromUrl(a.url);
      content = token ? await readFileBytes(deps.files, token) : null;
    }
    if (content === null) throw new Error(`attachment ${a.filename} is missing`);
    out.push({
      filename: a.filename,
      contentType: a.content_type,
      content,
      ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
    });
  }
  return out;
}

/** An SMTP error's reply code (5xx: permanent), when it has one. */
const smtpCodeOf = (err: unknown): number | null => {
  const c = (err as { responseCode?: unknown })?.responseCode;
  return typeof c === "number" ? c : null;
};
const smtpReplyOf = (err: unknown): string =>
  String((err as { response?: unknown })?.response ?? (err as Error)?.message ?? err).slice(0, 2000);

/** Sets the state of a message's recipient rows (those still waiting, or the given addresses). */
async function setRecipientState(
  db: DbOrTx,
  messageId: number,
  state: "sent" | "deferred" | "rejected",
  reason: string | null,
  emails?: string[],
): Promise<void> {
  await db
    .update(emailRecipients)
    .set({ state, reject_reason: reason, state_changed_at: sql`now()` })
    .where(
      and(
        eq(emailRecipients.message_id, messageId),
        inArray(emailRecipients.state, ["queued", "deferred"]),
        emails?.length ? inArray(sql`lower(${emailRecipients.email})`, emails.map(lower)) : undefined,
      ),
    );
}

/**
 * Delivers one outbox row over SMTP (the 'mail-deliver' job). Claims the row first, so two
 * workers never send the same message. The envelope sender is the VERP return path
 * (bounces+{id}@MAIL_DOMAIN) and the tracking headers name the message. Recipient rows become
 * 'sent'; an SMTP 5xx reply makes them 'rejected' with the reply (no retry); 4xx and network
 * failures 'deferred', back to 'queued' for the sweep, and to 'failed' after MAIL_MAX_ATTEMPTS.
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
    const info = (await transportFor(url).sendMail({
      from: m.sender,
      to: m.recipients.map((r) => (r.name ? { name: r.name, address: r.email } : r.email)),
      subject: m.subject,
      html: m.body_html || undefined,
      text: m.body_text || undefined,
      messageId: messageIdOf(m.id, deps.config.mailFrom),
      // As written (JSON values are not MIME-encoded: providers read them raw).
      headers: Object.fromEntries(
        Object.entries(trackingHeaders(m.id)).map(([k, value]) => [k, { prepared: true, value }]),
      ),
      envelope: { from: returnPathOf(m.id, deps.config.mailFrom), to: m.recipients.map((r) => r.email) },
      attachments: await partsOf(deps, m.attachments ?? []),
    })) as { rejected?: (string | { address: string })[]; rejectedErrors?: unknown[] };
    const rejected = (info.rejected ?? []).map((r) => (typeof r === "string" ? r : r.address));
    if (rejected.length)
      await setRecipientState(deps.db, id, "rejected", smtpReplyOf(info.rejectedErrors?.[0] ?? "rejected"), rejected);
    await setRecipientState(deps.db, id, "sent", null);
    await deps.db
      .update(emailMessages)
      .set({ status: "sent", sent_at: sql`now()`, error: null })
      .where(eq(emailMessages.id, id));
    return "sent";
  } catch (err) {
    const code = smtpCodeOf(err);
    const permanent = code !== null && code >= 500;
    const status: MailStatus = permanent || m.attempts >= MAIL_MAX_ATTEMPTS ? "failed" : "queued";
    await setRecipientState(deps.db, id, permanent ? "rejected" : "deferred", permanent ? smtpReplyOf(err) : null);
    await deps.db
      .update(emailMessages)
      .set({ status, error: smtpReplyOf(err) })
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
    const deps: MailDeps = { db: app.db, config: app.config, jobs: app.jobs, log: app.log, files: app };
    app.jobs.work<{ id: number }>(MAIL_DELIVER_JOB, async (data) => deliverMail(deps, Number(data.id)), {
      retryLimit: 0,
    });
    app.jobs.work(MAIL_SWEEP_JOB, async () => sweepMail(deps), { retryLimit: 0 });
    app.jobs.schedule(MAIL_SWEEP_JOB, "*/5 * * * *");
  },
  { name: "portico-mail", dependencies: ["portico-jobs"] },
);
