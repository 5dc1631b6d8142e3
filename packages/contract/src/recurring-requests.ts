import { z } from "zod";
import { boolField, Id, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { FormDate } from "./occupancies/fields.ts";
import { OptionalFormId } from "./day-filters.ts";

/**
 * Recurring maintenance requests (document 2 sections 2–7): a schedule that files an OPEN
 * maintenance request of its type, unit, description, assignee, priority and permission to enter
 * each time its day comes (a server job at 06:00 building time; the requests it made keep their
 * link, `recurring_maintenance_request_id`, and stay when the schedule is deleted). Days are
 * calendar days in the building's time zone, written YYYY-MM-DD.
 *
 * Intervals: DAILY on the ticked weekdays (none ticked: every day), WEEKLY every 7 days from the
 * start date, MONTHLY on the start date's day of the month (the month's last day when shorter) in
 * the ticked months (none ticked: every month), YEARLY on the start date's anniversary (29 February
 * → 28 February in other years). None after the end date.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const RECURRING_LIMITS = { name: 255, description: 2000, permission_to_enter_comments: 2000 } as const;
export const RECURRING_PAGE_SIZE = 30;
export const RECURRING_MAX_LIMIT = 1000;
/** The building-local hour from which the day's requests are made. */
export const RECURRING_RUN_HOUR = 6;

export const RECURRING_INTERVALS = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export const RecurringInterval = z.enum(RECURRING_INTERVALS, { error: (iss) => MESSAGES.invalidChoice(iss.input) });
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export const RECURRING_INTERVAL_DISPLAY: Record<RecurringInterval, string> = {
  DAILY: "Daily",
  WEEKLY: "Weekly",
  MONTHLY: "Monthly",
  YEARLY: "Yearly",
};

/** The weekday flags, Sunday first (index = JavaScript getUTCDay()). */
export const WEEKDAY_FLAGS = [
  "is_sunday",
  "is_monday",
  "is_tuesday",
  "is_wednesday",
  "is_thursday",
  "is_friday",
  "is_saturday",
] as const;
export type WeekdayFlag = (typeof WEEKDAY_FLAGS)[number];
export const WEEKDAY_LABELS: Record<WeekdayFlag, string> = {
  is_sunday: "Sunday",
  is_monday: "Monday",
  is_tuesday: "Tuesday",
  is_wednesday: "Wednesday",
  is_thursday: "Thursday",
  is_friday: "Friday",
  is_saturday: "Saturday",
};

/** The month flags, January first (index = month - 1). */
export const MONTH_FLAGS = [
  "is_january",
  "is_february",
  "is_march",
  "is_april",
  "is_may",
  "is_june",
  "is_july",
  "is_august",
  "is_september",
  "is_october",
  "is_november",
  "is_december",
] as const;
export type MonthFlag = (typeof MONTH_FLAGS)[number];
export const MONTH_LABELS: Record<MonthFlag, string> = {
  is_january: "January",
  is_february: "February",
  is_march: "March",
  is_april: "April",
  is_may: "May",
  is_june: "June",
  is_july: "July",
  is_august: "August",
  is_september: "September",
  is_october: "October",
  is_november: "November",
  is_december: "December",
};

export type WeekdayFlags = Record<WeekdayFlag, boolean>;
export type MonthFlags = Record<MonthFlag, boolean>;

/** Wording of our own (the spec gives none) for the recurring screens and their errors. */
export const RECURRING_MESSAGES = {
  created: "Recurring request successfully created",
  updated: "Recurring request successfully updated",
  deleted: "Recurring request successfully deleted",
  confirmDelete: "Delete this recurring request? The requests it already made are kept.",
  inactiveType: "This maintenance request type is not active.",
  notMaintenance: "The assignee must be a maintenance employee of this building.",
  empty: "No recurring maintenance requests",
  forever: "Forever",
  /** The schedule text's parts (shown only when a day or a month is ticked). */
  everyDays: (days: string) => `Every ${days}`,
  inMonths: (months: string) => `In ${months}`,
} as const;

// ---------------------------------------------------------------------------------------------
// The entity

const flagShape = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>;

/**
 * A recurring request. start_date / end_date / next_scheduled_date are days (end_date null:
 * forever; next_scheduled_date null: nothing left to make, the end date is passed).
 * maintenance_request_count: how many requests it made (they link back by
 * recurring_maintenance_request_id). employee_id: the assignee (an MT employee) or null.
 */
export const RecurringRequest = z.object({
  id: z.number().int(),
  building: z.number().int(),
  name: z.string(),
  employee_id: z.number().int().nullable(),
  employee_name: z.string().nullable(),
  description: z.string(),
  maintenance_request_type_id: z.number().int(),
  maintenance_request_type_name: z.string(),
  is_active: z.boolean(),
  is_high_priority: z.boolean(),
  is_permission_to_enter: z.boolean(),
  permission_to_enter_comments: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_forever: z.boolean(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  interval: RecurringInterval,
  interval_display: z.string(),
  ...flagShape(WEEKDAY_FLAGS),
  ...flagShape(MONTH_FLAGS),
  next_scheduled_date: z.string().nullable(),
  maintenance_request_count: z.number().int(),
  created_by_id: z.number().int().nullable(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type RecurringRequest = z.infer<typeof RecurringRequest>;

/** The answer of a delete (the requests it made stay). */
export const RecurringRequestDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type RecurringRequestDeleted = z.infer<typeof RecurringRequestDeleted>;

/** GET /maintenance-requests/recurring-maintenance-requests/intervals/ */
export const RecurringIntervalOption = z.object({ value: RecurringInterval, label: z.string() });
export type RecurringIntervalOption = z.infer<typeof RecurringIntervalOption>;
export const RECURRING_INTERVAL_OPTIONS: RecurringIntervalOption[] = RECURRING_INTERVALS.map((value) => ({
  value,
  label: RECURRING_INTERVAL_DISPLAY[value],
}));

// ---------------------------------------------------------------------------------------------
// Queries

/**
 * GET /maintenance-requests/recurring-maintenance-requests/?building — by name. Active ones
 * only unless include_inactive=true; is_active=true|false picks one side (over include_inactive).
 * limit (default 30, up to 1000), offset.
 */
export const RecurringListQuery = PageQuery.extend({
  building: Id,
  limit: z.coerce.number().int().min(1).max(RECURRING_MAX_LIMIT).optional(),
  include_inactive: queryBool.optional(),
  is_active: queryBool.optional(),
  apartment: Id.optional(),
});
export type RecurringListQuery = z.infer<typeof RecurringListQuery>;
export type RecurringListQueryInput = z.input<typeof RecurringListQuery>;

/** `?building` of the one-schedule calls (optional: the schedule names its building). */
export const RecurringBuildingQuery = z.object({ building: Id.optional() });

// ---------------------------------------------------------------------------------------------
// Writes

const optionalLongText = (max: number) =>
  z
    .union([z.string(), z.null()], { error: MESSAGES.notAString })
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, MESSAGES.maxLength(max)));

const flagFields = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, boolField().optional()])) as Record<
    K,
    z.ZodOptional<ReturnType<typeof boolField>>
  >;

