/**
 * Contractor calls (document 2 section 7, document 3 section 7): a query-key factory and one
 * hook per call. Every visit write invalidates everything under `contractorKeys.visits()` (lists,
 * dashboard cards, notes); company writes everything under `contractorKeys.types()`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CONTRACTOR_NOTES_LIMIT,
  type ContractorNote,
  type ContractorType,
  type ContractorTypeWrite,
  type ContractorVisit,
} from "@portico/contract";
import { api, type Page, type QueryParams, request } from "../../lib/api.ts";

export const contractorKeys = {
  visits: () => ["contractors"] as const,
  list: (building: number, params: QueryParams) => [...contractorKeys.visits(), "list", building, params] as const,
  admin: (params: QueryParams) => [...contractorKeys.visits(), "admin", params] as const,
  notes: (visit: number) => [...contractorKeys.visits(), "notes", visit] as const,
  types: () => ["contractor-types"] as const,
  typeList: (showAll: boolean) => [...contractorKeys.types(), "list", showAll] as const,
};

const TYPES = "/contractors/types/";

function useInvalidateVisits() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contractorKeys.visits() });
}

// Reads -------------------------------------------------------------------------------------

/** GET /contractors/types/ — the active companies by name (show_all: the inactive ones too). */
export function useContractorTypes(showAll = false) {
  return useQuery({
    queryKey: contractorKeys.typeList(showAll),
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<ContractorType> | ContractorType[]>(
        TYPES,
        { limit: 1000, show_all: showAll || undefined },
        signal,
      );
      const list = Array.isArray(data) ? data : data.results;
      return [...list].sort((a, b) => a.company_name.localeCompare(b.company_name));
    },
    staleTime: 30_000,
  });
}

/** GET /core/buildings/{b}/contractor-visits/ — contractor_type_id, from, until, apartment, in_building, limit, offset. */
export function useBuildingVisits(building: number, params: QueryParams, enabled = true) {
  return useQuery({
    queryKey: contractorKeys.list(building, params),
    queryFn: ({ signal }) =>
      api.get<Page<ContractorVisit>>(`/core/buildings/${building}/contractor-visits/`, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /contractors/visits/ — admin scope: every building the user may see. */
export function useAdminVisits(params: QueryParams) {
  return useQuery({
    queryKey: contractorKeys.admin(params),
    queryFn: ({ signal }) => api.get<Page<ContractorVisit>>("/contractors/visits/", params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /contractors/visits/{id}/notes/ — oldest first, whole. */
export function useVisitNotes(visit: number, enabled = true) {
  return useQuery({
    queryKey: contractorKeys.notes(visit),
    queryFn: ({ signal }) =>
      api.get<Page<ContractorNote>>(`/contractors/visits/${visit}/notes/`, { limit: CONTRACTOR_NOTES_LIMIT }, signal),
    select: (page) => page.results,
    enabled,
  });
}

// Writes ------------------------------------------------------------------------------------

export interface VisitInput {
  building: number;
  /** A company of the list, or… */
  contractor_type_id?: number | null;
  /** …one typed in. */
  company_name?: string;
  name: string;
  apartment_id?: number | null;
  occupancy_id?: number | null;
  note: string;
  photo?: Blob | null;
}

const photoName = (photo: Blob) => (photo instanceof File && photo.name ? photo.name : "contractor-photo.jpg");

export function visitForm(input: VisitInput): FormData {
  const form = new FormData();
  form.append("building", String(input.building));
  if (input.contractor_type_id) form.append("contractor_type_id", String(input.contractor_type_id));
  else if (input.company_name) form.append("company_name", input.company_name);
  form.append("name", input.name);
  if (input.apartment_id) form.append("apartment_id", String(input.apartment_id));
  if (input.occupancy_id) form.append("occupancy_id", String(input.occupancy_id));
  form.append("note", input.note);
  if (input.photo) form.append("photo_url", input.photo, photoName(input.photo));
  return form;
}

/** POST /contractors/visits/ (multipart). A typed-in company joins the list. */
export function useCreateVisit() {
  const client = useQueryClient();
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (input: VisitInput) =>
      request<ContractorVisit>("POST", "/contractors/visits/", { body: visitForm(input) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contractorKeys.types() });
      return invalidate();
    },
  });
}

/** POST /contractors/visits/{id}/close/ — 'Check out'. */
export function useCloseVisit() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (id: number) => api.post<ContractorVisit>(`/contractors/visits/${id}/close/`),
    onSuccess: () => invalidate(),
  });
}

/** POST /contractors/notes/ — {text, contractor_visit_id}. */
export function useAddVisitNote() {
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: { text: string; contractor_visit_id: number }) =>
      api.post<ContractorNote>("/contractors/notes/", body),
    onSuccess: () => invalidate(),
  });
}

// Companies (managers) -----------------------------------------------------------------------

function useInvalidateTypes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: contractorKeys.types() });
}

/** POST /contractors/types/ */
export function useCreateContractorType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (body: ContractorTypeWrite) => api.post<ContractorType>(TYPES, body),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /contractors/types/{id}/ */
export function useUpdateContractorType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<ContractorTypeWrite> }) =>
      api.patch<ContractorType>(`${TYPES}${id}/`, body),
    onSuccess: () => invalidate(),
  });
}

/** POST /contractors/types/{id}/toggle_active/: the list's Active? switch. */
export function useToggleContractorType() {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => api.post<ContractorType>(`${TYPES}${id}/toggle_active/`),
    onSuccess: () => invalidate(),
  });
}
