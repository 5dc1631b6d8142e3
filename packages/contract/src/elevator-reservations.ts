import { z } from "zod";
import { blankableText, commaParts, dateRangeOrder, Id, PageQuery } from "./common.ts";
import { DEFAULT_PAGE_SIZE } from "./constants.ts";
import { MESSAGES } from "./messages.ts";
import { DayQuery, OptionalFormId } from "./day-filters.ts";
import { isValidDay } from "./occupancies/fields.ts";
import { requiredIdField } from "./packages/fields.ts";
import { isMoveOutType } from "./reservation-types.ts";

/**
 * Service elevator reservations (document 3 sections 2–9; document 1 for the Elevators drawer
 * and the unit profile): a unit's booking of the service elevator for a date and a time range
 * (building time zone), of a reservation type. Staff take and edit them (elevator.use); managers,
 * and the front desk when is_staff_can_approve is on, decide (elevator.decide): REQUESTED →
 * APPROVED | DENIED (a reason) | CANCELLED, nothing else. Two APPROVED reservations of a building
 * never overlap.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

export const ELEVATOR_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The calendar asks a whole month at once. */
export const ELEVATOR_MAX_LIMIT = 1000;
/** Time pickers step 30 minutes; the first slot is 8:00 AM; the last 11:30 PM. */
export const ELEVATOR_STEP_MINUTES = 30;
export const ELEVATOR_FIRST_SLOT = "08:00";
export const ELEVATOR_LAST_SLOT = "23:30";
/** The form's defaults. */
export const ELEVATOR_DEFAULT_START = "09:00";
export const ELEVATOR_DEFAULT_END = "10:00";
/** A Move-Out is flagged when more than this many days before the lease end date (or without one). */
export const EARLY_MOVE_OUT_DAYS = 15;
/** A month cell shows at most this many reservations, then 'Show all (n more)'. */
export const ELEVATOR_DAY_CELL_MAX = 3;
/** Text limits (ours). */
export const ELEVATOR_LIMITS = {
  custom_name: 255,
  custom_email: 254,
  custom_phone: 50,
  details_text: 4000,
  deny_reason: 2000,
} as const;

// ---------------------------------------------------------------------------------------------
// Statuses (section 4)

export const ELEVATOR_STATUSES = ["REQUESTED", "APPROVED", "DENIED", "CANCELLED"] as const;
export type ElevatorStatus = (typeof ELEVATOR_STATUSES)[number];
export const ElevatorStatus = z.enum(ELEVATOR_STATUSES);
export const ELEVATOR_STATUS_DISPLAY: Record<ElevatorStatus, string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  DENIED: "Denied",
  CANCELLED: "Cancelled",
};
/** The decisions: each takes a REQUESTED reservation to its status. */
export const ELEVATOR_DECISIONS = { approve: "APPROVED", deny: "DENIED", cancel: "CANCELLED" } as const;
export type ElevatorDecision = keyof typeof ELEVATOR_DECISIONS;
/** Only a REQUESTED reservation may be decided (approved, denied or cancelled). */
export const canDecide = (status: ElevatorStatus): boolean => status === "REQUESTED";

// ---------------------------------------------------------------------------------------------
// Messages (word for word where the spec gives them; ours otherwise)

export const ELEVATOR_MESSAGES = {
  listError: (message: string) => `An error occurred: ${message}`,
  noResults: "No results.",
  noTypes: "No Reservation Types Defined! Contact Management to Add Reservation Types.",
  denyFailed: "Unable to deny service elevator reservation",
  outsideLease: "*Outside of current lease",
  showAll: (n: number) => `Show all (${n} more)`,
  approveSelected: "Approve selected",
  created: "Reservation created",
  updated: "Reservation updated",
  dateRequired: "A date is required.",
  // Ours (the spec gives no wording)
  earlyMoveOut: `*Move-out more than ${EARLY_MOVE_OUT_DAYS} days before the lease end`,
  overlap: "Another approved reservation overlaps this time.",
  notRequested: (statusDisplay: string) =>
    `Only a requested reservation can be approved, denied or cancelled; this one is ${statusDisplay}.`,
  startTooEarly: "The start time cannot be before 8:00 AM.",
  halfHourSteps: "Choose a time on the hour or the half hour.",
  invalidTime: "Enter a time as HH:MM.",
  endNotAfterStart: "The end time must be after the start time.",
  reasonRequired: "A reason is required.",
  denyPrompt: "Reason for denying this reservation:",
  invalidEmail: "Enter a valid email address.",
  unitRequired: "Select a unit or a resident.",
  apartmentNotInBuilding: "Select a unit of this building.",
  occupantNotInBuilding: "Select a resident of this building.",
  typeNotInBuilding: "Select a reservation type of this building.",
  typeInactive: "This reservation type is no longer active.",
  notFound: "Not found.",
  approved: "Reservation approved",
  denied: "Reservation denied",
  cancelled: "Reservation cancelled",
  approvedMany: (n: number) => `${n} reservation${n === 1 ? "" : "s"} approved`,
  refusedMany: (n: number) => `${n} reservation${n === 1 ? " was" : "s were"} not approved`,
  selectAtLeastOne: "Please select at least one reservation",
  confirmCancel: "Are you sure you want to cancel this reservation?",
} as const;
const M = ELEVATOR_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Times: "HH:MM" in the building's time zone, 30-minute steps

