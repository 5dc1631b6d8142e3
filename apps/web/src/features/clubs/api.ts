/**
 * Club and amenity set-up calls (document 3 section 7, "Clubs and amenities"): a query-key
 * factory and one hook per call. Every write invalidates everything under `clubKeys.all`
 * (the live topic `clubs` does the same for other users).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AmenityInterval,
  type AmenitySlot,
  type AmenitySlotCreateInput,
  type AmenitySlotPatchInput,
  type AmenityType,
  type AmenityTypeCreateInput,
  type AmenityTypePatchInput,
  type Club,
  type ClubCandidate,
  type ClubMember,
  CLUB_LIST_DEFAULT_LIMIT,
  type OpenCheckin,
  poolExportFilename,
  type RecordOpenCheckinInput,
  type ScheduleEntry,
  type UpdateScheduleInput,
} from "@portico/contract";
import { api, downloadSpreadsheet, getAllPages, type Page, type QueryParams } from "../../lib/api.ts";

export const clubKeys = {
  all: ["clubs"] as const,
  clubs: (building: number) => [...clubKeys.all, "building", building] as const,
  amenityTypes: (club: number) => [...clubKeys.all, "amenity-types", club] as const,
  amenityType: (id: number) => [...clubKeys.all, "amenity-type", id] as const,
  intervals: ["clubs", "intervals"] as const,
  slots: (type: number) => [...clubKeys.all, "slots", type] as const,
  schedules: (type: number) => [...clubKeys.all, "schedules", type] as const,
  members: (club: number, params: QueryParams) => [...clubKeys.all, "members", club, params] as const,
  candidates: (club: number, search: string) => [...clubKeys.all, "candidates", club, search] as const,
  checkins: (club: number) => [...clubKeys.all, "open-checkins", club] as const,
};

function useInvalidateClubs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: clubKeys.all });
}

/** A club's fields as the multipart form sends them (the photo as a file). */
export interface ClubFormValues {
  name: string;
  description: string;
  is_open: boolean;
  auto_enroll_members: boolean;
  has_open_checkin: boolean;
  additional_buildings: number[];
}

function clubForm(values: ClubFormValues, photo: Blob | null, building?: number): FormData {
  const form = new FormData();
  if (building !== undefined) form.append("building", String(building));
  form.append("name", values.name);
  form.append("description", values.description);
  form.append("is_open", String(values.is_open));
  form.append("auto_enroll_members", String(values.auto_enroll_members));
  form.append("has_open_checkin", String(values.has_open_checkin));
  form.append("additional_buildings", JSON.stringify(values.additional_buildings));
  if (photo) form.append("photo", photo, photo instanceof File ? photo.name : "club.jpg");
  return form;
}

/** GET /core/buildings/{b}/clubs/?include_external_clubs=1 — the building's clubs and those shared with it. */
export function useBuildingClubs(building: number) {
  return useQuery({
    queryKey: clubKeys.clubs(building),
    queryFn: ({ signal }) =>
      getAllPages<Club>(
        `/core/buildings/${building}/clubs/`,
        { include_external_clubs: 1, limit: CLUB_LIST_DEFAULT_LIMIT },
        signal,
      ),
  });
}

/** POST /clubs/clubs/ (multipart) */
export function useCreateClub(building: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ values, photo }: { values: ClubFormValues; photo: Blob | null }) =>
      api.post<Club>("/clubs/clubs/", clubForm(values, photo, building)),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /clubs/clubs/{id}/ (multipart) */
export function useUpdateClub() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ id, values, photo }: { id: number; values: ClubFormValues; photo: Blob | null }) =>
      api.patch<Club>(`/clubs/clubs/${id}/`, clubForm(values, photo)),
    onSuccess: () => invalidate(),
  });
}

/** GET /clubs/clubs/{id}/amenity-types/ */
export function useClubAmenityTypes(club: number) {
  return useQuery({
    queryKey: clubKeys.amenityTypes(club),
    queryFn: ({ signal }) => getAllPages<AmenityType>(`/clubs/clubs/${club}/amenity-types/`, undefined, signal),
  });
}

/** GET /clubs/amenity-types/{id}/ */
export function useAmenityType(id: number) {
  return useQuery({
    queryKey: clubKeys.amenityType(id),
    queryFn: ({ signal }) => api.get<AmenityType>(`/clubs/amenity-types/${id}/`, undefined, signal),
    retry: false,
  });
}

/** GET /clubs/amenity-types/intervals/ — the reservation lengths; the first is the default. */
export function useIntervals() {
  return useQuery({
    queryKey: clubKeys.intervals,
    queryFn: ({ signal }) => api.get<AmenityInterval[]>("/clubs/amenity-types/intervals/", undefined, signal),
    staleTime: Infinity,
  });
}

