import { z } from "zod";
import { blankableText, boolField, Id, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { DEFAULT_PAGE_SIZE, UPLOAD_LIMIT_BYTES } from "./constants.ts";
import { CONTRACTOR_MESSAGES, MESSAGES } from "./messages.ts";
import { DayQuery, fromUntilOrder, OptionalFormId } from "./day-filters.ts";

/**
 * Contractor visits (document 2 sections 2–9; document 1 section 2.3 Contractors tab; document 3
 * sections 7 and 9): the desk logs a contractor in (company, name, unit, note, photo), adds notes
 * and checks them out. Companies are a global, manager-edited type list (GET /contractors/types/).
 * Building days (from, until) are in the building's time zone; the admin list's are UTC days.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** Contractor lists: limit 30 (default), offset 0. */
export const CONTRACTOR_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const CONTRACTOR_MAX_LIMIT = 1000;
/** Notes of one visit are shown whole (up to this many). */
export const CONTRACTOR_NOTES_LIMIT = 1000;
export const CONTRACTOR_PHOTO_LIMIT_BYTES = UPLOAD_LIMIT_BYTES;
export const CONTRACTOR_PHOTO_TOO_LARGE = MESSAGES.fileTooLarge;
export const CONTRACTOR_LIMITS = { company_name: 100, name: 255, note: 2000, text: 2000 } as const;
/**
 * The image stored for a visit logged without a photo in a building that waives it
 * (contractorsettings.is_photo_required false; the spec's "dummy image").
 */
export const CONTRACTOR_PLACEHOLDER_PHOTO_URL =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="340" height="420" viewBox="0 0 340 420">' +
      '<rect width="340" height="420" fill="#e0e0e0"/><circle cx="170" cy="150" r="70" fill="#9e9e9e"/>' +
      '<rect x="70" y="240" width="200" height="130" rx="60" fill="#9e9e9e"/>' +
      '<text x="170" y="405" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#616161">No photo</text></svg>',
  );

export const CONTRACTOR_EVENT_TYPES = [
  "CONTRACTOR_VISIT_OPENED",
  "CONTRACTOR_VISIT_CLOSED",
  "CONTRACTOR_NOTE_ADDED",
] as const;
export type ContractorEventType = (typeof CONTRACTOR_EVENT_TYPES)[number];
export const CONTRACTOR_EVENT_DISPLAY: Record<ContractorEventType, string> = {
  CONTRACTOR_VISIT_OPENED: "Contractor visit logged",
  CONTRACTOR_VISIT_CLOSED: "Contractor visit closed",
  CONTRACTOR_NOTE_ADDED: "Note added",
};
/** entity_type of contractor visit events in the generic events table. */
export const CONTRACTOR_VISIT_ENTITY = "contractor_visit";

// ---------------------------------------------------------------------------------------------
// Contractor companies (types)

/** A contractor company (global type list; the desk reads it, managers edit it). */
export const ContractorType = z.object({
  id: z.number().int(),
  company_name: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
});
export type ContractorType = z.infer<typeof ContractorType>;

const companyName = requiredFieldText(CONTRACTOR_LIMITS.company_name);
/** POST /contractors/types/ (managers): company_name required, unique whatever its case. */
export const ContractorTypeWrite = z.object({ company_name: companyName, is_active: boolField().optional() });
export type ContractorTypeWrite = z.infer<typeof ContractorTypeWrite>;
export type ContractorTypeWriteInput = z.input<typeof ContractorTypeWrite>;
/** PATCH /contractors/types/{id}/ (managers): any subset. */
export const ContractorTypePatch = ContractorTypeWrite.partial();
export type ContractorTypePatch = z.infer<typeof ContractorTypePatch>;
/** GET /contractors/types/ — active companies by name; show_all=true adds the inactive ones (settings screen). */
export const ContractorTypeQuery = PageQuery.extend({ show_all: queryBool.optional() });
export type ContractorTypeQuery = z.infer<typeof ContractorTypeQuery>;

// ---------------------------------------------------------------------------------------------
// Visits

export const ContractorPerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type ContractorPerson = z.infer<typeof ContractorPerson>;

/**
 * A contractor visit. date_created / date_closed are instants (ISO); in_building: not closed yet.
 * apartment_id / apartment_number / occupancy_id are null for a visit not tied to a unit.
 * `building` is the building id (building_name for the admin-scope list).
 */
export const ContractorVisit = z.object({
  id: z.number().int(),
  building: z.number().int(),
  building_name: z.string(),
  contractor_type_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  note: z.string(),
  apartment_id: z.number().int().nullable(),
  apartment_number: z.string().nullable(),
  occupancy_id: z.number().int().nullable(),
  photo_url: z.string().nullable(),
  date_created: z.string(),
  date_closed: z.string().nullable(),
  opened_by: ContractorPerson.nullable(),
  closed_by: ContractorPerson.nullable(),
  in_building: z.boolean(),
  notes_count: z.number().int(),
});
export type ContractorVisit = z.infer<typeof ContractorVisit>;

