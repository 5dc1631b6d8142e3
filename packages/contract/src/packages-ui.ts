/**
 * Package screen constants on top of ./packages.ts (document 2 sections 2, 9): the page URLs
 * other areas link to (unit profile panel, lobby display), the grid filters and the print
 * list's query (`/packages/print-inventory?filterBy=&sortOrder=&groupBy=`).
 */
import type { PackageGroup } from "./packages.ts";

/** Print list → Include: which groups the list holds. */
export const PRINT_INVENTORY_FILTERS = ["incoming", "outgoing", "both"] as const;
export type PrintInventoryFilter = (typeof PRINT_INVENTORY_FILTERS)[number];
export const PRINT_INVENTORY_FILTER_LABELS: Record<PrintInventoryFilter, string> = {
  incoming: "Incoming",
  outgoing: "Outgoing",
  both: "Both",
};
/** The groups each choice asks the list for (undefined: every group). */
export const PRINT_INVENTORY_GROUPS: Record<PrintInventoryFilter, PackageGroup[] | undefined> = {
  incoming: ["INCOMING_DELIVERY"],
  outgoing: ["OUTGOING_ITEMS"],
  both: undefined,
};

/** Print list → Sort by: the list is grouped (and sorted) by package type or by unit. */
export const PRINT_INVENTORY_GROUP_BY = ["package_type", "unit"] as const;
export type PrintInventoryGroupBy = (typeof PRINT_INVENTORY_GROUP_BY)[number];
export const PRINT_INVENTORY_GROUP_BY_LABELS: Record<PrintInventoryGroupBy, string> = {
  package_type: "Package type",
  unit: "Unit",
};

/** Print list → Sort order. */
export const PRINT_INVENTORY_SORT_ORDERS = ["asc", "desc"] as const;
export type PrintInventorySortOrder = (typeof PRINT_INVENTORY_SORT_ORDERS)[number];
export const PRINT_INVENTORY_SORT_ORDER_LABELS: Record<PrintInventorySortOrder, string> = {
  asc: "Ascending",
  desc: "Descending",
};

export interface PrintInventoryQuery {
  filterBy: PrintInventoryFilter;
  sortOrder: PrintInventorySortOrder;
  groupBy: PrintInventoryGroupBy;
  /** One unit profile's packages only (the unit profile's print link). */
  occupancy_id?: number;
}
export const PRINT_INVENTORY_DEFAULTS: PrintInventoryQuery = { filterBy: "both", sortOrder: "asc", groupBy: "unit" };

const pick = <T extends string>(values: readonly T[], v: string | null | undefined, fallback: T): T =>
  v && (values as readonly string[]).includes(v) ? (v as T) : fallback;

/** Reads the print list's query (unknown values fall back to the defaults). */
export function parsePrintInventoryQuery(params: URLSearchParams): PrintInventoryQuery {
  const occ = params.get("occupancy_id");
  return {
    filterBy: pick(PRINT_INVENTORY_FILTERS, params.get("filterBy"), PRINT_INVENTORY_DEFAULTS.filterBy),
    sortOrder: pick(PRINT_INVENTORY_SORT_ORDERS, params.get("sortOrder"), PRINT_INVENTORY_DEFAULTS.sortOrder),
    groupBy: pick(PRINT_INVENTORY_GROUP_BY, params.get("groupBy"), PRINT_INVENTORY_DEFAULTS.groupBy),
    ...(occ && /^\d+$/.test(occ) ? { occupancy_id: Number(occ) } : {}),
  };
}

/** The grid's Show filter: type cells per unit, or the unit's residents. */
export const PACKAGE_GRID_SHOW = ["types", "occupancy"] as const;
export type PackageGridShow = (typeof PACKAGE_GRID_SHOW)[number];
export const PACKAGE_GRID_SHOW_LABELS: Record<PackageGridShow, string> = {
  types: "Unit package type",
  occupancy: "Occupancy",
};

/** The grid legend (document 2 section 2). */
export const PACKAGE_GRID_LEGEND = {
  i: "inactive tenant or lease ended",
  f: "future tenant or lease not yet started",
} as const;

/** Paths of the package pages (building-scoped), for links from other areas. */
export const packagePaths = {
  grid: (b: number) => `/${b}/packages`,
  log: (b: number, occupancyId?: number) =>
    occupancyId ? `/${b}/packages/log?occupancy_id=${occupancyId}` : `/${b}/packages/log`,
  batch: (b: number) => `/${b}/packages/batch`,
  close: (b: number, occupancyId?: number) =>
    occupancyId ? `/${b}/packages/close?occupancy_id=${occupancyId}` : `/${b}/packages/close`,
  list: (b: number) => `/${b}/packages/list`,
  detail: (b: number, id: number) => `/${b}/packages/${id}`,
  reminder: (b: number) => `/${b}/packages/reminder`,
  print: (b: number) => `/${b}/packages/print`,
  printInventory: (b: number, q: Partial<PrintInventoryQuery> = {}) => {
    const v = { ...PRINT_INVENTORY_DEFAULTS, ...q };
    const s = new URLSearchParams({ filterBy: v.filterBy, sortOrder: v.sortOrder, groupBy: v.groupBy });
    if (v.occupancy_id) s.set("occupancy_id", String(v.occupancy_id));
    return `/${b}/packages/print-inventory?${s.toString()}`;
  },
  recentActivity: (b: number) => `/${b}/packages/recent-activity`,
  adminTypes: "/admin/settings/package-types",
  adminTypeCreate: "/admin/settings/package-types/create",
  adminTypeEdit: (id: number) => `/admin/settings/package-types/edit/${id}`,
} as const;

/** The reminder page's success toast and the log page's batch toast. */
export const PACKAGE_UI_MESSAGES = {
  addedToBatch: (n: number) => (n === 1 ? "1 package added to the batch" : `${n} packages added to the batch`),
  removedFromBatch: "Package removed from the batch",
  batchItemSaved: "Data has been saved",
  typeSaved: "Data has been saved",
  commentSaved: "Package edited successfully",
  reopened: "Package re-opened",
  noOpenForUnit: "No open packages",
  noRecentlyClosed: "No packages closed in the past 60 days",
} as const;
