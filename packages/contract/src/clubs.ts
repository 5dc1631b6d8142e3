import { z } from "zod";
import { Id, MAX_ID, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { isValidDay } from "./occupancies/fields.ts";

/**
 * Clubs and amenities (document 3 sections 2–9): clubs (a pool, a fitness club…) of a building,
 * optionally shared with additional buildings; their members and pool (open) check-ins; the
 * club's amenity types (Party Room, Tennis Court…), each with slots (the bookable amenities) and
 * a schedule (weekly hours and special dates).
 *
 * A club belongs to its primary building (`building`) and is also visible in each of its
 * `additional_buildings`. GET /core/buildings/{b}/clubs/ lists the clubs whose primary building
 * is b; `include_external_clubs=1` adds the clubs of other buildings that list b in their
 * additional_buildings (shared FROM other buildings). Every one-club call answers 404 unless the
 * caller may see the club in its primary or one of its additional buildings.
 */

// ---------------------------------------------------------------------------------------------
// Constants and messages

export const CLUB_LIMITS = {
  name: 255,
  description: 5000,
  label: 255,
  text: 5000,
  /** Additional buildings of a club. */
  additionalBuildings: 100,
  /** Special dates sent at once (update-schedule). */
  specialDates: 400,
  /** A per-resident limit or a count field (open/weekly/daily reservations, guests, window). */
  count: 10000,
} as const;

/** Club members: the spec's list limit (the members page asks for all of them). */
export const CLUB_MEMBERS_MAX_LIMIT = 999999;
export const CLUB_LIST_DEFAULT_LIMIT = 1000;
export const CLUB_QUICK_SEARCH_LIMIT = 30;
/** Pool check-in: at most one additional guest per member. */
export const OPEN_CHECKIN_MAX_GUESTS = 1;
/** Pool check-in export: the default range is the last 7 days. */
export const POOL_EXPORT_DEFAULT_DAYS = 7;
export const POOL_EXPORT_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const poolExportFilename = (startDate: string, endDate: string) =>
  `pool-checkins-${startDate}-to-${endDate}.xlsx`;
/** The spreadsheet's header row. */
export const POOL_EXPORT_COLUMNS = [
  "Date",
  "Time",
  "First name",
  "Last name",
  "Building",
  "Apartment",
  "Guests",
  "Note",
  "Entered by",
] as const;
/** Club and amenity type photos: images only, at most 10 MB. */
export const CLUB_PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

/** The spec's words (section 8) and the few of our own where it gives none. */
export const CLUBS_MESSAGES = {
  amenityTypeCreated: "Amenity type created",
  amenityTypeUpdated: "Amenity type updated",
  memberAdded: "New member added",
  /** Our own wording. */
  memberRemoved: "Member removed",
  allMembersRemoved: (n: number) => `${n} member${n === 1 ? "" : "s"} removed`,
  clubCreated: "Club created",
  clubUpdated: "Club updated",
  slotCreated: "Amenity slot created",
  scheduleUpdated: "Schedule updated",
  checkedIn: "Checked in",
  /** Inline slot edits. */
  inlineSaved: MESSAGES.inlineEditSaved,
  inlineFailed: MESSAGES.inlineEditFailed,
  /** Schedule form. */
  dateRequired: "A date is required.",
  invalidSubmission: "Invalid submission",
  dayRequired: "A day of the week is required.",
  duplicateDay: "This day of the week is given twice.",
  duplicateDate: "This date is given twice.",
  openTimeRequired: "An open time is required.",
  closeTimeRequired: "A close time is required.",
  closeBeforeOpen: "The close time must be after the open time.",
  invalidTime: "Enter a time as HH:mm:ss.",
  /** Pool check-in. */
  exportDatesRequired: "Please select both start and end dates",
  exportFailed: (message: string) => `Error exporting check-ins: ${message}`,
  exportHttpError: (code: number, body: string) => `Export error - status: ${code} - ${body}`,
  tooManyGuests: `At most ${OPEN_CHECKIN_MAX_GUESTS} additional guest per member.`,
  notAMember: "This resident is not a member of this club.",
  alreadyMember: "This resident is already a member of this club.",
  occupantNotInClubBuildings: "This resident does not live in one of the club's buildings.",
  noOpenCheckin: "This club has no open check-in.",
  /** 'Remove all members' asks to type this. */
  removeAllPhrase: "remove all",
  confirmRemoveAll: "Type 'remove all' to remove every member of this club.",
  confirmRemoveMember: "Remove this member from the club?",
  /** Amenity type form. */
  guestsAtLeastOne: "At least 1 guest when guests are allowed.",
  invalidInterval: "Select a valid reservation length.",
  clubRequired: "A club is required.",
  amenityTypeRequired: "An amenity type is required.",
  buildingRequired: "A building is required.",
  invalidBuildingList: "Enter a list of building ids.",
  unknownBuilding: "One or more buildings are not accessible.",
  photoNotImage: "The photo must be an image.",
  photoTooLarge: "Please select a file under 10 MB",
  noClubs: "No clubs",
  noAmenityTypes: "No amenity types",
  noMembers: "No members",
  open: "Open",
  closed: "Closed",
} as const;

// ---------------------------------------------------------------------------------------------
// Intervals (max_reservation_length)

/** GET /clubs/amenity-types/intervals/ — the reservation lengths (minutes) a type may allow; the first is the default. */
export const AMENITY_INTERVALS = [
  { value: 60, label: "1 hour" },
  { value: 90, label: "1.5 hours" },
  { value: 120, label: "2 hours" },
  { value: 180, label: "3 hours" },
  { value: 240, label: "4 hours" },
  { value: 300, label: "5 hours" },
  { value: 360, label: "6 hours" },
  { value: 480, label: "8 hours" },
  { value: 720, label: "12 hours" },
  { value: 1440, label: "24 hours" },
] as const;
export const AMENITY_INTERVAL_VALUES: readonly number[] = AMENITY_INTERVALS.map((i) => i.value);
export const DEFAULT_MAX_RESERVATION_LENGTH = AMENITY_INTERVALS[0].value;
export const AmenityInterval = z.object({ value: z.number().int(), label: z.string() });
export type AmenityInterval = z.infer<typeof AmenityInterval>;
export const AmenityIntervals = z.array(AmenityInterval);

/** Amenity type defaults (section 9). */
export const AMENITY_TYPE_DEFAULTS = {
  max_user_open_reservations: 5,
  max_user_weekly_reservations: 3,
  max_user_daily_reservations: 1,
  reservation_window_days: 0,
  max_reservation_length: DEFAULT_MAX_RESERVATION_LENGTH,
  max_number_guests: 0,
  max_persons_permitted_display: 0,
} as const;

// ---------------------------------------------------------------------------------------------
// Form coercion (multipart sends text)

const isNone = (v: unknown) => v === "" || v === null || v === "null" || v === "undefined";
/** A boolean of a form or a JSON body ('true'/'false'/'1'/'0'/'on' as text). */
const formBool = z.preprocess(
  (v) =>
    typeof v === "string"
      ? ["true", "1", "on", "yes"].includes(v.toLowerCase())
        ? true
        : ["false", "0", "off", "no", ""].includes(v.toLowerCase())
          ? false
          : v
      : v,
  z.boolean({ error: MESSAGES.notABoolean }),
);
/** A whole number ≥ 0 of a form or a JSON body. */
const formCount = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MESSAGES.integerRequired })
    .int(MESSAGES.integerRequired)
    .min(0, MESSAGES.minValue(0))
    .max(CLUB_LIMITS.count, MESSAGES.maxValue(CLUB_LIMITS.count)),
);
/** A required id of a form or a JSON body. */
const formId = (required: string) =>
  z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce.number({ error: required }).int().positive().max(MAX_ID, MESSAGES.maxValue(MAX_ID)),
  );
