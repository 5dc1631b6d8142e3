import { z } from "zod";
import { boundedText, commaParts, dateRangeOrder, Id, isIdText, PageQuery, paginated, queryBool } from "./common.ts";
import { DEFAULT_PAGE_SIZE } from "./constants.ts";
import { MESSAGES } from "./messages.ts";
import { DayQuery } from "./day-filters.ts";

/**
 * Amenity reservations (document 3 sections 2–9): a booking of one amenity (slot) of an amenity
 * type of a club, for a resident (TR), entered by the staff for someone else (ER, 'Admin') or an
 * unavailable block (CR) that closes the amenity and cancels what overlaps it. Only in buildings
 * with amenitysettings.has_amenities. Times are instants (ISO) in replies; writes give a day
 * (YYYY-MM-DD) and times of day (HH:mm) in the building's time zone.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** The upcoming list's page size (limit 30 by default) and its largest page. */
export const AMENITY_RESERVATION_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const AMENITY_RESERVATION_MAX_LIMIT = 1000;
/** The unit profile's history page (20 a page) and its 'past 30 days' window. */
export const AMENITY_RESERVATION_PROFILE_PAGE_SIZE = 20;
export const AMENITY_RESERVATION_PROFILE_PAST_DAYS = 30;
/** The club's guest list shows the first 50 (today's reservations with guests). */
export const AMENITY_GUEST_LIST_LIMIT = 50;
/** Time pickers and the calendar run in 30-minute steps. */
export const AMENITY_RESERVATION_STEP_MINUTES = 30;
/** The calendar window: 12 hours (4 on mobile), 160 px label column. */
export const AMENITY_CALENDAR_HOURS = 12;
export const AMENITY_CALENDAR_HOURS_MOBILE = 4;
export const AMENITY_CALENDAR_LABEL_WIDTH = 160;
/** Form defaults (HH:mm, building time). */
export const AMENITY_RESERVATION_DEFAULT_TIMES = {
  /** New resident (and admin) reservation. */
  resident: { start_time: "12:00", end_time: "13:00" },
  /** Unavailable block. */
  block: { start_time: "09:00", end_time: "10:00" },
  /** Open hours assumed when the amenity type has no schedule. */
  noSchedule: { start_time: "08:00", end_time: "23:00" },
} as const;
export const AMENITY_RESERVATION_LIMITS = { contact: 255, reason: 1000, search: 200 } as const;
/** The most guests any reservation may carry (the type's max_number_guests is the real bound). */
export const AMENITY_RESERVATION_MAX_GUESTS = 1000;
/** Labels of the list's day column for today and tomorrow. */
export const AMENITY_DAY_LABELS = { today: "Today", tomorrow: "Tomorrow" } as const;
/** The list's columns (section 2); the two status columns only when the type requires them. */
export const AMENITY_RESERVATION_COLUMNS = {
  resident: "Apt - resident",
  amenity: "Amenity name",
  date: "Date",
  start: "Start time",
  end: "End time",
  time: "Time",
  approval: "Approved?",
  payment: "Payment status",
} as const;

// ---------------------------------------------------------------------------------------------
// Enums (section 4)

/** TR resident, ER admin-entered, CR unavailable block. */
export const AMENITY_RESERVATION_TYPES = ["TR", "ER", "CR"] as const;
export type AmenityReservationType = (typeof AMENITY_RESERVATION_TYPES)[number];
export const AmenityReservationType = z.enum(AMENITY_RESERVATION_TYPES, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? MESSAGES.fieldRequired
      : MESSAGES.invalidChoice(iss.input),
});
/** Legend and column labels. */
export const AMENITY_RESERVATION_TYPE_DISPLAY: Record<AmenityReservationType, string> = {
  TR: "Resident",
  ER: "Admin",
  CR: "Unavailable",
};
/** The drawer's first choice. */
export const AMENITY_RESERVATION_TYPE_CHOICES: Record<AmenityReservationType, string> = {
  TR: "Resident reservation",
  ER: "Admin reservation",
  CR: "Unavailable block",
};
/** The calendar legend's closed cells. */
export const AMENITY_CLOSED_LABEL = "Closed";