const TIME_RE = /^([01]?\d|2[0-3]):([0-5]\d)(?::00)?$/;
/** Minutes after midnight of "HH:MM" (or "HH:MM:00"), or null when it is not a time. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}
/** "HH:MM" of minutes after midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
/** '9:00 AM' of "09:00". */
export function timeLabel(time: string): string {
  const min = minutesOf(time) ?? 0;
  const h = Math.floor(min / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(min % 60).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
/** The pickers' choices: start 8:00 AM … 11:00 PM, end 8:30 AM … 11:30 PM, every 30 minutes. */
export function elevatorTimeSlots(kind: "start" | "end"): { value: string; label: string }[] {
  const first = minutesOf(ELEVATOR_FIRST_SLOT)! + (kind === "end" ? ELEVATOR_STEP_MINUTES : 0);
  const last = minutesOf(ELEVATOR_LAST_SLOT)! - (kind === "start" ? ELEVATOR_STEP_MINUTES : 0);
  const out: { value: string; label: string }[] = [];
  for (let m = first; m <= last; m += ELEVATOR_STEP_MINUTES)
    out.push({ value: timeOf(m), label: timeLabel(timeOf(m)) });
  return out;
}

/**
 * The form rules of a date and times (section 5): a valid date; start not before 8:00; end
 * after start; both on 30-minute steps. Returns the field errors (empty when all is well).
 */
export function elevatorTimeErrors(v: {
  reservation_date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!v.reservation_date || !isValidDay(v.reservation_date))
    errors.reservation_date = [v.reservation_date ? MESSAGES.invalidDate : M.dateRequired];
  const start = v.start_time ? minutesOf(v.start_time) : null;
  const end = v.end_time ? minutesOf(v.end_time) : null;
  const step = (m: number) => m % ELEVATOR_STEP_MINUTES === 0;
  if (start === null) errors.start_time = [v.start_time ? M.invalidTime : MESSAGES.fieldRequired];
  else if (start < minutesOf(ELEVATOR_FIRST_SLOT)!) errors.start_time = [M.startTooEarly];
  else if (!step(start)) errors.start_time = [M.halfHourSteps];
  if (end === null) errors.end_time = [v.end_time ? M.invalidTime : MESSAGES.fieldRequired];
  else if (!step(end)) errors.end_time = [M.halfHourSteps];
  else if (start !== null && end <= start) errors.end_time = [M.endNotAfterStart];
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The entity (section 3)

export const ElevatorStatusEvent = z.object({
  /** Who made the last status change (full name), null when unknown. */
  performed_by: z.string().nullable(),
  date_created: z.string(),
});
export type ElevatorStatusEvent = z.infer<typeof ElevatorStatusEvent>;

/**
 * A service elevator reservation. start_time / end_time are ISO instants; reservation_date,
 * start_clock and end_clock are the same in the building's time zone (YYYY-MM-DD, HH:MM) for the
 * form. status_event is the last decision (null while REQUESTED). occupant is the resident's full
 * name; entered_by the staff member's. lease_start_date / lease_end_date are the unit profile's
 * (YYYY-MM-DD). custom_* are '' when not given; deny_reason '' unless DENIED.
 */
export const ElevatorReservation = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  status: ElevatorStatus,
  status_display: z.string(),
  status_event: ElevatorStatusEvent.nullable(),
  reservation_type_id: z.number().int(),
  reservation_type_name: z.string(),
  reservation_type_short_name: z.string(),
  occupant_id: z.number().int().nullable(),
  occupant: z.string().nullable(),
  apartment_id: z.number().int().nullable(),
  apartment_number: z.string().nullable(),
  occupancy_id: z.number().int().nullable(),
  custom_name: z.string(),
  custom_email: z.string(),
  custom_phone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  reservation_date: z.string(),
  start_clock: z.string(),
  end_clock: z.string(),
  details_text: z.string(),
  entered_by: z.string().nullable(),
  date_created: z.string(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  deny_reason: z.string(),
});
export type ElevatorReservation = z.infer<typeof ElevatorReservation>;

// ---------------------------------------------------------------------------------------------
// Flags (pure: the list and the calendar show them, the API puts them in mails)

type FlagInput = Pick<
  ElevatorReservation,
  "reservation_date" | "lease_start_date" | "lease_end_date" | "reservation_type_name" | "reservation_type_short_name"
> & { occupancy_id?: number | null };

const dayNumber = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / 86_400_000;

/**
 * A Move-Out (see `isMoveOutType`) more than 15 days before the lease end date, or of a unit
 * profile without a lease end date.
 */
export function isEarlyMoveOut(res: FlagInput): boolean {
  if (!isMoveOutType({ name: res.reservation_type_name, short_name: res.reservation_type_short_name })) return false;
  if (!res.lease_end_date) return true;
  return dayNumber(res.lease_end_date) - dayNumber(res.reservation_date) > EARLY_MOVE_OUT_DAYS;
}

/** The reservation's day is before the lease start or after the lease end ('*Outside of current lease'). */
export function isOutsideLease(res: FlagInput): boolean {
  const day = res.reservation_date;
  if (res.lease_start_date && day < res.lease_start_date) return true;
  return !!res.lease_end_date && day > res.lease_end_date;
}

// ---------------------------------------------------------------------------------------------
// Queries

export const ELEVATOR_ORDERINGS = [
  "start_time",
  "-start_time",
  "end_time",
  "-end_time",
  "date_created",
  "-date_created",
  "status",
  "-status",
] as const;
export type ElevatorOrdering = (typeof ELEVATOR_ORDERINGS)[number];
export const ELEVATOR_DEFAULT_ORDERING: ElevatorOrdering = "start_time";

/** status: one status or a comma list (any case). */
export const ElevatorStatusList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const out: ElevatorStatus[] = [];
  for (const p of commaParts(v)) {
    const s = p.toUpperCase();
    if (!(ELEVATOR_STATUSES as readonly string[]).includes(s)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(p) });
      return z.NEVER;
    }
    out.push(s as ElevatorStatus);
  }
  return out;
});

