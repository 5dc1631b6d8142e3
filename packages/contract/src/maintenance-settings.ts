import { z } from "zod";
import { blankableText, boolField, Id, MAX_ID, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { EMAIL_RE } from "./occupancies/fields.ts";

/**
 * The setup of maintenance requests (document 2 sections 2–9, issue 17 items 1 and 9): the global
 * request types (Office manages them in the admin area; every staff member reads them), who may
 * file a type (permission types), the building's comment templates (managers), the building's
 * notification settings (who is mailed about new requests and status changes; managers) and the
 * building's activity feed of the last 48 hours.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

export const MAINTENANCE_SETTINGS_LIMITS = {
  type_name: 100,
  type_category: 100,
  instruction_text: 2000,
  template_title: 100,
  template: 2000,
  email_recipients: 2000,
} as const;
/** The activity feed's window (hours; the screen refreshes every MAINTENANCE_ACTIVITY_REFETCH_MS). */
export const MAINTENANCE_ACTIVITY_HOURS = 48;
/** The activity feed answers up to this many events a page (default and largest). */
export const MAINTENANCE_ACTIVITY_PAGE_SIZE = 200;
export const MAINTENANCE_ACTIVITY_MAX_LIMIT = 1000;
/** Settings screens show their whole lists. */
export const COMMENT_TEMPLATE_PAGE_SIZE = 1000;
/** The separator of email_recipients. */
export const EMAIL_RECIPIENTS_SEPARATOR = ";";

/** Messages of the maintenance setup screens, word for word where the spec gives them. */
export const MAINTENANCE_SETTINGS_MESSAGES = {
  templateUpdated: "Template successfully updated",
  templateError: (message: string) => `An error occurred: ${message}`,
  typeNameTaken: "maintenance request type with this name already exists.",
  immutableType: "This maintenance request type cannot be edited.",
  invalidEmail: (address: string) => `Enter a valid email address: ${address}`,
  otherBuilding: "These settings belong to another building.",
  noActivity: "No maintenance activity within the past 48 hours",
  statusChangedTo: (label: string) => `Status changed to ${label}`,
} as const;
const M = MAINTENANCE_SETTINGS_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Request types (global)

/** Who may file a request of a type: staff only, or residents too (GET /maintenance-requests/permission_types/). */
export const MAINTENANCE_ACCESS_PERMISSIONS = ["STAFF_ONLY", "RESIDENTS_AND_STAFF"] as const;
export type MaintenanceAccessPermission = (typeof MAINTENANCE_ACCESS_PERMISSIONS)[number];
export const MAINTENANCE_ACCESS_PERMISSION_DISPLAY: Record<MaintenanceAccessPermission, string> = {
  STAFF_ONLY: "Staff only",
  RESIDENTS_AND_STAFF: "Residents and staff",
};
export const MaintenancePermissionType = z.object({ value: z.enum(MAINTENANCE_ACCESS_PERMISSIONS), label: z.string() });
export type MaintenancePermissionType = z.infer<typeof MaintenancePermissionType>;
export const MAINTENANCE_PERMISSION_TYPES: MaintenancePermissionType[] = MAINTENANCE_ACCESS_PERMISSIONS.map(
  (value) => ({ value, label: MAINTENANCE_ACCESS_PERMISSION_DISPLAY[value] }),
);

/** A maintenance request type (global: a change applies to every building). */
export const MaintenanceRequestType = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  display_order: z.number().int(),
  /** Shown on the create form when the type is chosen. */
  instruction_text: z.string(),
  access_permissions: z.enum(MAINTENANCE_ACCESS_PERMISSIONS),
  access_permissions_display: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
});
export type MaintenanceRequestType = z.infer<typeof MaintenanceRequestType>;

/**
 * A display order: an integer ≥ 0, required ('This field is required.' when missing or blank;
 * form fields send text, which is read as a number).
 */
export const displayOrderField = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MESSAGES.fieldRequired : MESSAGES.integerRequired) })
      .int(MESSAGES.integerRequired)
      .min(0, MESSAGES.minValue(0))
      .max(MAX_ID, MESSAGES.maxValue(MAX_ID)),
  );

