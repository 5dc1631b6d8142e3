import { z } from "zod";
import { boolField, commaParts, Event, Id, idsOfParts, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { UPLOAD_LIMIT_BYTES } from "./constants.ts";
import { INSTRUCTION_MESSAGES, MESSAGES } from "./messages.ts";
import { FormDate, isValidDay } from "./occupancies/fields.ts";
import { OCCUPANCY_STATUSES, OccupancyStatus } from "./occupancies/occupancy.ts";
import { colorByName, PACKAGE_COLORS } from "./packages/base.ts";
import { requiredIdField } from "./packages/fields.ts";

/**
 * Front-desk instructions (document 2 sections 2–9; document 1 sections 2.3, 2.4, 4, 6, 7, 9;
 * document 3 sections 2, 3, 9): registered guests, food deliveries, permissions to enter and the
 * security / do-not-allow list, and their global types. Days (start_date, expiration_date,
 * "today") are calendar days in the building's time zone, written YYYY-MM-DD.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** The instruction type whose instructions are food deliveries (immutable). */
export const FOOD_DELIVERY_TYPE_ID = 16;
/** The advanced search's page size. */
export const INSTRUCTION_LIST_PAGE_SIZE = 50;
/** Every other instruction query (grid, profile, drawers) asks for up to this many. */
export const INSTRUCTION_QUERY_LIMIT = 5000;
export const INSTRUCTION_DEFAULT_ORDERING = "-expiration_date";
/** Recently expired: an end within the past 30 days. */
export const RECENTLY_EXPIRED_DAYS = 30;
/** Long term: a duration over 30 days (or no end at all). */
export const LONG_TERM_DAYS = 30;
/** A food delivery modified less than 30 minutes ago is marked new. */
export const NEW_FOOD_DELIVERY_MINUTES = 30;
/** Photo uploads: 48 MB ('File Too Large, please select a file under 48 MB', status 413). */
export const INSTRUCTION_PHOTO_LIMIT_BYTES = UPLOAD_LIMIT_BYTES;
export const INSTRUCTION_PHOTO_TOO_LARGE = MESSAGES.fileTooLarge;
/** The instructions grid's columns. */
export const INSTRUCTION_GRID_COLUMNS = 4;
/** Food-delivery drawer: limit 50. */
export const FOOD_DELIVERY_DRAWER_LIMIT = 50;
/** Client refresh intervals (ms). */
export const INSTRUCTION_REFETCH = {
  foodDeliveries: 20 * 60_000,
  dashboard: 5 * 60_000,
  recentlyExpired: 20 * 60_000,
} as const;
export const INSTRUCTION_LIMITS = { name: 255, instruction_text: 2000, type_name: 100, type_short_name: 20 } as const;

// ---------------------------------------------------------------------------------------------
// Enums

export const INSTRUCTION_STATUSES = ["Manually expired", "Expired", "Active"] as const;
export type InstructionStatus = (typeof INSTRUCTION_STATUSES)[number];
/** The list's `status` filter. */
export const INSTRUCTION_STATUS_FILTERS = ["active", "expired", "all"] as const;
export type InstructionStatusFilter = (typeof INSTRUCTION_STATUS_FILTERS)[number];

/** What residents may do with a type on the tenant site (GET /instructions/tenant_permission_types/). */
export const TENANT_PERMISSION_TYPES = ["NONE", "VIEW", "CREATE"] as const;
export type TenantPermissionType = (typeof TENANT_PERMISSION_TYPES)[number];
export const TENANT_PERMISSION_DISPLAY: Record<TenantPermissionType, string> = {
  NONE: "Not shown to residents",
  VIEW: "Residents may view",
  CREATE: "Residents may view and create",
};
export const TenantPermissionOption = z.object({ value: z.enum(TENANT_PERMISSION_TYPES), display: z.string() });
export const TENANT_PERMISSION_OPTIONS = TENANT_PERMISSION_TYPES.map((value) => ({
  value,
  display: TENANT_PERMISSION_DISPLAY[value],
}));

/** The named colours of an instruction type (GET /instructions/instruction-types/colors/): the package palette. */
export const INSTRUCTION_COLORS = PACKAGE_COLORS;
export const InstructionColor = z.object({ name: z.string(), color_hex: z.string(), font_color_hex: z.string() });

export const INSTRUCTION_EVENT_TYPES = [
  "INSTRUCTION_CREATED",
  "INSTRUCTION_EDITED",
  "INSTRUCTION_EXPIRED",
  "PHOTO_CHANGED",
] as const;
export type InstructionEventType = (typeof INSTRUCTION_EVENT_TYPES)[number];
export const INSTRUCTION_EVENT_DISPLAY: Record<InstructionEventType, string> = {
  INSTRUCTION_CREATED: "Instruction created",
  INSTRUCTION_EDITED: "Instruction edited",
  INSTRUCTION_EXPIRED: "Instruction expired",
  PHOTO_CHANGED: "Photo changed",
};
/** entity_type of instruction events in the generic events table. */
export const INSTRUCTION_ENTITY = "instruction";

// ---------------------------------------------------------------------------------------------
// Instruction types

/** The part of a type an instruction carries. */
export const InstructionTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  color: z.string(),
  color_hex: z.string(),
  font_color_hex: z.string(),
  is_end_date_required: z.boolean(),
  /** Types flagged as security / do-not-allow (the dashboard's security list). */
  is_security: z.boolean(),
});
export type InstructionTypeSummary = z.infer<typeof InstructionTypeSummary>;