export const APPROVAL_STATUSES = ["PENDING", "APPROVED", "DENIED", "CANCELLED"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** What a create offers; an edit adds DENIED and CANCELLED. */
export const CREATE_APPROVAL_STATUSES = ["PENDING", "APPROVED"] as const satisfies readonly ApprovalStatus[];
export const APPROVAL_STATUS_DISPLAY: Record<ApprovalStatus, string> = {
  PENDING: "Pending",
  APPROVED: "Approved",
  DENIED: "Denied",
  CANCELLED: "Cancelled",
};

export const PAYMENT_STATUSES = ["NOT_PAID", "RENTAL_FEE_PAID", "DEPOSIT_PAID", "RENTAL_AND_DEPOSIT_PAID"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_DISPLAY: Record<PaymentStatus, string> = {
  NOT_PAID: "Not paid",
  RENTAL_FEE_PAID: "Rental fee paid",
  DEPOSIT_PAID: "Deposit paid",
  RENTAL_AND_DEPOSIT_PAID: "Rental and deposit paid",
};

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.toUpperCase() : v),
    z.enum(values, {
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === ""
          ? MESSAGES.fieldRequired
          : MESSAGES.invalidChoice(iss.input),
    }),
  );
export const ApprovalStatus = choice(APPROVAL_STATUSES);
export const CreateApprovalStatus = choice(CREATE_APPROVAL_STATUSES);
export const PaymentStatus = choice(PAYMENT_STATUSES);

// ---------------------------------------------------------------------------------------------
// Messages (word for word where the spec gives them; ours otherwise)

export const AMENITY_RESERVATION_MESSAGES = {
  dateRequired: "A date is required.",
  startDateRequired: "A start date is required.",
  endDateRequired: "A end date is required.",
  reasonRequired: "A reason is required.",
  created: "Reservation created",
  updated: "Reservation updated",
  checkedIn: "Reservation checked in!",
  checkInRemoved: "Removed reservation check in!",
  statusChanged: "Reservation status has been changed",
  cancelled: "Reservation cancelled",
  approvalUpdateFailed: "Error when attempting to update approval status. Please retry in 10 seconds.",
  paymentUpdateFailed: "Error when attempting to update payment status. Please retry in 10 seconds.",
  confirmCancel: "Are you sure you want to cancel this reservation?",
  notFound: "Reservation not found!",
  invalidQr: "Invalid QR Code!",
  changeStatusTitle: "Change Reservation Status",
  confirmStatusChange: "Confirm Status Change",
  statusChangeMailNote: "An email will be sent to the tenant.",
  // Rule refusals (non_field_errors; ours, the spec gives no wording)
  closed: "The amenity is closed at this time.",
  tooLong: (minutes: number) => `Reservations are limited to ${minutes} minutes.`,
  outsideWindow: (days: number) => `Reservations open ${days} days ahead.`,
  inPast: "Reservations cannot start in the past.",
  overlap: "This time overlaps another reservation.",
  openLimit: (n: number) => `This resident already has ${n} open reservations.`,
  weeklyLimit: (n: number) => `This resident already has ${n} reservations this week.`,
  dailyLimit: (n: number) => `This resident already has ${n} reservations this day.`,
  guestsNotAllowed: "Guests are not allowed for this amenity.",
  tooManyGuests: (n: number) => `At most ${n} guests.`,
  endBeforeStart: "The end time must be after the start time.",
  timeStep: "Times must be on the hour or the half hour.",
  invalidTime: "Enter a time as HH:mm.",
  amenityInactive: "This amenity is not active.",
  amenityNotInBuilding: "Select an amenity of this building.",
  residentRequired: "Select a resident.",
  residentNotInBuilding: "Select a resident of this building.",
  apartmentNotInBuilding: "Select a unit of this building.",
  approvalNotRequired: "This amenity does not require approval.",
  paymentNotRequired: "This amenity does not require payment.",
  notOnBlock: "An unavailable block has no approval or payment status.",
  checkinNotAvailable: "This amenity has no check-in.",
  checkedInLocked: "A checked-in reservation cannot be changed or cancelled.",
  alreadyCancelled: "This reservation is already cancelled.",
  typeImmutable: "The kind of a reservation cannot be changed.",
  blockCancelled: (reason: string) => `Your reservation was cancelled: ${reason}`,
} as const;

// ---------------------------------------------------------------------------------------------
// QR codes ('reservation_{id}')

export const RESERVATION_QR_PREFIX = "reservation_";
/** The text a reservation's QR code carries. */
export const reservationQrText = (id: number): string => `${RESERVATION_QR_PREFIX}${id}`;
/** The reservation id a scanned code names ('reservation_{id}' anywhere in it), or null ('Invalid QR Code!'). */
export function parseReservationQr(text: string): number | null {
  const m = /reservation_(\d+)/.exec(text ?? "");
  if (!m || !isIdText(m[1])) return null;
  const id = Number(m[1]);
  return id > 0 ? id : null;
}

