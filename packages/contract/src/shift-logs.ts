import { z } from "zod";
import { boundedText, dateRangeOrder, Id, IdList, isIdText, PageQuery, queryBool } from "./common.ts";
import { SHIFT_LOG_NOTE_BODY_MAX } from "./constants.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Shift logs (document 1, sections 2.2, 3, 5, 7): notes, note types, their queries and
 * the messages of their forms, word for word.
 */
export const SHIFT_LOG_MESSAGES = {
  bodyRequired: "This field is required",
  unitsRequired: "This field is required.",
  noneWithUnits: "If \u2018None\u2019 is selected, you must remove all other units",
  invalidDate: "Invalid date",
  noteAdded: "Note added",
  noteUpdated: "Shift log note updated",
  endOfShiftLogged: "End of shift logged",
  /** Server refusals */
  immutableNote: "Notes of this type cannot be edited.",
  immutableType: "This shift log type cannot be edited.",
  endOfShiftDisabled: "End of shift logging is not enabled for this building.",
  inactiveType: "This shift log type is not active.",
  endOfShiftTypeChange: "A note cannot be changed to or from the end of shift type.",
  occupancyNotInUnits: "Each occupancy must belong to one of the selected units.",
} as const;

/** The code of the end-of-shift type (its short name in the UI is free). */
export const SHIFT_END_CODE = "SHIFTEND";
/** A note counts as edited when last_modified is this much after creation (drawer and API). */
export const SHIFT_LOG_EDITED_AFTER_MS = 1000;
/** The admin list's threshold. */
export const SHIFT_LOG_ADMIN_EDITED_AFTER_MS = 2000;
/** Content type of the spreadsheet export; send it in Accept (or use format=xlsx). */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const SHIFT_LOG_EXPORT_FILENAME = "shift_logs.xlsx";
/** Columns of the search screen and of the export, in order. */
export const SHIFT_LOG_EXPORT_COLUMNS = [
  "Date",
  "Time",
  "Type",
  "Units",
  "Note",
  "High priority",
  "Entered by",
  "Edited",
] as const;

// ---------------------------------------------------------------------------------------------
// Shapes

export const ShiftLogNoteApartment = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  /** The apartment's occupancy that is current now (null when vacant). */
  current_occupancy_id: z.number().int().nullable(),
});
export type ShiftLogNoteApartment = z.infer<typeof ShiftLogNoteApartment>;

export const ShiftLogNoteOwner = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});

export const ShiftLogNote = z.object({
  id: z.number().int(),
  body: z.string(),
  owner: ShiftLogNoteOwner,
  date_created: z.string(),
  last_modified: z.string(),
  /** Ordered by apartment number (PH last). Empty for a note about no unit ('None'). */
  apartments: z.array(ShiftLogNoteApartment),
  /** The occupancies that were current on those units when the note was written. */
  occupancy_ids: z.array(z.number().int()),
  shift_log_type_id: z.number().int().nullable(),
  shift_log_type_name: z.string().nullable(),
  shift_log_type_short_name: z.string().nullable(),
  /** true for the end-of-shift type (code SHIFTEND). */
  is_end_of_shift: z.boolean(),
  is_high_priority: z.boolean(),
  building: z.object({ id: z.number().int(), name: z.string() }),
  location: z.string().nullable(),
  /** last_modified more than 1 s after date_created. */
  is_edited: z.boolean(),
});
export type ShiftLogNote = z.infer<typeof ShiftLogNote>;

const idArray = z.array(Id, { error: MESSAGES.notAList });

/**
 * Write payload of POST /shift-logs/notes/ and PATCH /shift-logs/notes/{id}/.
 *
 * Units ('None' rule): `apartment_ids` lists the chosen units. The 'None' choice is sent as
 * `no_apartment: true` with `apartment_ids: []`.
 *  - create: `apartment_ids` missing, or `[]` without `no_apartment: true` → apartment_ids:
 *    'This field is required.'
 *  - `no_apartment: true` together with units → apartment_ids:
 *    'If ‘None’ is selected, you must remove all other units'
 *  - PATCH: `apartment_ids` may be left out (units unchanged); when sent, the same two rules apply.
 * `occupancy_ids` is optional: for each unit the server records the occupancy current at
 * write time unless one of that unit's occupancies is given here.
 * `location` is kept only when the building records locations (is_recordable_by_location).
 * `building_id` is required on create (or the `building` query parameter) and ignored on PATCH.
 * `body` is required and at most SHIFT_LOG_NOTE_BODY_MAX (5000) characters after trimming
 * ('Ensure this field has no more than 5000 characters.').
 */
/** A note's body: required, at most SHIFT_LOG_NOTE_BODY_MAX characters once trimmed. */
export const ShiftLogNoteBody = z
  .string({ error: SHIFT_LOG_MESSAGES.bodyRequired })
  .trim()
  .min(1, SHIFT_LOG_MESSAGES.bodyRequired)
  .max(SHIFT_LOG_NOTE_BODY_MAX, MESSAGES.maxLength(SHIFT_LOG_NOTE_BODY_MAX));