/** POST /clubs/amenity-types/ */
export function useCreateAmenityType() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (body: AmenityTypeCreateInput) => api.post<AmenityType>("/clubs/amenity-types/", body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /clubs/amenity-types/{id}/ */
export function useUpdateAmenityType() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AmenityTypePatchInput }) =>
      api.patch<AmenityType>(`/clubs/amenity-types/${id}/`, body),
    onSuccess: () => invalidate(),
  });
}

/** GET /clubs/amenity-types/{id}/schedules/ */
export function useSchedules(type: number) {
  return useQuery({
    queryKey: clubKeys.schedules(type),
    queryFn: ({ signal }) => api.get<ScheduleEntry[]>(`/clubs/amenity-types/${type}/schedules/`, undefined, signal),
  });
}

/** PATCH /clubs/amenity-types/{id}/update-schedule/ {schedules[], is_special} */
export function useUpdateSchedule(type: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (body: UpdateScheduleInput) =>
      api.patch<ScheduleEntry[]>(`/clubs/amenity-types/${type}/update-schedule/`, body),
    onSuccess: () => invalidate(),
  });
}

/** GET /clubs/amenities/?amenity_type — the type's slots. */
export function useSlots(type: number) {
  return useQuery({
    queryKey: clubKeys.slots(type),
    queryFn: ({ signal }) => getAllPages<AmenitySlot>("/clubs/amenities/", { amenity_type: type }, signal),
  });
}

/** POST /clubs/amenities/ */
export function useCreateSlot() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (body: AmenitySlotCreateInput) => api.post<AmenitySlot>("/clubs/amenities/", body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /clubs/amenities/{id}/ — an inline label or active change. */
export function useUpdateSlot() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AmenitySlotPatchInput }) =>
      api.patch<AmenitySlot>(`/clubs/amenities/${id}/`, body),
    onSettled: () => invalidate(),
  });
}

/** GET /clubs/clubs/{id}/members/ — search, limit, offset. */
export function useMembers(club: number, params: QueryParams) {
  return useQuery({
    queryKey: clubKeys.members(club, params),
    queryFn: ({ signal }) => api.get<Page<ClubMember>>(`/clubs/clubs/${club}/members/`, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /clubs/clubs/{id}/quick-search/?search — residents of the club's buildings who are not members. */
export function useCandidates(club: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: clubKeys.candidates(club, search),
    queryFn: ({ signal }) => api.get<ClubCandidate[]>(`/clubs/clubs/${club}/quick-search/`, { search }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /clubs/clubs/{id}/add_member/ {occupant_id} */
export function useAddMember(club: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (occupant_id: number) => api.post(`/clubs/clubs/${club}/add_member/`, { occupant_id }),
    onSuccess: () => invalidate(),
  });
}

/** POST /clubs/clubs/{id}/remove_member/ {occupant_id} */
export function useRemoveMember(club: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (occupant_id: number) => api.post(`/clubs/clubs/${club}/remove_member/`, { occupant_id }),
    onSuccess: () => invalidate(),
  });
}

/** POST /clubs/clubs/{id}/bulk_delete/ — every member. */
export function useRemoveAllMembers(club: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: () => api.post<{ detail: string; count: number }>(`/clubs/clubs/${club}/bulk_delete/`),
    onSuccess: () => invalidate(),
  });
}

/** GET /clubs/clubs/{id}/members/open_checkins/ — today's pool check-ins. */
export function useOpenCheckins(club: number, enabled = true) {
  return useQuery({
    queryKey: clubKeys.checkins(club),
    queryFn: ({ signal }) => getAllPages<OpenCheckin>(`/clubs/clubs/${club}/members/open_checkins/`, undefined, signal),
    enabled,
  });
}

/** POST /clubs/clubs/{id}/record_open_checkin/ {occupant_id, guests} */
export function useRecordCheckin(club: number) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (body: RecordOpenCheckinInput) =>
      api.post<OpenCheckin>(`/clubs/clubs/${club}/record_open_checkin/`, body),
    onSuccess: () => invalidate(),
  });
}

/** GET /clubs/clubs/{id}/pool_checkins_report/?start_date&end_date — the spreadsheet. */
export function exportPoolCheckins(club: number, start_date: string, end_date: string) {
  return downloadSpreadsheet(`/clubs/clubs/${club}/pool_checkins_report/`, poolExportFilename(start_date, end_date), {
    start_date,
    end_date,
  });
}
