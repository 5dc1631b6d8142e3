import { z } from "zod";
import { Id, PageQuery } from "./common.ts";
import { EMAIL_RECORD_TYPES, EmailRecordType, MAIL_STATES, MailState } from "./email-delivery.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Email history (document 3 sections 2, 3 "Email record" and 7 "Email, memos"): every memo,
 * letter and automatic mail the building sent, with one recipient row per address and what
 * became of it. Every staff member reads it (email.history); resident addresses (email,
 * current_email) only reach callers with occupant.view_email, everybody else gets null.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** Email records: 50 a page. */
export const EMAIL_HISTORY_PAGE_SIZE = 50;
export const EMAIL_HISTORY_MAX_LIMIT = 1000;
/** A record's recipients: 50 a page (ours). */
export const EMAIL_RECIPIENTS_PAGE_SIZE = 50;
export const EMAIL_RECIPIENTS_MAX_LIMIT = 1000;
/** The longest search text (ours). */
export const EMAIL_HISTORY_SEARCH_MAX = 200;

/** The tabs of the history by record type (document 3 section 2). */
export const EMAIL_RECORD_TYPE_TABS: Record<EmailRecordType, string> = {
  MEMO: "Memos",
  LETTER: "Letters",
  AUTO: "Notifications",
};

/** The state filter of the recipients: a mail state, or 'none' for rows never mailed ('No email'). */
export const RECIPIENT_NOT_MAILED = "none";

// ---------------------------------------------------------------------------------------------
// Messages (ours; the spec gives none for the history)

export const EMAIL_HISTORY_MESSAGES = {
  listError: (message: string) => `An error occurred: ${message}`,
  noResults: MESSAGES.noResults,
  noEmail: "No email",
  noRecipients: "No recipients",
  noAttachments: "No attachments",
  noSubject: "(no subject)",
  notMailed: "Not mailed",
  searchLabel: "Search subject or text",
  senderOrRecipientLabel: "Sender or recipient",
  recordNotFound: "This email record does not exist or is not in this building.",
  bodyTitle: "Email body",
  opened: (n: number) => `${n} opened`,
  residentFilter: "Showing the emails of one resident",
  showAll: "Show all",
} as const;

// ---------------------------------------------------------------------------------------------
// Entities (section 3 "Email record")

export const EmailAttachment = z.object({
  name: z.string(),
  attachment_url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type EmailAttachment = z.infer<typeof EmailAttachment>;

/** How many recipients are in each state (states without one left out), and 'none': never mailed. */
export const EmailStateCounts = z.partialRecord(z.enum([...MAIL_STATES, RECIPIENT_NOT_MAILED]), z.number().int());
export type EmailStateCounts = z.infer<typeof EmailStateCounts>;

/**
 * One record of the history. kind: for AUTO mails the kind of mail (e.g. 'package_notice'),
 * null otherwise. state_counts and opened_count summarize the recipient rows (opened_count:
 * the recipients who opened it at least once).
 */
export const EmailRecord = z.object({
  id: z.number().int(),
  building_id: z.number().int().nullable(),
  type: EmailRecordType,
  kind: z.string().nullable(),
  subject: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  recipient_count: z.number().int(),
  additional_recipients: z.string(),
  is_portfolio: z.boolean(),
  date_created: z.string(),
  attachment_set: z.array(EmailAttachment),
  state_counts: EmailStateCounts,
  opened_count: z.number().int(),
});
export type EmailRecord = z.infer<typeof EmailRecord>;

/** GET /emails/records/{id}/: the record with its body (sanitized HTML) and its text part. */
export const EmailRecordDetail = EmailRecord.extend({
  body: z.string(),
  body_text: z.string(),
});
export type EmailRecordDetail = z.infer<typeof EmailRecordDetail>;

/**
 * One recipient of a record. email: the address it was sent to (null: not mailed, 'No email',
 * or the caller may not see resident addresses); current_email: the resident's address now
 * (null likewise, or no resident). mandrill_state: null when the row was never mailed.
 */
export const EmailRecipient = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  occupant_id: z.number().int().nullable(),
  occupancy_id: z.number().int().nullable(),
  apartment_number: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  current_email: z.string().nullable(),
  /** Whether the row has an address at all (true even when `email` is withheld from the caller). */
  has_email: z.boolean(),
  mandrill_state: MailState.nullable(),
  mandrill_state_display: z.string().nullable(),
  mandrill_reject_reason: z.string(),
  opens: z.number().int(),
  state_changed_at: z.string().nullable(),
});
export type EmailRecipient = z.infer<typeof EmailRecipient>;

// ---------------------------------------------------------------------------------------------
// Queries (section 7)

const searchText = z.string().trim().max(EMAIL_HISTORY_SEARCH_MAX, MESSAGES.maxLength(EMAIL_HISTORY_SEARCH_MAX));

/**
 * GET /emails/records/ — building_id (required), type MEMO|LETTER|AUTO, search (subject and
 * text), sender_or_recipient (sender name or e-mail, recipient names or e-mails), occupant_id
 * (records with a recipient row of that resident); limit (50, up to 1000), offset; newest first.
 */
export const EmailRecordQuery = PageQuery.extend({
  building_id: Id,
  type: z.enum(EMAIL_RECORD_TYPES, { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
  search: searchText.optional(),
  sender_or_recipient: searchText.optional(),
  occupant_id: Id.optional(),
  limit: z.coerce.number().int().min(1).max(EMAIL_HISTORY_MAX_LIMIT).optional(),
});
export type EmailRecordQuery = z.infer<typeof EmailRecordQuery>;
export type EmailRecordQueryInput = z.input<typeof EmailRecordQuery>;

/** GET /emails/records/{id}/ — building_id optional (another building's record → 404). */
export const EmailRecordDetailQuery = z.object({ building_id: Id.optional() });

/** GET /emails/recipients/ — record_id (required), state (a mail state or 'none'), limit (50, up to 1000), offset. */
export const EmailRecipientQuery = PageQuery.extend({
  record_id: Id,
  state: z
    .enum([...MAIL_STATES, RECIPIENT_NOT_MAILED], { error: (iss) => MESSAGES.invalidChoice(iss.input) })
    .optional(),
  limit: z.coerce.number().int().min(1).max(EMAIL_RECIPIENTS_MAX_LIMIT).optional(),
});
export type EmailRecipientQuery = z.infer<typeof EmailRecipientQuery>;
