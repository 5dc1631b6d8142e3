import { z } from "zod";
import { dateRangeOrder, Event, ID_TOO_LARGE, isIdText, MAX_ID, PageQuery, queryBool } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { OccupancyStatus } from "../occupancies.ts";
import { isValidDateFilter } from "../shift-logs.ts";
import { PACKAGE_GROUPS, PACKAGE_STATUSES, PackageStatus } from "./base.ts";
import { PackageTypeSummary } from "./package-types.ts";

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