const filters = {
  ordering: z.enum(ELEVATOR_ORDERINGS, { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
  /** Building-local days, both ends inclusive (on the start time). */
  min_start_date: DayQuery.optional(),
  max_start_date: DayQuery.optional(),
  status: ElevatorStatusList.optional(),
  apartment: Id.optional(),
  reservation_type: Id.optional(),
  occupancy: Id.optional(),
  limit: z.coerce.number().int().min(1).max(ELEVATOR_MAX_LIMIT).optional(),
};
const dateOrder = dateRangeOrder([["min_start_date", "max_start_date"]]);

/**
 * GET /core/buildings/{b}/reservations/ — ordering (start_time by default), min/max_start_date,
 * status, apartment, reservation_type, occupancy (the unit profile); limit (30, up to 1000), offset.
 */
export const ElevatorListQuery = PageQuery.extend(filters).superRefine(dateOrder);
export type ElevatorListQuery = z.infer<typeof ElevatorListQuery>;
export type ElevatorListQueryInput = z.input<typeof ElevatorListQuery>;

/** GET /reservations/reservations/?building — the same filters with the building in the query. */
export const ElevatorBuildingListQuery = PageQuery.extend({ building: Id, ...filters }).superRefine(dateOrder);
export type ElevatorBuildingListQuery = z.infer<typeof ElevatorBuildingListQuery>;

/** ?building on the calls about one reservation (optional; another building's → 404). */
export const ElevatorBuildingQuery = z.object({ building: Id.optional() });
/** ?building on the collection calls (create, approve_all, ready_to_approve_count). */
export const ElevatorRequiredBuildingQuery = z.object({ building: Id });

/** GET /reservations/reservations/ready_to_approve_count/?building — REQUESTED ones not yet over. */
export const ElevatorReadyCount = z.object({ count: z.number().int() });
export type ElevatorReadyCount = z.infer<typeof ElevatorReadyCount>;

// ---------------------------------------------------------------------------------------------
// Writes

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const formText = (max: number) => blankableText(max).optional();
const timeField = z.string({ error: M.invalidTime }).trim();

const writeFields = {
  reservation_type_id: requiredIdField(MESSAGES.fieldRequired),
  /** A resident of the building: sets apartment_id and occupancy_id (their unit profile; the resident's unit wins). */
  occupant_id: OptionalFormId,
  /** The unit (required unless occupant_id is given). */
  apartment_id: OptionalFormId,
  custom_name: formText(ELEVATOR_LIMITS.custom_name),
  custom_email: blankableText(ELEVATOR_LIMITS.custom_email)
    .refine((s) => s === "" || EMAIL_RE.test(s), M.invalidEmail)
    .optional(),
  custom_phone: formText(ELEVATOR_LIMITS.custom_phone),
  /** YYYY-MM-DD in the building's time zone. */
  reservation_date: z.string({ error: M.dateRequired }).trim(),
  /** HH:MM, building time: ≥ 08:00, 30-minute steps (default 09:00). */
  start_time: timeField,
  /** HH:MM, after start_time, 30-minute steps (default 10:00). */
  end_time: timeField,
  details_text: formText(ELEVATOR_LIMITS.details_text),
};

const timeRules = (v: { reservation_date?: string; start_time?: string; end_time?: string }, ctx: z.RefinementCtx) => {
  for (const [field, messages] of Object.entries(elevatorTimeErrors(v)))
    ctx.addIssue({ code: "custom", path: [field], message: messages[0] });
};

/**
 * POST /reservations/reservations/?building — JSON or multipart: reservation_type_id (a type of
 * the building, active), occupant_id or apartment_id, reservation_date, start_time, end_time
 * (defaults 09:00 and 10:00), custom_name / custom_email / custom_phone (optional; the e-mail
 * valid when given), details_text. 201 with the reservation, REQUESTED.
 */
export const ElevatorReservationWrite = z
  .object({
    ...writeFields,
    start_time: timeField.default(ELEVATOR_DEFAULT_START),
    end_time: timeField.default(ELEVATOR_DEFAULT_END),
  })
  .superRefine(timeRules);
export type ElevatorReservationWrite = z.infer<typeof ElevatorReservationWrite>;
export type ElevatorReservationWriteInput = z.input<typeof ElevatorReservationWrite>;

/**
 * PATCH /reservations/reservations/{id}/?building — any subset of the create's fields (JSON or
 * multipart); the date and times are judged together with the stored ones (`elevatorTimeErrors`).
 */
export const ElevatorReservationPatch = z.object(writeFields).partial();
export type ElevatorReservationPatch = z.infer<typeof ElevatorReservationPatch>;
export type ElevatorReservationPatchInput = z.input<typeof ElevatorReservationPatch>;

const formId = z.union([z.number().int(), z.string()]);
/** The create form as the API document shows it (JSON or multipart). */
export const ElevatorReservationForm = z
  .looseObject({
    reservation_type_id: formId.meta({ examples: [1] }),
    occupant_id: formId.optional(),
    apartment_id: formId.optional(),
    custom_name: z.string().optional(),
    custom_email: z.string().optional(),
    custom_phone: z.string().optional(),
    reservation_date: z.string().meta({ examples: ["2026-12-01"] }),
    start_time: z
      .string()
      .optional()
      .meta({ examples: [ELEVATOR_DEFAULT_START] }),
    end_time: z
      .string()
      .optional()
      .meta({ examples: [ELEVATOR_DEFAULT_END] }),
    details_text: z.string().optional(),
  })
  .meta({ description: "JSON or a multipart form" });
/** The edit form as the API document shows it: any subset. */
export const ElevatorReservationPatchForm = ElevatorReservationForm.partial().meta({
  description: "JSON or a multipart form (any subset of the create's fields)",
});

/** POST /reservations/reservations/{id}/deny/?building — deny_reason: non-empty ('A reason is required.'). */
export const ElevatorDenyBody = z.object({
  deny_reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(ELEVATOR_LIMITS.deny_reason, MESSAGES.maxLength(ELEVATOR_LIMITS.deny_reason)),
});
export type ElevatorDenyBody = z.infer<typeof ElevatorDenyBody>;

/**
 * POST /reservations/reservations/approve_all/?building — reservation_id: the ids (one or more),
 * building_id: the building (must be the query's when both are given).
 */
export const ElevatorApproveAllBody = z.object({
  reservation_id: z
    .array(Id, { error: M.selectAtLeastOne })
    .min(1, M.selectAtLeastOne)
    .max(ELEVATOR_MAX_LIMIT)
    .transform((ids) => [...new Set(ids)]),
  building_id: Id,
});
export type ElevatorApproveAllBody = z.infer<typeof ElevatorApproveAllBody>;
export type ElevatorApproveAllBodyInput = z.input<typeof ElevatorApproveAllBody>;

/**
 * The answer of approve_all: the ids approved, and each refused with its reason (not found, not
 * REQUESTED, or overlapping an approved reservation — including one approved earlier in the same call).
 */
export const ElevatorApproveAllResult = z.object({
  approved: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type ElevatorApproveAllResult = z.infer<typeof ElevatorApproveAllResult>;
