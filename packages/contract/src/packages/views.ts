import { z } from "zod";
import { Event, PageQuery, queryBool } from "../common.ts";
import { OccupancyStatus } from "../occupancies.ts";
import { PackageStatus } from "./base.ts";
import { PackageOccupant } from "./list.ts";
import { PackageTypeSummary } from "./package-types.ts";

// ---------------------------------------------------------------------------------------------
// Building views

/** GET /core/buildings/{b}/package-activity/ — package events of the past 24 hours, newest first. */
export const PackageActivityItem = Event.extend({
  package: z.object({
    id: z.number().int(),
    status: PackageStatus,
    apartment_number: z.string(),
    occupancy_id: z.number().int(),
    package_type: PackageTypeSummary,
  }),
});
export type PackageActivityItem = z.infer<typeof PackageActivityItem>;
export const PackageActivityQuery = PageQuery;

/** The unit profile a row of the grid or of apartment packages is about. */
const UnitView = z.object({
  occupancy_id: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_status: OccupancyStatus,
  is_active_occupancy: z.boolean(),
  is_future_occupancy: z.boolean(),
});

/**
 * GET /core/buildings/{b}/package-grid/ — one row per unit profile with open packages, in unit
 * order; `counts` holds the open packages per type (types without any are left out).
 * `package_types`: every active type shown on the grid (grid_display) plus any type that has
 * open packages, in display order: the grid's columns.
 */
export const PackageGridRow = UnitView.extend({
  is_lease_expired: z.boolean(),
  occupants: z.array(z.object({ last_name: z.string(), is_active: z.boolean() })),
  total_count: z.number().int(),
  counts: z.array(z.object({ package_type_id: z.number().int(), count: z.number().int() })),
});
export type PackageGridRow = z.infer<typeof PackageGridRow>;
export const PackageGrid = z.object({
  building_id: z.number().int(),
  total_count: z.number().int(),
  package_types: z.array(PackageTypeSummary.extend({ display_order: z.number().int(), grid_display: z.boolean() })),
  results: z.array(PackageGridRow),
});
export type PackageGrid = z.infer<typeof PackageGrid>;

/**
 * GET /core/buildings/{b}/apartment-packages/?limit=1500 — unit profiles with open packages (unit
 * order), each with its open packages (oldest first). For the close page and the lobby display.
 */
export const ApartmentPackages = UnitView.extend({
  occupants: z.array(PackageOccupant),
  package_count: z.number().int(),
  packages: z.array(
    z.object({
      id: z.number().int(),
      package_type: PackageTypeSummary,
      date_opened: z.string(),
      opening_comment: z.string(),
    }),
  ),
});
export type ApartmentPackages = z.infer<typeof ApartmentPackages>;
export const ApartmentPackagesQuery = PageQuery.extend({
  /** Only types shown on the public display (the lobby screen). */
  public_only: queryBool.optional(),
});