/** An instruction type (global: a change applies to every building). */
export const InstructionType = InstructionTypeSummary.extend({
  display_order: z.number().int(),
  tenant_permissions: z.enum(TENANT_PERMISSION_TYPES),
  tenant_permissions_display: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
});
export type InstructionType = z.infer<typeof InstructionType>;

const typeText = (max: number) => requiredFieldText(max);
const instructionTypeFields = {
  name: typeText(INSTRUCTION_LIMITS.type_name),
  short_name: typeText(INSTRUCTION_LIMITS.type_short_name),
  display_order: z.coerce
    .number({ error: MESSAGES.integerRequired })
    .int(MESSAGES.integerRequired)
    .min(0, MESSAGES.minValue(0))
    .max(2147483647, MESSAGES.maxValue(2147483647))
    .optional(),
  color: z
    .string({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, MESSAGES.fieldRequired)
    .refine((v) => !!colorByName(v), { error: (iss) => `"${String(iss.input)}" is not a valid choice.` })
    .meta({ description: "A colour of /instruction-types/colors/, by name", examples: [PACKAGE_COLORS[0].name] })
    .transform((v) => colorByName(v)!.name),
  tenant_permissions: z
    .enum(TENANT_PERMISSION_TYPES, { error: (iss) => `"${String(iss.input)}" is not a valid choice.` })
    .optional(),
  is_end_date_required: boolField().optional(),
  is_security: boolField().optional(),
  is_active: boolField().optional(),
};
/**
 * POST /instructions/instruction-types/ (Office only). A name already used (any case) →
 * name: 'instruction type with this name already exists.'
 */
export const InstructionTypeWrite = z.object(instructionTypeFields);
export type InstructionTypeWrite = z.infer<typeof InstructionTypeWrite>;
export type InstructionTypeWriteInput = z.input<typeof InstructionTypeWrite>;
/** PATCH /instructions/instruction-types/{id}/ (Office only): any subset; immutable types → 403. */
export const InstructionTypePatch = z.object(instructionTypeFields).partial();
export type InstructionTypePatch = z.infer<typeof InstructionTypePatch>;
/** GET /instructions/instruction-types/ (display order, then name); `is_active` filters. */
export const InstructionTypeQuery = PageQuery.extend({ is_active: queryBool.optional() });
export type InstructionTypeQuery = z.infer<typeof InstructionTypeQuery>;

// ---------------------------------------------------------------------------------------------
// Instructions

export const InstructionPerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type InstructionPerson = z.infer<typeof InstructionPerson>;
export const InstructionOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
});