/** Optional text of a form (null → ''). */
const formText = (max: number) =>
  z
    .union([z.string(), z.null()], { error: MESSAGES.notAString })
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, MESSAGES.maxLength(max)));

/** A list of building ids: a JSON text ('[2,3]'), a comma list, or an array. */
const ClubBuildingIds = z.preprocess(
  (v) => {
    if (typeof v === "number") return [v];
    if (typeof v !== "string") return v;
    const s = v.trim();
    if (s === "") return [];
    if (s.startsWith("[")) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return v;
      }
    }
    return s.split(",").map((p) => p.trim());
  },
  z
    .array(z.coerce.number({ error: CLUBS_MESSAGES.invalidBuildingList }).int().positive().max(MAX_ID), {
      error: CLUBS_MESSAGES.invalidBuildingList,
    })
    .max(CLUB_LIMITS.additionalBuildings, CLUBS_MESSAGES.invalidBuildingList)
    .transform((ids) => [...new Set(ids)]),
);

// ---------------------------------------------------------------------------------------------
// Clubs

export const BuildingRef = z.object({ id: z.number().int(), name: z.string() });
export type BuildingRef = z.infer<typeof BuildingRef>;

/** A club; `building` is its primary building's id (`primary_building` with its name). */
export const Club = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  photo_url: z.string().nullable(),
  is_open: z.boolean(),
  auto_enroll_members: z.boolean(),
  /** Designed: the club runs a pool (open) check-in desk (members page 'Pool check in'). */
  has_open_checkin: z.boolean(),
  building: z.number().int(),
  primary_building: BuildingRef,
  additional_buildings: z.array(BuildingRef),
  member_count: z.number().int(),
  amenity_count: z.number().int(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type Club = z.infer<typeof Club>;

const clubFields = {
  name: requiredFieldText(CLUB_LIMITS.name),
  description: formText(CLUB_LIMITS.description).optional(),
  is_open: formBool.optional(),
  auto_enroll_members: formBool.optional(),
  has_open_checkin: formBool.optional(),
  /** JSON text of building ids (multipart) or an array (JSON). The primary building is left out. */
  additional_buildings: ClubBuildingIds.optional(),
};
/** POST /clubs/clubs/ — multipart (or JSON): building, name, description, is_open, auto_enroll_members, has_open_checkin, additional_buildings, photo (file). */
export const ClubCreate = z.object({ building: formId(CLUBS_MESSAGES.buildingRequired), ...clubFields });
export type ClubCreate = z.infer<typeof ClubCreate>;
export type ClubCreateInput = z.input<typeof ClubCreate>;
/** PATCH /clubs/clubs/{id}/ — any subset; the primary building does not change ('building' is ignored). */
export const ClubPatch = z.object({ ...clubFields, building: z.unknown().optional() }).partial();
export type ClubPatch = z.infer<typeof ClubPatch>;
export type ClubPatchInput = z.input<typeof ClubPatch>;
/** The club form as the API document shows it. */
export const ClubForm = z
  .looseObject({
    building: z.union([z.number().int(), z.string()]).optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    is_open: z.union([z.boolean(), z.string()]).optional(),
    auto_enroll_members: z.union([z.boolean(), z.string()]).optional(),
    has_open_checkin: z.union([z.boolean(), z.string()]).optional(),
    additional_buildings: z
      .union([z.array(z.number().int()), z.string()])
      .optional()
      .meta({ description: "JSON text of building ids, e.g. [2,3]" }),
    photo: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart)" }),
  })
  .meta({ description: "A multipart form (or JSON without the photo)" });

