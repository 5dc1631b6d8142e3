import { z } from "zod";
import { blankableText, boundedText, dateRangeOrder, Id, IdList, PageQuery, paginated, queryBool } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { OCCUPANT_TYPE_DISPLAY, OccupantType } from "./roles.ts";
import { isPlaceholderEmail as isNoEmailAddress } from "./occupancies/fields.ts";

/**
 * Memos and letters (document 3 sections 2, 3, 5, 7, 8, 9): a manager writes to chosen residents
 * of a building (or a club's members), Office to every current tenant of chosen buildings. Each
 * send is an email record (type MEMO or LETTER) with one recipient row per resident or address;
 * a letter also lists residents without e-mail (the page prints one sheet per unit for them).
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** The occupant picker shows 10 residents a page. */
export const MEMO_RECIPIENT_PAGE_SIZE = 10;
/** The most a picker page (or the ids-only answer) may ask for. */
export const MEMO_RECIPIENT_MAX_LIMIT = 5000;
/** Images embedded in the editor: 1 MB each. */
export const MEMO_IMAGE_LIMIT_BYTES = 1024 * 1024;
/** Attachments of one memo: 10 MB in all (decoded). */
export const MEMO_ATTACHMENTS_LIMIT_BYTES = 10 * 1024 * 1024;
/** The editor's height (px). */
export const MEMO_EDITOR_HEIGHT = 500;
/** A preview's subject starts with this. */
export const MEMO_PREVIEW_PREFIX = "[Preview] ";
/** Text limits (ours). */
export const MEMO_LIMITS = {
  sender_name: 255,
  sender_email: 254,
  subject: 500,
  /** The body as sent (HTML; inline images included). */
  body: 16 * 1024 * 1024,
  additional_recipients: 10000,
  attachment_name: 255,
  attachment_type: 255,
  search: 200,
  attachments: 20,
  occupant_ids: 20000,
  building_ids: 1000,
} as const;

/** Memo types (section 9: memo, letter) and the record type each makes. */
export const MEMO_TYPES = ["memo", "letter"] as const;
export type MemoType = (typeof MEMO_TYPES)[number];
export const MEMO_TYPE_DISPLAY: Record<MemoType, string> = { memo: "Memo", letter: "Letter" };
export const MEMO_RECORD_TYPE: Record<MemoType, "MEMO" | "LETTER"> = { memo: "MEMO", letter: "LETTER" };

/**
 * Placeholder e-mail domains: residents whose address is on one of these are left out of memos.
 * Exact domains (and their subdomains: the reserved top-level names), and prefixes matching any
 * domain that starts with them ('noemail.' → noemail.com). The documentation domains
 * (example.com, .net, .org) are not placeholders: the demo portfolio's residents live there. The product's own no-email address (NO_EMAIL_DOMAIN, residents
 * created without e-mail) is not a placeholder but "no e-mail": such a resident is listed as
 * 'No email' (a letter is printed for the unit; a memo does not reach them).
 */
export const PLACEHOLDER_EMAIL_DOMAINS = ["invalid", "test", "localhost", "example"] as const;
export const PLACEHOLDER_EMAIL_DOMAIN_PREFIXES = ["noemail.", "no-email.", "placeholder.", "none.", "fake."] as const;

/**
 * What a resident's address is for a memo: the address, null (no e-mail: blank or the no-email
 * address) or "excluded" (a placeholder domain).
 */
export function memoAddressOf(email: string | null | undefined): string | null | "excluded" {
  const e = (email ?? "").trim();
  if (!e || isNoEmailAddress(e)) return null;
  const at = e.lastIndexOf("@");
  const domain = at < 0 ? "" : e.slice(at + 1).toLowerCase();
  if (!domain) return "excluded";
  if (PLACEHOLDER_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))) return "excluded";
  if (PLACEHOLDER_EMAIL_DOMAIN_PREFIXES.some((p) => domain.startsWith(p))) return "excluded";
  return e;
}

// ---------------------------------------------------------------------------------------------
// Messages (word for word where the spec gives them; ours otherwise)