/** A required id of a form (a choice). */
const requiredId = () =>
  z
    .preprocess((v) => (v === "" || v === null ? undefined : v), Id.optional())
    .pipe(z.number({ error: MESSAGES.fieldRequired }));

const fields = {
  name: requiredFieldText(RECURRING_LIMITS.name),
  employee_id: z.preprocess((v) => (v === "" || v === "null" ? null : v), Id.nullable()).optional(),
  description: requiredFieldText(RECURRING_LIMITS.description),
  maintenance_request_type_id: requiredId(),
  apartment_id: requiredId(),
  is_active: boolField().optional(),
  is_high_priority: boolField().optional(),
  is_permission_to_enter: boolField().optional(),
  permission_to_enter_comments: optionalLongText(RECURRING_LIMITS.permission_to_enter_comments).optional(),
  /** Blank or missing: dropped (a new schedule starts today, an edit keeps its start). */
  start_date: FormDate.optional(),
  /** Blank or null: forever. */
  end_date: FormDate.optional(),
  /** UI only: true clears the end date. */
  is_forever: boolField().optional(),
  interval: RecurringInterval,
  ...flagFields(WEEKDAY_FLAGS),
  ...flagFields(MONTH_FLAGS),
};

/**
 * POST /maintenance-requests/recurring-maintenance-requests/ (?building or `building` in the body):
 *  - name, description (≤ 2000), maintenance_request_type_id (an active type), apartment_id (of the
 *    building), interval: required; employee_id: an MT employee of the building, or null;
 *  - start_date: blank → dropped (today); end_date: cleared when is_forever or blank; an end
 *    before the start → end_date: 'The end date must be on or after the start date.';
 *  - weekday flags count only for DAILY, month flags only for MONTHLY (others are stored false).
 * 201 with the schedule (next_scheduled_date computed).
 */
export const RecurringRequestWrite = z.object({ building: OptionalFormId, ...fields }).superRefine(endAfterStart);
export type RecurringRequestWrite = z.infer<typeof RecurringRequestWrite>;
export type RecurringRequestWriteInput = z.input<typeof RecurringRequestWrite>;

