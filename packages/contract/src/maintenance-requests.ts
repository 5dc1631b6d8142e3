import { z } from "zod";
import { boundedText, commaParts, dateRangeOrder, Event, Id, PageQuery, queryBool } from "./common.ts";
import { DEFAULT_PAGE_SIZE, MAINTENANCE_PHOTO_LIMIT_BYTES } from "./constants.ts";
import { MESSAGES } from "./messages.ts";
import { DayQuery } from "./day-filters.ts";
import { requiredIdField } from "./packages/fields.ts";
import type { MaintenanceStatusSet } from "./buildings.ts";

/**
 * Maintenance requests (document 2 sections 2–9): a unit's request for work, filed by any staff
 * member, assigned to a maintenance (MT) employee of the building, followed through statuses with
 * comments (public or private), captioned photos, an optional resident signature (only with
 * maintenancerequestsettings.has_signatures) and an event history. A building speaks one of two
 * status vocabularies (maintenancerequestsettings.status_set). Private comments and photos are
 * staff-only: they never reach residents.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** The list's page size (limit 30 by default). */
export const MAINTENANCE_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The largest page the list answers (the print view asks for 1000). */
export const MAINTENANCE_MAX_LIMIT = 1000;
/** The print view shows at most this many rows, with a warning beyond. */
export const MAINTENANCE_PRINT_LIMIT = 1000;
/** Excel export: disabled (web) and refused (400) above this many requests. */
export const MAINTENANCE_EXPORT_LIMIT = 3000;
/** The unit profile panel's page size. */
export const MAINTENANCE_PROFILE_PAGE_SIZE = 5;
/** Refetch intervals (ms): the list each minute, the activity feed every 10 s. */
export const MAINTENANCE_LIST_REFETCH_MS = 60_000;
export const MAINTENANCE_ACTIVITY_REFETCH_MS = 10_000;
/** Photos (multipart or base64): at most 10 MB (10485760 bytes); 413 above. */
export const MAINTENANCE_PHOTO_MAX_BYTES = MAINTENANCE_PHOTO_LIMIT_BYTES;
/** At most this many base64 photos in one create or edit. */
export const MAINTENANCE_MAX_PHOTOS_PER_WRITE = 10;
/** Text limits: description and entry instructions 2000 (spec); the others are ours. */
export const MAINTENANCE_LIMITS = {
  description: 2000,
  permission_to_enter_comments: 2000,
  comment: 2000,
  caption: 500,
  additional_emails: 1000,
  additional_phone_numbers: 1000,
  search: 200,
} as const;
export const MAINTENANCE_EXPORT_FILENAME = "maintenance-requests.xlsx";
/** The list's columns (document 2 section 2). */
export const MAINTENANCE_LIST_COLUMNS = [
  "Req #",
  "Unit",
  "Request type",
  "Entered by",
  "Assigned to",
  "PTE?",
  "Priority",
  "Status",
  "Opened on",
  "Closed on",
] as const;
/** The export's columns: the list's, then the description. */
export const MAINTENANCE_EXPORT_COLUMNS = [...MAINTENANCE_LIST_COLUMNS, "Description"] as const;
/** The print table's columns. */
export const MAINTENANCE_PRINT_COLUMNS = [
  "Unit",
  "Category",
  "Description",
  "Entered on",
  "Status",
  "Permission to enter",
] as const;

// ---------------------------------------------------------------------------------------------
// Statuses (section 4)