/** A note's location (where the building records locations): at most 255 characters once trimmed. */
export const ShiftLogNoteLocation = boundedText(255);

const noteFields = {
  body: ShiftLogNoteBody,
  shift_log_type_id: Id.nullable().optional(),
  apartment_ids: idArray,
  no_apartment: z.boolean().optional(),
  occupancy_ids: z.array(Id).optional(),
  building_id: Id.optional(),
  is_high_priority: z.boolean().optional(),
  location: ShiftLogNoteLocation.nullable().optional(),
  /** The 'End of shift note' button: the server uses the end-of-shift type; units are optional. */
  is_end_of_shift: z.boolean().optional(),
};

type UnitsInput = { apartment_ids?: unknown; no_apartment?: unknown; is_end_of_shift?: unknown };
const unitsRule =
  (create: boolean) =>
  (v: UnitsInput, ctx: z.RefinementCtx): void => {
    // Runs even when the object itself was refused (a null or missing body).
    if (!v || typeof v !== "object") return;
    const ids = Array.isArray(v.apartment_ids) ? v.apartment_ids : undefined;
    if (v.is_end_of_shift === true) return;
    if (v.no_apartment === true) {
      // 'None' with units is refused; 'None' alone is an empty selection.
      if (ids && ids.length)
        ctx.addIssue({ code: "custom", path: ["apartment_ids"], message: SHIFT_LOG_MESSAGES.noneWithUnits });
      return;
    }
    if (ids ? ids.length === 0 : create ? v.apartment_ids == null : v.apartment_ids === null)
      ctx.addIssue({ code: "custom", path: ["apartment_ids"], message: SHIFT_LOG_MESSAGES.unitsRequired });
  };

export const ShiftLogNoteWrite = z
  .object({ ...noteFields, apartment_ids: idArray.nullable().optional() })
  .superRefine(unitsRule(true), { when: () => true } as never);
export type ShiftLogNoteWrite = z.infer<typeof ShiftLogNoteWrite>;
export type ShiftLogNoteWriteInput = z.input<typeof ShiftLogNoteWrite>;

export const ShiftLogNotePatch = z
  .object({ ...noteFields, body: noteFields.body.optional(), apartment_ids: idArray.nullable().optional() })
  .superRefine(unitsRule(false), { when: () => true } as never);
export type ShiftLogNotePatch = z.infer<typeof ShiftLogNotePatch>;

// ---------------------------------------------------------------------------------------------
// Query

/** 'YYYY-MM-DD' (a day in the building's time zone) or a full ISO date-time; else 'Invalid date'. */
export const DATE_FILTER_RE = /^\d{4}-\d{2}-\d{2}$/;
export const DATETIME_FILTER_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

export function isValidDateFilter(v: string): boolean {
  if (DATE_FILTER_RE.test(v)) {
    const [y, m, d] = v.split("-").map(Number);
    const dt = new Date(Date.UTC(y, m - 1, d));
    return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
  }
  if (DATETIME_FILTER_RE.test(v)) {
    const day = v.slice(0, 10);
    return isValidDateFilter(day) && !Number.isNaN(new Date(v.replace(" ", "T")).getTime());
  }
  return false;
}

export const DateFilter = z.string().trim().refine(isValidDateFilter, { message: SHIFT_LOG_MESSAGES.invalidDate });

/** Sort keys of the notes list; prefix '-' for descending. Ties break by id in the same direction. */
export const SHIFT_LOG_ORDERINGS = [
  "date_created",
  "last_modified",
  "shift_log_type_name",
  "owner",
  "is_high_priority",
  "body",
  "building",
] as const;
export const ShiftLogNoteOrdering = z.enum([
  ...SHIFT_LOG_ORDERINGS,
  ...SHIFT_LOG_ORDERINGS.map((o) => `-${o}` as const),
] as [string, ...string[]]);
export const SHIFT_LOG_DEFAULT_ORDERING = "-date_created";

/**
 * A comma list of apartment ids where the word `none` stands for notes about no unit:
 * `include_apartments=12,none` = notes about unit 12 or about no unit.
 */
const apartmentList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v.join(",") : v)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const ids: number[] = [];
  let none = false;
  for (const p of parts) {
    if (p.toLowerCase() === "none") none = true;
    else if (isIdText(p)) ids.push(Number(p));
    else {
      ctx.addIssue({ code: "custom", message: `"${p}" is not a valid id.` });
      return z.NEVER;
    }
  }
  return { ids, none };
});