const typeFields = {
  name: requiredFieldText(MAINTENANCE_SETTINGS_LIMITS.type_name),
  category: blankableText(MAINTENANCE_SETTINGS_LIMITS.type_category).optional(),
  display_order: displayOrderField(),
  instruction_text: blankableText(MAINTENANCE_SETTINGS_LIMITS.instruction_text).optional(),
  access_permissions: z
    .enum(MAINTENANCE_ACCESS_PERMISSIONS, { error: (iss) => MESSAGES.invalidChoice(iss.input) })
    .optional(),
  is_active: boolField().optional(),
};
/**
 * POST /maintenance-requests/maintenance-request-types/ (Office only): name and display_order
 * required; access_permissions defaults to STAFF_ONLY. A name already used (any case) →
 * name: 'maintenance request type with this name already exists.'
 */
export const MaintenanceRequestTypeWrite = z.object(typeFields);
export type MaintenanceRequestTypeWrite = z.infer<typeof MaintenanceRequestTypeWrite>;
export type MaintenanceRequestTypeWriteInput = z.input<typeof MaintenanceRequestTypeWrite>;
/** PATCH /maintenance-requests/maintenance-request-types/{id}/ (Office only): any subset; immutable → 403. */
export const MaintenanceRequestTypePatch = z.object(typeFields).partial();
export type MaintenanceRequestTypePatch = z.infer<typeof MaintenanceRequestTypePatch>;
/**
 * GET /maintenance-requests/maintenance-request-types/ — every type in display order (then name);
 * is_active and access_permissions filter (the create form asks is_active=true).
 */
export const MaintenanceRequestTypeQuery = PageQuery.extend({
  is_active: queryBool.optional(),
  access_permissions: z
    .enum(MAINTENANCE_ACCESS_PERMISSIONS, { error: (iss) => MESSAGES.invalidChoice(iss.input) })
    .optional(),
});
export type MaintenanceRequestTypeQuery = z.infer<typeof MaintenanceRequestTypeQuery>;

// ---------------------------------------------------------------------------------------------
// Comment templates (per building)

/** A comment template of a building (the status update's comment picks one). */
export const CommentTemplate = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  title: z.string(),
  template: z.string(),
  display_order: z.number().int(),
});
export type CommentTemplate = z.infer<typeof CommentTemplate>;

const templateFields = {
  title: requiredFieldText(MAINTENANCE_SETTINGS_LIMITS.template_title),
  template: requiredFieldText(MAINTENANCE_SETTINGS_LIMITS.template),
  display_order: displayOrderField(),
};
/**
 * POST /maintenance-requests/comment-templates/ (managers): building_id, title (≤ 100),
 * template (≤ 2000), display_order (integer ≥ 0), all required. 201 with the template; the web
 * then shows 'Template successfully updated'.
 */
export const CommentTemplateWrite = z.object({ building_id: Id, ...templateFields });
export type CommentTemplateWrite = z.infer<typeof CommentTemplateWrite>;
export type CommentTemplateWriteInput = z.input<typeof CommentTemplateWrite>;
/** PATCH /maintenance-requests/comment-templates/{id}/ (managers): any subset; building_id may move it to another building the user manages. */
export const CommentTemplatePatch = z.object({ building_id: Id, ...templateFields }).partial();
export type CommentTemplatePatch = z.infer<typeof CommentTemplatePatch>;
/**
 * GET /maintenance-requests/comment-templates/ — ordered by display_order, then title;
 * `building` one building's (else every building the user may see). Whole lists (limit up to 1000).
 */
export const CommentTemplateQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(COMMENT_TEMPLATE_PAGE_SIZE).optional(),
  building: Id.optional(),
});
export type CommentTemplateQuery = z.infer<typeof CommentTemplateQuery>;
/** GET /core/buildings/{b}/comment-templates/ — the building's, same order. */
export const BuildingCommentTemplateQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(COMMENT_TEMPLATE_PAGE_SIZE).optional(),
});
export type BuildingCommentTemplateQuery = z.infer<typeof BuildingCommentTemplateQuery>;

