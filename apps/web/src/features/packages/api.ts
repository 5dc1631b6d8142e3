/**
 * Package calls (document 2 section 7): a query-key factory and one hook per call, with the
 * spec's refresh intervals (grid 30 s, apartment packages 2 min, batch 30 s, types 30 s).
 * Every package write invalidates everything under `packageKeys.all` (grid, lists, detail,
 * activity, batch), so every screen shows the new state on its next render.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  APARTMENT_PACKAGES_LIMIT,
  type ApartmentPackages,
  type BatchedPackage,
  type Event,
  type Package,
  type PackageActivityItem,
  type PackageBulkResult,
  type PackageBulkRowInput,
  type PackageGrid,
  PACKAGE_QUEUE_LIMIT,
  PACKAGE_REFETCH,
  type PackageType,
  type PackageTypeWriteInput,
} from "@portico/contract";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";
import { liveRefetchInterval } from "../../lib/live.ts";

export const packageKeys = {
  all: ["packages"] as const,
  lists: () => [...packageKeys.all, "list"] as const,
  list: (params: QueryParams) => [...packageKeys.lists(), params] as const,
  detail: (id: number) => [...packageKeys.all, "detail", id] as const,
  events: (id: number) => [...packageKeys.all, "events", id] as const,
  grid: (building: number) => [...packageKeys.all, "grid", building] as const,
  apartmentPackages: (building: number) => [...packageKeys.all, "apartment-packages", building] as const,
  activity: (building: number) => [...packageKeys.all, "activity", building] as const,
  queue: (building: number) => [...packageKeys.all, "queue", building] as const,
  types: () => ["package-types"] as const,
  typeList: (params: QueryParams) => [...packageKeys.types(), "list", params] as const,
  type: (id: number) => [...packageKeys.types(), "detail", id] as const,
  colors: () => [...packageKeys.types(), "colors"] as const,
  groups: () => [...packageKeys.types(), "groups"] as const,
};

const LIST = "/packages/list/";
const TYPES = "/packages/package-types/";
const core = (building: number, rest: string) => `/core/buildings/${building}/${rest}`;

function useInvalidatePackages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: packageKeys.all });
}

// Lists and one package ---------------------------------------------------------------------

/** GET /packages/list/ — one page for the given filters (building, package_status, …). */
export function usePackages(params: QueryParams, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: packageKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<Package>>(LIST, params, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** GET /packages/list/{id}/?building */
export function usePackage(id: number, building: number) {
  return useQuery({
    queryKey: packageKeys.detail(id),
    queryFn: ({ signal }) => api.get<Package>(`${LIST}${id}/`, { building }, signal),
    enabled: id > 0,
  });
}

/** GET /packages/list/{id}/events/?building&ordering=-date_created */
export function usePackageEvents(id: number, building: number) {
  return useQuery({
    queryKey: packageKeys.events(id),
    queryFn: ({ signal }) =>
      api.get<Page<Event>>(`${LIST}${id}/events/`, { building, ordering: "-date_created", limit: 1000 }, signal),
    enabled: id > 0,
  });
}

// Writes ------------------------------------------------------------------------------------

/** POST /packages/bulk/?building — rows errors come back row by row. */
export function useLogPackages(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (rows: PackageBulkRowInput[]) => api.post<PackageBulkResult>("/packages/bulk/", rows, { building }),
    onSuccess: () => invalidate(),
  });
}

export interface CloseInput {
  packages: number[];
  closing_comment: string;
  photo: File | null;
}

/** POST /packages/bulk/close/?building (multipart: packages[], closing_comment, closing_photo_url). */
export function useClosePackages(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: ({ packages, closing_comment, photo }: CloseInput) => {
      const form = new FormData();
      for (const id of packages) form.append("packages[]", String(id));
      form.append("closing_comment", closing_comment);
      if (photo) form.append("closing_photo_url", photo, photo.name || "closing-photo.jpg");
      return api.post<{ message: string; count: number; ids: number[] }>("/packages/bulk/close/", form, {
        building,
      });
    },
    onSuccess: () => invalidate(),
  });
}

/** PATCH /packages/list/{id}/?building — the opening comment. */
export function useEditOpeningComment(building: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, opening_comment }: { id: number; opening_comment: string }) =>
      request<Package>("PATCH", `${LIST}${id}/`, { body: { opening_comment }, params: { building } }),
    onSuccess: (pkg) => {
      client.setQueryData(packageKeys.detail(pkg.id), (old: Package | undefined) =>
        old ? { ...pkg, record: pkg.record ?? old.record, text_recipient_set: old.text_recipient_set } : pkg,
      );
      return client.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}

/** POST /packages/list/{id}/reopen/?building */
export function useReopenPackage(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (id: number) => api.post<Package>(`${LIST}${id}/reopen/`, undefined, { building }),
    onSuccess: () => invalidate(),
  });
}

/** POST /packages/list/remind/?building */
export function useRemindPackages(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (body: { notify_package_ids: number[]; email: { subject: string; body: string } }) =>
      api.post<{ results: string; count: number }>(`${LIST}remind/`, body, { building }),
    onSuccess: () => invalidate(),
  });
}

// Building views ----------------------------------------------------------------------------

