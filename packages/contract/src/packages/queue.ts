import { z } from "zod";
import { PageQuery } from "../common.ts";
import { PACKAGE_BULK_MAX_ROWS, PACKAGE_MESSAGES } from "./base.ts";
import { IdListField, openingComment, optionalText, requiredIdField } from "./fields.ts";
import { PackagePerson } from "./list.ts";
import { PackageTypeSummary } from "./package-types.ts";
import { PackageBulkResult, PackageBulkRow } from "./writes.ts";

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
/** The body of POST /core/buildings/{b}/package-queue/: one row or a list of rows (judged by the service). */
export const BatchedPackageAdd = z.union([
  BatchedPackageWrite,
  z.array(BatchedPackageWrite).min(1).max(PACKAGE_BULK_MAX_ROWS),
]);
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
