import { z } from "zod";
import { PageQuery, queryBool } from "../common.ts";
import { BATHROOMS, BEDROOMS } from "../apartments.ts";
import { bool, requiredId, requiredText, text, unitFacts } from "./parts.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";

/** Apartments (units) of a building, the vacant unit report and the building's residents list. */

const Bathrooms = z.union([z.number(), z.string()], { error: UNIT_PROFILE_MESSAGES.bathrooms }).transform((v, ctx) => {
  const n = typeof v === "number" ? v : Number(v.trim());
  const s = Number.isFinite(n) ? n.toFixed(1) : "";
  if (!(BATHROOMS as readonly string[]).includes(s) || (typeof v === "string" && v.trim() === "")) {
    ctx.addIssue({ code: "custom", message: UNIT_PROFILE_MESSAGES.bathrooms });
    return z.NEVER;
  }
  return s;
});

const apartmentFields = {
  apartment_number: requiredText(20),
  bedrooms: z.enum(BEDROOMS, { error: (iss) => `"${String(iss.input ?? "")}" is not a valid choice.` }).optional(),
  bathrooms: Bathrooms.optional(),
  floor: text(20).nullable().optional(),
  line: text(20).nullable().optional(),
  is_balcony_apt: bool().optional(),
  is_management: bool().optional(),
  is_unlinked_to_tfcio: bool().optional(),
  building: requiredId,
};
/** POST /core/apartments/ (managers). apartment_number unique per building (case-insensitive). */
export const ApartmentWrite = z.object(apartmentFields);
export type ApartmentWrite = z.infer<typeof ApartmentWrite>;
export type ApartmentWriteInput = z.input<typeof ApartmentWrite>;
/** PATCH /core/apartments/{id}/ (managers): any subset; the building cannot change. */
export const ApartmentPatch = z.object(apartmentFields).partial();
export type ApartmentPatch = z.infer<typeof ApartmentPatch>;

/** An apartment; occupancy_id is its current occupancy (null when vacant). */
export const Apartment = z.object({
  id: z.number().int(),
  apartment_id: z.number().int(),
  building: z.number().int(),
  ...unitFacts,
  is_unlinked_to_tfcio: z.boolean(),
  occupancy_id: z.number().int().nullable(),
  is_vacant: z.boolean(),
});
export type Apartment = z.infer<typeof Apartment>;

/**
 * GET /core/buildings/{id}/apartments/ — the building's apartments in unit order (JSON page).
 * With vacant_units=True the answer is the vacant unit report, vacant_unit_report.xlsx: every
 * non-management unit without a current occupancy (Unit, Bedrooms, Bathrooms, Floor, Line,
 * Last move-out date, Next lease start date).
 */
export const ApartmentListQuery = PageQuery.extend({
  vacant_units: queryBool.optional(),
  search: z.string().optional(),
});
export const VACANT_UNIT_REPORT_FILENAME = "vacant_unit_report.xlsx";
export const VACANT_UNIT_REPORT_COLUMNS = [
  "Unit",
  "Bedrooms",
  "Bathrooms",
  "Floor",
  "Line",
  "Last move-out date",
  "Next lease start date",
] as const;

/**
 * GET /core/buildings/{id}/occupants/ — every active resident of the building's active leases
 * (current and future), in unit order (JSON page), or building_occupants.xlsx with
 * `Accept: …spreadsheetml.sheet` (or format=xlsx). The Email column is left out for users who
 * may not view resident e-mails.
 */
export const BuildingOccupantsQuery = PageQuery.extend({
  search: z.string().optional(),
  format: z.enum(["json", "xlsx"]).optional(),
});
export const BUILDING_OCCUPANTS_FILENAME = "building_occupants.xlsx";
export const BUILDING_OCCUPANTS_COLUMNS = [
  "Unit",
  "Name",
  "Type",
  "Email",
  "Phone",
  "Lease start date",
  "Lease end date",
  "Status",
] as const;
