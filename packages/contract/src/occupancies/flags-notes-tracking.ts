import { z } from "zod";
import { UserIdentity } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { bool, requiredText, sameTypeFields } from "./parts.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";

/** A unit's flags, internal office notes and the staff's subscriptions (tracking). */

export const StaffSummary = UserIdentity.pick({ id: true, username: true, first_name: true, last_name: true });
export type StaffSummary = z.infer<typeof StaffSummary>;

/** A unit's flag. Managers-only flags never reach other roles. */
export const OccupancyFlag = z.object({
  id: z.number().int(),
  occupancy_id: z.number().int(),
  comment: z.string(),
  is_manager_only: z.boolean(),
  entered_by: StaffSummary.nullable(),
  date_created: z.string(),
});
export type OccupancyFlag = z.infer<typeof OccupancyFlag>;

export const TRACK_FIELDS = [
  "track_instructions",
  "track_maintenance_requests",
  "track_packages",
  "track_service_elevators",
  "track_shift_log_notes",
] as const;
export type TrackField = (typeof TRACK_FIELDS)[number];

/** One employee's subscription to one unit. */
export const OccupancyTracking = z
  .object({
    id: z.number().int(),
    occupancy_id: z.number().int(),
    user_id: z.number().int(),
  })
  .extend(sameTypeFields(TRACK_FIELDS, () => z.boolean()).shape);
export type OccupancyTracking = z.infer<typeof OccupancyTracking>;

/** Who tracks the unit (managers see it; others get an empty list). */
export const TrackingEmployee = OccupancyTracking.extend(
  UserIdentity.pick({ first_name: true, last_name: true, username: true }).shape,
);
export type TrackingEmployee = z.infer<typeof TrackingEmployee>;

/** POST /core/occupancies/{id}/flag/ (managers). A second active flag → detail 'This unit already has a flag.' */
export const FlagWrite = z.object({
  comment: requiredText(2000),
  is_manager_only: bool().optional(),
});
export type FlagWrite = z.infer<typeof FlagWrite>;

export const NoteLinkWrite = z.object({
  link_text: requiredText(255),
  link_url: requiredText(2000).refine((v) => /^https?:\/\//i.test(v), {
    message: UNIT_PROFILE_MESSAGES.linkUrlScheme,
  }),
});

/**
 * POST /core/occupancies/{id}/notes/: note required ('This field is required.'); each link needs
 * link_text and link_url, the URL starting with http:// or https://. Link errors come per link:
 * `links: [{}, {"link_url": ["URL must start with http:// or https://"]}]`.
 */
export const OccupancyNoteWrite = z.object({
  note: requiredText(10000),
  links: z.array(NoteLinkWrite, { error: MESSAGES.notAList }).optional(),
});
export type OccupancyNoteWrite = z.infer<typeof OccupancyNoteWrite>;
/** PATCH /core/occupancies/{id}/notes/{noteId}/: only the note. */
export const OccupancyNotePatch = z.object({ note: requiredText(10000) });

export const NoteAuthor = UserIdentity.extend({
  is_active: z.boolean(),
  role_display: z.string(),
});

/** An internal office note (managers and office only; the building must enable them). */
export const OccupancyNote = z.object({
  id: z.number().int(),
  occupancy_id: z.number().int(),
  note: z.string(),
  entered_by: NoteAuthor.nullable(),
  links: z.array(z.object({ id: z.number().int(), link_text: z.string(), link_url: z.string() })),
  dateCreated: z.string(),
  lastModified: z.string(),
  /** lastModified more than 1 s after dateCreated. */
  is_edited: z.boolean(),
});
export type OccupancyNote = z.infer<typeof OccupancyNote>;
export const OCCUPANCY_NOTE_EDITED_AFTER_MS = 1000;

export const TrackingWrite = sameTypeFields(TRACK_FIELDS, () => bool().optional());
export type TrackingWrite = z.infer<typeof TrackingWrite>;