/** GET /core/buildings/{b}/clubs/ */
export const BuildingClubsQuery = PageQuery.extend({ include_external_clubs: queryBool.optional() });
export type BuildingClubsQuery = z.infer<typeof BuildingClubsQuery>;

// ---------------------------------------------------------------------------------------------
// Members and pool (open) check-ins

/** A club member: `id` is the membership's id; `occupant_id` the resident's. */
export const ClubMember = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  occupant_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo_url: z.string().nullable(),
  building_id: z.number().int(),
  building_name: z.string(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  date_joined: z.string(),
});
export type ClubMember = z.infer<typeof ClubMember>;

/** GET /clubs/clubs/{id}/members/ — search (name or apartment), limit up to 999999. */
export const ClubMembersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CLUB_MEMBERS_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  search: z.string().trim().max(200, MESSAGES.maxLength(200)).optional(),
});
export type ClubMembersQuery = z.infer<typeof ClubMembersQuery>;

/** GET /clubs/clubs/{id}/quick-search/ — residents of the club's buildings who are not members yet. */
export const ClubQuickSearchQuery = z.object({
  search: z.string().trim().max(200, MESSAGES.maxLength(200)).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ClubQuickSearchQuery = z.infer<typeof ClubQuickSearchQuery>;
export const ClubCandidate = ClubMember.omit({ id: true, club_id: true, date_joined: true });
export type ClubCandidate = z.infer<typeof ClubCandidate>;
export const ClubCandidates = z.array(ClubCandidate);

/** POST add_member/, remove_member/ */
export const ClubMemberBody = z.object({ occupant_id: formId(MESSAGES.fieldRequired) });
export type ClubMemberBody = z.infer<typeof ClubMemberBody>;
export const ClubMemberRemoved = z.object({ detail: z.string(), occupant_id: z.number().int() });
export const ClubMembersRemoved = z.object({ detail: z.string(), count: z.number().int() });

/** The note of a pool check-in: the party size (guests + 1) then a colon. */
export const openCheckinNote = (guests: number) => `${guests + 1}:`;
/** The guests of a check-in note ('2:' → 1); 0 when it has no leading number. */
export function guestsOfNote(note: string): number {
  const m = /^(\d+):/.exec(note);
  return m ? Math.max(0, Number(m[1]) - 1) : 0;
}

/** A pool check-in today: content_type 'occupant', object_id the resident. */
export const OpenCheckin = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  occupant_id: z.number().int(),
  content_type: z.literal("occupant"),
  object_id: z.number().int(),
  note: z.string(),
  guests: z.number().int(),
  checked_in_at: z.string(),
  entered_by: z.number().int().nullable(),
});
export type OpenCheckin = z.infer<typeof OpenCheckin>;

