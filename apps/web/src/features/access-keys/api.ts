/**
 * Access key calls (document 2 section 7, document 3 section 7): a query-key factory and one hook
 * per call. Every key write invalidates everything under `keyKeys.all` (grid, detail, journeys,
 * overdue list and widget, the drawer's pickers).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccessKey,
  KeyEntity,
  KeyJourney,
  KeyLocation,
  KeyLocationPatch,
  KeyRegisterInput,
  KeyRenameWrite,
  KeySignInWrite,
  KeySignOutWrite,
  VerbalPermission,
} from "@portico/contract";
import { KEY_QUERY_LIMIT, type KeyDeactivateWrite, type KeyMissingWrite } from "@portico/contract";
import type { z } from "zod";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";
import { useBuilding } from "../../lib/session.tsx";

export const keyKeys = {
  all: ["access-keys"] as const,
  lists: () => [...keyKeys.all, "list"] as const,
  list: (params: QueryParams) => [...keyKeys.lists(), params] as const,
  detail: (id: number) => [...keyKeys.all, "detail", id] as const,
  entities: (id: number) => [...keyKeys.all, "entities", id] as const,
  journeys: (params: QueryParams) => [...keyKeys.all, "journeys", params] as const,
  locations: (params: QueryParams) => [...keyKeys.all, "locations", params] as const,
};

const BASE = "/access-keys";
const KEYS = `${BASE}/keys/`;

function useInvalidateKeys() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keyKeys.all });
}

// Reads -------------------------------------------------------------------------------------

/** GET /access-keys/keys/ — building, apartment, is_active, status, location, overdue, ordering, limit, offset. */
export function useKeys(params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keyKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<AccessKey>>(KEYS, params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /access-keys/keys/{id}/?building */
export function useKey(id: number, building: number) {
  return useQuery({
    queryKey: keyKeys.detail(id),
    queryFn: ({ signal }) => api.get<AccessKey>(`${KEYS}${id}/`, { building }, signal),
    enabled: id > 0,
  });
}

/** GET /access-keys/keys/{id}/entities/ — who may receive the key (occupants, registered guests). */
export function useKeyEntities(id: number | null, building: number) {
  return useQuery({
    queryKey: keyKeys.entities(id ?? 0),
    queryFn: ({ signal }) => api.get<KeyEntity[]>(`${KEYS}${id}/entities/`, { building }, signal),
    enabled: !!id,
  });
}

/** GET /access-keys/journeys/?access_key — a key's journeys, newest first. */
export function useKeyJourneys(params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keyKeys.journeys(params),
    queryFn: ({ signal }) => api.get<Page<KeyJourney>>(`${BASE}/journeys/`, params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /access-keys/locations/?building&no_access_key — the key-box locations (free ones with no_access_key). */
export function useKeyLocations(params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keyKeys.locations(params),
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<KeyLocation> | KeyLocation[]>(
        `${BASE}/locations/`,
        { limit: KEY_QUERY_LIMIT, ...params },
        signal,
      );
      return Array.isArray(data) ? data : data.results;
    },
    enabled: options.enabled ?? true,
  });
}

/** GET /access-keys/keys/rfid/{rfid}/?building — the key of a tag (404 when none). */
export const fetchKeyByRfid = (rfid: string, building: number) =>
  api.get<AccessKey>(`${KEYS}rfid/${encodeURIComponent(rfid)}/`, { building });

// Writes ------------------------------------------------------------------------------------

/** What a key-out sends (multipart): the recipient and the photo. */
export interface KeyOutInput extends Pick<KeySignOutWrite, "entity_id" | "entity_type"> {
  id: number;
  photo: Blob;
  /** The scanned tag (the server checks it is this key's). */
  rfid: string;
}

export function keyOutForm(input: KeyOutInput): FormData {
  const form = new FormData();
  form.append("id", String(input.id));
  form.append("status", "OUT" satisfies KeySignOutWrite["status"]);
  form.append("entity_id", String(input.entity_id));
  form.append("entity_type", input.entity_type);
  form.append("rfid", input.rfid);
  form.append(
    "photo_url",
    input.photo,
    input.photo instanceof File && input.photo.name ? input.photo.name : "key-out.jpg",
  );
  return form;
}

/** PATCH /access-keys/keys/{id}/ (multipart) status OUT with photo and recipient. */
export function useKeyOut(building: number) {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: (input: KeyOutInput) =>
      request<AccessKey>("PATCH", `${KEYS}${input.id}/`, { body: keyOutForm(input), params: { building } }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /access-keys/keys/{id}/ (multipart) status IN with the scanned tag: the key is back. */
export function useKeyIn(building: number) {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: ({ id, rfid }: { id: number; rfid: string }) => {
      const form = new FormData();
      form.append("id", String(id));
      form.append("status", "IN" satisfies KeySignInWrite["status"]);
      form.append("rfid", rfid);
      return request<AccessKey>("PATCH", `${KEYS}${id}/`, { body: form, params: { building } });
    },
    onSuccess: () => invalidate(),
  });
}

/** A rename, a deactivation or a missing report (the contract's PATCH variants). */
type KeyUpdate = KeyRenameWrite | z.input<typeof KeyDeactivateWrite> | z.input<typeof KeyMissingWrite>;

/** PATCH /access-keys/keys/{id}/ with {name}, {is_active: 0} or {status: MISSING}. */
export function useUpdateKey(building: number) {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: KeyUpdate }) =>
      request<AccessKey>("PATCH", `${KEYS}${id}/`, { body, params: { building } }),
    onSuccess: () => invalidate(),
  });
}

/** POST /access-keys/keys/ — register a tag: rfid, apartment, location, status IN, is_active true. */
export function useRegisterKey(building: number) {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: (body: KeyRegisterInput) => api.post<AccessKey>(KEYS, body, { building }),
    onSuccess: () => invalidate(),
  });
}

/** POST /access-keys/verbal-permissions/ {comment, access_key}: a temporary recipient. */
export function useCreateVerbalPermission(building: number) {
  return useMutation({
    mutationFn: (body: { comment: string; access_key: number }) =>
      api.post<VerbalPermission>(`${BASE}/verbal-permissions/`, body, { building }),
  });
}

// Key-box locations (managers) ---------------------------------------------------------------

const LOCATIONS = `${BASE}/locations/`;

function useInvalidateLocations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...keyKeys.all, "locations"] });
}

/** The building's key boxes, active or not, for their settings page. */
export function useAllKeyLocations() {
  const { id: building } = useBuilding();
  return useKeyLocations({ building });
}

/** POST /access-keys/locations/ — building, name, display_order. */
export function useCreateKeyLocation() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: (body: KeyLocationPatch) => api.post<KeyLocation>(LOCATIONS, { ...body, building }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /access-keys/locations/{id}/ — name, display_order, is_active. */
export function useUpdateKeyLocation() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: KeyLocationPatch }) =>
      request<KeyLocation>("PATCH", `${LOCATIONS}${id}/`, { body, params: { building } }),
    onSuccess: () => invalidate(),
  });
}

/** The Active? switch: PATCH is_active to the opposite of the box's current state. */
export function useToggleKeyLocation() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidateLocations();
  return useMutation({
    mutationFn: async (id: number) => {
      const current = await api.get<KeyLocation>(`${LOCATIONS}${id}/`, { building });
      return request<KeyLocation>("PATCH", `${LOCATIONS}${id}/`, {
        body: { is_active: !current.is_active },
        params: { building },
      });
    },
    onSuccess: () => invalidate(),
  });
}