// ---------------------------------------------------------------------------------------------
// Times

/** 'HH:mm' (or 'HH:mm:ss'), 00:00 to 24:00. */
const TIME_RE = /^(?:([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?|24:00(?::00)?)$/;
export const isValidTimeOfDay = (v: string): boolean => TIME_RE.test(v);
/** Minutes since midnight of 'HH:mm[:ss]' (24:00 → 1440). */
export function minutesOfTime(v: string): number {
  const [h, m] = v.split(":").map(Number);
  return h * 60 + m;
}
/** 'HH:mm' of minutes since midnight. */
export const timeOfMinutes = (n: number): string =>
  `${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`;
export const TimeOfDay = z
  .string({ error: AMENITY_RESERVATION_MESSAGES.invalidTime })
  .trim()
  .refine(isValidTimeOfDay, { message: AMENITY_RESERVATION_MESSAGES.invalidTime })
  .transform((v) => v.slice(0, 5));

const requiredDay = (message: string) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string({ error: message }).trim().min(1, message)).pipe(DayQuery);

// ---------------------------------------------------------------------------------------------
// A reservation

export const AmenityReservationAmenity = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The amenity type's id. */
  amenity_type: z.number().int(),
  amenity_type_name: z.string(),
  club_id: z.number().int(),
  has_checkin: z.boolean(),
  is_approval_required_for_reservation: z.boolean(),
  is_payment_required_for_reservation: z.boolean(),
  send_qr_codes: z.boolean(),
});
export type AmenityReservationAmenity = z.infer<typeof AmenityReservationAmenity>;

export const AmenityReservationApartment = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  building_name: z.string(),
  apartment_number: z.string(),
});
export const AmenityReservationOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo_url: z.string().nullable(),
});
export const AmenityReservationPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});

/**
 * A reservation. start_time and end_time are ISO instants; date (YYYY-MM-DD) is the start's
 * building-local day. apartment/occupant are null for admin reservations without a resident and
 * for unavailable blocks. approval_status and payment_status are null on unavailable blocks.
 */
export const AmenityReservation = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  amenity_id: z.number().int(),
  amenity: AmenityReservationAmenity,
  apartment_id: z.number().int().nullable(),
  apartment: AmenityReservationApartment.nullable(),
  occupancy_id: z.number().int().nullable(),
  occupant_id: z.number().int().nullable(),
  occupant: AmenityReservationOccupant.nullable(),
  contact: z.string(),
  guests: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES).nullable(),
  approval_status_display: z.string().nullable(),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  payment_status_display: z.string().nullable(),
  amenity_reservation_type: z.enum(AMENITY_RESERVATION_TYPES),
  amenity_reservation_type_display: z.string(),
  reason: z.string(),
  entered_by: AmenityReservationPerson.nullable(),
  is_checked_in: z.boolean(),
  is_cancelled: z.boolean(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type AmenityReservation = z.infer<typeof AmenityReservation>;
export const AmenityReservationPage = paginated(AmenityReservation);

// ---------------------------------------------------------------------------------------------
// Writes

const guestsField = z.coerce
  .number({ error: MESSAGES.integerRequired })
  .int(MESSAGES.integerRequired)
  .min(0, MESSAGES.minValue(0))
  .max(AMENITY_RESERVATION_MAX_GUESTS, MESSAGES.maxValue(AMENITY_RESERVATION_MAX_GUESTS));
const nullableId = z.preprocess((v) => (v === "" ? null : v), Id.nullable());

const editFields = {
  amenity_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), Id.optional()),
  /** TR: the resident (required); ER: optional. The unit follows from the resident's current unit profile unless given. */
  occupant_id: nullableId.optional(),
  apartment_id: nullableId.optional(),
  /** ER: who the booking is for (free text). */
  contact: boundedText(AMENITY_RESERVATION_LIMITS.contact).optional(),
  /** CR: why the amenity is unavailable (required: 'A reason is required.'). */
  reason: boundedText(AMENITY_RESERVATION_LIMITS.reason).optional(),
  /** TR/ER: the day ('A date is required.'). */
  date: z.preprocess((v) => (v === "" || v === null ? undefined : v), DayQuery.optional()),
  /** CR: the block's first and last days ('A start date is required.', 'A end date is required.'). */
  start_date: z.preprocess((v) => (v === "" || v === null ? undefined : v), DayQuery.optional()),
  end_date: z.preprocess((v) => (v === "" || v === null ? undefined : v), DayQuery.optional()),
  start_time: TimeOfDay.optional(),
  end_time: TimeOfDay.optional(),
  guests: guestsField.optional(),
  payment_status: PaymentStatus.optional(),
};