export const MAINTENANCE_STATUSES = [
  "OPEN",
  "ON_HOLD",
  "CLOSED",
  "NEW",
  "IN_PROGRESS",
  "CANCELED",
  "RESOLVED",
] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MaintenanceStatus = z.enum(MAINTENANCE_STATUSES);
export const MAINTENANCE_STATUS_DISPLAY: Record<MaintenanceStatus, string> = {
  OPEN: "Open",
  ON_HOLD: "On Hold",
  CLOSED: "Closed",
  NEW: "New",
  IN_PROGRESS: "In Progress",
  CANCELED: "Canceled",
  RESOLVED: "Resolved",
};
/** Each building vocabulary, in the order the radio options show. */
export const MAINTENANCE_STATUS_VOCABULARIES: Record<MaintenanceStatusSet, readonly MaintenanceStatus[]> = {
  STANDARD: ["OPEN", "ON_HOLD", "CLOSED"],
  EXTENDED: ["NEW", "IN_PROGRESS", "ON_HOLD", "CANCELED", "RESOLVED"],
};
/** The open group (the default filter) and the closed group (closing sets date_closed). */
export const MAINTENANCE_OPEN_STATUSES: readonly MaintenanceStatus[] = ["OPEN", "ON_HOLD", "NEW", "IN_PROGRESS"];
export const MAINTENANCE_CLOSED_STATUSES: readonly MaintenanceStatus[] = ["CLOSED", "RESOLVED", "CANCELED"];
/** The status a new request gets in each vocabulary. */
export const MAINTENANCE_INITIAL_STATUS: Record<MaintenanceStatusSet, MaintenanceStatus> = {
  STANDARD: "OPEN",
  EXTENDED: "NEW",
};

export const isClosedStatus = (s: MaintenanceStatus): boolean => MAINTENANCE_CLOSED_STATUSES.includes(s);
/** The statuses of a vocabulary. */
export const statusesOf = (set: MaintenanceStatusSet): readonly MaintenanceStatus[] =>
  MAINTENANCE_STATUS_VOCABULARIES[set];
/** The default list filter of a vocabulary: its open group. */
export const defaultStatusFilter = (set: MaintenanceStatusSet): MaintenanceStatus[] =>
  statusesOf(set).filter((s) => !isClosedStatus(s));

/** A status as a radio option (GET /maintenance-requests/statuses/). */
export const MaintenanceStatusOption = z.object({ value: MaintenanceStatus, label: z.string() });
export type MaintenanceStatusOption = z.infer<typeof MaintenanceStatusOption>;
export const statusOptionsOf = (set: MaintenanceStatusSet): MaintenanceStatusOption[] =>
  statusesOf(set).map((value) => ({ value, label: MAINTENANCE_STATUS_DISPLAY[value] }));

/** 'On Hold until 12/01/26': the status text with the on-hold date (formatted by the caller). */
export function statusText(status: MaintenanceStatus, onHoldUntil: string | null, formatDay = (d: string) => d) {
  const label = MAINTENANCE_STATUS_DISPLAY[status];
  return status === "ON_HOLD" && onHoldUntil ? `${label} ${MAINTENANCE_MESSAGES.until(formatDay(onHoldUntil))}` : label;
}

// ---------------------------------------------------------------------------------------------
// Messages (word for word where the spec gives them; ours otherwise)

export const MAINTENANCE_MESSAGES = {
  photoTooLarge: "Please select a file under 10 MB",
  exportLimit: "Export limit is 3000. Please refine your filters.",
  selectAtLeastOne: "Please select at least one request",
  signatureRequired: "Please provide a signature before submitting.",
  signatureProcessFailed: "Failed to process signature. Please try again.",
  signatureSaveFailed: "Failed to save signature. Please try again.",
  exportError: (code: number | string) => `Excel export error - status: ${code}`,
  bulkPrint: (n: number) => `Bulk Print (${n})`,
  until: (day: string) => `until ${day}`,
  // Ours (the spec gives no wording)
  printLimitWarning: `Only the first ${MAINTENANCE_PRINT_LIMIT} requests are shown. Please refine your filters to print the rest.`,
  signaturesOff: "Signatures are not enabled for this building.",
  notAnImage: "Upload a valid image. The file you uploaded was either not an image or a corrupted image.",
  sameStatus: (label: string) => `The request is already ${label}.`,
  notMaintenanceEmployee: "Select a maintenance employee of this building.",
  apartmentNotInBuilding: "Select a unit of this building.",
  occupancyNotOfApartment: "Select a unit profile of this unit.",
  typeInactive: "This request type is no longer active.",
  invalidEmails: (value: string) => `Enter valid email addresses. ${value} is not one.`,
  tooManyPhotos: `At most ${MAINTENANCE_MAX_PHOTOS_PER_WRITE} photos at a time.`,
  created: "Maintenance request created",
  updated: "Maintenance request updated",
  statusUpdated: "Status updated",
  commentAdded: "Comment added",
  photoAdded: "Photo added",
  signatureSaved: "Signature saved",
} as const;

