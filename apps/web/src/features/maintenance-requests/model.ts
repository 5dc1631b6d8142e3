/**
 * Maintenance requests on the web (document 2 sections 2–5, 9): the screens' paths, the status
 * groups and labels ('On hold until {date}'), the list's filters as they stand in the URL and the
 * list/print/export queries made from them, and the bulk print's chosen ids.
 */
import {
  isValidDay,
  MAINTENANCE_CLOSED_STATUSES,
  MAINTENANCE_DEFAULT_ORDERING,
  MAINTENANCE_OPEN_STATUSES,
  MAINTENANCE_PROFILE_PAGE_SIZE,
  type MaintenanceRequest,
  statusText,
} from "@portico/contract";
import type { QueryParams } from "../../lib/api.ts";
import type { Paging } from "../../components/DataTable.tsx";
import { dateFilterErrors } from "../../components/listUrl.ts";
import { formatDate } from "../../lib/dates.ts";

export const maintenancePaths = {
  list: (b: number, query?: string) => `/${b}/maintenance/requests/list${query ? `?${query}` : ""}`,
  create: (b: number, unit?: { apartmentId?: number | null; occupancyId?: number | null }) => {
    const q = new URLSearchParams();
    if (unit?.apartmentId) q.set("apartment_id", String(unit.apartmentId));
    if (unit?.occupancyId) q.set("occupancy_id", String(unit.occupancyId));
    const s = q.toString();
    return `/${b}/maintenance/requests/create${s ? `?${s}` : ""}`;
  },
  detail: (b: number, id: number) => `/${b}/maintenance/requests/${id}`,
  print: (b: number, query: string) => `/${b}/maintenance/requests/print${query ? `?${query}` : ""}`,
  bulkPrint: (b: number, ids: readonly number[]) => `/${b}/maintenance/requests/bulk-print?ids=${ids.join(",")}`,
  activity: (b: number) => `/${b}/maintenance/activity`,
  vendors: (b: number) => `/${b}/maintenance/vendors`,
  recurringList: (b: number) => `/${b}/maintenance/recurring-requests/list`,
  recurringEdit: (b: number, id: number) => `/${b}/maintenance/recurring-requests/${id}/edit`,
  /** The requests a recurring request made (its count's link). */
  recurringRequests: (b: number, recurringId: number) =>
    `/${b}/maintenance/requests/list?recurring_maintenance_request=${recurringId}&statuses=${ALL_STATUSES}`,
  profile: (b: number, occupancyId: number) => `/${b}/manage/unit-profiles/${occupancyId}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Statuses (section 4): two vocabularies, one open group (the default filter) and one closed group.

const OPEN_GROUP = MAINTENANCE_OPEN_STATUSES;

/** The status as shown: its label, and 'until {date}' while on hold ('On Hold until 12/01/2026'). */
export function statusLabel(r: Pick<MaintenanceRequest, "status" | "date_on_hold_until">): string {
  return statusText(r.status, r.date_on_hold_until, (d) => formatDate(d));
}

// ---------------------------------------------------------------------------------------------
// The list's filters (section 3), named as the API names them.

/** `statuses` meaning every status (no status filter). */
const ALL_STATUSES = "all";

export const MAINTENANCE_FILTERS = [
  "statuses",
  "apartment",
  "maintenance_request_type",
  "min_date_opened",
  "max_date_opened",
  "min_date_closed",
  "max_date_closed",
  "search",
  "is_high_priority",
  "is_include_past_occupancies",
  "is_only_recurring",
  "recurring_maintenance_request",
] as const;
export type MaintenanceFilter = (typeof MAINTENANCE_FILTERS)[number];
export type MaintenanceFilters = Record<MaintenanceFilter, string>;

/** The yes/no filters (checkboxes; 'true' in the URL when ticked). */
const MAINTENANCE_FLAGS = ["is_high_priority", "is_include_past_occupancies", "is_only_recurring"] as const;

const MAINTENANCE_DATE_PAIRS = [
  ["min_date_opened", "max_date_opened"],
  ["min_date_closed", "max_date_closed"],
] as const;

/** The list's default order and the sortable columns (grid field → ordering key). */
export const DEFAULT_ORDERING = MAINTENANCE_DEFAULT_ORDERING;
export const SORT_KEYS: Readonly<Record<string, string>> = { date_opened: "date_opened", date_closed: "date_closed" };

/** The filters of a URL; an absent `statuses` is the open group (the default filter). */
export function filtersOf(params: URLSearchParams): MaintenanceFilters {
  const out = Object.fromEntries(MAINTENANCE_FILTERS.map((k) => [k, params.get(k) ?? ""])) as MaintenanceFilters;
  if (!params.has("statuses")) out.statuses = OPEN_GROUP.join(",");
  return out;
}

/** The chosen statuses of the filters ([] = every status). */
export function chosenStatuses(f: Pick<MaintenanceFilters, "statuses">): string[] {
  if (f.statuses === ALL_STATUSES || !f.statuses) return [];
  return f.statuses.split(",").filter(Boolean);
}

/** The filters' value for a choice of statuses (none chosen = every status). */
export const statusesValue = (chosen: readonly string[]) => (chosen.length ? chosen.join(",") : ALL_STATUSES);

/**
 * The URL's changes for new filters: defaults (the open group, unticked boxes, blanks) are left
 * out, and the list starts again at its first page.
 */
export function urlChangesOf(f: MaintenanceFilters): Record<string, string | null> {
  const out: Record<string, string | null> = { offset: null };
  for (const k of MAINTENANCE_FILTERS) out[k] = f[k] || null;
  const open = [...OPEN_GROUP].sort().join(",");
  if (f.statuses && f.statuses !== ALL_STATUSES && [...chosenStatuses(f)].sort().join(",") === open)
    out.statuses = null;
  return out;
}

export const maintenanceFilterErrors = (values: Readonly<Record<string, string>>) =>
  dateFilterErrors(values, MAINTENANCE_DATE_PAIRS, isValidDay);

/** The API's filter parameters (no paging, no ordering) of the URL's filters. */
function filterQuery(f: MaintenanceFilters): QueryParams {
  const out: QueryParams = {};
  for (const k of MAINTENANCE_FILTERS) {
    if (k === "statuses") continue;
    if ((MAINTENANCE_FLAGS as readonly string[]).includes(k)) out[k] = f[k] === "true" ? "true" : undefined;
    else out[k] = f[k].trim() || undefined;
  }
  const statuses = chosenStatuses(f);
  out.statuses = statuses.length ? statuses.join(",") : undefined;
  return out;
}

/** GET list: the filters, ordering, limit and offset. */
export function listQuery(params: URLSearchParams, paging: Paging): QueryParams {
  return {
    ...filterQuery(filtersOf(params)),
    ordering: params.get("ordering") || DEFAULT_ORDERING,
    limit: paging.limit,
    offset: paging.offset,
  };
}

/** The print page's query: the list's filters and order, its first PRINT_LIMIT rows. */
export function printQuery(params: URLSearchParams, limit: number): QueryParams {
  return { ...filterQuery(filtersOf(params)), ordering: params.get("ordering") || DEFAULT_ORDERING, limit, offset: 0 };
}

/** The Excel export's query: the list's filters and order. */
export function exportQuery(params: URLSearchParams): QueryParams {
  return { ...filterQuery(filtersOf(params)), ordering: params.get("ordering") || DEFAULT_ORDERING };
}

/** The URL's query for the print page (the list's, without paging and screen-only choices). */
export function printSearch(params: URLSearchParams): string {
  const q = new URLSearchParams(params);
  for (const k of ["limit", "offset", "comments", "select"]) q.delete(k);
  return q.toString();
}

/** The unit profile panel's toggle: the open group or the closed group. */
export type ProfileStatus = "open" | "closed";

/** The panel's page: the unit profile's requests of one group, newest first, 5 a page. */
export function profileQuery(occupancy: number, status: ProfileStatus, page: number): QueryParams {
  return {
    occupancy,
    statuses: (status === "open" ? MAINTENANCE_OPEN_STATUSES : MAINTENANCE_CLOSED_STATUSES).join(","),
    // The panel shows the unit profile's own requests, past profile or not.
    is_include_past_occupancies: "true",
    ordering: "-date_created",
    limit: MAINTENANCE_PROFILE_PAGE_SIZE,
    offset: page * MAINTENANCE_PROFILE_PAGE_SIZE,
  };
}

/** Why Export to Excel is off: none, or over the limit (the spec's message); null when it may run. */
export function exportBlocked(count: number | undefined, limit: number, overLimitMessage: string): string | null {
  if (count === undefined || count === 0) return "";
  if (count > limit) return overLimitMessage;
  return null;
}

/** The ids of /bulk-print?ids=a,b,c (positive integers, once each, in order). */
export function idsOf(value: string | null): number[] {
  const out: number[] = [];
  for (const part of (value ?? "").split(",")) {
    const t = part.trim();
    if (!/^\d+$/.test(t)) continue;
    const n = Number(t);
    if (n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The bulk print's selection after ticking 'select all' on a page: all of them, or none if all were. */
export function toggleAll(selected: readonly number[], pageIds: readonly number[]): number[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (all) return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

export const toggleOne = (selected: readonly number[], id: number) =>
  selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];

/** The unit's active residents, "First Last, First Last". */
export const occupantNames = (occupants: readonly { first_name: string; last_name: string; is_active?: boolean }[]) =>
  occupants
    .filter((o) => o.is_active !== false)
    .map((o) => personName(o))
    .filter(Boolean)
    .join(", ");

/** The print table's Category: the request type, with its category when it has another one. */
export function categoryOf(
  r: Pick<MaintenanceRequest, "maintenance_request_type_name" | "maintenance_request_type_category">,
): string {
  const { maintenance_request_type_name: name, maintenance_request_type_category: category } = r;
  return category && category !== name ? `${category} – ${name}` : name;
}

/** "First Last" of a person, or ''. */
export const personName = (p: { first_name?: string | null; last_name?: string | null } | null | undefined) =>
  p ? `${p.first_name ?? ""} ${p.last_name ?? ""}`.trim() : "";