/**
 * An instruction. `occupancy` is the unit profile's id. start_date / expiration_date are days
 * (YYYY-MM-DD; expiration null = no end). entered_date, date_created, last_modified and
 * photo_last_changed_datetime are instants (ISO). `status` is computed by the server in the
 * building's time zone (same rule as `instructionStatus`); is_food_delivery: type 16.
 * Expiring an instruction sets is_manually_expired and ends it today (an end date after today,
 * or none, becomes today).
 */
export const Instruction = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  occupancy: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_is_active: z.boolean(),
  occupancy_status: OccupancyStatus,
  occupancy_is_do_not_disturb: z.boolean(),
  occupants: z.array(InstructionOccupant),
  instruction_type: InstructionTypeSummary,
  name: z.string(),
  instruction_text: z.string(),
  start_date: z.string(),
  expiration_date: z.string().nullable(),
  photo_url: z.string().nullable(),
  entered_by: InstructionPerson.nullable(),
  entered_date: z.string(),
  is_manually_expired: z.boolean(),
  /** Entered by a manager-level user (MG/OF). */
  is_management: z.boolean(),
  photo_last_changed_datetime: z.string().nullable(),
  photo_last_changed_user: InstructionPerson.nullable(),
  date_created: z.string(),
  last_modified: z.string(),
  status: z.enum(INSTRUCTION_STATUSES),
  is_food_delivery: z.boolean(),
});
export type Instruction = z.infer<typeof Instruction>;

export const INSTRUCTION_ORDERINGS = [
  "expiration_date",
  "start_date",
  "entered_date",
  "last_modified",
  "apartment_number",
  "name",
  "instruction_type",
  "id",
] as const;
export const InstructionOrdering = z.enum([
  ...INSTRUCTION_ORDERINGS,
  ...INSTRUCTION_ORDERINGS.map((o) => `-${o}` as const),
] as [string, ...string[]]);

const idQuery = Id;
const idListQuery = z.union([z.string(), z.number(), z.array(z.string())]).transform((v, ctx) => {
  const parts = commaParts(v).filter((p) => p.toLowerCase() !== "all");
  const ids = idsOfParts(parts, ctx);
  return ids.length ? ids : undefined;
});
const occupantStatusQuery = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const parts = commaParts(v).map((p) => p.toUpperCase());
  for (const p of parts)
    if (!(OCCUPANCY_STATUSES as readonly string[]).includes(p)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(p) });
      return z.NEVER;
    }
  return parts.length ? (parts as OccupancyStatus[]) : undefined;
});
const statusQuery = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(INSTRUCTION_STATUS_FILTERS, { error: (iss) => MESSAGES.invalidChoice(iss.input) }));
const dayQuery = z.string().trim().refine(isValidDay, { message: MESSAGES.invalidDate });

/**
 * GET /instructions/instructions/ — every parameter of document 2 sections 2 and 7.
 *  - building: required unless `occupancy` is given (then the occupancy's building).
 *  - occupancy: one unit profile's instructions. apartment: an apartment id.
 *  - limit: 50 on the list, up to 5000 elsewhere (default 50); offset.
 *  - status: active (default), expired (expired or manually expired), all.
 *  - food_delivery=true: only food deliveries (type 16); exclude_food_delivery=true: none of them.
 *  - occupancy__is_active: the unit profile's active flag. occupant_status: CURRENT, FUTURE,
 *    INACTIVE (comma list) of the unit profile.
 *  - instruction_type: one id or a comma list.
 *  - search: every word must match the unit number (prefix), the guest name, the text, the
 *    type's name or a resident's name.
 *  - date_range_min / date_range_max (YYYY-MM-DD): instructions in effect during the range
 *    (start on or before max, end on or after min or no end); max before min → date_range_max:
 *    'The end date must be on or after the start date.'
 *  - ordering: INSTRUCTION_ORDERINGS, '-' descending; default -expiration_date (no end first);
 *    ties by -id.
 */
