/**
 * Maintenance request calls (document 2 section 7): the query-key factory and one hook per call.
 * Every write invalidates everything under `maintenanceKeys.all` (lists, details, panels, activity),
 * and so does the `maintenance_requests` live topic.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CommentTemplate,
  type EmployeeSimple,
  MAINTENANCE_ACTIVITY_REFETCH_MS,
  MAINTENANCE_EXPORT_FILENAME,
  MAINTENANCE_LIST_REFETCH_MS,
  MAINTENANCE_MESSAGES,
  type MaintenanceActivity,
  type MaintenanceComment,
  type MaintenanceEvent,
  type MaintenancePhoto,
  type MaintenanceRequest,
  type MaintenanceRequestCreateInput,
  type MaintenanceRequestListItem,
  type MaintenanceRequestPatchInput,
  type MaintenanceRequestType,
  type MaintenanceStatusOption,
  type MaintenanceStatusUpdateInput,
} from "@portico/contract";
import { liveRefetchInterval } from "../../lib/live.ts";
import { api, ApiError, downloadSpreadsheet, type Page, type QueryParams, request } from "../../lib/api.ts";

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

// ---------------------------------------------------------------------------------------------
// Request detail, create and edit, status updates, comments, photos, signature

const listOf = <T>(data: Page<T> | T[]): T[] => (Array.isArray(data) ? data : data.results);

function useInvalidateRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: maintenanceKeys.all });
}

/** GET /maintenance-requests/maintenance-requests/{id}/?building (another building's → 404). */
export function useMaintenanceRequest(id: number, building: number) {
  return useQuery({
    queryKey: maintenanceKeys.detail(id),
    queryFn: ({ signal }) => api.get<MaintenanceRequest>(`${REQUESTS}${id}/`, { building }, signal),
    enabled: id > 0,
  });
}

/** GET /maintenance-requests/maintenance-requests/{id}/events/?building — newest first. */
export function useMaintenanceRequestEvents(id: number, building: number) {
  return useQuery({
    queryKey: maintenanceKeys.events(id),
    queryFn: async ({ signal }) =>
      listOf(
        await api.get<Page<MaintenanceEvent> | MaintenanceEvent[]>(
          `${REQUESTS}${id}/events/`,
          { building, ordering: "-date_created", limit: 1000 },
          signal,
        ),
      ),
    enabled: id > 0,
  });
}

/** GET /core/buildings/{b}/comment-templates/ — the status update's templates, in display order. */
export function useBuildingCommentTemplates(building: number) {
  return useQuery({
    queryKey: ["maintenance-comment-templates", "building", building] as const,
    queryFn: async ({ signal }) =>
      listOf(
        await api.get<Page<CommentTemplate> | CommentTemplate[]>(
          `/core/buildings/${building}/comment-templates/`,
          { limit: 1000 },
          signal,
        ),
      ),
    staleTime: 30_000,
  });
}

/** GET /core/employees/simple-list/?building&app_user__role=MT — who a request may be assigned to (active MT staff). */
export function useMaintenanceAssignees(building: number) {
  return useQuery({
    queryKey: ["employees", "maintenance-assignees", building] as const,
    queryFn: async ({ signal }) => {
      const list = listOf(
        await api.get<Page<EmployeeSimple>>(
          "/core/employees/simple-list/",
          { building, app_user__role: "MT", app_user__user__is_active: true, limit: 2000 },
          signal,
        ),
      );
      return list
        .filter((e) => e.is_active)
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));
    },
    staleTime: 30_000,
  });
}

/** POST /maintenance-requests/maintenance-requests/?building (JSON; photos as base64 {type, name, content}). */
export function useCreateMaintenanceRequest(building: number) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (body: MaintenanceRequestCreateInput) => api.post<MaintenanceRequest>(REQUESTS, body, { building }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /maintenance-requests/maintenance-requests/{id}/?building — the request's fields, or signature_url. */
export function useEditMaintenanceRequest(building: number) {
  const client = useQueryClient();
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaintenanceRequestPatchInput }) =>
      request<MaintenanceRequest>("PATCH", `${REQUESTS}${id}/`, { body, params: { building } }),
    onSuccess: (saved) => {
      client.setQueryData(maintenanceKeys.detail(saved.id), saved);
      return invalidate();
    },
  });
}

/** POST /maintenance-requests/maintenance-requests/{id}/update_status/?building */
export function useUpdateRequestStatus(building: number) {
  const client = useQueryClient();
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaintenanceStatusUpdateInput }) =>
      api.post<MaintenanceRequest>(`${REQUESTS}${id}/update_status/`, body, { building }),
    onSuccess: (saved) => {
      client.setQueryData(maintenanceKeys.detail(saved.id), saved);
      return invalidate();
    },
  });
}

/** POST /maintenance-requests/comments/ — maintenance_request_id, comment, is_private. */
export function useAddRequestComment(building: number) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (body: { maintenance_request_id: number; comment: string; is_private: boolean }) =>
      api.post<MaintenanceComment>("/maintenance-requests/comments/", body, { building }),
    onSuccess: () => invalidate(),
  });
}

export interface RequestPhotoInput {
  maintenance_request_id: number;
  photo: Blob;
  caption: string;
  is_private: boolean;
}

const photoName = (photo: Blob) => (photo instanceof File && photo.name ? photo.name : "maintenance-photo.jpg");

/** POST /maintenance-requests/photos/ (multipart) — maintenance_request_id, photo_url, caption, is_private. */
export function useAddRequestPhoto(building: number) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (input: RequestPhotoInput) => {
      const form = new FormData();
      form.append("maintenance_request_id", String(input.maintenance_request_id));
      form.append("caption", input.caption);
      form.append("is_private", String(input.is_private));
      form.append("photo_url", input.photo, photoName(input.photo));
      return request<MaintenancePhoto>("POST", "/maintenance-requests/photos/", { body: form, params: { building } });
    },
    onSuccess: () => invalidate(),
  });
}
