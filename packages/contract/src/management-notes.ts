import { z } from "zod";
import { boolField, Id, paginated, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Management notes (document 3 sections 2–9, 'Notes from management' on the dashboard): notes a
 * manager publishes to the staff of a building. Every staff member reads them
 * (management_note.view); managers add, edit and expire them and see who acknowledged
 * (management_note.manage). A note may require acknowledgement: each staff member then
 * acknowledges it once per version; an edit with `require_acknowledge_edits` starts a new version,
 * so everyone acknowledges again. Expiring (is_active false) is final: an expired note leaves the
 * dashboard and can no longer be acknowledged.
 *
 * The body is plain text; line breaks are kept and shown as written.
 */

// ---------------------------------------------------------------------------------------------
// Constants and messages

/** The dashboard fetches every active note at once (section 9: fetch limit 5000). */
export const MANAGEMENT_NOTES_LIMIT = 5000;
export const MANAGEMENT_NOTE_BODY_MAX = 10000;

export const MANAGEMENT_NOTE_MESSAGES = {
  sectionTitle: "Notes from management",
  acknowledge: "Acknowledge",
  closeAndReadLater: "Close and read later",
  acknowledgeFailed: "There was an error acknowledging; please try again momentarily",
  // Ours (the spec gives no wording)
  requiresAcknowledgement: "Requires acknowledgement",
  acknowledged: "Acknowledged",
  requireAcknowledgement: "Require acknowledgement",
  requireEveryoneAgain: "Require everyone to acknowledge again",
  addNote: "Add note",
  editNote: "Edit note",
  expire: "Expire",
  acknowledgements: "Acknowledgements",
  noNotes: "No notes from management",
  noAcknowledgements: "Nobody has acknowledged this note yet.",
  expireTitle: "Expire this note?",
  expireConfirm:
    "The note will be removed from the dashboard of every staff member and can no longer be acknowledged. This cannot be undone.",
  created: "Note added",
  updated: "Note updated",
  expired: "Note expired",
  bodyRequired: "A note cannot be empty.",
  onlyExpire: "A note can only be expired (is_active false); an expired note cannot be made active again.",
  nothingToChange: "Give the new body, or is_active false to expire the note.",
  noteOf: (n: number, total: number) => `Note ${n} of ${total}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Responses

export const ManagementNoteAuthor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ManagementNoteAuthor = z.infer<typeof ManagementNoteAuthor>;

export const ManagementNote = z.object({
  id: z.number().int(),
  body: z.string(),
  is_require_acknowledgement: z.boolean(),
  is_active: z.boolean(),
  /** Null when the author's account was removed. */
  entered_by: ManagementNoteAuthor.nullable(),
  date_created: z.string(),
  last_modified: z.string(),
  /** The caller acknowledged the note's current version (false when it requires none). */
  is_acknowledged: z.boolean(),
});
export type ManagementNote = z.infer<typeof ManagementNote>;
export const ManagementNotePage = paginated(ManagementNote);
export type ManagementNotePage = z.infer<typeof ManagementNotePage>;

export const ManagementNoteAcknowledgement = z.object({
  id: z.number().int(),
  /** The acknowledging user. */
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  date_created: z.string(),
});
export type ManagementNoteAcknowledgement = z.infer<typeof ManagementNoteAcknowledgement>;
/** GET …/{id}/acknowledgements/: the acknowledgements of the note's current version, newest first. */
export const ManagementNoteAcknowledgements = z.array(ManagementNoteAcknowledgement);

export const ManagementNoteAcknowledgeResult = z.object({ acknowledgement: ManagementNoteAcknowledgement });
export type ManagementNoteAcknowledgeResult = z.infer<typeof ManagementNoteAcknowledgeResult>;

export const ManagementNoteUnacknowledged = z.object({ unacknowledged_ids: z.array(z.number().int()) });
export type ManagementNoteUnacknowledged = z.infer<typeof ManagementNoteUnacknowledged>;

// ---------------------------------------------------------------------------------------------
// Requests

export const ManagementNoteListQuery = z.object({
  limit: z.coerce
    .number({ error: MESSAGES.integerRequired })
    .int(MESSAGES.integerRequired)
    .min(1, MESSAGES.minValue(1))
    .max(MANAGEMENT_NOTES_LIMIT, MESSAGES.maxValue(MANAGEMENT_NOTES_LIMIT))
    .optional(),
  offset: z.coerce.number({ error: MESSAGES.integerRequired }).int().min(0, MESSAGES.minValue(0)).optional(),
  /** false: the expired notes (managers only). */
  is_active: z
    .union([z.boolean(), z.string()])
    .transform((v) => (typeof v === "boolean" ? v : !["false", "0", "no", "off"].includes(v.toLowerCase())))
    .optional(),
});
export type ManagementNoteListQuery = z.infer<typeof ManagementNoteListQuery>;

const noteBody = requiredFieldText(MANAGEMENT_NOTE_BODY_MAX, MANAGEMENT_NOTE_MESSAGES.bodyRequired);

export const ManagementNoteCreate = z.object({
  body: noteBody,
  is_require_acknowledgement: boolField().default(false),
});
export type ManagementNoteCreate = z.input<typeof ManagementNoteCreate>;

/** PATCH: {body, require_acknowledge_edits} edits; {is_active: false} expires. */
export const ManagementNoteEdit = z
  .object({
    body: noteBody.optional(),
    /** With a note requiring acknowledgement: everyone acknowledges the edited note again. */
    require_acknowledge_edits: boolField().optional(),
    is_active: z.literal(false, { error: MANAGEMENT_NOTE_MESSAGES.onlyExpire }).optional(),
  })
  .refine((v) => v.body !== undefined || v.is_active === false, {
    message: MANAGEMENT_NOTE_MESSAGES.nothingToChange,
    path: ["body"],
  });
export type ManagementNoteEdit = z.input<typeof ManagementNoteEdit>;
/** The PATCH body as the API document shows it: an edit or an expiry. */
export const ManagementNoteEditDoc = z.union([
  z.object({ body: z.string(), require_acknowledge_edits: z.boolean().optional() }),
  z.object({ is_active: z.literal(false) }),
]);

/** The web form (add and edit). */
export const ManagementNoteForm = z.object({
  body: noteBody,
  is_require_acknowledgement: z.boolean(),
  require_acknowledge_edits: z.boolean(),
});
export type ManagementNoteForm = z.infer<typeof ManagementNoteForm>;

/** Path parameters: the building (`id`) and the note (`managementNoteId`). */
export const ManagementNoteParams = z.object({ id: Id, managementNoteId: Id });