/** POST record_open_checkin/ — {occupant_id, guests 0..1}. A second call the same day edits it. */
export const RecordOpenCheckin = z.object({
  occupant_id: formId(MESSAGES.fieldRequired),
  guests: z.preprocess(
    (v) =>
      v === undefined || v === null || v === "" ? 0 : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v,
    z
      .number({ error: MESSAGES.integerRequired })
      .int(MESSAGES.integerRequired)
      .min(0, MESSAGES.minValue(0))
      .max(OPEN_CHECKIN_MAX_GUESTS, CLUBS_MESSAGES.tooManyGuests),
  ),
});
export type RecordOpenCheckin = z.infer<typeof RecordOpenCheckin>;
export type RecordOpenCheckinInput = z.input<typeof RecordOpenCheckin>;

/** GET pool_checkins_report/?start_date&end_date — both required (YYYY-MM-DD), building time zone. */
export const PoolCheckinsReportQuery = z
  .object({
    start_date: z
      .string({ error: CLUBS_MESSAGES.exportDatesRequired })
      .trim()
      .min(1, CLUBS_MESSAGES.exportDatesRequired)
      .refine(isValidDay, MESSAGES.invalidDate),
    end_date: z
      .string({ error: CLUBS_MESSAGES.exportDatesRequired })
      .trim()
      .min(1, CLUBS_MESSAGES.exportDatesRequired)
      .refine(isValidDay, MESSAGES.invalidDate),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: MESSAGES.endBeforeStart });
  });
export type PoolCheckinsReportQuery = z.infer<typeof PoolCheckinsReportQuery>;

// ---------------------------------------------------------------------------------------------
// Schedules

/** 'HH:mm:ss' (or 'HH:mm'); '24:00:00' is the end of the day. */
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$|^24:00(:00)?$/;
export const isTimeText = (v: string) => TIME_RE.test(v);
/** 'HH:mm' → 'HH:mm:ss'. */
export const fullTime = (v: string) => (v.length === 5 ? `${v}:00` : v);
const secondsOf = (t: string) => {
  const [h = 0, m = 0, s = 0] = t.split(":").map(Number);
  return h * 3600 + m * 60 + s;
};

