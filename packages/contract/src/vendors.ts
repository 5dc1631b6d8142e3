import { z } from "zod";
import { Id, PageQuery, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { OptionalFormId } from "./day-filters.ts";

/**
 * Vendors (document 2 sections 2–7): a building's list of suppliers (name, category, address,
 * contact). All staff may read and change it. An Excel upload (xlsx only) replaces every vendor
 * of the building at once; the download has the same columns, so it uploads back unchanged.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export const VENDOR_LIMITS = {
  name: 255,
  category: 255,
  address: 255,
  city: 100,
  state: 100,
  zip: 20,
  phone: 50,
  email: 254,
  website: 500,
} as const;
/** The text fields besides the name, in the spreadsheet's order. */
export const VENDOR_TEXT_FIELDS = ["category", "address", "city", "state", "zip", "phone", "email", "website"] as const;
export type VendorTextField = (typeof VENDOR_TEXT_FIELDS)[number];
/** The spreadsheet's header row (upload and download), in order. */
export const VENDOR_EXCEL_COLUMNS = ["name", ...VENDOR_TEXT_FIELDS] as const;
export type VendorColumn = (typeof VENDOR_EXCEL_COLUMNS)[number];
export const VENDOR_EXCEL_FILENAME = "vendors.xlsx";
export const VENDOR_EXCEL_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The largest upload (bytes) and row count. */
export const VENDOR_UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const VENDOR_UPLOAD_MAX_ROWS = 5000;
export const VENDOR_PAGE_SIZE = 30;
export const VENDOR_MAX_LIMIT = 5000;

/** 'Vendor successfully deleted' is the spec's; the rest is our own wording. */
export const VENDOR_MESSAGES = {
  deleted: "Vendor successfully deleted",
  created: "Vendor successfully created",
  updated: "Vendor successfully updated",
  uploaded: (count: number) => `${count} vendor${count === 1 ? "" : "s"} uploaded`,
  confirmDelete: "Are you sure you want to delete this vendor?",
  confirmUpload: "Uploading this file replaces all the existing vendors of this building. Continue?",
  fileRequired: "Please select an Excel file (.xlsx).",
  xlsxOnly: "The vendors file must be an Excel file (.xlsx).",
  unreadable: "The vendors file could not be read. Please upload an Excel file (.xlsx).",
  tooLarge: "The vendors file is too large (at most 5 MB).",
  tooManyRows: (max: number) => `The vendors file has too many rows (at most ${max}).`,
  missingNameColumn: "The first row must name the columns; a 'name' column is required.",
  rowNameRequired: (row: number) => `Row ${row}: a vendor name is required.`,
  rowError: (row: number, field: string, message: string) => `Row ${row}, ${field}: ${message}`,
  invalidEmail: "Enter a valid email address.",
  empty: "No vendors",
} as const;

// ---------------------------------------------------------------------------------------------
// The entity

/** A vendor; `building` is the building id. Text fields are '' when not given. */
export const Vendor = z.object({
  id: z.number().int(),
  building: z.number().int(),
  name: z.string(),
  category: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type Vendor = z.infer<typeof Vendor>;

/** The answer of an upload: how many vendors the building now has. */
export const VendorUploadResult = z.object({ count: z.number().int(), detail: z.string() });
export type VendorUploadResult = z.infer<typeof VendorUploadResult>;

/** The answer of a delete. */
export const VendorDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type VendorDeleted = z.infer<typeof VendorDeleted>;

// ---------------------------------------------------------------------------------------------
// Queries

/** GET /vendors/?building — by name; search (name, category, city), limit (default 30, up to 5000), offset. */
export const VendorListQuery = PageQuery.extend({
  building: Id,
  limit: z.coerce.number().int().min(1).max(VENDOR_MAX_LIMIT).optional(),
  search: z.string().trim().max(200, MESSAGES.maxLength(200)).optional(),
});
export type VendorListQuery = z.infer<typeof VendorListQuery>;
export type VendorListQueryInput = z.input<typeof VendorListQuery>;

/** GET /vendors/as_excel/?building */
export const VendorExportQuery = z.object({ building: Id });
/** `?building` of the one-vendor calls (optional: the vendor names its building). */
export const VendorBuildingQuery = z.object({ building: Id.optional() });

// ---------------------------------------------------------------------------------------------
// Writes

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A text field of a vendor: trimmed, '' when blank or null, at most its limit (emails checked). */
export const vendorText = (field: VendorTextField) =>
  z
    .union([z.string(), z.number(), z.null()], { error: MESSAGES.notAString })
    .transform((v) => (v === null ? "" : String(v).trim()))
    .pipe(
      z
        .string()
        .max(VENDOR_LIMITS[field], MESSAGES.maxLength(VENDOR_LIMITS[field]))
        .refine((s) => field !== "email" || s === "" || EMAIL_RE.test(s), VENDOR_MESSAGES.invalidEmail),
    );

const textFields = Object.fromEntries(VENDOR_TEXT_FIELDS.map((f) => [f, vendorText(f).optional()])) as {
  [K in VendorTextField]: z.ZodOptional<ReturnType<typeof vendorText>>;
};

/** A vendor's values (a form, or one row of the spreadsheet): name required, the rest optional. */
export const VendorFields = z.object({ name: requiredFieldText(VENDOR_LIMITS.name), ...textFields });
export type VendorFields = z.infer<typeof VendorFields>;

/** POST /vendors/ — building (or ?building) and the vendor's fields; name required. */
export const VendorWrite = VendorFields.extend({ building: OptionalFormId });
export type VendorWrite = z.infer<typeof VendorWrite>;
export type VendorWriteInput = z.input<typeof VendorWrite>;

/** PATCH /vendors/{id}/ — any subset (the name, when sent, still required). */
export const VendorPatch = VendorFields.partial();
export type VendorPatch = z.infer<typeof VendorPatch>;
export type VendorPatchInput = z.input<typeof VendorPatch>;

/** The form as the API document shows it. */
export const VendorForm = z
  .looseObject({
    building: z
      .number()
      .int()
      .optional()
      .meta({ examples: [1] }),
    name: z
      .string()
      .optional()
      .meta({ examples: ["Acme Plumbing"] }),
    category: z
      .string()
      .optional()
      .meta({ examples: ["Plumbing"] }),
    phone: z
      .string()
      .optional()
      .meta({ examples: ["555-0100"] }),
    email: z
      .string()
      .optional()
      .meta({ examples: ["office@acme.example"] }),
  })
  .meta({ description: "A vendor (every text field of the entity may be sent)" });

/** POST /vendors/upload_excel/ — multipart: building, vendors_file (.xlsx). */
export const VendorUploadForm = z
  .looseObject({
    building: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    vendors_file: z.any().optional().meta({ type: "string", format: "binary", description: "The .xlsx file" }),
  })
  .meta({ description: "A multipart form" });