/** A note of a visit. */
export const ContractorNote = z.object({
  id: z.number().int(),
  contractor_visit_id: z.number().int(),
  text: z.string(),
  date_created: z.string(),
  entered_by: ContractorPerson.nullable(),
});
export type ContractorNote = z.infer<typeof ContractorNote>;

// ---------------------------------------------------------------------------------------------
// Queries

/**
 * GET /core/buildings/{b}/contractor-visits/ — newest first. contractor_type_id (a company),
 * from / until (days created, building time zone, inclusive), apartment (an apartment id),
 * in_building (true: not closed; false: closed), limit (default 30, up to 1000), offset.
 */
export const ContractorVisitListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(CONTRACTOR_MAX_LIMIT).optional(),
  contractor_type_id: Id.optional(),
  from: DayQuery.optional(),
  until: DayQuery.optional(),
  apartment: Id.optional(),
  in_building: queryBool.optional(),
}).superRefine(fromUntilOrder);
export type ContractorVisitListQuery = z.infer<typeof ContractorVisitListQuery>;
export type ContractorVisitListQueryInput = z.input<typeof ContractorVisitListQuery>;

/**
 * GET /contractors/visits/ — admin scope (document 3 section 7): visits of every building the
 * user may see (or `building`, one of them), newest first; from / until are UTC days;
 * contractor_type_id, in_building, limit (default 30), offset.
 */
export const AdminContractorVisitQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(CONTRACTOR_MAX_LIMIT).optional(),
  building: Id.optional(),
  contractor_type_id: Id.optional(),
  from: DayQuery.optional(),
  until: DayQuery.optional(),
  in_building: queryBool.optional(),
}).superRefine(fromUntilOrder);
export type AdminContractorVisitQuery = z.infer<typeof AdminContractorVisitQuery>;
export type AdminContractorVisitQueryInput = z.input<typeof AdminContractorVisitQuery>;

/** GET /contractors/visits/{id}/notes/ — oldest first, whole (limit up to 1000). */
export const ContractorNoteQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(CONTRACTOR_NOTES_LIMIT).optional(),
});

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * POST /contractors/visits/ — multipart (or JSON without the photo):
 *  - building: the building (required).
 *  - contractor_type_id: a company of GET /contractors/types/, or company_name: a company typed
 *    in (an existing name, any case, is that company; a new one is added to the list); neither →
 *    company_name: 'Please choose a contractor company or type a new one.'
 *  - name: the contractor (required, at most 255).
 *  - apartment_id / occupancy_id: optional unit (of the building).
 *  - note: optional, at most 2000.
 *  - photo_url: the photo file, required ('Please select a photo.') unless the building waives it
 *    (contractorsettings.is_photo_required false: a placeholder image is stored), at most 48 MB.
 * 201 with the visit; the web then shows 'Contractor visit logged'.
 */
export const ContractorVisitWrite = z
  .object({
    building: z.preprocess((v) => (v === "" || v === null ? undefined : v), Id),
    contractor_type_id: OptionalFormId,
    company_name: blankableText(CONTRACTOR_LIMITS.company_name).optional(),
    name: requiredFieldText(CONTRACTOR_LIMITS.name),
    apartment_id: OptionalFormId,
    occupancy_id: OptionalFormId,
    note: blankableText(CONTRACTOR_LIMITS.note).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.contractor_type_id === undefined && !v.company_name)
      ctx.addIssue({ code: "custom", path: ["company_name"], message: CONTRACTOR_MESSAGES.companyRequired });
  });
export type ContractorVisitWrite = z.infer<typeof ContractorVisitWrite>;
export type ContractorVisitWriteInput = z.input<typeof ContractorVisitWrite>;

/** The form as the API document shows it. */
export const ContractorVisitForm = z
  .looseObject({
    building: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    contractor_type_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    company_name: z
      .string()
      .optional()
      .meta({ examples: ["Acme Plumbing"] }),
    name: z
      .string()
      .optional()
      .meta({ examples: ["John Fixer"] }),
    apartment_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    occupancy_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    note: z
      .string()
      .optional()
      .meta({ examples: ["Fixing the sink"] }),
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The photo (multipart only)" }),
  })
  .meta({ description: "A multipart form, or JSON without the photo" });

/** POST /contractors/notes/ — {text, contractor_visit_id}; text required ('Please enter a note'), at most 2000. */
export const ContractorNoteWrite = z.object({
  text: z
    .string({ error: CONTRACTOR_MESSAGES.noteRequired })
    .trim()
    .min(1, CONTRACTOR_MESSAGES.noteRequired)
    .max(CONTRACTOR_LIMITS.text, MESSAGES.maxLength(CONTRACTOR_LIMITS.text)),
  contractor_visit_id: z.preprocess((v) => (v === "" || v === null ? undefined : v), Id),
});
export type ContractorNoteWrite = z.infer<typeof ContractorNoteWrite>;
export type ContractorNoteWriteInput = z.input<typeof ContractorNoteWrite>;

/** POST /contractors/visits/{id}/close/ takes no body; a closed visit → 400 'This contractor visit is already closed.' */
export const ContractorVisitClose = z.object({}).loose();
