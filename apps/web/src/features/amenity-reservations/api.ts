/**
 * Amenity reservation calls (document 3 section 7, "Clubs and amenities"): a query-key factory
 * and one hook per call. Every write invalidates everything under `amenityReservationKeys.all`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AmenityGuestList,
  AmenityReservation,
  AmenityReservationCreateInput,
  AmenityReservationPatchInput,
  AmenitySchedule,
  AmenityType,
  Club,
} from "@portico/contract";
import { api, getAllPages, type Page, type QueryParams } from "../../lib/api.ts";

export const amenityReservationKeys = {
  all: ["amenity-reservations"] as const,
  list: (building: number, params: QueryParams) => [...amenityReservationKeys.all, "list", building, params] as const,
  schedule: (building: number, date: string, amenityType?: number) =>
    [...amenityReservationKeys.all, "schedule", building, date, amenityType ?? null] as const,
  detail: (id: number) => [...amenityReservationKeys.all, "detail", id] as const,
  guestList: (club: number) => [...amenityReservationKeys.all, "guest-list", club] as const,
  /** The building's clubs and amenity types (set up on the clubs pages; refreshed by their topic). */
  setup: ["amenity-reservations-setup"] as const,
  clubs: (building: number) => [...amenityReservationKeys.setup, "clubs", building] as const,
  types: (building: number) => [...amenityReservationKeys.setup, "types", building] as const,
};

const reservationsPath = (building: number) => `/core/buildings/${building}/amenity-reservations/`;

/** GET /core/buildings/{b}/amenity-reservations/ — upcoming, date, amenity_type, search, occupancy…; limit, offset. */
export function useAmenityReservations(building: number, params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: amenityReservationKeys.list(building, params),
    queryFn: ({ signal }) => api.get<Page<AmenityReservation>>(reservationsPath(building), params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /core/buildings/{b}/amenity-reservations/schedule/?date — every amenity's open hours and bookings that day. */
export function useAmenitySchedule(building: number, date: string, amenityType?: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: amenityReservationKeys.schedule(building, date, amenityType),
    queryFn: ({ signal }) =>
      api.get<AmenitySchedule>(`${reservationsPath(building)}schedule/`, { date, amenity_type: amenityType }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /clubs/reservations/{id}/ — one reservation (a scanned QR code's). */
export const fetchAmenityReservation = (id: number) => api.get<AmenityReservation>(`/clubs/reservations/${id}/`);

/** GET /core/buildings/{b}/clubs/ — the building's clubs (header links, the profile's clubs). */
export function useBuildingClubs(building: number, enabled = true) {
  return useQuery({
    queryKey: amenityReservationKeys.clubs(building),
    queryFn: ({ signal }) => getAllPages<Club>(`/core/buildings/${building}/clubs/`, {}, signal),
    enabled,
  });
}

/** GET /core/buildings/{b}/amenity-types/ — the building's active amenity types (tabs, rules). */
export function useBuildingAmenityTypes(building: number, enabled = true) {
  return useQuery({
    queryKey: amenityReservationKeys.types(building),
    queryFn: async ({ signal }) =>
      (await getAllPages<AmenityType>(`/core/buildings/${building}/amenity-types/`, {}, signal)).filter(
        (t) => t.is_active,
      ),
    enabled,
  });
}

/** GET /clubs/clubs/{id}/guest-list/ — today's reservations with guests (the first 50). */
export function useGuestList(club: number) {
  return useQuery({
    queryKey: amenityReservationKeys.guestList(club),
    queryFn: ({ signal }) => api.get<AmenityGuestList>(`/clubs/clubs/${club}/guest-list/`, undefined, signal),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: amenityReservationKeys.all });
}

/** POST /clubs/reservations/ */
export function useCreateAmenityReservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AmenityReservationCreateInput) => api.post<AmenityReservation>("/clubs/reservations/", body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /clubs/reservations/{id}/ (a full edit, or only approval_status / payment_status). */
export function useUpdateAmenityReservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AmenityReservationPatchInput }) =>
      api.patch<AmenityReservation>(`/clubs/reservations/${id}/`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /clubs/reservations/{id}/cancel/ */
export function useCancelAmenityReservation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<AmenityReservation>(`/clubs/reservations/${id}/cancel/`),
    onSuccess: () => invalidate(),
  });
}

/** POST /clubs/reservations/{id}/toggle_checkin/ (no body). */
export function useToggleAmenityCheckin() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<AmenityReservation>(`/clubs/reservations/${id}/toggle_checkin/`),
    onSuccess: () => invalidate(),
  });
}