/**
 * GET /shift-logs/notes/ — every parameter of document 1 section 7.
 *  - building: required unless the user is OF. OF may leave it out (every building) or send
 *    `buildings=1,2` (the admin page's multi-select).
 *  - limit: default 30, at most 50000 (the export); offset.
 *  - ordering: see SHIFT_LOG_ORDERINGS, default -date_created.
 *  - min_date_created / max_date_created: 'YYYY-MM-DD' (whole day, building time zone, both
 *    inclusive) or an ISO date-time; anything else → 'Invalid date'. A max before the min →
 *    max_date_created: 'The end date must be on or after the start date.'.
 *  - is_high_priority, only_edited (last_modified > date_created + 1 s).
 *  - apartment_number: notes about the unit with this number (exact, case-insensitive).
 *  - shift_log_type_id: one id or a comma list; 'all' (or empty) is ignored.
 *  - search: every word must match a word of the body as a prefix ("pack deliv" finds
 *    "Package delivered"); a search equal to a unit's number also finds notes about that unit.
 *  - has_apartment_filter: true = only notes about at least one unit; false = only notes about none.
 *  - include_apartments / exclude_apartments: comma lists of apartment ids; `none` stands for
 *    "no unit".
 *  - include_end_of_shift_notes: end-of-shift notes are left out unless true (or unless
 *    shift_log_type_id names the end-of-shift type).
 *  - format=xlsx, or `Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`:
 *    the same query as a spreadsheet (shift_logs.xlsx).
 */
export const ShiftLogNoteQuery = PageQuery.extend({
  building: Id.optional(),
  buildings: IdList.optional(),
  ordering: ShiftLogNoteOrdering.optional(),
  min_date_created: DateFilter.optional(),
  max_date_created: DateFilter.optional(),
  is_high_priority: queryBool.optional(),
  apartment_number: z.string().trim().optional(),
  shift_log_type_id: z
    .union([z.string(), z.number(), z.array(z.string())])
    .transform((v, ctx) => {
      const s = (Array.isArray(v) ? v.join(",") : String(v)).trim();
      if (s === "" || s.toLowerCase() === "all") return undefined;
      const parts = s
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p && p.toLowerCase() !== "all");
      if (parts.some((p) => !isIdText(p))) {
        ctx.addIssue({ code: "custom", message: MESSAGES.integerRequired });
        return z.NEVER;
      }
      return parts.length ? parts.map(Number) : undefined;
    })
    .optional(),
  search: z.string().optional(),
  only_edited: queryBool.optional(),
  has_apartment_filter: queryBool.optional(),
  include_apartments: apartmentList.optional(),
  exclude_apartments: apartmentList.optional(),
  include_end_of_shift_notes: queryBool.optional(),
  format: z.enum(["json", "xlsx"]).optional(),
}).superRefine(dateRangeOrder([["min_date_created", "max_date_created"]]));
export type ShiftLogNoteQuery = z.infer<typeof ShiftLogNoteQuery>;
export type ShiftLogNoteQueryInput = z.input<typeof ShiftLogNoteQuery>;

/** GET /core/occupancies/{id}/shift-log-notes/ (default limit 10). */
export const OccupancyShiftLogNotesQuery = PageQuery;

// ---------------------------------------------------------------------------------------------
// Types

export const ShiftLogType = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
  /** 'SHIFTEND' for the end-of-shift type, else null. */
  code: z.string().nullable(),
});
export type ShiftLogType = z.infer<typeof ShiftLogType>;

export const SHIFT_LOG_TYPE_LIMITS = { name: 100, short_name: 50, description: 1000 } as const;

const requiredText = (max: number) =>
  z
    .string({ error: "This field is required." })
    .trim()
    .min(1, "This field may not be blank.")
    .max(max, `Ensure this field has no more than ${max} characters.`);

/**
 * POST /shift-logs/shift-log-types/ and PATCH /{id}/. Field errors come back under name,
 * short_name, description, display_order, is_active. A name already used (case-insensitive)
 * → name: 'shift log type with this name already exists.'
 */
export const ShiftLogTypeWrite = z.object({
  name: requiredText(SHIFT_LOG_TYPE_LIMITS.name),
  short_name: requiredText(SHIFT_LOG_TYPE_LIMITS.short_name),
  description: z
    .string({ error: "Not a valid string." })
    .trim()
    .max(
      SHIFT_LOG_TYPE_LIMITS.description,
      `Ensure this field has no more than ${SHIFT_LOG_TYPE_LIMITS.description} characters.`,
    )
    .nullable()
    .optional(),
  display_order: z.coerce
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(0, "Ensure this value is greater than or equal to 0.")
    .max(2147483647, "Ensure this value is less than or equal to 2147483647.")
    .optional(),
  is_active: z.boolean({ error: "Must be a valid boolean." }).optional(),
});
export type ShiftLogTypeWrite = z.infer<typeof ShiftLogTypeWrite>;
export const ShiftLogTypePatch = ShiftLogTypeWrite.partial();
export type ShiftLogTypePatch = z.infer<typeof ShiftLogTypePatch>;

export const SHIFT_LOG_TYPE_NAME_TAKEN = "shift log type with this name already exists.";

/** GET /shift-logs/shift-log-types/: active types without the end-of-shift type, unless asked. */
export const ShiftLogTypeQuery = PageQuery.extend({
  include_shift_end: queryBool.optional(),
  show_all: queryBool.optional(),
});
export type ShiftLogTypeQuery = z.infer<typeof ShiftLogTypeQuery>;
