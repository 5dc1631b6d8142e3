import { z } from "zod";
import { Id, PageQuery } from "./common.ts";
import { DEFAULT_PAGE_SIZE, UPLOAD_LIMIT_BYTES } from "./constants.ts";
import { LOCKOUT_MESSAGES, MESSAGES } from "./messages.ts";
import { DayQuery, fromUntilOrder, OptionalFormId } from "./day-filters.ts";
import { OccupancyStatus } from "./occupancies/occupancy.ts";

/**
 * Lockouts (document 2 sections 2–9; document 1 sections 2.4 and 9): a resident or a registered
 * guest locked out of a unit, recorded by the desk with a photo. Only in buildings with
 * lockoutsettings.has_lockouts (403 otherwise). A deleted lockout is kept for audit (reason, by,
 * at) and leaves every list. Days (from, until) are calendar days in the building's time zone.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** The building list's page size (default limit 30, offset 0). */
export const LOCKOUT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The unit profile panel shows the 4 latest. */
export const LOCKOUT_PROFILE_LIMIT = 4;
/** The largest page any lockout list answers. */
export const LOCKOUT_MAX_LIMIT = 1000;
/** The Excel export's cap (rows). */
export const LOCKOUT_EXPORT_LIMIT = 50000;
/** Photo uploads: 48 MB ('File Too Large, please select a file under 48 MB', status 413). */
export const LOCKOUT_PHOTO_LIMIT_BYTES = UPLOAD_LIMIT_BYTES;
export const LOCKOUT_PHOTO_TOO_LARGE = MESSAGES.fileTooLarge;
export const LOCKOUT_LIMITS = { delete_reason: 1000 } as const;
/** The export's file name. */
export const LOCKOUT_EXPORT_FILENAME = "lockouts.xlsx";
/** The export's columns (the list's, without the photo and actions, plus the photo link). */
export const LOCKOUT_EXPORT_COLUMNS = [
  "Date",
  "Time",
  "Entered by",
  "Unit",
  "Occupancy",
  "Occupant",
  "Guest",
  "Photo",
] as const;

// ---------------------------------------------------------------------------------------------
// Enums

/** Who was locked out: a resident of the unit (needs an occupant) or a registered guest. */
export const LOCKOUT_REQUESTER_TYPES = ["resident", "guest"] as const;
export type LockoutRequesterType = (typeof LOCKOUT_REQUESTER_TYPES)[number];
export const LOCKOUT_REQUESTER_DISPLAY: Record<LockoutRequesterType, string> = {
  resident: "Resident",
  guest: "Guest",
};

export const LOCKOUT_EVENT_TYPES = ["LOCKOUT_CREATED", "LOCKOUT_DELETED"] as const;
export type LockoutEventType = (typeof LOCKOUT_EVENT_TYPES)[number];
export const LOCKOUT_EVENT_DISPLAY: Record<LockoutEventType, string> = {
  LOCKOUT_CREATED: "Lockout created",
  LOCKOUT_DELETED: "Lockout deleted",
};
/** entity_type of lockout events in the generic events table. */
export const LOCKOUT_ENTITY = "lockout";

// ---------------------------------------------------------------------------------------------
// A lockout

export const LockoutPerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type LockoutPerson = z.infer<typeof LockoutPerson>;

/** The unit profile of a lockout (the list's Occupancy column). */
export const LockoutOccupancy = z.object({
  id: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  status: OccupancyStatus,
  is_active: z.boolean(),
});
export type LockoutOccupancy = z.infer<typeof LockoutOccupancy>;

/** The registered guest of a guest lockout: the instruction (links to /{b}/front-desk/instructions/{id}). */
export const LockoutGuest = z.object({
  instruction_id: z.number().int(),
  name: z.string(),
  instruction_type_name: z.string(),
});
export type LockoutGuest = z.infer<typeof LockoutGuest>;

/**
 * A lockout. date_created is an instant (ISO). requester_type resident: `occupant` is set
 * (occupant_id); guest: `guest` is set (instruction_id). `occupancy` is the unit profile.
 */
export const Lockout = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  date_created: z.string(),
  entered_by: LockoutPerson.nullable(),
  requester_type: z.enum(LOCKOUT_REQUESTER_TYPES),
  occupancy_id: z.number().int(),
  occupancy: LockoutOccupancy,
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupant_id: z.number().int().nullable(),
  occupant: LockoutPerson.nullable(),
  instruction_id: z.number().int().nullable(),
  guest: LockoutGuest.nullable(),
  photo_url: z.string().nullable(),
});
export type Lockout = z.infer<typeof Lockout>;

/** The answer of a delete: the lockout's id and 'Lockout deleted!'. */
export const LockoutDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type LockoutDeleted = z.infer<typeof LockoutDeleted>;

// ---------------------------------------------------------------------------------------------
// Queries

/**
 * GET /core/buildings/{b}/lockouts/ — newest first; from / until: days (YYYY-MM-DD, building
 * time zone, both inclusive; until before from → until: 'The end date must be on or after the
 * start date.'); occupancy__apartment: an apartment id; limit (default 30, up to 1000), offset.
 */
export const LockoutListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LOCKOUT_MAX_LIMIT).optional(),
  from: DayQuery.optional(),
  until: DayQuery.optional(),
  occupancy__apartment: Id.optional(),
}).superRefine(fromUntilOrder);
export type LockoutListQuery = z.infer<typeof LockoutListQuery>;
export type LockoutListQueryInput = z.input<typeof LockoutListQuery>;