export const InstructionListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(INSTRUCTION_QUERY_LIMIT).optional(),
  building: idQuery.optional(),
  occupancy: idQuery.optional(),
  food_delivery: queryBool.optional(),
  exclude_food_delivery: queryBool.optional(),
  status: statusQuery.optional(),
  occupancy__is_active: queryBool.optional(),
  occupant_status: occupantStatusQuery.optional(),
  apartment: idQuery.optional(),
  instruction_type: idListQuery.optional(),
  search: z.string().max(200).optional(),
  date_range_min: dayQuery.optional(),
  date_range_max: dayQuery.optional(),
  ordering: InstructionOrdering.optional(),
}).superRefine((v, ctx) => {
  if (v.date_range_min && v.date_range_max && v.date_range_max < v.date_range_min)
    ctx.addIssue({ code: "custom", path: ["date_range_max"], message: MESSAGES.endBeforeStart });
});
export type InstructionListQuery = z.infer<typeof InstructionListQuery>;
export type InstructionListQueryInput = z.input<typeof InstructionListQuery>;

/**
 * GET /instructions/instructions/expired/ — recently expired: ended (expired or manually
 * expired) within the past 30 days, newest end first. GET /instructions/instructions/security/ —
 * active instructions of types flagged is_security, by unit. Both: building (required),
 * occupancy, search, limit (default 50, up to 5000), offset.
 */
export const InstructionDrawerQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(INSTRUCTION_QUERY_LIMIT).optional(),
  building: idQuery.optional(),
  occupancy: idQuery.optional(),
  search: z.string().max(200).optional(),
});
export type InstructionDrawerQuery = z.infer<typeof InstructionDrawerQuery>;

/** ?building on the calls about one instruction (another building's → 404). */
export const InstructionBuildingQuery = z.object({ building: idQuery.optional() });
export const InstructionEventsQuery = PageQuery.extend({
  building: idQuery.optional(),
  ordering: z.enum(["date_created", "-date_created"]).optional(),
});
export const InstructionEvent = Event;
export type InstructionEvent = Event;

// ---------------------------------------------------------------------------------------------
// Writes

const requiredId = () => requiredIdField(MESSAGES.fieldRequired);
const guestName = requiredFieldText(INSTRUCTION_LIMITS.name);
const instructionText = z
  .union([z.string(), z.null()], { error: MESSAGES.notAString })
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(INSTRUCTION_LIMITS.instruction_text, MESSAGES.maxLength(INSTRUCTION_LIMITS.instruction_text)));

/**
 * The create / edit form's fields (POST /instructions/instructions/, PATCH /{id}/): JSON or
 * multipart/form-data with the same names, `photo_url` then being the photo file.
 *  - instruction_type: an active type ('This field is required.').
 *  - name (the guest's or restaurant's name): required, at most 255 characters.
 *  - instruction_text: optional, at most 2000 characters.
 *  - start_date: YYYY-MM-DD, blank → today (building time zone). Cannot change on an edit.
 *  - expiration_date: YYYY-MM-DD, blank → no end; required for types with is_end_date_required;
 *    never before start_date.
 *  - occupancy: the unit profile (of the building).
 */
export const InstructionWrite = z
  .object({
    instruction_type: requiredId(),
    name: guestName,
    instruction_text: instructionText.optional(),
    start_date: FormDate.optional(),
    expiration_date: FormDate.optional(),
    occupancy: requiredId(),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.expiration_date && v.expiration_date < v.start_date)
      ctx.addIssue({ code: "custom", path: ["expiration_date"], message: INSTRUCTION_MESSAGES.endBeforeStart });
  });
export type InstructionWrite = z.infer<typeof InstructionWrite>;
export type InstructionWriteInput = z.input<typeof InstructionWrite>;
/**
 * PATCH /instructions/instructions/{id}/: any subset. A start_date different from the stored one
 * → start_date: 'The start date cannot be changed after the instruction is created.' (the edit
 * form sends none, or the same day).
 */
