/**
 * Management note calls (document 3 section 7 "Management notes"): a query-key factory and one
 * hook per call. Every write invalidates everything under `managementNoteKeys.all` (the list, the
 * unacknowledged ids, the acknowledgements); so does the live topic management_notes.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  MANAGEMENT_NOTES_LIMIT,
  type ManagementNote,
  type ManagementNoteAcknowledgement,
  type ManagementNoteAcknowledgeResult,
  type ManagementNoteCreate,
  type ManagementNoteEdit,
  type ManagementNoteUnacknowledged,
} from "@portico/contract";
import { api, type Page } from "../../lib/api.ts";

export const managementNoteKeys = {
  all: ["management-notes"] as const,
  list: (building: number) => [...managementNoteKeys.all, "list", building] as const,
  unacknowledged: (building: number) => [...managementNoteKeys.all, "unacknowledged", building] as const,
  acknowledgements: (building: number, note: number) =>
    [...managementNoteKeys.all, "acknowledgements", building, note] as const,
};

const LIST = (building: number) => `/core/buildings/${building}/management-notes/`;
const ONE = (building: number, note: number) => `${LIST(building)}${note}/`;

function useInvalidateNotes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: managementNoteKeys.all });
}

/** GET /core/buildings/{b}/management-notes/?limit=5000 — the active notes, newest first. */
export function useManagementNotes(building: number) {
  return useQuery({
    queryKey: managementNoteKeys.list(building),
    queryFn: ({ signal }) => api.get<Page<ManagementNote>>(LIST(building), { limit: MANAGEMENT_NOTES_LIMIT }, signal),
    select: (page) => page.results,
  });
}

/** GET …/get_unacknowledged/ — the caller's notes still to acknowledge, newest first. */
export function useUnacknowledged(building: number) {
  return useQuery({
    queryKey: managementNoteKeys.unacknowledged(building),
    queryFn: ({ signal }) => api.get<ManagementNoteUnacknowledged>(`${LIST(building)}get_unacknowledged/`, {}, signal),
    select: (r) => r.unacknowledged_ids,
  });
}

/** GET …/{id}/acknowledgements/ — who acknowledged the note's current version (managers). */
export function useAcknowledgements(building: number, note: number, enabled = true) {
  return useQuery({
    queryKey: managementNoteKeys.acknowledgements(building, note),
    queryFn: ({ signal }) =>
      api.get<ManagementNoteAcknowledgement[]>(`${ONE(building, note)}acknowledgements/`, {}, signal),
    enabled,
  });
}

/** POST …/management-notes/ — a new note. */
export function useCreateNote(building: number) {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (body: ManagementNoteCreate) => api.post<ManagementNote>(LIST(building), body),
    onSuccess: invalidate,
  });
}

/** PATCH …/{id}/ — {body, require_acknowledge_edits} edits; {is_active: false} expires. */
export function useEditNote(building: number) {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ManagementNoteEdit }) =>
      api.patch<ManagementNote>(ONE(building, id), body),
    onSuccess: invalidate,
  });
}

/** POST …/{id}/acknowledge/ — the caller acknowledges the note. */
export function useAcknowledge(building: number) {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (id: number) => api.post<ManagementNoteAcknowledgeResult>(`${ONE(building, id)}acknowledge/`),
    onSuccess: invalidate,
  });
}