export const SCHEDULE_MODES = { always: "Always open", selected: "Open on selected hours" } as const;
export type ScheduleMode = keyof typeof SCHEDULE_MODES;
/** Monday first (day_of_week 0) to Sunday (6). */
export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** A schedule entry: day_of_week (weekly) or specific_date (special). Times are null when closed. */
export const ScheduleEntry = z.object({
  id: z.number().int(),
  amenity_type: z.number().int(),
  day_of_week: z.number().int().min(0).max(6).nullable(),
  specific_date: z.string().nullable(),
  is_open: z.boolean(),
  open_time: z.string().nullable(),
  close_time: z.string().nullable(),
  max_number_guests: z.number().int().nullable(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntry>;
export const ScheduleEntries = z.array(ScheduleEntry);

const optionalTime = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z
    .string({ error: CLUBS_MESSAGES.invalidTime })
    .trim()
    .refine(isTimeText, CLUBS_MESSAGES.invalidTime)
    .transform(fullTime)
    .nullable(),
);

/** One entry of update-schedule. */
export const ScheduleEntryInput = z
  .object({
    day_of_week: z.preprocess(
      (v) => (v === "" || v === undefined ? null : typeof v === "string" && /^\d$/.test(v) ? Number(v) : v),
      z
        .number({ error: CLUBS_MESSAGES.dayRequired })
        .int()
        .min(0, CLUBS_MESSAGES.dayRequired)
        .max(6, CLUBS_MESSAGES.dayRequired)
        .nullable(),
    ),
    specific_date: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z.string({ error: MESSAGES.invalidDate }).trim().refine(isValidDay, MESSAGES.invalidDate).nullable(),
    ),
    is_open: formBool.default(true),
    open_time: optionalTime.default(null),
    close_time: optionalTime.default(null),
    max_number_guests: z.preprocess((v) => (v === "" || v === undefined ? null : v), formCount.nullable()),
  })
  .superRefine((v, ctx) => {
    if (!v.is_open) return;
    if (!v.open_time) ctx.addIssue({ code: "custom", path: ["open_time"], message: CLUBS_MESSAGES.openTimeRequired });
    if (!v.close_time)
      ctx.addIssue({ code: "custom", path: ["close_time"], message: CLUBS_MESSAGES.closeTimeRequired });
    if (v.open_time && v.close_time && secondsOf(v.close_time) <= secondsOf(v.open_time))
      ctx.addIssue({ code: "custom", path: ["close_time"], message: CLUBS_MESSAGES.closeBeforeOpen });
    if (v.open_time === "24:00:00")
      ctx.addIssue({ code: "custom", path: ["open_time"], message: CLUBS_MESSAGES.invalidTime });
  });
export type ScheduleEntryInput = z.infer<typeof ScheduleEntryInput>;

/**
 * PATCH /clubs/amenity-types/{id}/update-schedule/ — {schedules[], is_special}.
 * is_special=false replaces the whole weekly set (an empty list = 'Always open'; each entry needs
 * day_of_week, once per day); is_special=true replaces the whole set of special dates (each entry
 * needs specific_date: 'A date is required.', once per date). Errors are per entry under
 * `schedules.{i}.{field}`; the form summarises them as 'Invalid submission'.
 */
export const UpdateSchedule = z
  .object({
    schedules: z.array(ScheduleEntryInput, { error: MESSAGES.notAList }).max(CLUB_LIMITS.specialDates),
    is_special: formBool.default(false),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.schedules.forEach((s, i) => {
      if (v.is_special) {
        if (!s.specific_date)
          ctx.addIssue({
            code: "custom",
            path: ["schedules", i, "specific_date"],
            message: CLUBS_MESSAGES.dateRequired,
          });
        else if (seen.has(s.specific_date))
          ctx.addIssue({
            code: "custom",
            path: ["schedules", i, "specific_date"],
            message: CLUBS_MESSAGES.duplicateDate,
          });
        else seen.add(s.specific_date);
      } else {
        if (s.day_of_week === null)
          ctx.addIssue({ code: "custom", path: ["schedules", i, "day_of_week"], message: CLUBS_MESSAGES.dayRequired });
        else if (seen.has(String(s.day_of_week)))
          ctx.addIssue({ code: "custom", path: ["schedules", i, "day_of_week"], message: CLUBS_MESSAGES.duplicateDay });
        else seen.add(String(s.day_of_week));
      }
    });
  });
export type UpdateSchedule = z.infer<typeof UpdateSchedule>;
export type UpdateScheduleInput = z.input<typeof UpdateSchedule>;

/** What a schedule says about one date. `source`: always (no weekly entries), weekly, special, or none (selected hours but no entry for that day → closed). */
export interface DaySchedule {
  is_open: boolean;
  open_time: string | null;
  close_time: string | null;
  max_number_guests: number | null;
  source: "always" | "weekly" | "special" | "none";
}
type ScheduleLike = Pick<
  ScheduleEntry,
  "day_of_week" | "specific_date" | "is_open" | "open_time" | "close_time" | "max_number_guests"
>;

/** Monday 0 … Sunday 6 of a 'YYYY-MM-DD'. */
export const dayOfWeekOf = (date: string): number => (new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;

/** 'Always open' when the weekly set is empty, else 'Open on selected hours'. */
export const scheduleMode = (schedules: readonly ScheduleLike[]): ScheduleMode =>
  schedules.some((s) => s.day_of_week !== null && !s.specific_date) ? "selected" : "always";

/**
 * The schedule of one date ('YYYY-MM-DD'): a special-date entry wins; otherwise with no weekly
 * entries the type is 'Always open' (00:00:00–24:00:00); otherwise the entry of that weekday,
 * and a weekday without an entry is closed.
 */
export function scheduleForDate(schedules: readonly ScheduleLike[], date: string): DaySchedule {
  const day = date.slice(0, 10);
  const pick = (s: ScheduleLike, source: DaySchedule["source"]): DaySchedule => ({
    is_open: s.is_open,
    open_time: s.is_open ? fullTime(s.open_time ?? "00:00:00") : null,
    close_time: s.is_open ? fullTime(s.close_time ?? "24:00:00") : null,
    max_number_guests: s.max_number_guests,
    source,
  });
  const special = schedules.find((s) => s.specific_date?.slice(0, 10) === day);
  if (special) return pick(special, "special");
  const weekly = schedules.filter((s) => s.day_of_week !== null && !s.specific_date);
  if (weekly.length === 0)
    return { is_open: true, open_time: "00:00:00", close_time: "24:00:00", max_number_guests: null, source: "always" };
  const entry = weekly.find((s) => s.day_of_week === dayOfWeekOf(day));
  if (!entry) return { is_open: false, open_time: null, close_time: null, max_number_guests: null, source: "none" };
  return pick(entry, "weekly");
}

/**
 * Whether [start, end] on `date` lies inside the open hours (times 'HH:mm' or 'HH:mm:ss' in the
 * building's time zone; end '24:00' is midnight). An end not after the start is not open.
 */
export function isOpenAt(schedules: readonly ScheduleLike[], date: string, start: string, end: string): boolean {
  if (!isTimeText(start) || !isTimeText(end)) return false;
  const d = scheduleForDate(schedules, date);
  if (!d.is_open || !d.open_time || !d.close_time) return false;
  const s = secondsOf(start);
  const e = secondsOf(end);
  return e > s && s >= secondsOf(d.open_time) && e <= secondsOf(d.close_time);
}

// ---------------------------------------------------------------------------------------------
// Amenity types

export const AmenityType = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  rules: z.string(),
  photo_url: z.string().nullable(),
  location_label: z.string(),
  is_active: z.boolean(),
  club: z.number().int(),
  club_name: z.string(),
  building: z.number().int(),
  /** Minutes, one of the intervals. */
  max_reservation_length: z.number().int(),
  reservation_note: z.string(),
  max_persons_permitted_display: z.number().int(),
  max_user_open_reservations: z.number().int(),
  max_user_weekly_reservations: z.number().int(),
  max_user_daily_reservations: z.number().int(),
  is_allow_guests: z.boolean(),
  max_number_guests: z.number().int(),
  /** 0 = no limit. */
  reservation_window_days: z.number().int(),
  has_checkin: z.boolean(),
  send_qr_codes: z.boolean(),
  is_approval_required_for_reservation: z.boolean(),
  is_payment_required_for_reservation: z.boolean(),
  /** The calendar's default window (informational; the schedule decides what is open). */
  open_time: z.string().nullable(),
  close_time: z.string().nullable(),
  schedule_set: z.array(ScheduleEntry),
  amenity_count: z.number().int(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type AmenityType = z.infer<typeof AmenityType>;

const intervalField = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: CLUBS_MESSAGES.invalidInterval })
    .int()
    .refine((n) => AMENITY_INTERVAL_VALUES.includes(n), CLUBS_MESSAGES.invalidInterval),
);

