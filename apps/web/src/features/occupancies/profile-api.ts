/**
 * The unit profile page's calls (document 1 section 7, "Unit profile"): a query-key factory and
 * one hook per call. The unit list, directory and the create/edit forms keep their own calls in
 * ./api.ts; writes made here also mark every other `["occupancies", …]` query stale so the list
 * shows the new state when it is next opened.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  AdjacentUnits,
  Event,
  FlagWrite,
  ImpersonateResult,
  Occupancy,
  OccupancyEvent,
  OccupancyFlag,
  OccupancyNote,
  OccupancyNoteWrite,
  OccupancyTracking,
  Occupant,
  TrackingWrite,
} from "@portico/contract";
import { api, request, type Page } from "../../lib/api.ts";

export const profileKeys = {
  /** Shared with the unit list area: every occupancy query starts with "occupancies". */
  root: ["occupancies"] as const,
  all: ["occupancies", "profile"] as const,
  detail: (id: number) => [...profileKeys.all, id] as const,
  adjacent: (id: number) => [...profileKeys.detail(id), "adjacent"] as const,
  events: (id: number) => [...profileKeys.detail(id), "events"] as const,
  eventPage: (id: number, limit: number, offset: number) => [...profileKeys.events(id), limit, offset] as const,
  notes: (id: number) => [...profileKeys.detail(id), "notes"] as const,
  noteList: (id: number) => [...profileKeys.notes(id), "list"] as const,
  noteCount: (id: number) => [...profileKeys.notes(id), "count"] as const,
  noteEvents: (id: number, noteId: number) => [...profileKeys.notes(id), "events", noteId] as const,
  occupantEvents: (occupantId: number) => [...profileKeys.all, "occupant-events", occupantId] as const,
};

const occ = (id: number) => `/core/occupancies/${id}/`;

/** Profile pages of the unit show the new state now; every other occupancy query is marked stale. */
async function refreshProfile(client: QueryClient, id: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: profileKeys.detail(id) }),
    client.invalidateQueries({
      queryKey: profileKeys.root,
      predicate: (q) => q.queryKey[1] !== "profile",
      refetchType: "none",
    }),
  ]);
}

// Reads -----------------------------------------------------------------------------------------

/** GET /core/occupancies/{id}/adjacent_units/ → {previous, next} */
export function useAdjacentUnits(id: number) {
  return useQuery({
    queryKey: profileKeys.adjacent(id),
    queryFn: ({ signal }) => api.get<AdjacentUnits>(`${occ(id)}adjacent_units/`, undefined, signal),
    staleTime: 60_000,
  });
}

/** GET /core/occupancies/{id}/events/ — one page, newest first. */
export function useOccupancyEvents(id: number, { limit, offset }: { limit: number; offset: number }, enabled = true) {
  return useQuery({
    queryKey: profileKeys.eventPage(id, limit, offset),
    queryFn: ({ signal }) => api.get<Page<OccupancyEvent>>(`${occ(id)}events/`, { limit, offset }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /core/occupants/{id}/events/ */
export function useOccupantEvents(occupantId: number | null) {
  return useQuery({
    queryKey: profileKeys.occupantEvents(occupantId ?? 0),
    queryFn: ({ signal }) => api.get<Page<Event>>(`/core/occupants/${occupantId}/events/`, { limit: 200 }, signal),
    enabled: occupantId !== null,
    staleTime: 0,
  });
}

/** GET /core/occupancies/{id}/notes/count/ → {count} */
export function useNoteCount(id: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.noteCount(id),
    queryFn: ({ signal }) => api.get<{ count: number }>(`${occ(id)}notes/count/`, undefined, signal),
    enabled,
  });
}

/** GET /core/occupancies/{id}/notes/ — newest first. */
export function useOccupancyNotes(id: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.noteList(id),
    queryFn: ({ signal }) => api.get<Page<OccupancyNote>>(`${occ(id)}notes/`, { limit: 500 }, signal),
    enabled,
  });
}

/** GET /core/occupancies/{id}/notes/{noteId}/events/ */
export function useOccupancyNoteEvents(id: number, noteId: number) {
  return useQuery({
    queryKey: profileKeys.noteEvents(id, noteId),
    queryFn: ({ signal }) => api.get<Page<Event>>(`${occ(id)}notes/${noteId}/events/`, { limit: 200 }, signal),
    staleTime: 0,
  });
}