// ---------------------------------------------------------------------------------------------
// Notification settings (per building)

/** Who is mailed about the building's new requests and status changes ('a@x.com;b@y.com'). */
export const MaintenanceNotificationSettings = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  email_recipients: z.string(),
});
export type MaintenanceNotificationSettings = z.infer<typeof MaintenanceNotificationSettings>;

/** The addresses of a semicolon-joined list (commas accepted too), trimmed, empty parts left out. */
export const emailRecipientsOf = (v: string | null | undefined): string[] =>
  (v ?? "")
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A semicolon-joined list of e-mail addresses: each must be valid ('Enter a valid email address: x');
 * stored trimmed, joined by ';', repeats dropped. Blank clears the list.
 */
export const EmailRecipientsField = z
  .union([z.string(), z.null()], { error: MESSAGES.notAString })
  .transform((v) => emailRecipientsOf(v))
  .superRefine((list, ctx) => {
    for (const address of list)
      if (!EMAIL_RE.test(address)) {
        ctx.addIssue({ code: "custom", message: M.invalidEmail(address) });
        return;
      }
  })
  .transform((list) => [...new Set(list)].join(EMAIL_RECIPIENTS_SEPARATOR))
  .pipe(
    z
      .string()
      .max(
        MAINTENANCE_SETTINGS_LIMITS.email_recipients,
        MESSAGES.maxLength(MAINTENANCE_SETTINGS_LIMITS.email_recipients),
      ),
  );

/** GET /maintenance-requests/notification-settings/?building — the building's row (made on first read). */
export const MaintenanceNotificationSettingsQuery = z.object({ building: Id });
export type MaintenanceNotificationSettingsQuery = z.infer<typeof MaintenanceNotificationSettingsQuery>;
/**
 * PATCH /maintenance-requests/notification-settings/{id}/ (managers): email_recipients; building_id,
 * when sent, must be the row's building ('These settings belong to another building.').
 */
export const MaintenanceNotificationSettingsPatch = z.object({
  building_id: Id.optional(),
  email_recipients: EmailRecipientsField.optional(),
});
export type MaintenanceNotificationSettingsPatch = z.infer<typeof MaintenanceNotificationSettingsPatch>;
export type MaintenanceNotificationSettingsPatchInput = z.input<typeof MaintenanceNotificationSettingsPatch>;

// ---------------------------------------------------------------------------------------------
// Activity (per building, last 48 hours)

/**
 * One thing that happened to one of the building's requests (an event of the request's history):
 * created, status changed (`status`: the new status), comment, photo, edited …
 * `type`/`type_display` are the event's, `note` its text (a comment's words, a change list).
 */
export const MaintenanceActivity = z.object({
  id: z.number().int(),
  maintenance_request_id: z.number().int(),
  apartment_id: z.number().int().nullable(),
  apartment_number: z.string().nullable(),
  maintenance_request_type_id: z.number().int().nullable(),
  maintenance_request_type_name: z.string().nullable(),
  type: z.string(),
  type_display: z.string(),
  /** The status a status change moved the request to (null for other events). */
  status: z.string().nullable(),
  /** What happened, in words: 'Request created', 'Status changed to On hold', 'Comment added' … */
  description: z.string(),
  note: z.string(),
  performed_by: z.string().nullable(),
  date_created: z.string(),
});
export type MaintenanceActivity = z.infer<typeof MaintenanceActivity>;

/** GET /maintenance-requests/activity/?building — the last 48 hours, newest first (limit up to 1000, default 200). */
export const MaintenanceActivityQuery = PageQuery.extend({
  building: Id,
  limit: z.coerce.number().int().min(1).max(MAINTENANCE_ACTIVITY_MAX_LIMIT).optional(),
});
export type MaintenanceActivityQuery = z.infer<typeof MaintenanceActivityQuery>;
export type MaintenanceActivityQueryInput = z.input<typeof MaintenanceActivityQuery>;