const amenityTypeFields = {
  name: requiredFieldText(CLUB_LIMITS.name),
  label: formText(CLUB_LIMITS.label),
  description: formText(CLUB_LIMITS.text),
  rules: formText(CLUB_LIMITS.text),
  location_label: formText(CLUB_LIMITS.label),
  reservation_note: formText(CLUB_LIMITS.text),
  is_active: formBool,
  max_reservation_length: intervalField,
  max_persons_permitted_display: formCount,
  max_user_open_reservations: formCount,
  max_user_weekly_reservations: formCount,
  max_user_daily_reservations: formCount,
  is_allow_guests: formBool,
  max_number_guests: formCount,
  reservation_window_days: formCount,
  has_checkin: formBool,
  send_qr_codes: formBool,
  is_approval_required_for_reservation: formBool,
  is_payment_required_for_reservation: formBool,
  open_time: optionalTime,
  close_time: optionalTime,
};

/**
 * The guests rule: with guests allowed, max_number_guests ≥ 1; without, it is forced to 0.
 * Returns the error (for max_number_guests) or null, and the value to store.
 */
export function amenityGuestsRule(isAllowGuests: boolean, maxGuests: number): { error: string | null; value: number } {
  if (!isAllowGuests) return { error: null, value: 0 };
  return maxGuests >= 1
    ? { error: null, value: maxGuests }
    : { error: CLUBS_MESSAGES.guestsAtLeastOne, value: maxGuests };
}

