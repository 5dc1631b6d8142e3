/**
 * Shift log calls (document 1 section 7): a query-key factory and one hook per call.
 * Every write invalidates the note lists (drawer, search, dashboard, profile, admin).
 */
import {
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type Event,
  RECENT_SHIFT_LOG_NOTES_PER_OCCUPANCY,
  SHIFT_LOG_DRAWER_PAGE_SIZE,
  SHIFT_LOG_EXPORT_FILENAME,
  SHIFT_LOG_EXPORT_LIMIT,
  STALE_TIMES,
  type ShiftLogNote,
  type ShiftLogNoteWriteInput,
  type ShiftLogType,
  type ShiftLogTypeWrite,
} from "@portico/contract";
import { api, downloadSpreadsheet, type Page, type QueryParams } from "../../lib/api.ts";

export const shiftLogKeys = {
  all: ["shift-logs"] as const,
  notes: () => [...shiftLogKeys.all, "notes"] as const,
  noteList: (params: QueryParams) => [...shiftLogKeys.notes(), "list", params] as const,
  drawer: (building: number) => [...shiftLogKeys.notes(), "drawer", building] as const,
  note: (id: number) => [...shiftLogKeys.notes(), "detail", id] as const,
  events: (id: number) => [...shiftLogKeys.notes(), "events", id] as const,
  occupancy: (occupancyId: number) => [...shiftLogKeys.notes(), "occupancy", occupancyId] as const,
  types: () => [...shiftLogKeys.all, "types"] as const,
  typeList: (params: QueryParams) => [...shiftLogKeys.types(), params] as const,
};

const NOTES = "/shift-logs/notes/";
const TYPES = "/shift-logs/shift-log-types/";

// Notes -----------------------------------------------------------------------------------------

/** GET /shift-logs/notes/ — one page for the given filters. */
export function useShiftLogNotes(params: QueryParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: shiftLogKeys.noteList(params),
    queryFn: ({ signal }) => api.get<Page<ShiftLogNote>>(NOTES, params, signal),
    staleTime: STALE_TIMES.shiftLog,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /shift-logs/notes/ — the drawer's list: newest first, 30 a page, end-of-shift notes included. */
export function useDrawerShiftLogNotes(building: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: shiftLogKeys.drawer(building),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ShiftLogNote>>(
        NOTES,
        {
          building,
          limit: SHIFT_LOG_DRAWER_PAGE_SIZE,
          offset: pageParam,
          ordering: "-date_created",
          include_end_of_shift_notes: true,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return last.next && last.results.length > 0 && loaded < last.count ? loaded : undefined;
    },
    staleTime: STALE_TIMES.shiftLog,
    enabled,
  });
}

/** GET /shift-logs/notes/{id}/ */
export function useShiftLogNote(id: number | null) {
  return useQuery({
    queryKey: shiftLogKeys.note(id ?? 0),
    queryFn: ({ signal }) => api.get<ShiftLogNote>(`${NOTES}${id}/`, undefined, signal),
    staleTime: STALE_TIMES.shiftLog,
    enabled: id !== null,
  });
}

/** GET /shift-logs/notes/{id}/events/ */
export function useShiftLogNoteEvents(id: number) {
  return useQuery({
    queryKey: shiftLogKeys.events(id),
    queryFn: ({ signal }) => api.get<Page<Event>>(`${NOTES}${id}/events/`, { limit: 1000 }, signal),
    staleTime: 0,
  });
}

/** GET /core/occupancies/{id}/shift-log-notes/?limit=10 — a unit profile's recent notes. */
export function useOccupancyShiftLogNotes(occupancyId: number) {
  return useQuery({
    queryKey: shiftLogKeys.occupancy(occupancyId),
    queryFn: ({ signal }) =>
      api.get<Page<ShiftLogNote>>(
        `/core/occupancies/${occupancyId}/shift-log-notes/`,
        { limit: RECENT_SHIFT_LOG_NOTES_PER_OCCUPANCY },
        signal,
      ),
    staleTime: STALE_TIMES.shiftLog,
  });
}

