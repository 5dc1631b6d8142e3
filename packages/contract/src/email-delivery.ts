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