/** POST /clubs/amenity-types/ — club and name required, the rest defaults (5/3/1/0, first interval). Multipart with an optional photo, or JSON. */
export const AmenityTypeCreate = z
  .object({
    club: formId(CLUBS_MESSAGES.clubRequired),
    name: amenityTypeFields.name,
    label: amenityTypeFields.label.default(""),
    description: amenityTypeFields.description.default(""),
    rules: amenityTypeFields.rules.default(""),
    location_label: amenityTypeFields.location_label.default(""),
    reservation_note: amenityTypeFields.reservation_note.default(""),
    is_active: formBool.default(true),
    max_reservation_length: intervalField.default(DEFAULT_MAX_RESERVATION_LENGTH),
    max_persons_permitted_display: formCount.default(AMENITY_TYPE_DEFAULTS.max_persons_permitted_display),
    max_user_open_reservations: formCount.default(AMENITY_TYPE_DEFAULTS.max_user_open_reservations),
    max_user_weekly_reservations: formCount.default(AMENITY_TYPE_DEFAULTS.max_user_weekly_reservations),
    max_user_daily_reservations: formCount.default(AMENITY_TYPE_DEFAULTS.max_user_daily_reservations),
    is_allow_guests: formBool.default(false),
    max_number_guests: formCount.default(0),
    reservation_window_days: formCount.default(AMENITY_TYPE_DEFAULTS.reservation_window_days),
    has_checkin: formBool.default(false),
    send_qr_codes: formBool.default(false),
    is_approval_required_for_reservation: formBool.default(false),
    is_payment_required_for_reservation: formBool.default(false),
    open_time: optionalTime.default(null),
    close_time: optionalTime.default(null),
  })
  .superRefine((v, ctx) => {
    const r = amenityGuestsRule(v.is_allow_guests, v.max_number_guests);
    if (r.error) ctx.addIssue({ code: "custom", path: ["max_number_guests"], message: r.error });
  })
  .transform((v) => ({ ...v, max_number_guests: amenityGuestsRule(v.is_allow_guests, v.max_number_guests).value }));
