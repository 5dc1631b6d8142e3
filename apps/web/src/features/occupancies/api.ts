/**
 * Unit-profile list and form calls (document 1 section 7, "Unit profile"): a query-key factory
 * and one hook per call. The profile page's own calls live in ./profile-api.ts.
 *
 * Every write refreshes whatever shows unit profiles: this area's queries, the profile page's,
 * the quick search and the apartment dropdown (a vacant unit becomes occupied and back).
 */
import {
  keepPreviousData,
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type Apartment,
  type ApartmentPatch,
  type ApartmentWrite,
  BUILDING_OCCUPANTS_FILENAME,
  type ExistingOccupant,
  type GlobalUser,
  type Occupancy,
  type OccupancyCreate,
  type OccupancyPatch,
  type Occupant,
  type OccupantCreate,
  type OccupantPatch,
  type UnitListRow,
  UNIT_LIST_EXPORT_FILENAME,
  VACANT_UNIT_REPORT_FILENAME,
} from "@portico/contract";
import { api, downloadSpreadsheet, getAllPages, type Page, type QueryParams } from "../../lib/api.ts";

export const occupancyKeys = {
  all: ["occupancies"] as const,
  unitList: (building: number, params: QueryParams) => [...occupancyKeys.all, "unit-list", building, params] as const,
  directory: (building: number) => [...occupancyKeys.all, "directory", building] as const,
  /** The same key as the profile page's (./profile-api.ts), so the edit form opens from its cache. */
  occupancy: (id: number) => [...occupancyKeys.all, "profile", id] as const,
  occupant: (id: number) => [...occupancyKeys.all, "occupant", id] as const,
  apartment: (id: number) => [...occupancyKeys.all, "apartment", id] as const,
  residentSearch: (search: string) => [...occupancyKeys.all, "resident-search", search] as const,
};

/** How many residents the existing/previous resident search shows. */
export const RESIDENT_SEARCH_LIMIT = 10;
/** The directory reads every active resident of the building (the API's page maximum). */
const DIRECTORY_PAGE = 5000;

const unitListPath = (building: number) => `/core/buildings/${building}/unit-profiles/`;

// Reads ------------------------------------------------------------------------------------------

