/**
 * Maintenance request calls (document 2 section 7): the query-key factory and one hook per call.
 * Every write invalidates everything under `maintenanceKeys.all` (lists, details, panels, activity),
 * and so does the `maintenance_requests` live topic.
 */
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import {
  MAINTENANCE_ACTIVITY_REFETCH_MS,
  MAINTENANCE_EXPORT_FILENAME,
  MAINTENANCE_LIST_REFETCH_MS,
  MAINTENANCE_MESSAGES,
  type MaintenanceActivity,
  type MaintenanceRequest,
  type MaintenanceRequestListItem,
  type MaintenanceRequestType,
  type MaintenanceStatusOption,
} from "@portico/contract";
import { liveRefetchInterval } from "../../lib/live.ts";
import { api, ApiError, downloadSpreadsheet, type Page, type QueryParams } from "../../lib/api.ts";

export const maintenanceKeys = {
  all: ["maintenance-requests"] as const,
  lists: () => [...maintenanceKeys.all, "list"] as const,
  list: (building: number, params: QueryParams) => [...maintenanceKeys.lists(), building, params] as const,
  detail: (id: number) => [...maintenanceKeys.all, "detail", id] as const,
  events: (id: number) => [...maintenanceKeys.all, "events", id] as const,
  statuses: (building: number) => [...maintenanceKeys.all, "statuses", building] as const,
  activity: (building: number) => [...maintenanceKeys.all, "activity", building] as const,
  types: () => [...maintenanceKeys.all, "types"] as const,
};

const REQUESTS = "/maintenance-requests/maintenance-requests/";

// ---------------------------------------------------------------------------------------------
// List, print, bulk print, activity, statuses, Excel, unit profile

/** GET the request list — section 3's filters, ordering, limit, offset (also occupancy, status). */
export function useMaintenanceRequests(
  building: number,
  params: QueryParams,
  { enabled = true, refetch = true }: { enabled?: boolean; refetch?: boolean } = {},
) {
  return useQuery({
    queryKey: maintenanceKeys.list(building, params),
    queryFn: ({ signal }) => api.get<Page<MaintenanceRequestListItem>>(REQUESTS, { building, ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetch ? liveRefetchInterval(MAINTENANCE_LIST_REFETCH_MS) : false,
    enabled,
  });
}

/** GET /{id}/?building for each id of a bulk print, in the ids' order. */
export function useMaintenanceRequestsByIds(building: number, ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: maintenanceKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<MaintenanceRequest>(`${REQUESTS}${id}/`, { building }, signal),
    })),
  });
}

/** GET /maintenance-requests/statuses/?building — the building's statuses as options. */
export function useMaintenanceStatuses(building: number) {
  return useQuery({
    queryKey: maintenanceKeys.statuses(building),
    queryFn: ({ signal }) =>
      api.get<MaintenanceStatusOption[]>("/maintenance-requests/statuses/", { building }, signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /maintenance-requests/maintenance-request-types/ — every type (global), active or not. */
export function useMaintenanceRequestTypes() {
  return useQuery({
    queryKey: maintenanceKeys.types(),
    queryFn: ({ signal }) =>
      api.get<MaintenanceRequestType[] | Page<MaintenanceRequestType>>(
        "/maintenance-requests/maintenance-request-types/",
        undefined,
        signal,
      ),
    select: (data) => (Array.isArray(data) ? data : data.results),
    staleTime: 30_000,
  });
}

/** GET /maintenance-requests/activity/?building — the last 48 hours, every 10 seconds. */
export function useMaintenanceActivity(building: number) {
  return useQuery({
    queryKey: maintenanceKeys.activity(building),
    queryFn: ({ signal }) =>
      api.get<MaintenanceActivity[] | Page<MaintenanceActivity>>(
        "/maintenance-requests/activity/",
        { building },
        signal,
      ),
    select: (data) => (Array.isArray(data) ? data : data.results),
    refetchInterval: liveRefetchInterval(MAINTENANCE_ACTIVITY_REFETCH_MS),
  });
}

/**
 * GET /as-excel/?{filters}&building, saved as a file. A refusal reads
 * 'Excel export error - status: {code}' and the reply's text.
 */
export async function exportMaintenanceRequests(building: number, params: QueryParams): Promise<void> {
  try {
    await downloadSpreadsheet(`${REQUESTS}as-excel/`, MAINTENANCE_EXPORT_FILENAME, { ...params, building });
  } catch (err) {
    if (err instanceof ApiError) throw new Error(excelErrorText(err), { cause: err });
    throw err;
  }
}

/** 'Excel export error - status: {code}', then what the server said. */
function excelErrorText(err: ApiError): string {
  const head = MAINTENANCE_MESSAGES.exportError(err.status);
  const body = bodyText(err.body);
  return body ? `${head} ${body}` : head;
}

function bodyText(body: unknown): string {
  if (typeof body === "string") return body;
  if (!body || typeof body !== "object") return "";
  const b = body as Record<string, unknown>;
  if (typeof b.detail === "string") return b.detail;
  const first = Object.values(b).flat()[0];
  return typeof first === "string" ? first : JSON.stringify(body);
}
