import { z } from "zod";
import { PackageTypeSummary } from "./packages.ts";

/**
 * GET /core/buildings/{b}/package-summary/ — a building's packages at a glance (the dashboard's
 * Packages widget): what is open, per type; what was logged today (the building's local day,
 * whatever became of it since); and the package that has waited longest.
 */
export const PackageSummaryTypeCount = z.object({
  package_type: PackageTypeSummary,
  count: z.number().int(),
});
export type PackageSummaryTypeCount = z.infer<typeof PackageSummaryTypeCount>;

export const PackageSummaryOldest = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  occupancy_id: z.number().int(),
  package_type: PackageTypeSummary,
  date_opened: z.string(),
});
export type PackageSummaryOldest = z.infer<typeof PackageSummaryOldest>;

export const PackageSummary = z.object({
  building_id: z.number().int(),
  /** The building's local date (YYYY-MM-DD) that `logged_today` counts. */
  today: z.string(),
  /** Open packages of every unit profile (as on the package grid). */
  open_count: z.number().int(),
  /** Open packages per type, the types in display order (types with none open are left out). */
  open_by_type: z.array(PackageSummaryTypeCount),
  /** Packages opened since the building's midnight, open or closed since. */
  logged_today: z.number().int(),
  /** The open package opened first (null: none open). */
  oldest_waiting: PackageSummaryOldest.nullable(),
});
export type PackageSummary = z.infer<typeof PackageSummary>;