/** GET /core/buildings/{b}/unit-profiles/ — one page of the unit list. */
export function useUnitList(building: number, params: QueryParams, enabled = true) {
  return useQuery({
    queryKey: occupancyKeys.unitList(building, params),
    queryFn: ({ signal }) => api.get<Page<UnitListRow>>(unitListPath(building), params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}

/** GET /core/buildings/{b}/occupants/ — every active resident (the print directory). */
export function useBuildingOccupants(building: number) {
  return useQuery({
    queryKey: occupancyKeys.directory(building),
    queryFn: ({ signal }) =>
      getAllPages<Occupant>(`/core/buildings/${building}/occupants/`, { limit: DIRECTORY_PAGE }, signal),
    staleTime: 60_000,
  });
}

/**
 * GET /core/occupancies/{id}/ — the one hook for a unit profile (its page, its forms, the
 * packages log's residents and notification preferences); `staleTime` per screen.
 */
export function useOccupancy(id: number | null, { staleTime = 0 }: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: occupancyKeys.occupancy(id ?? 0),
    queryFn: ({ signal }) => api.get<Occupancy>(`/core/occupancies/${id}/`, undefined, signal),
    enabled: id !== null && id > 0,
    staleTime,
  });
}

/** GET /core/occupants/{id}/ */
export function useOccupant(id: number | null) {
  return useQuery({
    queryKey: occupancyKeys.occupant(id ?? 0),
    queryFn: ({ signal }) => api.get<Occupant>(`/core/occupants/${id}/`, undefined, signal),
    enabled: id !== null,
  });
}

/** GET /core/apartments/{id}/ */
export function useApartment(id: number | null) {
  return useQuery({
    queryKey: occupancyKeys.apartment(id ?? 0),
    queryFn: ({ signal }) => api.get<Apartment>(`/core/apartments/${id}/`, undefined, signal),
    enabled: id !== null,
  });
}

/** GET /core/global-users/?role=TN&limit=10&search — existing or previous residents. */
export function useResidentSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: occupancyKeys.residentSearch(term),
    queryFn: ({ signal }) =>
      api.get<Page<GlobalUser>>(
        "/core/global-users/",
        { role: "TN", limit: RESIDENT_SEARCH_LIMIT, search: term },
        signal,
      ),
    enabled: term.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

// Spreadsheets -----------------------------------------------------------------------------------

/** 'Export Table': the list's query as unit_profiles.xlsx (every row, no paging). */
export function useExportUnitList(building: number) {
  return useMutation({
    mutationFn: (params: QueryParams) => {
      const { limit: _l, offset: _o, ...query } = params;
      return downloadSpreadsheet(unitListPath(building), UNIT_LIST_EXPORT_FILENAME, query);
    },
  });
}

/** 'Occupants (Excel)': building_occupants.xlsx. */
export function useDownloadOccupants(building: number) {
  return useMutation({
    mutationFn: () =>
      downloadSpreadsheet(`/core/buildings/${building}/occupants/`, BUILDING_OCCUPANTS_FILENAME, { format: "xlsx" }),
  });
}

/** 'Vacant unit report': vacant_unit_report.xlsx. */
export function useDownloadVacantUnits(building: number) {
  return useMutation({
    mutationFn: () =>
      downloadSpreadsheet(`/core/buildings/${building}/apartments/`, VACANT_UNIT_REPORT_FILENAME, {
        vacant_units: "True",
      }),
  });
}

// Writes -----------------------------------------------------------------------------------------

const UNIT_PROFILE_KEY = /occupan|unit-profile|apartment|quick-search|resident/i;

/** Queries that show unit profiles, residents or apartments (this area's, the profile's, the shell's). */
export const showsUnitProfiles = (query: Pick<Query, "queryKey">) =>
  query.queryKey.some((part) => typeof part === "string" && UNIT_PROFILE_KEY.test(part));

export function refreshUnitProfiles(client: QueryClient) {
  return client.invalidateQueries({ predicate: showsUnitProfiles });
}

function useRefresh() {
  const client = useQueryClient();
  return { client, refresh: () => refreshUnitProfiles(client) };
}

/**
 * A write of this area: once it answers, the record's own query (`key`) takes the answer and
 * every query that shows unit profiles refreshes (the mutation settles after the refresh).
 */
function useWrite<Body, Saved>(mutationFn: (body: Body) => Promise<Saved>, key?: QueryKey) {
  const { client, refresh } = useRefresh();
  return useMutation({
    mutationFn,
    onSuccess: (saved: Saved) => {
      if (key) client.setQueryData(key, saved);
      return refresh();
    },
  });
}

/** POST `path` (a create): see useWrite. */
const usePost = <Body, Saved>(path: string) => useWrite((body: Body) => api.post<Saved>(path, body));

/** PATCH `path` (an edit of the record whose query is `key`): see useWrite. */
const usePatch = <Body, Saved>(path: string, key: QueryKey) =>
  useWrite((body: Body) => api.patch<Saved>(path, body), key);

/** POST /core/occupancies/ */
export function useCreateOccupancy() {
  return usePost<OccupancyCreate, Occupancy>("/core/occupancies/");
}

/** PATCH /core/occupancies/{id}/ */
export function useUpdateOccupancy(id: number) {
  return usePatch<OccupancyPatch, Occupancy>(`/core/occupancies/${id}/`, occupancyKeys.occupancy(id));
}

/** DELETE /core/occupancies/{id}/ */
export function useDeleteOccupancy(id: number) {
  const { client, refresh } = useRefresh();
  return useMutation({
    mutationFn: () => api.delete(`/core/occupancies/${id}/`),
    onSuccess: () => {
      // The profile is gone: nothing may ask for it again.
      client.removeQueries({
        predicate: (q) => showsUnitProfiles(q) && q.queryKey.includes(id),
      });
      void refresh();
    },
  });
}

/** POST /core/occupancies/{id}/add-existing-occupant/ */
export function useAddExistingOccupant(occupancyId: number) {
  return usePost<ExistingOccupant, Occupant>(`/core/occupancies/${occupancyId}/add-existing-occupant/`);
}

/** POST /core/occupants/ */
export function useCreateOccupant() {
  return usePost<OccupantCreate, Occupant>("/core/occupants/");
}

/** PATCH /core/occupants/{id}/ */
export function useUpdateOccupant(id: number) {
  return usePatch<OccupantPatch, Occupant>(`/core/occupants/${id}/`, occupancyKeys.occupant(id));
}

/** POST /core/apartments/ */
export function useCreateApartment() {
  return usePost<ApartmentWrite, Apartment>("/core/apartments/");
}

/** PATCH /core/apartments/{id}/ */
export function useUpdateApartment(id: number) {
  return usePatch<ApartmentPatch, Apartment>(`/core/apartments/${id}/`, occupancyKeys.apartment(id));
}