/** The day fields each kind needs, with the spec's messages. */
function requireDays(
  v: { amenity_reservation_type?: AmenityReservationType; date?: string; start_date?: string; end_date?: string },
  ctx: z.RefinementCtx,
) {
  const M = AMENITY_RESERVATION_MESSAGES;
  if (v.amenity_reservation_type === "CR") {
    if (!v.start_date) ctx.addIssue({ code: "custom", path: ["start_date"], message: M.startDateRequired });
    if (!v.end_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: M.endDateRequired });
    if (v.start_date && v.end_date && v.end_date < v.start_date)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: MESSAGES.endBeforeStart });
  } else if (v.amenity_reservation_type && !v.date) {
    ctx.addIssue({ code: "custom", path: ["date"], message: M.dateRequired });
  }
}

/**
 * POST /clubs/reservations/ — amenity_id and amenity_reservation_type required. TR: occupant_id
 * (required), apartment_id (optional, else the resident's current unit), date, start_time,
 * end_time, guests. ER: date, times, contact, occupant_id/apartment_id optional. CR: start_date,
 * end_date, start_time, end_time, reason (required); it cancels what overlaps and mails those
 * residents the reason. approval_status PENDING|APPROVED (only when the type requires approval;
 * default PENDING there), payment_status (only when the type requires payment; default NOT_PAID).
 * Refusals of the booking rules come under non_field_errors. 201 with the reservation.
 */
export const AmenityReservationCreate = z
  .object({
    ...editFields,
    amenity_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), Id.optional()),
    amenity_reservation_type: AmenityReservationType,
    approval_status: CreateApprovalStatus.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.amenity_id) ctx.addIssue({ code: "custom", path: ["amenity_id"], message: MESSAGES.fieldRequired });
    requireDays(v, ctx);
    if (v.amenity_reservation_type === "CR" && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: AMENITY_RESERVATION_MESSAGES.reasonRequired });
  });
export type AmenityReservationCreate = z.infer<typeof AmenityReservationCreate>;
export type AmenityReservationCreateInput = z.input<typeof AmenityReservationCreate>;

/**
 * PATCH /clubs/reservations/{id}/ — a full edit (any create field but the kind), or only
 * approval_status (any of the four; a change except to PENDING mails the tenant), or only
 * payment_status. A checked-in or cancelled reservation is refused (non_field_errors). 200 with
 * the reservation.
 */
export const AmenityReservationPatch = z.object({
  ...editFields,
  approval_status: ApprovalStatus.optional(),
});
export type AmenityReservationPatch = z.infer<typeof AmenityReservationPatch>;
export type AmenityReservationPatchInput = z.input<typeof AmenityReservationPatch>;

// ---------------------------------------------------------------------------------------------
// Reads

export const AMENITY_RESERVATION_ORDERINGS = ["start_time", "-start_time"] as const;

/**
 * GET /core/buildings/{b}/amenity-reservations/ — date (one building-local day), upcoming=1
 * (not yet ended), amenity_type, amenity, search (resident name or apartment number), occupancy,
 * min_start_date / max_start_date (days, inclusive), amenity_reservation_type (comma list, e.g.
 * TR,ER to hide blocks), include_cancelled=1 (cancelled ones are left out otherwise), ordering
 * start_time (default) or -start_time; limit (default 30, up to 1000), offset.
 */
