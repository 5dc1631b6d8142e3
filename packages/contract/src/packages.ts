import { z } from "zod";
import {
  boolField,
  boundedText,
  dateRangeOrder,
  Event,
  ID_TOO_LARGE,
  isIdText,
  MAX_ID,
  PageQuery,
  queryBool,
  requiredFieldText,
} from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { can, type BuildingContext, type Subject } from "./permissions.ts";
import { OccupancyStatus } from "./occupancies.ts";
import { isValidDateFilter } from "./shift-logs.ts";

/**
 * Packages (document 2, sections 2–9): package types (global), packages, their events, the
 * batch queue, the grid, reminders and notifications. The scan-and-go fields (barcode, carrier,
 * recognition results) are carried already so that the lobby display and the portfolio scan
 * report (document 3) fit without a new shape.
 */

// ---------------------------------------------------------------------------------------------
// Messages, word for word where the spec gives them

export const PACKAGE_MESSAGES = {
  // Log forms
  packageTypeRequired: "A package type is required",
  occupancyRequired: "An occupancy must be selected",
  atLeastOnePackage: "At lease one package is required",
  rowErrors: "There are errors on the form, please resolve and try again!",
  maxRows: "Maximum row limit reached (100)",
  cannotLogForOccupancy: "You cannot log packages for this occupancy",
  leaveUnlogged: "Packages have not been logged yet. Are you sure you want to leave?",
  packagesLogged: "Packages logged",
  // Close
  selectToClose: "Please select at least one package to close",
  leaveUnclosed: "One or more packages are selected and have not been closed yet. Are you sure you want to leave?",
  photoRequired: "A closing photo is required for the selected package types.",
  alreadyClosed: (id: number) => `Package ${id} is already closed.`,
  closed: (n: number) => (n === 1 ? "1 package closed" : `${n} packages closed`),
  // One package
  commentRequired: "Comment required",
  closedNotEditable: "The opening comment can only be edited while the package is open.",
  reopenConfirm: "Are you sure you want to re-open this package?",
  closedReopenLink: "Closed (click to re-open)",
  notClosed: "Only closed packages can be re-opened.",
  packageEdited: "Package edited successfully",
  // Reminders
  remindSelect: "An error occurred: please select at least one package",
  remindSent: (count: number) => `${count} email(s) sent`,
  remindFailed: "There was an error processing your request",
  remindIncomingOnly: "Reminders can only be sent for incoming deliveries.",
  remindOpenOnly: "Reminders can only be sent for open packages.",
  noEmail: "No email on file!",
  // Empty states
  noPackages: "No packages to display",
  noMatch: "There are no packages that match this criteria.",
  noActivity: "No package activity within the past 24 hours",
  emptyBatch: "There is no packages on the batch to log!",
  // Types
  inactiveType: "This package type is not active.",
  immutableType: "This package type cannot be edited.",
  typeNameTaken: "package type with this name already exists.",
  // Generic
  fieldRequired: "This field is required.",
  invalidPk: (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`,
  notAList: (type: string) => `Expected a list of items but got type "${type}".`,
} as const;

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

export const PACKAGE_LIST_DEFAULT_LIMIT = 30;
/** Close, reminder and print queries ask for up to this many. */
export const PACKAGE_LIST_MAX_LIMIT = 5000;
export const PACKAGE_LIST_DEFAULT_ORDERING = "-date_opened";
export const PACKAGE_ACTIVITY_HOURS = 24;
export const PACKAGE_QUEUE_LIMIT = 500;
export const APARTMENT_PACKAGES_LIMIT = 1500;
export const PUBLIC_GRID_LIMIT = 5000;
export const PACKAGE_ABBREVIATION_MAX = 10;
export const PACKAGE_COMMENT_MAX = 2000;
export const PACKAGE_LOG_ROWS = { singleUnit: 10, multiUnit: 20, afterAddMore: 30, max: 100 } as const;
/** A bulk log or queue submission holds at most this many rows. */
export const PACKAGE_BULK_MAX_ROWS = 100;
export const REMINDER_DAY_OPTIONS = [7, 14, 30] as const;
export const REMINDER_DEFAULT_DAYS = 7;
/** Unit profile panel: 10 per section; closed within the past 60 days. */
export const PROFILE_PACKAGES_LIMIT = 10;
export const PROFILE_RECENTLY_CLOSED_DAYS = 60;
/** Client refresh intervals and cache lifetimes (ms). */
export const PACKAGE_REFETCH = {
  grid: 30_000,
  apartmentPackages: 120_000,
  queue: 30_000,
  typesStale: 30_000,
  listsStale: 5 * 60_000,
} as const;
export const LOBBY_DISPLAY = { rotateMs: 10_000, cursorHideMs: 2_000, resizeDebounceMs: 100 } as const;

// ---------------------------------------------------------------------------------------------
// Enums

export const PACKAGE_GROUPS = ["INCOMING_DELIVERY", "OUTGOING_ITEMS", "KEYS"] as const;
export const PackageGroup = z.enum(PACKAGE_GROUPS, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? PACKAGE_MESSAGES.fieldRequired
      : `"${String(iss.input)}" is not a valid choice.`,
});
export type PackageGroup = (typeof PACKAGE_GROUPS)[number];
export const PACKAGE_GROUP_DISPLAY: Record<PackageGroup, string> = {
  INCOMING_DELIVERY: "Incoming delivery",
  OUTGOING_ITEMS: "Outgoing items",
  KEYS: "Keys",
};
/** Groups whose packages notify residents (the keys group never does). */
export const RESIDENT_NOTIFYING_GROUPS: readonly PackageGroup[] = ["INCOMING_DELIVERY", "OUTGOING_ITEMS"];

export const PACKAGE_STATUSES = ["OPEN", "CLOSED"] as const;
export const PackageStatus = z.enum(PACKAGE_STATUSES);
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_STATUS_DISPLAY: Record<PackageStatus, string> = { OPEN: "Open", CLOSED: "Closed" };

export const PACKAGE_EVENT_TYPES = [
  "PACKAGE_OPENED",
  "PACKAGE_CLOSED",
  "PACKAGE_REOPENED",
  "COMMENT_EDITED",
  "REMINDER_SENT",
] as const;
export type PackageEventType = (typeof PACKAGE_EVENT_TYPES)[number];
export const PACKAGE_EVENT_DISPLAY: Record<PackageEventType, string> = {
  PACKAGE_OPENED: "Package opened",
  PACKAGE_CLOSED: "Package closed",
  PACKAGE_REOPENED: "Package re-opened",
  COMMENT_EDITED: "Comment edited",
  REMINDER_SENT: "Reminder sent",
};
/** entity_type of package events in the generic events table. */
export const PACKAGE_ENTITY = "package";

/** The named colours a package type may take (GET /packages/package-types/colors/). */
export const PACKAGE_COLORS = [
  { name: "Red", color_hex: "#D32F2F", font_color_hex: "#FFFFFF" },
  { name: "Pink", color_hex: "#F48FB1", font_color_hex: "#000000" },
  { name: "Purple", color_hex: "#7B1FA2", font_color_hex: "#FFFFFF" },
  { name: "Indigo", color_hex: "#303F9F", font_color_hex: "#FFFFFF" },
  { name: "Blue", color_hex: "#1976D2", font_color_hex: "#FFFFFF" },
  { name: "Light blue", color_hex: "#81D4FA", font_color_hex: "#000000" },
  { name: "Teal", color_hex: "#00796B", font_color_hex: "#FFFFFF" },
  { name: "Green", color_hex: "#388E3C", font_color_hex: "#FFFFFF" },
  { name: "Light green", color_hex: "#AED581", font_color_hex: "#000000" },
  { name: "Yellow", color_hex: "#FFEB3B", font_color_hex: "#000000" },
  { name: "Orange", color_hex: "#F57C00", font_color_hex: "#000000" },
  { name: "Brown", color_hex: "#6D4C41", font_color_hex: "#FFFFFF" },
  { name: "Grey", color_hex: "#9E9E9E", font_color_hex: "#000000" },
  { name: "Black", color_hex: "#212121", font_color_hex: "#FFFFFF" },
] as const;
export const PACKAGE_COLOR_NAMES = PACKAGE_COLORS.map((c) => c.name) as unknown as readonly [string, ...string[]];
export const colorByName = (name: string) =>
  PACKAGE_COLORS.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()) ?? null;

// ---------------------------------------------------------------------------------------------
// Permissions

export type PackageAction = "packages.use" | "package_types.view" | "package_types.manage";

/**
 * Packages are for every staff tier (document 2 section 6); package types are global settings
 * managed by portfolio-level users (Office) in the admin area, and read by every staff member.
 */
export function canPackages(user: Subject, action: PackageAction, building?: BuildingContext): boolean {
  switch (action) {
    case "packages.use":
      return can(user, "nav.packages", building);
    case "package_types.view":
      return can(user, "nav.packages") || can(user, "admin.access");
    case "package_types.manage":
      return can(user, "admin.access");
  }
}

// ---------------------------------------------------------------------------------------------
// Small field types

const requiredText = (max: number, required: string = PACKAGE_MESSAGES.fieldRequired) =>
  requiredFieldText(max, required);
const optionalText = boundedText;
const bool = boolField;
const HEX_RE = /^#[0-9A-Fa-f]{6}$/;
const hexColor = z
  .string({ error: MESSAGES.notAString })
  .trim()
  .regex(HEX_RE, "Enter a colour as #RRGGBB.")
  .transform((v) => v.toUpperCase());

/** A required id (a numeric string is accepted); `message` when missing or not an id. */
export const requiredIdField = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, ID_TOO_LARGE),
  );

/**
 * A list of occupant ids: a JSON list, or the bracketed string form ('[12, 13]') the batched
 * package carries, or a comma list.
 */
export const IdListField = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.null()], { error: MESSAGES.notAList })
  .transform((v, ctx) => {
    if (v === null) return [] as number[];
    const parts = Array.isArray(v)
      ? v.map((x) => String(x).trim())
      : v
          .replace(/^\s*\[/, "")
          .replace(/\]\s*$/, "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
    const out: number[] = [];
    for (const p of parts) {
      if (!isIdText(p) || Number(p) <= 0) {
        ctx.addIssue({ code: "custom", message: `"${p}" is not a valid id.` });
        return z.NEVER;
      }
      if (!out.includes(Number(p))) out.push(Number(p));
    }
    return out;
  });

/** '[12, 13]': how the batched package shows its notification list. */
export const bracketedIds = (ids: readonly number[]) => `[${ids.join(", ")}]`;

// ---------------------------------------------------------------------------------------------
// Package types

export const PackageTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string(),
  color_hex: z.string(),
  font_color_hex: z.string(),
  group: PackageGroup,
  group_display: z.string(),
  is_pic_required: z.boolean(),
  is_public_display: z.boolean(),
});
export type PackageTypeSummary = z.infer<typeof PackageTypeSummary>;

export const PackageType = PackageTypeSummary.extend({
  /** The named colour (see PACKAGE_COLORS); color_hex/font_color_hex come from it unless set. */
  color: z.string(),
  display_order: z.number().int(),
  /** Subject of the 'package logged' mail for this type (blank: the default subject). */
  email_subject: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
  /** Shown as a column of the package grid. */
  grid_display: z.boolean(),
});
export type PackageType = z.infer<typeof PackageType>;

export const PACKAGE_TYPE_LIMITS = { name: 100, email_subject: 255 } as const;

const typeFields = {
  name: requiredText(PACKAGE_TYPE_LIMITS.name),
  group: PackageGroup,
  color: z
    .string({ error: PACKAGE_MESSAGES.fieldRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.fieldRequired)
    .refine((v) => !!colorByName(v), { error: (iss) => `"${String(iss.input)}" is not a valid choice.` })
    .meta({ description: "A colour of PACKAGE_COLORS, by name", examples: [PACKAGE_COLORS[0].name] })
    .transform((v) => colorByName(v)!.name),
  /** Overrides of the named colour's hexes (optional). */
  color_hex: hexColor.optional(),
  font_color_hex: hexColor.optional(),
  /** At most 10 characters; stored upper-cased. */
  abbreviation: requiredText(PACKAGE_ABBREVIATION_MAX).transform((v) => v.toUpperCase()),
  display_order: z.coerce
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(0, "Ensure this value is greater than or equal to 0.")
    .max(2147483647, "Ensure this value is less than or equal to 2147483647.")
    .optional(),
  email_subject: optionalText(PACKAGE_TYPE_LIMITS.email_subject).nullable().optional(),
  is_public_display: bool().optional(),
  is_pic_required: bool().optional(),
  is_active: bool().optional(),
  grid_display: bool().optional(),
};

/**
 * POST /packages/package-types/ (Office only). Field errors come back per field; a name already
 * used (case-insensitive) → name: 'package type with this name already exists.'
 */
export const PackageTypeWrite = z.object(typeFields);
export type PackageTypeWrite = z.infer<typeof PackageTypeWrite>;
export type PackageTypeWriteInput = z.input<typeof PackageTypeWrite>;
/** PATCH /packages/package-types/{id}/ (Office only): any subset; immutable types → 403. */
export const PackageTypePatch = z.object(typeFields).partial();
export type PackageTypePatch = z.infer<typeof PackageTypePatch>;

/** GET /packages/package-types/ (display order, then name). */
export const PackageTypeQuery = PageQuery.extend({
  is_active: queryBool.optional(),
  group: PackageGroup.optional(),
});
export type PackageTypeQuery = z.infer<typeof PackageTypeQuery>;

export const PackageColor = z.object({ name: z.string(), color_hex: z.string(), font_color_hex: z.string() });
export const PackageGroupOption = z.object({ value: PackageGroup, display: z.string() });

// ---------------------------------------------------------------------------------------------
// Packages

export const PackagePerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type PackagePerson = z.infer<typeof PackagePerson>;

export const PackageOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
});

/** One recipient of the notification mail (the names follow the original mail provider's). */
export const PackageMailRecipient = z.object({
  name: z.string(),
  email: z.string(),
  /** The resident's address now (it may have changed since the mail). */
  current_email: z.string().nullable(),
  time_sent: z.string().nullable(),
  /** The outbox state of the message: outbox, queued, sending, sent, failed. */
  mandrill_state: z.string(),
  mandrill_reject_reason: z.string().nullable(),
  opens: z.number().int(),
});
export const PackageTextRecipient = z.object({
  name: z.string(),
  phone_number: z.string(),
  state: z.string(),
  time_sent: z.string().nullable(),
  error: z.string().nullable(),
});

/** The notification sent when the package was logged (detail call only). */
export const PackageRecord = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  body_text: z.string(),
  state: z.string(),
  date_created: z.string(),
  recipient_set: z.array(PackageMailRecipient),
});
export type PackageRecord = z.infer<typeof PackageRecord>;

/**
 * A package. occupancy_status: INACTIVE when the lease is not active, FUTURE when it starts
 * after today (building time zone), else CURRENT. The grid legend 'i' is
 * `!is_active_occupancy || is_lease_expired`, 'f' is `is_future_occupancy`.
 * package_count: the open packages of the same unit profile (all types).
 * record / text_recipient_set: filled by the detail call; lists carry null / [].
 */
export const Package = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  status: PackageStatus,
  status_display: z.string(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_id: z.number().int(),
  occupants: z.array(PackageOccupant),
  occupancy_status: OccupancyStatus,
  is_active_occupancy: z.boolean(),
  is_future_occupancy: z.boolean(),
  is_lease_expired: z.boolean(),
  package_type: PackageTypeSummary,
  date_opened: z.string(),
  date_closed: z.string().nullable(),
  date_created: z.string(),
  opened_by: PackagePerson.nullable(),
  closed_by: PackagePerson.nullable(),
  opening_comment: z.string(),
  closing_comment: z.string(),
  closing_photo_url: z.string().nullable(),
  package_count: z.number().int(),
  send_notification_occupants: z.array(z.number().int()),
  /** Addresses mailed when the package was logged, 'a@x.com;b@y.com'. */
  send_notification_to: z.string(),
  record: PackageRecord.nullable(),
  text_recipient_set: z.array(PackageTextRecipient),
  // Scan and go (filled by the later recognition flow; null for hand-logged packages)
  barcode: z.string().nullable(),
  carrier: z.string().nullable(),
  scanned_at: z.string().nullable(),
});
export type Package = z.infer<typeof Package>;

export const PACKAGE_ORDERINGS = [
  "date_opened",
  "date_closed",
  "date_created",
  "apartment_number",
  "package_type",
  "status",
  "opened_by",
  "closed_by",
  "id",
] as const;
export const PackageOrdering = z.enum([...PACKAGE_ORDERINGS, ...PACKAGE_ORDERINGS.map((o) => `-${o}` as const)] as [
  string,
  ...string[],
]);

export const PackageDateFilter = z.string().trim().refine(isValidDateFilter, { message: "Invalid date" });

const commaList = <T extends string>(values: readonly T[], fallback?: T[]) =>
  z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v.join(",") : v)
      .split(",")
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    if (!parts.length && fallback) return fallback;
    for (const p of parts)
      if (!(values as readonly string[]).includes(p)) {
        ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(p) });
        return z.NEVER;
      }
    return [...new Set(parts)] as T[];
  });

const idListQuery = z.union([z.string(), z.number(), z.array(z.string())]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v.join(",") : String(v))
    .split(",")
    .map((s) => s.trim())
    .filter((p) => p && p.toLowerCase() !== "all");
  if (parts.some((p) => !isIdText(p))) {
    ctx.addIssue({ code: "custom", message: MESSAGES.integerRequired });
    return z.NEVER;
  }
  return parts.length ? parts.map(Number) : undefined;
});
const idQuery = z.coerce
  .number({ error: MESSAGES.integerRequired })
  .int(MESSAGES.integerRequired)
  .positive(MESSAGES.integerRequired)
  .max(MAX_ID, ID_TOO_LARGE);

/**
 * GET /packages/list/ — every parameter of document 2 section 7.
 *  - building: required unless `occupancy` is given (then the occupancy's building); a building
 *    the user cannot reach → 403.
 *  - limit: default 30, at most 5000; offset.
 *  - package_status: OPEN (default), CLOSED, or OPEN,CLOSED.
 *  - package_type: one id or a comma list. package_type__group: one group or a comma list.
 *  - occupancy: a unit profile's packages (inactive unit profiles included).
 *  - include_deactivated_units: without it (and without `occupancy`), packages of inactive unit
 *    profiles are left out.
 *  - apartment: an apartment id (every unit profile of that apartment).
 *  - min/max_date_opened, min/max_date_closed: 'YYYY-MM-DD' (whole days in the building's time
 *    zone, both inclusive) or an ISO date-time; anything else → 'Invalid date'. A max before its
 *    min → max_date_opened / max_date_closed: 'The end date must be on or after the start date.'.
 *  - search: every word must match the unit number (prefix), a resident's name, the package
 *    type's name, a comment, the barcode or the carrier.
 *  - ordering: see PACKAGE_ORDERINGS, '-' for descending; default -date_opened; ties by id.
 * The unit profile's panel: `occupancy=ID&package_status=OPEN&limit=10` and
 * `occupancy=ID&package_status=CLOSED&min_date_closed=<today-60d>&ordering=-date_closed&limit=10`.
 */
export const PackageListQuery = PageQuery.extend({
  building: idQuery.optional(),
  package_status: commaList(PACKAGE_STATUSES, ["OPEN"]).optional(),
  package_type: idListQuery.optional(),
  occupancy: idQuery.optional(),
  include_deactivated_units: queryBool.optional(),
  package_type__group: commaList(PACKAGE_GROUPS).optional(),
  apartment: idQuery.optional(),
  min_date_opened: PackageDateFilter.optional(),
  max_date_opened: PackageDateFilter.optional(),
  min_date_closed: PackageDateFilter.optional(),
  max_date_closed: PackageDateFilter.optional(),
  search: z.string().max(200).optional(),
  ordering: PackageOrdering.optional(),
}).superRefine(
  dateRangeOrder([
    ["min_date_opened", "max_date_opened"],
    ["min_date_closed", "max_date_closed"],
  ]),
);
export type PackageListQuery = z.infer<typeof PackageListQuery>;
export type PackageListQueryInput = z.input<typeof PackageListQuery>;

/** ?building on the calls about one package (a different building → 404). */
export const PackageBuildingQuery = z.object({ building: idQuery.optional() });
export const PackageEventsQuery = PageQuery.extend({
  building: idQuery.optional(),
  ordering: z.enum(["date_created", "-date_created"]).optional(),
});

export const PackageEvent = Event;
export type PackageEvent = Event;

// ---------------------------------------------------------------------------------------------
// Writes

const openingComment = z
  .union([z.string(), z.null()], { error: MESSAGES.notAString })
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(PACKAGE_COMMENT_MAX, MESSAGES.maxLength(PACKAGE_COMMENT_MAX)));

/**
 * One row of POST /packages/bulk/ (and of the batch queue). The server answers field errors
 * row by row: `[{}, {"package_type": ["A package type is required"]}]`, one object per row in
 * order, empty for good rows.
 */
export const PackageBulkRow = z.object({
  occupancy: requiredIdField(PACKAGE_MESSAGES.occupancyRequired),
  package_type: requiredIdField(PACKAGE_MESSAGES.packageTypeRequired),
  opening_comment: openingComment.optional(),
  /** Residents (occupant ids of that unit profile) to notify. */
  send_notification_occupants: IdListField.optional(),
});
export type PackageBulkRow = z.infer<typeof PackageBulkRow>;
export type PackageBulkRowInput = z.input<typeof PackageBulkRow>;
/** The whole body: a list of rows (1 to 100); ?building= names the building (else the first row's). */
export const PackageBulkWrite = z.array(PackageBulkRow);
export type PackageBulkRowErrors = Record<string, string[]>;

/** Answer of POST /packages/bulk/ (201). */
export const PackageBulkResult = z.object({
  message: z.string(),
  count: z.number().int(),
  results: z.array(Package),
  /** Resident mails and texts sent (one per resident and unit). */
  emails_sent: z.number().int(),
  texts_sent: z.number().int(),
});
export type PackageBulkResult = z.infer<typeof PackageBulkResult>;

/**
 * POST /packages/bulk/close/ — multipart/form-data: `packages` (or `packages[]`) repeated (or a
 * comma list), `closing_comment`, and the file `closing_photo_url`. A JSON body with the same
 * names (no photo) is accepted too. Answer: {message}.
 */
export const PackageCloseFields = z.object({
  packages: IdListField,
  closing_comment: z
    .string({ error: MESSAGES.notAString })
    .trim()
    .max(PACKAGE_COMMENT_MAX, MESSAGES.maxLength(PACKAGE_COMMENT_MAX))
    .optional(),
});
export const PackageCloseResult = z.object({
  message: z.string(),
  count: z.number().int(),
  ids: z.array(z.number().int()),
});

/** PATCH /packages/list/{id}/?building — only while open; empty → 'Comment required'. */
export const PackageCommentPatch = z.object({
  opening_comment: z
    .string({ error: PACKAGE_MESSAGES.commentRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.commentRequired)
    .max(PACKAGE_COMMENT_MAX, MESSAGES.maxLength(PACKAGE_COMMENT_MAX)),
});

// ---------------------------------------------------------------------------------------------
// Reminders

export const REMINDER_PLACEHOLDERS = ["{building}", "{unit}", "{tenant_name}", "{earliest_date}"] as const;
export const REMINDER_DEFAULT_SUBJECT = "Package reminder from {building}";
export const REMINDER_DEFAULT_BODY =
  "Dear {tenant_name},\n\nThis is a friendly reminder that the front desk at {building} is holding " +
  "packages for unit {unit}, the earliest since {earliest_date}. Please pick them up at your earliest " +
  "convenience.\n\nThank you.";

export interface ReminderValues {
  building: string;
  unit: string;
  tenant_name: string;
  earliest_date: string;
}
/** Fills {building}, {unit}, {tenant_name} and {earliest_date} (used by the server and the preview). */
export function renderReminder(template: string, v: ReminderValues): string {
  return template
    .replace(/\{building\}/g, v.building)
    .replace(/\{unit\}/g, v.unit)
    .replace(/\{tenant_name\}/g, v.tenant_name)
    .replace(/\{earliest_date\}/g, v.earliest_date);
}

/**
 * POST /packages/list/remind/?building — open incoming-delivery packages only. One mail per
 * resident (with an address and package mail on) of each unit; answer {results: 'success',
 * count} where count is the number of mails sent ('{count} email(s) sent').
 */
export const PackageRemind = z.object({
  notify_package_ids: IdListField.refine((v) => v.length > 0, { message: PACKAGE_MESSAGES.remindSelect }),
  email: z.object(
    {
      subject: requiredText(255),
      body: requiredText(20000),
    },
    { error: PACKAGE_MESSAGES.fieldRequired },
  ),
});
export type PackageRemind = z.infer<typeof PackageRemind>;
export const PackageRemindResult = z.object({ results: z.literal("success"), count: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Building views

/** GET /core/buildings/{b}/package-activity/ — package events of the past 24 hours, newest first. */
export const PackageActivityItem = Event.extend({
  package: z.object({
    id: z.number().int(),
    status: PackageStatus,
    apartment_number: z.string(),
    occupancy_id: z.number().int(),
    package_type: PackageTypeSummary,
  }),
});
export type PackageActivityItem = z.infer<typeof PackageActivityItem>;
export const PackageActivityQuery = PageQuery;

/**
 * GET /core/buildings/{b}/package-grid/ — one row per unit profile with open packages, in unit
 * order; `counts` holds the open packages per type (types without any are left out).
 * `package_types`: every active type shown on the grid (grid_display) plus any type that has
 * open packages, in display order: the grid's columns.
 */
export const PackageGridRow = z.object({
  occupancy_id: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_status: OccupancyStatus,
  is_active_occupancy: z.boolean(),
  is_future_occupancy: z.boolean(),
  is_lease_expired: z.boolean(),
  occupants: z.array(z.object({ last_name: z.string(), is_active: z.boolean() })),
  total_count: z.number().int(),
  counts: z.array(z.object({ package_type_id: z.number().int(), count: z.number().int() })),
});
export type PackageGridRow = z.infer<typeof PackageGridRow>;
export const PackageGrid = z.object({
  building_id: z.number().int(),
  total_count: z.number().int(),
  package_types: z.array(PackageTypeSummary.extend({ display_order: z.number().int(), grid_display: z.boolean() })),
  results: z.array(PackageGridRow),
});
export type PackageGrid = z.infer<typeof PackageGrid>;

/**
 * GET /core/buildings/{b}/apartment-packages/?limit=1500 — unit profiles with open packages (unit
 * order), each with its open packages (oldest first). For the close page and the lobby display.
 */
export const ApartmentPackages = z.object({
  occupancy_id: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_status: OccupancyStatus,
  is_active_occupancy: z.boolean(),
  is_future_occupancy: z.boolean(),
  occupants: z.array(PackageOccupant),
  package_count: z.number().int(),
  packages: z.array(
    z.object({
      id: z.number().int(),
      package_type: PackageTypeSummary,
      date_opened: z.string(),
      opening_comment: z.string(),
    }),
  ),
});
export type ApartmentPackages = z.infer<typeof ApartmentPackages>;
export const ApartmentPackagesQuery = PageQuery.extend({
  /** Only types shown on the public display (the lobby screen). */
  public_only: queryBool.optional(),
});

// ---------------------------------------------------------------------------------------------
// Batch queue

export const BatchedOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Blank for users who may not view resident e-mails; has_email says whether one is on file. */
  email: z.string(),
  has_email: z.boolean(),
  phone_number: z.string(),
  is_active: z.boolean(),
  notification_preferences: z.object({
    is_email_package_activity: z.boolean(),
    is_text_package_activity: z.boolean(),
  }),
});

/** A queued (batched) package of a building; logged by convert_queue, or removed. */
export const BatchedPackage = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  occupancy: z.number().int(),
  apartment_number: z.string(),
  package_type: z.number().int(),
  package_type_details: PackageTypeSummary,
  opening_comment: z.string(),
  /** The bracketed id list string, '[12, 13]'. */
  send_notification_occupants: z.string(),
  /** The same ids as a list. */
  notification_ids: z.array(z.number().int()),
  occupancy_details: z.object({
    id: z.number().int(),
    apartment_number: z.string(),
    occupant_set: z.array(BatchedOccupant),
  }),
  created_by: PackagePerson.nullable(),
  date_created: z.string(),
  barcode: z.string().nullable(),
  carrier: z.string().nullable(),
});
export type BatchedPackage = z.infer<typeof BatchedPackage>;

/**
 * POST /core/buildings/{b}/package-queue/ — adds to the batch: one row (answer: the batched
 * package) or a list of rows (answer: the list; errors row by row like the bulk log).
 * Rows are the bulk log's, plus the scan-and-go fields for later.
 */
export const BatchedPackageWrite = PackageBulkRow.extend({
  barcode: optionalText(255).nullable().optional(),
  carrier: optionalText(100).nullable().optional(),
});
export type BatchedPackageWrite = z.infer<typeof BatchedPackageWrite>;
/** PATCH /core/buildings/{b}/package-queue/{id}/ */
export const BatchedPackagePatch = z.object({
  send_notification_occupants: IdListField.optional(),
  opening_comment: openingComment.optional(),
  package_type: requiredIdField(PACKAGE_MESSAGES.packageTypeRequired).optional(),
});
export type BatchedPackagePatch = z.infer<typeof BatchedPackagePatch>;
export const PackageQueueQuery = PageQuery;
/** POST .../package-queue/convert_queue/ — logs the whole batch (notifications sent). */
export const ConvertQueueResult = PackageBulkResult;
