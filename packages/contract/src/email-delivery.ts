import { z } from "zod";

/**
 * What became of one e-mail to one recipient (document 3, Email record: mandrill_state). Every
 * message the product sends has one recipient row per address, memos and letters as well as
 * automatic mails (AUTO), and each row moves through these states as the mail server and the
 * provider's events report back.
 */
export const MAIL_STATES = [
  "queued",
  "sent",
  "delivered",
  "deferred",
  "soft-bounced",
  "bounced",
  "rejected",
  "spam",
] as const;
export const MailState = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof MailState>;

export const MAIL_STATE_DISPLAY: Record<MailState, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  deferred: "Deferred",
  "soft-bounced": "Soft bounced",
  bounced: "Bounced",
  rejected: "Rejected",
  spam: "Marked as spam",
};

/** States after which the address is not mailed again until the resident's e-mail changes. */
export const SUPPRESSING_STATES: readonly MailState[] = ["bounced", "spam"];

/** The kinds of email record in the history: building memos, printed letters, automatic mails. */
export const EMAIL_RECORD_TYPES = ["MEMO", "LETTER", "AUTO"] as const;
export const EmailRecordType = z.enum(EMAIL_RECORD_TYPES);
export type EmailRecordType = z.infer<typeof EmailRecordType>;

/** Shown on a resident whose address bounced or complained, until the address changes. */
export const EMAIL_BOUNCED_LABEL = "Email bounced";

/**
 * The services that report what became of a message: `POST /api/v1/emails/events/{provider}/`.
 * - generic: our own JSON events signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature);
 * - mailgun, sendgrid, postmark, ses: the providers' own webhooks, checked with their own signatures;
 * - dsn: a raw bounce message (delivery status notification) returned to the VERP address.
 */
export const MAIL_EVENT_PROVIDERS = ["generic", "mailgun", "sendgrid", "postmark", "ses", "dsn"] as const;
export const MailEventProvider = z.enum(MAIL_EVENT_PROVIDERS);
export type MailEventProvider = z.infer<typeof MailEventProvider>;
export const isMailEventProvider = (p: string): p is MailEventProvider =>
  (MAIL_EVENT_PROVIDERS as readonly string[]).includes(p);

/** The event names of the generic webhook, and what each makes of the recipient's state. */
export const GENERIC_MAIL_EVENTS = [
  "delivered",
  "deferred",
  "soft_bounce",
  "hard_bounce",
  "rejected",
  "complaint",
  "open",
] as const;
export const GenericMailEvent = z.enum(GENERIC_MAIL_EVENTS);
export type GenericMailEvent = z.infer<typeof GenericMailEvent>;

/** The state an event moves a recipient to; an open also counts one more open (and implies delivery). */
export const MAIL_EVENT_STATE: Record<GenericMailEvent, MailState> = {
  delivered: "delivered",
  deferred: "deferred",
  soft_bounce: "soft-bounced",
  hard_bounce: "bounced",
  rejected: "rejected",
  complaint: "spam",
  open: "delivered",
};

/** How far a provider's event timestamp may be from now (seconds) before the event is refused. */
export const MAIL_EVENT_TOLERANCE_SECONDS = 5 * 60;

/** The body of a generic event: `{type, data: {message_id, email, reason?}}` (message_id: our outbox id). */
export const GenericMailEventBody = z.object({
  type: GenericMailEvent,
  timestamp: z.string().optional(),
  data: z.object({
    message_id: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]),
    email: z.string().max(254),
    reason: z.string().max(2000).optional(),
  }),
});
export type GenericMailEventBody = z.infer<typeof GenericMailEventBody>;

/**
 * One event of any provider in one shape: which message (`message_id`, the outbox id carried in
 * the headers the mail layer sets) to which address, what happened (`event`), the state it sets.
 * Events a provider sends that change nothing here (clicks, 'processed' …) are left out.
 */
export const DeliveryEvent = z.object({
  event_id: z.string(),
  message_id: z.number().int().nullable(),
  email: z.string(),
  event: GenericMailEvent,
  state: MailState,
  reason: z.string().nullable(),
  /** When it happened, ISO 8601 (null: when it was received). */
  timestamp: z.string().nullable(),
});
export type DeliveryEvent = z.infer<typeof DeliveryEvent>;

/** The reply to a delivery call: events received, applied to a recipient, and ignored (replays, unknown). */
export const MailEventsResult = z.object({
  received: z.number().int(),
  applied: z.number().int(),
  ignored: z.number().int(),
});
export type MailEventsResult = z.infer<typeof MailEventsResult>;

/** The reason kept when an address is suppressed. */
export const SUPPRESSION_REASON: Partial<Record<MailState, "bounced" | "spam">> = { bounced: "bounced", spam: "spam" };