// ---------------------------------------------------------------------------------------------
// Events (the shared events table, entity_type 'maintenance_request')

export const MAINTENANCE_ENTITY = "maintenance_request";
export const MAINTENANCE_EVENT_TYPES = [
  "MAINTENANCE_REQUEST_CREATED",
  "MAINTENANCE_REQUEST_UPDATED",
  "MAINTENANCE_REQUEST_STATUS_CHANGED",
  "MAINTENANCE_REQUEST_COMMENT_ADDED",
  "MAINTENANCE_REQUEST_PHOTO_ADDED",
  "MAINTENANCE_REQUEST_SIGNED",
] as const;
export type MaintenanceEventType = (typeof MAINTENANCE_EVENT_TYPES)[number];
export const MAINTENANCE_EVENT_DISPLAY: Record<MaintenanceEventType, string> = {
  MAINTENANCE_REQUEST_CREATED: "Request created",
  MAINTENANCE_REQUEST_UPDATED: "Request updated",
  MAINTENANCE_REQUEST_STATUS_CHANGED: "Status changed",
  MAINTENANCE_REQUEST_COMMENT_ADDED: "Comment added",
  MAINTENANCE_REQUEST_PHOTO_ADDED: "Photo added",
  MAINTENANCE_REQUEST_SIGNED: "Signature added",
};
export const MaintenanceEvent = Event;
export type MaintenanceEvent = Event;

// ---------------------------------------------------------------------------------------------
// A request

/** Who entered something: name, username, role and phone (entered_by of requests, comments, photos). */
export const MaintenancePerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  role_display: z.string(),
  phone_number: z.string(),
});
export type MaintenancePerson = z.infer<typeof MaintenancePerson>;

/** A resident of the request's unit profile (the detail's contact info). */
export const MaintenanceOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  is_active: z.boolean(),
});
export type MaintenanceOccupant = z.infer<typeof MaintenanceOccupant>;

/** A comment: public (residents are told) or private (staff only). change_status_to: the status update it came with. */
export const MaintenanceComment = z.object({
  id: z.number().int(),
  maintenance_request_id: z.number().int(),
  comment: z.string(),
  is_private: z.boolean(),
  change_status_to: MaintenanceStatus.nullable(),
  change_status_to_display: z.string().nullable(),
  entered_by: MaintenancePerson.nullable(),
  date_created: z.string(),
});
export type MaintenanceComment = z.infer<typeof MaintenanceComment>;

export const MaintenancePhoto = z.object({
  id: z.number().int(),
  maintenance_request_id: z.number().int(),
  photo_url: z.string(),
  caption: z.string(),
  is_private: z.boolean(),
  entered_by: MaintenancePerson.nullable(),
  date_created: z.string(),
});
export type MaintenancePhoto = z.infer<typeof MaintenancePhoto>;

/**
 * A maintenance request. Instants (date_opened, date_created, date_closed, last_modified) are
 * ISO; date_on_hold_until is a day (YYYY-MM-DD, building time). occupancy_id is null for a unit
 * without a unit profile (management units, recurring requests). employee_*: the assignee.
 * comments oldest first; maintenancerequestphoto_set oldest first.
 */