// Writes ----------------------------------------------------------------------------------------

/** PATCH /core/occupancies/{id}/ {move_out: true}: the move-out date becomes today (building time zone). */
export function useMoveOut(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch<Occupancy>(occ(id), { move_out: true }),
    onSuccess: (data) => {
      client.setQueryData(profileKeys.detail(id), data);
      return refreshProfile(client, id);
    },
  });
}

/** POST /core/occupancies/{id}/flag/ {comment, is_manager_only} */
export function useCreateFlag(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FlagWrite) => api.post<OccupancyFlag>(`${occ(id)}flag/`, body),
    onSuccess: () => refreshProfile(client, id),
  });
}

/** DELETE /core/occupancy-flags/{flagId}/ */
export function useRemoveFlag(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flagId: number) => api.delete(`/core/occupancy-flags/${flagId}/`),
    onSuccess: () => refreshProfile(client, id),
  });
}

/** POST /core/occupancies/{id}/track/ (no subscription yet) or PATCH /track/{trackId}/. */
export function useSaveTracking(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, body }: { trackId: number | null; body: Required<TrackingWrite> }) =>
      trackId === null
        ? api.post<OccupancyTracking>(`${occ(id)}track/`, body)
        : api.patch<OccupancyTracking>(`${occ(id)}track/${trackId}/`, body),
    onSuccess: (tracking) => {
      client.setQueryData<Occupancy>(profileKeys.detail(id), (o) => (o ? { ...o, tracking } : o));
      return refreshProfile(client, id);
    },
  });
}

function useRefreshNotes(id: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: profileKeys.notes(id) }),
      client.invalidateQueries({ queryKey: profileKeys.events(id) }),
    ]);
}

/** POST /core/occupancies/{id}/notes/ {note, links} */
export function useCreateOccupancyNote(id: number) {
  const refresh = useRefreshNotes(id);
  return useMutation({
    mutationFn: (body: OccupancyNoteWrite) => api.post<OccupancyNote>(`${occ(id)}notes/`, body),
    onSuccess: () => refresh(),
  });
}

/** PATCH /core/occupancies/{id}/notes/{noteId}/ — only the note. */
export function useUpdateOccupancyNote(id: number) {
  const refresh = useRefreshNotes(id);
  return useMutation({
    mutationFn: ({ noteId, note }: { noteId: number; note: string }) =>
      api.patch<OccupancyNote>(`${occ(id)}notes/${noteId}/`, { note }),
    onSuccess: () => refresh(),
  });
}

/** POST /core/occupants/{id}/send_tenant_welcome_email/ */
export function useSendWelcomeEmail(occupancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (occupantId: number) =>
      api.post<{ welcome_email_sent_time: string; detail: string }>(
        `/core/occupants/${occupantId}/send_tenant_welcome_email/`,
      ),
    onSuccess: () => refreshProfile(client, occupancyId),
  });
}

/** GET /core/occupants/{id}/impersonate/ → {redirect_url, …} */
export function useImpersonate() {
  return useMutation({
    mutationFn: (occupantId: number) => api.get<ImpersonateResult>(`/core/occupants/${occupantId}/impersonate/`),
  });
}

/** PATCH (multipart) /core/occupant-photos/{id}/ with photo_url, current_building_id, unit. */
export function useUploadOccupantPhoto(occupancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ occupant, photo, buildingId }: { occupant: Occupant; photo: Blob; buildingId: number }) => {
      const form = new FormData();
      const name = photo instanceof File && photo.name ? photo.name : "photo.jpg";
      form.append("photo_url", photo, name);
      form.append("current_building_id", String(buildingId));
      form.append("unit", occupant.apartment_number);
      return request<Occupant>("PATCH", `/core/occupant-photos/${occupant.id}/`, { body: form });
    },
    onSuccess: () => refreshProfile(client, occupancyId),
  });
}

/** POST /id-cards/id-cards/ {occupant_id, unit, name, building_id} → {id} */
export function useReplaceIdCard() {
  return useMutation({
    mutationFn: (body: { occupant_id: number; unit: string; name: string; building_id: number }) =>
      api.post<{ id?: number }>("/id-cards/id-cards/", body),
  });
}
