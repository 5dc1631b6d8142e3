/**
 * Shared lookups every area uses (spec document 1 section 7, "Shell and lookups"):
 * the profile, buildings, building settings, quick search and the apartment dropdown.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApartmentDropdownItem, Building, BuildingSettings, Me, QuickSearchItem } from "@portico/contract";
import { STALE_TIMES } from "@portico/contract";
import { api, getAllPages } from "./api.ts";

export const coreKeys = {
  me: ["me"] as const,
  buildings: ["core", "buildings"] as const,
  settings: (building: number) => ["core", "building-settings", building] as const,
  quickSearch: (building: number) => ["core", "quick-search", building] as const,
  apartmentsDropdown: (building: number) => ["core", "apartments-dropdown", building] as const,
};

/** GET /me/ answers the object, or `{results: [object]}`. */
export const meQuery = queryOptions({
  queryKey: coreKeys.me,
  queryFn: async ({ signal }) => {
    const data = await api.get<Me | { results: Me[] }>("/me/", undefined, signal);
    return "results" in data && Array.isArray(data.results) ? data.results[0] : (data as Me);
  },
  staleTime: 5 * 60_000,
});

export const buildingsQuery = queryOptions({
  queryKey: coreKeys.buildings,
  queryFn: ({ signal }) => getAllPages<Building>("/core/buildings/", { limit: 1000 }, signal),
  staleTime: STALE_TIMES.buildings,
});

export const useBuildings = () => useQuery(buildingsQuery);

export const buildingSettingsQuery = (building: number) =>
  queryOptions({
    queryKey: coreKeys.settings(building),
    queryFn: ({ signal }) => api.get<BuildingSettings>(`/core/building-settings/${building}/`, undefined, signal),
    staleTime: STALE_TIMES.settings,
  });

export const useBuildingSettings = (building: number | null) =>
  useQuery({ ...buildingSettingsQuery(building ?? 0), enabled: building !== null });

export const useQuickSearch = (building: number, enabled = true) =>
  useQuery({
    queryKey: coreKeys.quickSearch(building),
    queryFn: ({ signal }) => api.get<QuickSearchItem[]>("/core/quick-search/", { building }, signal),
    staleTime: STALE_TIMES.quickSearch,
    enabled,
  });

export const useApartmentsDropdown = (building: number, enabled = true) =>
  useQuery({
    queryKey: coreKeys.apartmentsDropdown(building),
    queryFn: ({ signal }) =>
      api.get<ApartmentDropdownItem[]>(`/core/buildings/${building}/apartments/dropdown/`, undefined, signal),
    staleTime: STALE_TIMES.dropdown,
    enabled,
  });