export const MaintenanceRequest = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_id: z.number().int().nullable(),
  employee_id: z.number().int().nullable(),
  employee_name: z.string().nullable(),
  maintenance_request_type_id: z.number().int(),
  maintenance_request_type_name: z.string(),
  maintenance_request_type_category: z.string(),
  description: z.string(),
  is_high_priority: z.boolean(),
  additional_emails: z.string(),
  additional_phone_numbers: z.string(),
  is_permission_to_enter: z.boolean(),
  permission_to_enter_comments: z.string(),
  status: MaintenanceStatus,
  status_display: z.string(),
  date_opened: z.string(),
  date_created: z.string(),
  date_closed: z.string().nullable(),
  date_on_hold_until: z.string().nullable(),
  last_modified: z.string(),
  signature_url: z.string().nullable(),
  recurring_maintenance_request_id: z.number().int().nullable(),
  occupant_set: z.array(MaintenanceOccupant),
  entered_by: MaintenancePerson.nullable(),
  comments: z.array(MaintenanceComment),
  maintenancerequestphoto_set: z.array(MaintenancePhoto),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequest>;

/** A list row: the request without its photos (comments are there for 'Show comments' and print). */
export const MaintenanceRequestListItem = MaintenanceRequest.omit({ maintenancerequestphoto_set: true });
export type MaintenanceRequestListItem = z.infer<typeof MaintenanceRequestListItem>;

// ---------------------------------------------------------------------------------------------
// Queries

const ORDERINGS = [
  "date_opened",
  "-date_opened",
  "date_closed",
  "-date_closed",
  "date_created",
  "-date_created",
] as const;
export const MAINTENANCE_ORDERINGS = ORDERINGS;
export type MaintenanceOrdering = (typeof ORDERINGS)[number];
export const MAINTENANCE_DEFAULT_ORDERING: MaintenanceOrdering = "-date_created";

/** statuses: a comma list (or repeated) of status values. */
export const StatusList = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const out: MaintenanceStatus[] = [];
  for (const p of commaParts(v)) {
    const s = p.toUpperCase();
    if (!(MAINTENANCE_STATUSES as readonly string[]).includes(s)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(p) });
      return z.NEVER;
    }
    out.push(s as MaintenanceStatus);
  }
  return out;
});

/** The filters the list and the export share (section 3). */
const MaintenanceFilters = z.object({
  building: Id,
  /** Comma list; absent → every status (the web sends the open group by default). */
  statuses: StatusList.optional(),
  /** One status (the unit profile panel). */
  status: z.preprocess((v) => (typeof v === "string" ? v.toUpperCase() : v), MaintenanceStatus).optional(),
  apartment: Id.optional(),
  occupancy: Id.optional(),
  maintenance_request_type: Id.optional(),
  min_date_opened: DayQuery.optional(),
  max_date_opened: DayQuery.optional(),
  min_date_closed: DayQuery.optional(),
  max_date_closed: DayQuery.optional(),
  /** Contains, case-insensitive: request number, unit, description, type, assignee. */
  search: z.string().trim().max(MAINTENANCE_LIMITS.search, MESSAGES.maxLength(MAINTENANCE_LIMITS.search)).optional(),
  is_high_priority: queryBool.optional(),
  /** Off (default): requests of past (inactive) unit profiles are left out. */
  is_include_past_occupancies: queryBool.optional(),
  is_only_recurring: queryBool.optional(),
  recurring_maintenance_request: Id.optional(),
  ordering: z.enum(ORDERINGS).optional(),
});
const rangesInOrder = dateRangeOrder([
  ["min_date_opened", "max_date_opened"],
  ["min_date_closed", "max_date_closed"],
]);

/**
 * GET /maintenance-requests/maintenance-requests/?building= — every filter of section 3 plus
 * occupancy and status (unit profile); ordering date_opened / date_closed (±), default
 * -date_created; limit (default 30, up to 1000), offset. Days are building-local, both ends inclusive.
 */
export const MaintenanceListQuery = PageQuery.extend({
  ...MaintenanceFilters.shape,
  limit: z.coerce.number().int().min(1).max(MAINTENANCE_MAX_LIMIT).optional(),
}).superRefine(rangesInOrder);
export type MaintenanceListQuery = z.infer<typeof MaintenanceListQuery>;
export type MaintenanceListQueryInput = z.input<typeof MaintenanceListQuery>;