export const AmenityReservationListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(AMENITY_RESERVATION_MAX_LIMIT).optional(),
  date: DayQuery.optional(),
  upcoming: queryBool.optional(),
  amenity_type: Id.optional(),
  amenity: Id.optional(),
  search: z
    .string()
    .trim()
    .max(AMENITY_RESERVATION_LIMITS.search, MESSAGES.maxLength(AMENITY_RESERVATION_LIMITS.search))
    .optional(),
  occupancy: Id.optional(),
  min_start_date: DayQuery.optional(),
  max_start_date: DayQuery.optional(),
  /** Kinds, a comma list (or repeated): TR,ER hides the blocks. */
  amenity_reservation_type: z
    .union([z.string(), z.array(z.string())])
    .transform((v, ctx) => {
      const kinds = commaParts(v).map((p) => p.toUpperCase());
      const bad = kinds.find((k) => !(AMENITY_RESERVATION_TYPES as readonly string[]).includes(k));
      if (bad) ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(bad) });
      return kinds as AmenityReservationType[];
    })
    .optional(),
  include_cancelled: queryBool.optional(),
  ordering: z.enum(AMENITY_RESERVATION_ORDERINGS).optional(),
}).superRefine(dateRangeOrder([["min_start_date", "max_start_date"]]));
export type AmenityReservationListQuery = z.infer<typeof AmenityReservationListQuery>;
export type AmenityReservationListQueryInput = z.input<typeof AmenityReservationListQuery>;

/** GET /core/buildings/{b}/amenity-reservations/schedule/?date=YYYY-MM-DD (required: 'A date is required.'). */
export const AmenityScheduleQuery = z.object({
  date: requiredDay(AMENITY_RESERVATION_MESSAGES.dateRequired),
  amenity_type: Id.optional(),
});
export type AmenityScheduleQuery = z.infer<typeof AmenityScheduleQuery>;

/** Open hours of a day, building-local 'HH:mm' (end 24:00 = midnight). */
export const OpenInterval = z.object({ start_time: z.string(), end_time: z.string() });
export type OpenInterval = z.infer<typeof OpenInterval>;

/**
 * One amenity of the day: its type's open hours that day (special dates win; has_schedule false
 * → the type has no schedule: the calendar assumes 08:00–23:00 for blocks and shows it open),
 * and its non-cancelled reservations that day (blocks included), by start.
 */
export const AmenityScheduleRow = z.object({
  amenity: AmenityReservationAmenity.extend({ is_active: z.boolean() }),
  has_schedule: z.boolean(),
  open_hours: z.array(OpenInterval),
  max_number_guests: z.number().int(),
  reservations: z.array(AmenityReservation),
});
export type AmenityScheduleRow = z.infer<typeof AmenityScheduleRow>;
/** The reply: the day, the building's time zone and one row per active amenity of the building's active types. */
export const AmenitySchedule = z.object({
  date: z.string(),
  time_zone: z.string(),
  amenities: z.array(AmenityScheduleRow),
});
export type AmenitySchedule = z.infer<typeof AmenitySchedule>;

/**
 * GET /clubs/clubs/{id}/guest-list/ — today's (building time) non-cancelled reservations of the
 * club's amenities with guests > 0, by start, the first 50; count is the total.
 */
export const AmenityGuestList = z.object({
  count: z.number().int(),
  results: z.array(AmenityReservation),
});
export type AmenityGuestList = z.infer<typeof AmenityGuestList>;

// ---------------------------------------------------------------------------------------------
// Pure helpers shared by the API and the web

/** Whether two half-open intervals [a1, a2) and [b1, b2) overlap. */
export const intervalsOverlap = (a1: number, a2: number, b1: number, b2: number): boolean => a1 < b2 && b1 < a2;

/** Whether the booking [start, end) (minutes of the day) lies inside one of the open intervals. */
export function isInsideOpenHours(start: number, end: number, hours: readonly OpenInterval[]): boolean {
  return hours.some((h) => minutesOfTime(h.start_time) <= start && end <= minutesOfTime(h.end_time));
}

/** Whether a reservation's approval and payment fields show (type requires them, not a block). */
export const showsApproval = (r: Pick<AmenityReservation, "amenity" | "amenity_reservation_type">): boolean =>
  r.amenity_reservation_type !== "CR" && r.amenity.is_approval_required_for_reservation;
export const showsPayment = (r: Pick<AmenityReservation, "amenity" | "amenity_reservation_type">): boolean =>
  r.amenity_reservation_type !== "CR" && r.amenity.is_payment_required_for_reservation;
/** Whether check-in can be toggled on it. */
export const canToggleCheckin = (
  r: Pick<AmenityReservation, "amenity" | "amenity_reservation_type" | "is_cancelled">,
) => r.amenity_reservation_type !== "CR" && r.amenity.has_checkin && !r.is_cancelled;
/** Whether it can still be saved or cancelled. */
export const isEditable = (r: Pick<AmenityReservation, "is_checked_in" | "is_cancelled">): boolean =>
  !r.is_checked_in && !r.is_cancelled;
