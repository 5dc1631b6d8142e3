/**
 * Service elevator reservation calls (document 3 section 7): the query-key factory and one hook
 * per call. Every write invalidates everything under `elevatorKeys.all` (list, calendar, drawer,
 * detail, profile panel, count), and so does the `elevator_reservations` live topic.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ElevatorApproveAllResult,
  ElevatorReadyCount,
  ElevatorReservation,
  ElevatorReservationPatchInput,
  ElevatorReservationWriteInput,
} from "@portico/contract";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";

export const elevatorKeys = {
  all: ["elevator-reservations"] as const,
  list: (building: number, params: QueryParams) => [...elevatorKeys.all, "list", building, params] as const,
  detail: (id: number) => [...elevatorKeys.all, "detail", id] as const,
  readyCount: (building: number) => [...elevatorKeys.all, "ready-count", building] as const,
};

const RESERVATIONS = "/reservations/reservations/";

/** GET /core/buildings/{b}/reservations/ — ordering, min/max_start_date, status, apartment, reservation_type, occupancy; paged. */
export function useElevatorReservations(building: number, params: QueryParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: elevatorKeys.list(building, params),
    queryFn: ({ signal }) =>
      api.get<Page<ElevatorReservation>>(`/core/buildings/${building}/reservations/`, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /reservations/reservations/{id}/?building (another building's → 404). */
export function useElevatorReservation(id: number, building: number) {
  return useQuery({
    queryKey: elevatorKeys.detail(id),
    queryFn: ({ signal }) => api.get<ElevatorReservation>(`${RESERVATIONS}${id}/`, { building }, signal),
    enabled: id > 0,
  });
}

/** GET /reservations/reservations/ready_to_approve_count/?building */
export function useReadyToApproveCount(building: number, enabled = true) {
  return useQuery({
    queryKey: elevatorKeys.readyCount(building),
    queryFn: ({ signal }) =>
      api.get<ElevatorReadyCount>(`${RESERVATIONS}ready_to_approve_count/`, { building }, signal),
    enabled,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: elevatorKeys.all });
}

/** POST /reservations/reservations/?building — a new REQUESTED reservation. */
export function useCreateElevatorReservation(building: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ElevatorReservationWriteInput) =>
      api.post<ElevatorReservation>(RESERVATIONS, body, { building }),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /reservations/reservations/{id}/?building */
export function useEditElevatorReservation(building: number) {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ElevatorReservationPatchInput }) =>
      request<ElevatorReservation>("PATCH", `${RESERVATIONS}${id}/`, { body, params: { building } }),
    onSuccess: (saved) => {
      client.setQueryData(elevatorKeys.detail(saved.id), saved);
      return invalidate();
    },
  });
}

export type Decision =
  | { action: "approve"; id: number }
  | { action: "cancel"; id: number }
  | { action: "deny"; id: number; deny_reason: string };

/** POST /reservations/reservations/{id}/approve|deny|cancel/?building (deny with its deny_reason). */
export function useDecideElevatorReservation(building: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (d: Decision) =>
      api.post<ElevatorReservation>(
        `${RESERVATIONS}${d.id}/${d.action}/`,
        d.action === "deny" ? { deny_reason: d.deny_reason } : undefined,
        { building },
      ),
    onSettled: () => invalidate(),
  });
}

/** POST /reservations/reservations/approve_all/?building {reservation_id: [...], building_id}. */
export function useApproveAll(building: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post<ElevatorApproveAllResult>(
        `${RESERVATIONS}approve_all/`,
        { reservation_id: ids, building_id: building },
        { building },
      ),
    onSettled: () => invalidate(),
  });
}