/** GET .../maintenance-requests/as-excel/ — the list's filters; above 3000 rows → 400 exportLimit. */
export const MaintenanceExportQuery = MaintenanceFilters.superRefine(rangesInOrder);
export type MaintenanceExportQuery = z.infer<typeof MaintenanceExportQuery>;
export type MaintenanceExportQueryInput = z.input<typeof MaintenanceExportQuery>;

/** ?building on the calls about one request (another building's → 404). */
export const MaintenanceBuildingQuery = z.object({ building: Id.optional() });
export type MaintenanceBuildingQuery = z.infer<typeof MaintenanceBuildingQuery>;
/** GET /maintenance-requests/statuses/?building — the building's vocabulary as radio options. */
export const MaintenanceStatusesQuery = z.object({ building: Id });

// ---------------------------------------------------------------------------------------------
// Writes

const text = (max: number) => boundedText(max);
const flag = () => z.boolean({ error: MESSAGES.notABoolean });
const nullableId = z.preprocess((v) => (v === "" ? null : v), Id.nullable());

/** Email addresses separated by ';', ',' or spaces (stored joined with '; '). */
const EMAIL_RE = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
export const splitList = (v: string): string[] =>
  v
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const emailList = text(MAINTENANCE_LIMITS.additional_emails).transform((v, ctx) => {
  const parts = splitList(v);
  const bad = parts.find((p) => !EMAIL_RE.test(p));
  if (bad) {
    ctx.addIssue({ code: "custom", message: MAINTENANCE_MESSAGES.invalidEmails(bad) });
    return z.NEVER;
  }
  return parts.join("; ");
});

/** A photo sent inline: a MIME type, a file name and the base64 content (a data URL is accepted). */
export const Base64Photo = z.object({
  type: z.string().max(100).default(""),
  name: z.string().max(255).default(""),
  content: z.string({ error: MESSAGES.fieldRequired }).min(1, MESSAGES.fieldRequired),
});
export type Base64Photo = z.infer<typeof Base64Photo>;
const photoList = z
  .array(Base64Photo, { error: MESSAGES.notAList })
  .max(MAINTENANCE_MAX_PHOTOS_PER_WRITE, MAINTENANCE_MESSAGES.tooManyPhotos);