export const MEMO_MESSAGES = {
  sendFailed: (error: string) =>
    `Could not send memo due to ${error}. Please try again later and contact the support team if the issue persists`,
  previewSent: (email: string) => `A test memo has been sent to ${email}.`,
  sent: (n: number) => `Memo has been sent to ${n} email(s).`,
  /** The advice shown with 'sent' (section 8: 'plus advice to press reset on history'). */
  resetAdvice: "Press Reset on the history tab to see it.",
  imageTooLarge: "Image larger than 1 MB limit!",
  fileReadFailed: "File reading failed: ",
  recipientsFailed: "An error occurred while retrieving recipient list",
  correctErrors: "Correct errors before resubmitting (see above)",
  selectBuildings: "Please select one or more buildings",
  noEmail: "No email",
  // Ours (the spec gives no wording)
  typeRequired: "Select a memo type (memo or letter).",
  recipientsRequired: "Select one or more recipients.",
  occupantNotInBuilding: "Select residents of this building.",
  buildingNotFound: (id: number) => `Building ${id} does not exist.`,
  clubRequired: "Select a club.",
  clubNotInBuilding: "Select a club of this building.",
  attachmentsTooLarge: "Attachments may not exceed 10 MB in all.",
  attachmentUnreadable: "An attachment could not be read (base64 expected).",
  invalidEmail: (email: string) => `"${email}" is not a valid email address.`,
  noSenderEmail: "Your account has no email address to send a preview to.",
  noRecipients: "None of the chosen residents can be mailed.",
  subjectRequired: MESSAGES.fieldRequired,
} as const;
const M = MEMO_MESSAGES;

// ---------------------------------------------------------------------------------------------
// The memo payload (section 3)

const EMAIL_RE = /^[^\s@<>;,]+@[^\s@<>;,]+\.[^\s@<>;,]+$/;
/** One address of a ';'-joined list (commas tolerated). */
export const splitAddressList = (list: string): string[] =>
  list
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
export const isEmailAddress = (s: string): boolean => EMAIL_RE.test(s);

export const MemoAttachment = z.object({
  /** MIME type ('application/pdf'). */
  type: boundedText(MEMO_LIMITS.attachment_type).default(""),
  name: boundedText(MEMO_LIMITS.attachment_name).min(1, MESSAGES.fieldRequired),
  /** The file as base64 (a data: URL prefix is tolerated). */
  content: z.string({ error: MESSAGES.notAString }),
});
export type MemoAttachment = z.infer<typeof MemoAttachment>;

const AdditionalRecipients = blankableText(MEMO_LIMITS.additional_recipients).superRefine((v, ctx) => {
  const bad = splitAddressList(v).find((a) => !isEmailAddress(a));
  if (bad !== undefined) ctx.addIssue({ code: "custom", message: M.invalidEmail(bad) });
});

const IdArray = (max: number) =>
  z.array(Id, { error: MESSAGES.notAList }).max(max, `Ensure this field has no more than ${max} elements.`);

/** What building, club and portfolio memos share. */
const MemoBase = z.object({
  /** Blank: the signed-in user's name and address. */
  sender_name: blankableText(MEMO_LIMITS.sender_name).default(""),
  sender_email: blankableText(MEMO_LIMITS.sender_email)
    .refine((v) => !v || isEmailAddress(v), { message: "Enter a valid email address." })
    .default(""),
  subject: z
    .string({ error: M.subjectRequired })
    .trim()
    .min(1, M.subjectRequired)
    .max(MEMO_LIMITS.subject, MESSAGES.maxLength(MEMO_LIMITS.subject)),
  /** Rich text (HTML); cleaned on the server. */
  body: z
    .string({ error: MESSAGES.notAString })
    .max(MEMO_LIMITS.body, MESSAGES.maxLength(MEMO_LIMITS.body))
    .default(""),
  attachments_array: z
    .array(MemoAttachment, { error: MESSAGES.notAList })
    .max(MEMO_LIMITS.attachments, `Ensure this field has no more than ${MEMO_LIMITS.attachments} elements.`)
    .default([]),
  additional_recipients: AdditionalRecipients.default(""),
  type: z.enum(MEMO_TYPES, { error: M.typeRequired }),
  is_preview_email: z.boolean({ error: MESSAGES.notABoolean }).default(false),
});

