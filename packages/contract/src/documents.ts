import { z } from "zod";
import { blankableText, Id, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { UPLOAD_LIMIT_BYTES } from "./constants.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Building documents (document 3 sections 2, 3, 6, 7): files a building keeps for its staff and
 * tenants (house rules, forms …), at /{building}/manage/documents. Every staff member uses them
 * (document.use) but sees only the ones visible to staff; managers and Office (document.view_all)
 * see all. A document not visible to a user is not found for them (404).
 */

export const DOCUMENT_LIMITS = { title: 255, subtitle: 1000 } as const;
export const DOCUMENT_UPLOAD_LIMIT_BYTES = UPLOAD_LIMIT_BYTES;
export const DOCUMENT_PAGE_SIZE = 30;
export const DOCUMENT_MAX_LIMIT = 1000;

export const DOCUMENT_MESSAGES = {
  /** The spec's. */
  updated: "Document successfully updated",
  deleted: "Document successfully deleted",
  tooLarge: MESSAGES.fileTooLarge,
  // Ours
  created: "Document successfully added",
  titleRequired: "Title is required",
  fileRequired: "Please choose a file.",
  confirmDelete: (title: string) => `Delete the document "${title}"?`,
  empty: "No documents",
  hiddenFromStaff: "Not visible to staff",
} as const;
const M = DOCUMENT_MESSAGES;

export const BuildingDocument = z.object({
  id: z.number().int(),
  building: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The file's URL (/api/v1/files/…). */
  file: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  is_visible_to_tenants: z.boolean(),
  is_visible_to_staff: z.boolean(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type BuildingDocument = z.infer<typeof BuildingDocument>;

export const DocumentDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type DocumentDeleted = z.infer<typeof DocumentDeleted>;

/** GET /emails/documents/?building — newest first; search (title, subtitle); limit (30, up to 1000), offset. */
export const DocumentListQuery = PageQuery.extend({
  building: Id,
  limit: z.coerce.number().int().min(1).max(DOCUMENT_MAX_LIMIT).optional(),
  search: z.string().trim().max(200, MESSAGES.maxLength(200)).optional(),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;
export type DocumentListQueryInput = z.input<typeof DocumentListQuery>;

/** `?building` of the one-document calls (optional: the document names its building). */
export const DocumentBuildingQuery = z.object({ building: Id.optional() });

/** A form's checkbox: true/false, 'true'/'false', '1'/'0', 'on'. */
const formBool = () => z.union([z.boolean(), z.string()], { error: MESSAGES.notABoolean }).pipe(queryBool);

/** The text fields and flags of a document (multipart; the file is read apart). */
export const DocumentFields = z.object({
  title: requiredFieldText(DOCUMENT_LIMITS.title, M.titleRequired),
  subtitle: blankableText(DOCUMENT_LIMITS.subtitle).optional(),
  is_visible_to_tenants: formBool().optional(),
  is_visible_to_staff: formBool().optional(),
});
export type DocumentFields = z.infer<typeof DocumentFields>;
export type DocumentFieldsInput = z.input<typeof DocumentFields>;

/** PATCH: any subset. */
export const DocumentPatch = DocumentFields.partial();
export type DocumentPatch = z.infer<typeof DocumentPatch>;

/** The multipart form as the API document shows it. */
export const DocumentForm = z
  .looseObject({
    building: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    title: z
      .string()
      .optional()
      .meta({ examples: ["House rules"] }),
    subtitle: z.string().optional(),
    is_visible_to_tenants: z.union([z.boolean(), z.string()]).optional(),
    is_visible_to_staff: z.union([z.boolean(), z.string()]).optional(),
    file: z.any().optional().meta({ type: "string", format: "binary", description: "The file (up to 48 MB)" }),
  })
  .meta({ description: "A multipart form: building, title, subtitle, the visibility flags and the file" });