const requestFields = {
  apartment_id: requiredIdField(MESSAGES.fieldRequired),
  occupancy_id: nullableId.optional(),
  maintenance_request_type_id: requiredIdField(MESSAGES.fieldRequired),
  /** The assignee: a maintenance (MT) employee of the building; null → nobody. */
  employee_id: nullableId.optional(),
  description: z
    .string({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, MESSAGES.fieldRequired)
    .max(MAINTENANCE_LIMITS.description, MESSAGES.maxLength(MAINTENANCE_LIMITS.description)),
  is_high_priority: flag().optional(),
  is_permission_to_enter: flag().optional(),
  permission_to_enter_comments: text(MAINTENANCE_LIMITS.permission_to_enter_comments).optional(),
  additional_emails: emailList.optional(),
  additional_phone_numbers: text(MAINTENANCE_LIMITS.additional_phone_numbers).optional(),
  photos: photoList.optional(),
};

/**
 * POST /maintenance-requests/maintenance-requests/?building= — JSON: apartment_id,
 * maintenance_request_type_id and description required; occupancy_id (a unit profile of that
 * unit; omitted → the unit's current one, if any), employee_id (assignee), is_high_priority,
 * is_permission_to_enter, permission_to_enter_comments, additional_emails,
 * additional_phone_numbers, photos [{type, name, content (base64)}], each under 10 MB (413
 * 'Please select a file under 10 MB'). 201 with the request, in the vocabulary's first status.
 */
export const MaintenanceRequestCreate = z.object(requestFields);
export type MaintenanceRequestCreate = z.infer<typeof MaintenanceRequestCreate>;
export type MaintenanceRequestCreateInput = z.input<typeof MaintenanceRequestCreate>;

/**
 * PATCH /maintenance-requests/maintenance-requests/{id}/?building= — any field of the create
 * (photos are added), and signature_url: a base64 image (data URL or bare) or, multipart, the
 * signature_url file. Only with has_signatures (otherwise 400 under signature_url).
 */
export const MaintenanceRequestPatch = z.object({
  ...z.object(requestFields).partial().shape,
  signature_url: z.string({ error: MAINTENANCE_MESSAGES.signatureRequired }).optional(),
});
export type MaintenanceRequestPatch = z.infer<typeof MaintenanceRequestPatch>;
export type MaintenanceRequestPatchInput = z.input<typeof MaintenanceRequestPatch>;

/** The comment part of a status update (empty text: no comment stored beyond the status line). */
export const StatusComment = z.object({
  comment: text(MAINTENANCE_LIMITS.comment).default(""),
  is_private: flag().default(false),
});

/**
 * POST /maintenance-requests/maintenance-requests/{id}/update_status/?building= — status (any
 * other status of the building's vocabulary; else 400 under status), date_on_hold_until
 * (ON_HOLD only; default today in building time), comment {comment, is_private}. Closing
 * (CLOSED, RESOLVED, CANCELED) sets date_closed, reopening clears it. 200 with the request.
 */
export const MaintenanceStatusUpdate = z.object({
  status: z.preprocess(
    (v) => (typeof v === "string" ? v.toUpperCase() : v),
    z.enum(MAINTENANCE_STATUSES, {
      error: (iss) => (iss.input === undefined ? MESSAGES.fieldRequired : MESSAGES.invalidChoice(iss.input)),
    }),
  ),
  date_on_hold_until: z.preprocess((v) => (v === "" ? null : v), DayQuery.nullable()).optional(),
  comment: StatusComment.optional(),
});
export type MaintenanceStatusUpdate = z.infer<typeof MaintenanceStatusUpdate>;
export type MaintenanceStatusUpdateInput = z.input<typeof MaintenanceStatusUpdate>;

/** POST /maintenance-requests/comments/ — maintenance_request_id, comment (required), is_private. 201 with the comment. */
export const MaintenanceCommentCreate = z.object({
  maintenance_request_id: requiredIdField(MESSAGES.fieldRequired),
  comment: z
    .string({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, MESSAGES.fieldRequired)
    .max(MAINTENANCE_LIMITS.comment, MESSAGES.maxLength(MAINTENANCE_LIMITS.comment)),
  is_private: flag().default(false),
});
export type MaintenanceCommentCreate = z.infer<typeof MaintenanceCommentCreate>;
export type MaintenanceCommentCreateInput = z.input<typeof MaintenanceCommentCreate>;

const formBool = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "1", "on", "yes"].includes(v.toLowerCase()) : v),
  flag(),
);
/**
 * POST /maintenance-requests/photos/ — multipart: maintenance_request_id, photo_url (an image,
 * at most 10 MB: 413 'Please select a file under 10 MB'), caption, is_private. 201 with the photo.
 */
export const MaintenancePhotoWrite = z.object({
  maintenance_request_id: requiredIdField(MESSAGES.fieldRequired),
  caption: text(MAINTENANCE_LIMITS.caption).default(""),
  is_private: formBool.default(false),
});
export type MaintenancePhotoWrite = z.infer<typeof MaintenancePhotoWrite>;
/** The photo form as the API document shows it. */
export const MaintenancePhotoForm = z
  .looseObject({
    maintenance_request_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    caption: z.string().optional(),
    is_private: z.union([z.boolean(), z.string()]).optional(),
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart)" }),
  })
  .meta({ description: "A multipart form" });
/** The PATCH form as the API document shows it (JSON, or multipart with a signature_url file). */
export const MaintenanceRequestPatchForm = z
  .looseObject({
    description: z.string().optional(),
    signature_url: z.any().optional().meta({ description: "A base64 image (JSON) or the image file (multipart)" }),
  })
  .meta({ description: "JSON, or multipart with the signature_url file" });