/** PATCH …/{id}/ — any subset; the same rules on the result (e.g. a new interval clears the other flags). */
export const RecurringRequestPatch = z
  .object({
    ...fields,
    name: fields.name.optional(),
    description: fields.description.optional(),
    maintenance_request_type_id: fields.maintenance_request_type_id.optional(),
    apartment_id: fields.apartment_id.optional(),
    interval: RecurringInterval.optional(),
  })
  .superRefine(endAfterStart);
export type RecurringRequestPatch = z.infer<typeof RecurringRequestPatch>;
export type RecurringRequestPatchInput = z.input<typeof RecurringRequestPatch>;

function endAfterStart(
  v: { start_date?: string | null; end_date?: string | null; is_forever?: boolean },
  ctx: z.RefinementCtx,
) {
  if (!v.is_forever && v.start_date && v.end_date && v.end_date < v.start_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: MESSAGES.endBeforeStart });
}

/** The form as the API document shows it (POST: the required fields; every field of the entity may be sent). */
export const RecurringRequestForm = z
  .looseObject({
    building: z
      .number()
      .int()
      .optional()
      .meta({ examples: [1] }),
    name: z.string().meta({ examples: ["Filter change"] }),
    description: z.string().meta({ examples: ["Change the HVAC filters"] }),
    maintenance_request_type_id: z
      .number()
      .int()
      .meta({ examples: [1] }),
    apartment_id: z
      .number()
      .int()
      .meta({ examples: [1] }),
    employee_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ examples: [null] }),
    interval: z.enum(RECURRING_INTERVALS).meta({ examples: ["WEEKLY"] }),
    start_date: z
      .string()
      .nullable()
      .optional()
      .meta({ examples: ["2026-01-05"] }),
    end_date: z
      .string()
      .nullable()
      .optional()
      .meta({ examples: [null] }),
    is_forever: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .meta({ description: "A recurring request (every field of the entity may be sent)" });
/** PATCH: any subset. */
export const RecurringRequestPatchForm = RecurringRequestForm.partial();

// ---------------------------------------------------------------------------------------------
// Rules (pure; the form and the server apply the same)

/** The stored shape of a schedule's rule fields. */
export interface RecurringRuleFields extends WeekdayFlags, MonthFlags {
  interval: RecurringInterval;
  start_date: string;
  end_date: string | null;
}

/**
 * The §5 rules on a merged schedule: end date cleared when is_forever; weekday flags only for
 * DAILY; month flags only for MONTHLY.
 */
export function normalizeRule<T extends Partial<RecurringRuleFields> & { is_forever?: boolean }>(v: T): T {
  const out = { ...v };
  if (out.is_forever) out.end_date = null;
  if (out.interval !== "DAILY") for (const k of WEEKDAY_FLAGS) out[k] = false as T[WeekdayFlag];
  if (out.interval !== "MONTHLY") for (const k of MONTH_FLAGS) out[k] = false as T[MonthFlag];
  return out;
}

/** A form's values as the API wants them: blank start dropped, end cleared when forever or blank. */
export function recurringPayload<
  T extends { start_date?: string | null; end_date?: string | null; is_forever?: boolean },
>(form: T): T {
  const out = normalizeRule({ ...form } as T & Partial<RecurringRuleFields>);
  if (!out.start_date) delete out.start_date;
  if (out.is_forever || !out.end_date) out.end_date = null;
  return out;
}

/**
 * The schedule text ('Every Monday, Friday' / 'In January, July'), or null when no day (DAILY)
 * or month (MONTHLY) is ticked: the form then shows none.
 */
export function recurringScheduleText(v: Partial<RecurringRuleFields>): string | null {
  if (v.interval === "DAILY") {
    const days = WEEKDAY_FLAGS.filter((k) => v[k]).map((k) => WEEKDAY_LABELS[k]);
    return days.length ? RECURRING_MESSAGES.everyDays(days.join(", ")) : null;
  }
  if (v.interval === "MONTHLY") {
    const months = MONTH_FLAGS.filter((k) => v[k]).map((k) => MONTH_LABELS[k]);
    return months.length ? RECURRING_MESSAGES.inMonths(months.join(", ")) : null;
  }
  return null;
}

/** The default apartment of a new schedule: the first whose number contains 'Mgmt'. */
export function defaultRecurringApartment<A extends { apartment_number: string }>(apartments: readonly A[]): A | null {
  return apartments.find((a) => a.apartment_number.includes("Mgmt")) ?? null;
}
