import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { PACKAGE_BULK_MAX_ROWS, PACKAGE_COMMENT_MAX, PACKAGE_MESSAGES } from "./base.ts";
import { IdListField, openingComment, requiredIdField, requiredText } from "./fields.ts";
import { Package } from "./list.ts";

// ---------------------------------------------------------------------------------------------
// Writes

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
/**
 * The whole body of POST /packages/bulk/: a list of rows (1 to PACKAGE_BULK_MAX_ROWS);
 * ?building= names the building (else the first row's). Judged by the service, row by row.
 */
export const PackageBulkWrite = z
  .array(PackageBulkRow)
  .min(1)
  .max(PACKAGE_BULK_MAX_ROWS)
  .meta({ description: "Rows to log, each {occupancy, package_type, opening_comment, send_notification_occupants}" });
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
/**
 * The close request as the API document shows it: the fields PackageCloseFields reads (ids as a
 * list, a comma list or `packages[]`), and the photo file of a multipart form. Other fields are
 * let through: the route reads the form itself.
 */
export const PackageCloseForm = z
  .looseObject({
    packages: z
      .union([z.array(z.union([z.number().int(), z.string()])), z.string(), z.number().int()])
      .meta({ description: "The packages to close (repeat the field, or a comma list)", examples: [[101, 102]] }),
    closing_comment: z
      .string()
      .optional()
      .meta({ examples: ["Picked up by the resident"] }),
    closing_photo_url: z
      .any()
      .optional()
      .meta({ type: "string", format: "binary", description: "The closing photo (multipart only)" }),
  })
  .meta({ description: "A multipart form, or JSON without the photo" });
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