function useInvalidateNotes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shiftLogKeys.notes() });
}

/** A write that makes the queries under `key` stale once it succeeds. */
function useStalingWrite<V, R>(key: QueryKey, mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/** POST /shift-logs/notes/ */
export function useCreateShiftLogNote() {
  return useStalingWrite(shiftLogKeys.notes(), (body: ShiftLogNoteWriteInput) => api.post<ShiftLogNote>(NOTES, body));
}

/** PATCH /shift-logs/notes/{id}/ */
export function useUpdateShiftLogNote() {
  const client = useQueryClient();
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<ShiftLogNoteWriteInput> }) =>
      api.patch<ShiftLogNote>(`${NOTES}${id}/`, body),
    onSuccess: (note) => {
      client.setQueryData(shiftLogKeys.note(note.id), note);
      return invalidate();
    },
  });
}

/** DELETE /shift-logs/notes/{id}/ */
export function useDeleteShiftLogNote() {
  return useStalingWrite(shiftLogKeys.notes(), (id: number) => api.delete(`${NOTES}${id}/`));
}

/** GET /shift-logs/notes/ as a spreadsheet: the same filters, limit 50000 from offset 0. */
export function useExportShiftLogNotes() {
  return useMutation({
    mutationFn: (params: QueryParams) =>
      downloadSpreadsheet(NOTES, SHIFT_LOG_EXPORT_FILENAME, {
        ...params,
        limit: SHIFT_LOG_EXPORT_LIMIT,
        offset: 0,
      }),
  });
}

// Types -----------------------------------------------------------------------------------------

export interface ShiftLogTypeListParams {
  /** The end-of-shift type too. */
  include_shift_end?: boolean;
  /** Inactive types too. */
  show_all?: boolean;
}

/** GET /shift-logs/shift-log-types/ */
export function useShiftLogTypes(params: ShiftLogTypeListParams = {}) {
  const query: QueryParams = {
    include_shift_end: params.include_shift_end || undefined,
    show_all: params.show_all || undefined,
    limit: 1000,
  };
  return useQuery({
    queryKey: shiftLogKeys.typeList(query),
    queryFn: ({ signal }) => api.get<Page<ShiftLogType>>(TYPES, query, signal),
    select: (page) => page.results,
    staleTime: STALE_TIMES.shiftLog,
  });
}

/** A type's body as the contract's schema gives it. */
export type ShiftLogTypeInput = ShiftLogTypeWrite;

function useInvalidateTypes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shiftLogKeys.types() });
}

/** POST /shift-logs/shift-log-types/ */
export function useCreateShiftLogType() {
  return useStalingWrite(shiftLogKeys.types(), (body: ShiftLogTypeInput) => api.post<ShiftLogType>(TYPES, body));
}

/** PATCH /shift-logs/shift-log-types/{id}/ */
export function useUpdateShiftLogType() {
  return useStalingWrite(shiftLogKeys.types(), ({ id, body }: { id: number; body: Partial<ShiftLogTypeInput> }) =>
    api.patch<ShiftLogType>(`${TYPES}${id}/`, body),
  );
}

/** POST /shift-logs/shift-log-types/{id}/toggle_active/ */
export function useToggleShiftLogType() {
  const client = useQueryClient();
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => api.post<ShiftLogType>(`${TYPES}${id}/toggle_active/`),
    onSuccess: (type) => {
      // Show the new state at once in every cached list, then refetch.
      client.setQueriesData<Page<ShiftLogType>>({ queryKey: shiftLogKeys.types() }, (page) =>
        page ? { ...page, results: page.results.map((t) => (t.id === type.id ? type : t)) } : page,
      );
      return invalidate();
    },
  });
}
