import { z } from "zod";
import { commaParts, dateRangeOrder, idsOfParts, PageQuery, queryBool } from "../common.ts";
import { DayFilter } from "./fields.ts";
import { OccupancyStatus } from "./occupancy.ts";

/** The unit list of a building (or several) and its spreadsheet. */

export const UNIT_LIST_ORDERINGS = ["apartment_number", "lease_start_date", "lease_end_date"] as const;
export const UnitListOrdering = z.enum([
  ...UNIT_LIST_ORDERINGS,
  ...UNIT_LIST_ORDERINGS.map((o) => `-${o}` as const),
] as [string, ...string[]]);
export const UNIT_LIST_DEFAULT_ORDERING = "apartment_number";
export const UNIT_LIST_DEFAULT_LIMIT = 30;
export const UNIT_LIST_EXPORT_LIMIT = 50000;
export const UNIT_LIST_EXPORT_FILENAME = "unit_profiles.xlsx";
export const UNIT_LIST_EXPORT_COLUMNS = [
  "Unit #",
  "Building",
  "Residents",
  "Emails",
  "Phone numbers",
  "Lease start date",
  "Lease end date",
  "Move-out date",
  "Status",
  "Balcony",
] as const;

/** "1,2,3" (or repeated parameters); 'all' means every building the user may reach. */
export const BuildingIdList = z.union([z.string(), z.array(z.string()), z.number()]).transform((v, ctx) => {
  const parts = commaParts(v);
  return parts.some((p) => p.toLowerCase() === "all") ? ("all" as const) : idsOfParts(parts, ctx);
});

/**
 * GET /core/buildings/{id}/unit-profiles/ — the unit list of /{building}/manage/unit-profiles.
 *  - search: unit number (prefix), resident first/last/full name (contains), e-mail (contains;
 *    managers only, since others may not see e-mails);
 *  - phone: digits only are compared (contains);
 *  - display_vacant (default false): add one row per unit without a current occupancy
 *    (id null, is_vacant true);
 *  - min_lease_start_date / max_lease_start_date: 'YYYY-MM-DD', both inclusive; a max before the
 *    min → max_lease_start_date: 'The end date must be on or after the start date.';
 *  - buildings: comma list of building ids (or 'all'): the building multi-select; every one
 *    must be reachable (403 otherwise). Without it the list covers the path's building;
 *  - active_only (default true): only active occupancies; false adds inactive (past) ones;
 *  - balcony_only: units with a balcony;
 *  - ordering: apartment_number (unit order, default), lease_start_date, lease_end_date, '-' for
 *    descending; within a unit: its vacant row, then its leases by start date (past, current, future);
 *  - limit (default 30) / offset; format=xlsx or `Accept: …spreadsheetml.sheet` for the same
 *    rows as unit_profiles.xlsx ('Export Table').
 */
export const UnitListQuery = PageQuery.extend({
  search: z.string().optional(),
  phone: z.string().optional(),
  display_vacant: queryBool.optional(),
  min_lease_start_date: DayFilter.optional(),
  max_lease_start_date: DayFilter.optional(),
  buildings: BuildingIdList.optional(),
  active_only: queryBool.optional(),
  balcony_only: queryBool.optional(),
  ordering: UnitListOrdering.optional(),
  format: z.enum(["json", "xlsx"]).optional(),
}).superRefine(dateRangeOrder([["min_lease_start_date", "max_lease_start_date"]]));
export type UnitListQuery = z.infer<typeof UnitListQuery>;
export type UnitListQueryInput = z.input<typeof UnitListQuery>;

/**
 * A row of the unit list: an occupancy (id = occupancy id) or a vacant unit (id null).
 * names / emails / phone_numbers join the residents shown ("A B, C D"): the active residents of
 * an active occupancy, every resident of an inactive one. emails is blank for users who may not
 * view resident e-mails.
 */
export const UnitListRow = z.object({
  id: z.number().int().nullable(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  is_active: z.boolean(),
  is_future: z.boolean(),
  status: OccupancyStatus.nullable(),
  names: z.string(),
  emails: z.string(),
  phone_numbers: z.string(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  is_vacant: z.boolean(),
  building_id: z.number().int(),
  building_name: z.string(),
  is_balcony_apt: z.boolean(),
});
export type UnitListRow = z.infer<typeof UnitListRow>;