export const InstructionPatch = z.object({
  instruction_type: requiredId().optional(),
  name: guestName.optional(),
  instruction_text: instructionText.optional(),
  start_date: FormDate.optional(),
  expiration_date: FormDate.optional(),
  occupancy: requiredId().optional(),
});
export type InstructionPatch = z.infer<typeof InstructionPatch>;
export type InstructionPatchInput = z.input<typeof InstructionPatch>;

/** The form as the API document shows it (multipart; JSON without the photo is accepted too). */
export const InstructionForm = z
  .looseObject({
    instruction_type: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    name: z
      .string()
      .optional()
      .meta({ examples: ["Jane Guest"] }),
    instruction_text: z
      .string()
      .optional()
      .meta({ examples: ["Staying the weekend"] }),
    start_date: z
      .string()
      .optional()
      .meta({ examples: ["2026-11-26"] }),
    expiration_date: z
      .string()
      .nullable()
      .optional()
      .meta({ examples: ["2026-11-30"] }),
    occupancy: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart only)" }),
  })
  .meta({ description: "A multipart form, or JSON without the photo" });

/** PATCH (binary) /instructions/instructions-photos/{id}/ — multipart with the file `photo_url`. */
export const InstructionPhotoForm = z
  .looseObject({
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The new photo" }),
  })
  .meta({ description: "A multipart form with the photo file photo_url" });

/**
 * The type-dependent rules of a create/edit form (server and web): an expiration date is
 * required for types with is_end_date_required, and never before the start date.
 * Returns field errors ({} when fine).
 */
export function instructionFormErrors(
  values: { start_date?: string | null; expiration_date?: string | null },
  type: Pick<InstructionType, "is_end_date_required"> | null | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (type?.is_end_date_required && !values.expiration_date)
    errors.expiration_date = [INSTRUCTION_MESSAGES.expirationRequired];
  else if (values.start_date && values.expiration_date && values.expiration_date < values.start_date)
    errors.expiration_date = [INSTRUCTION_MESSAGES.endBeforeStart];
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Rules (pure; `today` is YYYY-MM-DD in the building's time zone)

type Dated = Pick<Instruction, "expiration_date" | "is_manually_expired">;

/** YYYY-MM-DD plus `n` days (calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
/** Whole days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split("-").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

/** Manually expired; Expired (ended before today); else Active (no end, or today or later). */
export function instructionStatus(i: Dated, today: string): InstructionStatus {
  if (i.is_manually_expired) return "Manually expired";
  if (i.expiration_date !== null && i.expiration_date < today) return "Expired";
  return "Active";
}
export const isActiveInstruction = (i: Dated, today: string) => instructionStatus(i, today) === "Active";
/** 'Expires tonight at midnight': active and its expiration day is today. */
export const expiresTonight = (i: Dated, today: string) => isActiveInstruction(i, today) && i.expiration_date === today;
/** Long term: no end, or lasting over 30 days from its start. */
export const isLongTerm = (i: Pick<Instruction, "start_date" | "expiration_date">) =>
  i.expiration_date === null || daysBetween(i.start_date, i.expiration_date) > LONG_TERM_DAYS;
/** Recently expired: not active, and ended within the past 30 days (today − 30 or later). */
export const isRecentlyExpired = (i: Dated, today: string) =>
  !isActiveInstruction(i, today) &&
  i.expiration_date !== null &&
  i.expiration_date >= addDays(today, -RECENTLY_EXPIRED_DAYS);
export const isFoodDelivery = (i: { instruction_type: { id: number } }) =>
  i.instruction_type.id === FOOD_DELIVERY_TYPE_ID;
/** A food delivery modified less than 30 minutes before `now`. */
export const isNewFoodDelivery = (
  i: { instruction_type: { id: number }; last_modified: string },
  now: Date | number = Date.now(),
) => isFoodDelivery(i) && +now - Date.parse(i.last_modified) < NEW_FOOD_DELIVERY_MINUTES * 60_000;
