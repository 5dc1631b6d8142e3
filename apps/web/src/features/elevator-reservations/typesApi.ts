/**
 * Reservation type calls (document 3 section 7): GET /reservations/reservation-types/ (limit 500),
 * POST, PATCH /{id}/ and POST /{id}/toggle_active/. Every write invalidates `reservationTypeKeys.all`,
 * and so does the `reservation_types` live topic.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  RESERVATION_TYPE_PAGE_SIZE,
  type ReservationType,
  type ReservationTypePatchInput,
  type ReservationTypeWriteInput,
} from "@portico/contract";
import { api, type Page } from "../../lib/api.ts";

export const reservationTypeKeys = {
  all: ["reservation-types"] as const,
  list: (building: number | null) => [...reservationTypeKeys.all, "list", building] as const,
};

const TYPES = "/reservations/reservation-types/";

/** The types of a building (the reservation screens), or every type (building null: the admin page). */
export function useReservationTypes(building: number | null = null) {
  return useQuery({
    queryKey: reservationTypeKeys.list(building),
    queryFn: async ({ signal }) => {
      const params = { limit: RESERVATION_TYPE_PAGE_SIZE, ...(building === null ? {} : { building }) };
      const data = await api.get<Page<ReservationType> | ReservationType[]>(TYPES, params, signal);
      return Array.isArray(data) ? data : data.results;
    },
    staleTime: 30_000,
  });
}

/** One type of the full list (the edit page; there is no call for one type). */
export function useReservationType(id: number | null) {
  const list = useReservationTypes();
  const type = list.data?.find((t) => t.id === id);
  const missing = !!list.data && !type;
  return {
    data: type,
    isPending: list.isPending,
    isError: list.isError || missing,
    error: missing ? new Error("This reservation type was not found.") : list.error,
  };
}

function useInvalidateTypes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reservationTypeKeys.all });
}

/** POST /reservations/reservation-types/ (Office). */
export function useCreateReservationType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: ReservationTypeWriteInput) => api.post<ReservationType>(TYPES, body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /reservations/reservation-types/{id}/ (Office; immutable types are refused). */
export function useUpdateReservationType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReservationTypePatchInput }) =>
      api.patch<ReservationType>(`${TYPES}${id}/`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /reservations/reservation-types/{id}/toggle_active/ (Office). */
export function useToggleReservationType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => api.post<ReservationType>(`${TYPES}${id}/toggle_active/`),
    onSuccess: () => invalidate(),
  });
}
