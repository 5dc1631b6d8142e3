/**
 * Lockout calls (document 2 section 7): a query-key factory and one hook per call. Every write
 * invalidates everything under `lockoutKeys.all` (the list, the profile panels).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, downloadSpreadsheet, type Page, type QueryParams, request } from "../../lib/api.ts";
import {
  type Instruction,
  isRegisteredGuest,
  LOCKOUT_EXPORT_FILENAME,
  LOCKOUT_PROFILE_LIMIT,
  type Lockout,
  type LockoutDeleted,
  type LockoutRequesterType,
} from "@portico/contract";
import { dayInZone } from "../../lib/zonedDates.ts";

export const lockoutKeys = {
  all: ["lockouts"] as const,
  list: (building: number, params: QueryParams) => [...lockoutKeys.all, "list", building, params] as const,
  unit: (occupancy: number) => [...lockoutKeys.all, "unit", occupancy] as const,
};

function useInvalidateLockouts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: lockoutKeys.all });
}

/** GET /core/buildings/{b}/lockouts/ — from, until, occupancy__apartment, limit, offset. */
export function useBuildingLockouts(building: number, params: QueryParams, enabled = true) {
  return useQuery({
    queryKey: lockoutKeys.list(building, params),
    queryFn: ({ signal }) => api.get<Page<Lockout>>(`/core/buildings/${building}/lockouts/`, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /core/occupancies/{id}/lockouts/?limit=4 — the unit profile's latest lockouts. */
export function useUnitLockouts(occupancy: number) {
  return useQuery({
    queryKey: lockoutKeys.unit(occupancy),
    queryFn: ({ signal }) =>
      api.get<Page<Lockout>>(`/core/occupancies/${occupancy}/lockouts/`, { limit: LOCKOUT_PROFILE_LIMIT }, signal),
  });
}

/** GET /core/buildings/{b}/lockouts/as_excel/ — from, until, occupancy_apartment. */
export function exportLockouts(building: number, params: QueryParams) {
  return downloadSpreadsheet(`/core/buildings/${building}/lockouts/as_excel/`, LOCKOUT_EXPORT_FILENAME, params);
}

export interface LockoutInput {
  occupancy: number;
  requester_type: LockoutRequesterType;
  occupant_id?: number | null;
  instruction_id?: number | null;
  photo: Blob | null;
}

const photoName = (photo: Blob) => (photo instanceof File && photo.name ? photo.name : "lockout-photo.jpg");

export function lockoutForm(input: LockoutInput): FormData {
  const form = new FormData();
  form.append("occupancy_id", String(input.occupancy));
  form.append("requester_type", input.requester_type);
  if (input.occupant_id) form.append("occupant_id", String(input.occupant_id));
  if (input.instruction_id) form.append("instruction_id", String(input.instruction_id));
  if (input.photo) form.append("photo_url", input.photo, photoName(input.photo));
  return form;
}

/** POST /core/occupancies/{id}/lockouts/ (multipart). */
export function useCreateLockout() {
  const invalidate = useInvalidateLockouts();
  return useMutation({
    mutationFn: (input: LockoutInput) =>
      request<Lockout>("POST", `/core/occupancies/${input.occupancy}/lockouts/`, { body: lockoutForm(input) }),
    onSuccess: () => invalidate(),
  });
}

/** POST /lockouts/lockouts/{id}/delete/ — delete_reason (kept for audit, off the lists). */
export function useDeleteLockout() {
  const invalidate = useInvalidateLockouts();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<LockoutDeleted>(`/lockouts/lockouts/${id}/delete/`, { delete_reason: reason }),
    onSuccess: () => invalidate(),
  });
}

/** A unit's registered guests the guest requester may be (the contract's rule, today in the building). */
export interface RegisteredGuest {
  id: number;
  name: string;
  expiration_date: string | null;
}

/**
 * GET /instructions/instructions/?occupancy&status=active — the unit's unexpired registered
 * guests (under the instructions' key, so the instructions' live topic refreshes them).
 */
export function useRegisteredGuests(occupancy: number | null, timeZone: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ["instructions", "registered-guests", occupancy ?? 0] as const,
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<Instruction>>(
        "/instructions/instructions/",
        { occupancy: occupancy!, status: "active", limit: 1000 },
        signal,
      );
      const today = dayInZone(timeZone);
      return data.results
        .filter((i) => isRegisteredGuest(i, today))
        .map((i): RegisteredGuest => ({ id: i.id, name: i.name, expiration_date: i.expiration_date }));
    },
    enabled: enabled && occupancy !== null,
  });
}