/** POST /emails/records/send_memo/: a building memo (occupant_ids) or a club memo (is_club_memo, memo_club_id). */
export const SendMemoBody = MemoBase.extend({
  building_id: Id,
  occupant_ids: IdArray(MEMO_LIMITS.occupant_ids).default([]),
  is_club_memo: z.boolean({ error: MESSAGES.notABoolean }).default(false),
  memo_club_id: Id.nullable().optional(),
}).superRefine((v, ctx) => {
  if (v.is_preview_email) return;
  if (v.is_club_memo) {
    if (v.memo_club_id == null) ctx.addIssue({ code: "custom", path: ["memo_club_id"], message: M.clubRequired });
  } else if (!v.occupant_ids.length) {
    ctx.addIssue({ code: "custom", path: ["occupant_ids"], message: M.recipientsRequired });
  }
});
export type SendMemoBody = z.infer<typeof SendMemoBody>;
export type SendMemoInput = z.input<typeof SendMemoBody>;

/** POST /emails/records/send_portfolio_memo/: every current tenant of the chosen buildings. */
export const SendPortfolioMemoBody = MemoBase.extend({
  building_ids: z
    .array(Id, { error: M.selectBuildings })
    .min(1, M.selectBuildings)
    .max(MEMO_LIMITS.building_ids, `Ensure this field has no more than ${MEMO_LIMITS.building_ids} elements.`),
});
export type SendPortfolioMemoBody = z.infer<typeof SendPortfolioMemoBody>;
export type SendPortfolioMemoInput = z.input<typeof SendPortfolioMemoBody>;

/** The reply of both sends: email_count is the number of messages sent (1 for a preview). */
export const SendMemoReply = z.object({
  is_preview_email: z.boolean(),
  email_count: z.number().int(),
  /** The records written (none for a preview). */
  record_ids: z.array(z.number().int()),
  /** A letter: the residents without e-mail (a page is printed for each unit). */
  letter_recipient_count: z.number().int(),
});
export type SendMemoReply = z.infer<typeof SendMemoReply>;

/** The message the composer shows after a send. */
export const memoSentMessage = (reply: Pick<SendMemoReply, "is_preview_email" | "email_count">, senderEmail: string) =>
  reply.is_preview_email ? M.previewSent(senderEmail) : M.sent(reply.email_count);

// ---------------------------------------------------------------------------------------------
// Memo recipients (the picker; section 3 "Memo recipient")

export const MemoRecipient = z.object({
  occupant_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null when the resident has no usable address (the picker shows 'No email'). */
  email: z.string().nullable(),
  type: OccupantType,
  type_display: z.string(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  floor: z.string().nullable(),
  line: z.string().nullable(),
  is_balcony_apt: z.boolean(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  occupancy_id: z.number().int(),
});
export type MemoRecipient = z.infer<typeof MemoRecipient>;
export const occupantTypeDisplay = (t: OccupantType): string => OCCUPANT_TYPE_DISPLAY[t];

/**
 * GET /emails/memo-recipients/?building_id=… : current residents (not CH, no placeholder address,
 * lease started), one row per resident, by unit then name. `ids_only=1` answers every matching
 * occupant id instead of a page (select all on a floor).
 */
export const MemoRecipientsQuery = PageQuery.extend({
  building_id: Id,
  search: boundedText(MEMO_LIMITS.search).optional(),
  floor: boundedText(50).optional(),
  line: boundedText(50).optional(),
  is_balcony_apt: queryBool.optional(),
  lease_start_after: z.iso.date({ error: MESSAGES.invalidDate }).optional(),
  lease_end_before: z.iso.date({ error: MESSAGES.invalidDate }).optional(),
  apartment_ids: IdList.optional(),
  /** These residents only (the composer opened for one resident: ?occupant_id=). */
  occupant_ids: IdList.optional(),
  club_id: Id.optional(),
  ids_only: queryBool.optional(),
}).superRefine(dateRangeOrder([["lease_start_after", "lease_end_before"]]));
export type MemoRecipientsQuery = z.infer<typeof MemoRecipientsQuery>;

export const MemoRecipientIds = z.object({ count: z.number().int(), occupant_ids: z.array(z.number().int()) });
export type MemoRecipientIds = z.infer<typeof MemoRecipientIds>;

/** GET /emails/memo-recipients/floors-lines/?building_id= : the building's floors and lines. */
export const MemoFloorsLinesQuery = z.object({ building_id: Id });
export const MemoFloorsLines = z.object({ floors: z.array(z.string()), lines: z.array(z.string()) });
export type MemoFloorsLines = z.infer<typeof MemoFloorsLines>;

/** The picker's list as a page. */
export const MemoRecipientPage = paginated(MemoRecipient);
export type MemoRecipientPage = z.infer<typeof MemoRecipientPage>;