/** GET /core/buildings/{b}/lockouts/as_excel/ — from, until, occupancy_apartment (an apartment id); an .xlsx file. */
export const LockoutExportQuery = z
  .object({
    from: DayQuery.optional(),
    until: DayQuery.optional(),
    occupancy_apartment: Id.optional(),
  })
  .superRefine(fromUntilOrder);
export type LockoutExportQuery = z.infer<typeof LockoutExportQuery>;
export type LockoutExportQueryInput = z.input<typeof LockoutExportQuery>;

/** GET /core/occupancies/{id}/lockouts/ — the unit profile's lockouts, newest first (the panel asks limit=4). */
export const OccupancyLockoutQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(LOCKOUT_MAX_LIMIT).optional(),
});
export type OccupancyLockoutQuery = z.infer<typeof OccupancyLockoutQuery>;

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * POST /core/occupancies/{id}/lockouts/ — multipart (or JSON without the photo):
 *  - requester_type: resident (default) or guest (`requesterType` is accepted too).
 *  - resident: occupant_id, an active resident of the unit; the unit has none →
 *    occupant_id: 'There are currently no residents for this unit.'; omitted → the unit's first
 *    active resident.
 *  - guest: instruction_id, an unexpired registered guest of the unit (an instruction started,
 *    not expired, not a food delivery nor a security type); the unit has none → instruction_id:
 *    'There are currently no registered guests for this unit.'; omitted → 'This field is required.'
 *  - occupancy_id: optional; when sent it must be the path's.
 *  - photo_url: the photo file (optional), at most 48 MB (413 'File Too Large, please select a file under 48 MB').
 * 201 with the lockout; the web then shows 'Lockout created, click to View all lockouts'.
 */
export const LockoutWrite = z
  .object({
    requester_type: z.enum(LOCKOUT_REQUESTER_TYPES, { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
    requesterType: z.enum(LOCKOUT_REQUESTER_TYPES, { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
    occupant_id: OptionalFormId,
    instruction_id: OptionalFormId,
    occupancy_id: OptionalFormId,
  })
  .transform(({ requesterType, ...v }) => ({
    ...v,
    requester_type: v.requester_type ?? requesterType ?? ("resident" as LockoutRequesterType),
  }));
export type LockoutWrite = z.infer<typeof LockoutWrite>;
export type LockoutWriteInput = z.input<typeof LockoutWrite>;

/** The form as the API document shows it (multipart; JSON without the photo is accepted too). */
export const LockoutForm = z
  .looseObject({
    requester_type: z
      .enum(LOCKOUT_REQUESTER_TYPES)
      .optional()
      .meta({ examples: ["resident"] }),
    occupant_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    instruction_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    occupancy_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart only)" }),
  })
  .meta({ description: "A multipart form, or JSON without the photo" });

/** POST /lockouts/lockouts/{id}/delete/ — delete_reason required (`reason` is accepted too); 'Lockout deleted!'. */
export const LockoutDelete = z
  .object({
    delete_reason: z.unknown().optional(),
    reason: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const raw = v.delete_reason ?? v.reason;
    const text = typeof raw === "string" ? raw.trim() : "";
    if (!text) {
      ctx.addIssue({ code: "custom", path: ["delete_reason"], message: LOCKOUT_MESSAGES.reasonRequired });
      return z.NEVER;
    }
    if (text.length > LOCKOUT_LIMITS.delete_reason) {
      ctx.addIssue({
        code: "custom",
        path: ["delete_reason"],
        message: MESSAGES.maxLength(LOCKOUT_LIMITS.delete_reason),
      });
      return z.NEVER;
    }
    return { delete_reason: text };
  });
export type LockoutDelete = z.infer<typeof LockoutDelete>;
export type LockoutDeleteInput = z.input<typeof LockoutDelete>;
/** The delete drawer's form schema (web): a reason, trimmed, required. */
export const LockoutDeleteForm = z.object({
  delete_reason: z
    .string()
    .trim()
    .min(1, LOCKOUT_MESSAGES.reasonRequired)
    .max(LOCKOUT_LIMITS.delete_reason, MESSAGES.maxLength(LOCKOUT_LIMITS.delete_reason)),
});

// ---------------------------------------------------------------------------------------------
// Rules (pure; `today` is YYYY-MM-DD in the building's time zone)

/**
 * May this instruction be a lockout's guest? An unexpired registered guest: started (start_date
 * today or earlier), not manually expired, no end or an end today or later, and neither a food
 * delivery nor a security / do-not-allow type.
 */
export function isRegisteredGuest(
  i: {
    start_date: string;
    expiration_date: string | null;
    is_manually_expired: boolean;
    is_food_delivery: boolean;
    instruction_type: { is_security: boolean };
  },
  today: string,
): boolean {
  return (
    i.start_date <= today &&
    !i.is_manually_expired &&
    (i.expiration_date === null || i.expiration_date >= today) &&
    !i.is_food_delivery &&
    !i.instruction_type.is_security
  );
}

/** The list's Person (mobile): the occupant's or the guest's name. */
export function lockoutPerson(l: Pick<Lockout, "occupant" | "guest">): string {
  if (l.guest) return l.guest.name;
  if (l.occupant) return `${l.occupant.first_name} ${l.occupant.last_name}`.trim();
  return "";
}