/** GET /core/buildings/{b}/package-grid/ (refetch every 30 s). */
export function usePackageGrid(building: number) {
  return useQuery({
    queryKey: packageKeys.grid(building),
    queryFn: ({ signal }) => api.get<PackageGrid>(core(building, "package-grid/"), undefined, signal),
    refetchInterval: liveRefetchInterval(PACKAGE_REFETCH.grid),
    staleTime: 5_000,
  });
}

/** GET /core/buildings/{b}/apartment-packages/?limit=1500 (refetch every 2 min). */
export function useApartmentPackages(building: number) {
  return useQuery({
    queryKey: packageKeys.apartmentPackages(building),
    queryFn: ({ signal }) =>
      api.get<Page<ApartmentPackages>>(
        core(building, "apartment-packages/"),
        { limit: APARTMENT_PACKAGES_LIMIT },
        signal,
      ),
    refetchInterval: liveRefetchInterval(PACKAGE_REFETCH.apartmentPackages),
    staleTime: 5_000,
  });
}

/** GET /core/buildings/{b}/package-activity/ — the past 24 hours. */
export function usePackageActivity(building: number) {
  return useQuery({
    queryKey: packageKeys.activity(building),
    queryFn: ({ signal }) =>
      api.get<Page<PackageActivityItem>>(core(building, "package-activity/"), { limit: 5000 }, signal),
    refetchInterval: liveRefetchInterval(60_000),
  });
}

// Batch queue -------------------------------------------------------------------------------

/** GET /core/buildings/{b}/package-queue/?limit=500 (refetch every 30 s). */
export function usePackageQueue(building: number) {
  return useQuery({
    queryKey: packageKeys.queue(building),
    queryFn: ({ signal }) =>
      api.get<Page<BatchedPackage>>(core(building, "package-queue/"), { limit: PACKAGE_QUEUE_LIMIT }, signal),
    refetchInterval: liveRefetchInterval(PACKAGE_REFETCH.queue),
    staleTime: 5_000,
  });
}

/** POST /core/buildings/{b}/package-queue/ with a list of rows. */
export function useAddToQueue(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (rows: PackageBulkRowInput[]) => api.post<BatchedPackage[]>(core(building, "package-queue/"), rows),
    onSuccess: () => invalidate(),
  });
}

export interface QueuePatch {
  id: number;
  package_type?: number;
  opening_comment?: string;
  send_notification_occupants?: number[];
}

/** PATCH /core/buildings/{b}/package-queue/{id}/ */
export function usePatchQueueItem(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: ({ id, ...body }: QueuePatch) => api.patch<BatchedPackage>(core(building, `package-queue/${id}/`), body),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /core/buildings/{b}/package-queue/{id}/ */
export function useRemoveQueueItem(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (id: number) => api.delete(core(building, `package-queue/${id}/`)),
    onSuccess: () => invalidate(),
  });
}

/** POST /core/buildings/{b}/package-queue/convert_queue/ — logs the batch (notifications go out). */
export function useConvertQueue(building: number) {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: () => api.post<PackageBulkResult>(core(building, "package-queue/convert_queue/")),
    onSuccess: () => invalidate(),
  });
}

// Package types -----------------------------------------------------------------------------

/** GET /packages/package-types/ (display order; cached 30 s). */
export function usePackageTypes(params: QueryParams = {}) {
  return useQuery({
    queryKey: packageKeys.typeList(params),
    queryFn: async ({ signal }) =>
      (await api.get<Page<PackageType>>(TYPES, { limit: 1000, ...params }, signal)).results,
    staleTime: PACKAGE_REFETCH.typesStale,
  });
}

/** GET /packages/package-types/{id} */
export function usePackageType(id: number | null) {
  return useQuery({
    queryKey: packageKeys.type(id ?? 0),
    queryFn: ({ signal }) => api.get<PackageType>(`${TYPES}${id}/`, undefined, signal),
    enabled: id !== null && id > 0,
  });
}

/** GET /packages/package-types/colors/ */
export function usePackageColors() {
  return useQuery({
    queryKey: packageKeys.colors(),
    queryFn: ({ signal }) =>
      api.get<{ name: string; color_hex: string; font_color_hex: string }[]>(`${TYPES}colors/`, undefined, signal),
    staleTime: Infinity,
  });
}

/** GET /packages/package-types/groups/ */
export function usePackageGroups() {
  return useQuery({
    queryKey: packageKeys.groups(),
    queryFn: ({ signal }) => api.get<{ value: string; display: string }[]>(`${TYPES}groups/`, undefined, signal),
    staleTime: Infinity,
  });
}

/** POST /packages/package-types/ */
export function useCreatePackageType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PackageTypeWriteInput) => api.post<PackageType>(TYPES, body),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.types() }),
  });
}

/** PATCH /packages/package-types/{id}/ */
export function useUpdatePackageType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<PackageTypeWriteInput> }) =>
      api.patch<PackageType>(`${TYPES}${id}/`, body),
    onSuccess: (t) => {
      client.setQueryData(packageKeys.type(t.id), t);
      return client.invalidateQueries({ queryKey: packageKeys.types() });
    },
  });
}

/** POST /packages/package-types/{id}/toggle_active/ */
export function useTogglePackageType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<PackageType>(`${TYPES}${id}/toggle_active/`),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.types() }),
  });
}