export type AmenityTypeCreate = z.infer<typeof AmenityTypeCreate>;
export type AmenityTypeCreateInput = z.input<typeof AmenityTypeCreate>;

/** PATCH /clubs/amenity-types/{id}/ — any subset (the club does not change); the guests rule is checked on the merged values by the server. */
export const AmenityTypePatch = z.object(amenityTypeFields).partial();
export type AmenityTypePatch = z.infer<typeof AmenityTypePatch>;
export type AmenityTypePatchInput = z.input<typeof AmenityTypePatch>;

/** The type form as the API document shows it. */
export const AmenityTypeForm = z
  .looseObject({
    club: z.union([z.number().int(), z.string()]).optional(),
    name: z.string().optional(),
    is_allow_guests: z.union([z.boolean(), z.string()]).optional(),
    max_number_guests: z.union([z.number().int(), z.string()]).optional(),
    max_reservation_length: z.union([z.number().int(), z.string()]).optional(),
    photo: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart)" }),
  })
  .meta({ description: "JSON, or a multipart form with an optional photo" });

/** GET /core/buildings/{b}/amenity-types/ */
export const BuildingAmenityTypesQuery = PageQuery.extend({
  is_active: queryBool.optional(),
  club: Id.optional(),
});
export type BuildingAmenityTypesQuery = z.infer<typeof BuildingAmenityTypesQuery>;

// ---------------------------------------------------------------------------------------------
// Amenities (slots)

export const AmenitySlot = z.object({
  id: z.number().int(),
  label: z.string(),
  is_active: z.boolean(),
  amenity_type: z.number().int(),
  amenity_type_name: z.string(),
  amenity_type_is_active: z.boolean(),
  club_id: z.number().int(),
  has_checkin: z.boolean(),
  last_modified: z.string(),
});
export type AmenitySlot = z.infer<typeof AmenitySlot>;

/** POST /clubs/amenities/ */
export const AmenitySlotCreate = z.object({
  amenity_type: formId(CLUBS_MESSAGES.amenityTypeRequired),
  label: requiredFieldText(CLUB_LIMITS.label),
  is_active: formBool.default(true),
});
export type AmenitySlotCreate = z.infer<typeof AmenitySlotCreate>;
export type AmenitySlotCreateInput = z.input<typeof AmenitySlotCreate>;
/** PATCH /clubs/amenities/{id}/ — label and/or is_active (inline edits). */
export const AmenitySlotPatch = z
  .object({ label: requiredFieldText(CLUB_LIMITS.label), is_active: formBool })
  .partial();
export type AmenitySlotPatch = z.infer<typeof AmenitySlotPatch>;
export type AmenitySlotPatchInput = z.input<typeof AmenitySlotPatch>;

/** GET /core/buildings/{b}/amenities/ */
export const BuildingAmenitiesQuery = PageQuery.extend({
  is_active: queryBool.optional(),
  amenity_type_is_active: queryBool.optional(),
  amenity_type: Id.optional(),
});
export type BuildingAmenitiesQuery = z.infer<typeof BuildingAmenitiesQuery>;
/** GET /clubs/amenities/?amenity_type — the slots of one type (required). */
export const AmenitiesOfTypeQuery = PageQuery.extend({
  amenity_type: Id,
  is_active: queryBool.optional(),
});
export type AmenitiesOfTypeQuery = z.infer<typeof AmenitiesOfTypeQuery>;
