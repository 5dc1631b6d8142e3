/**
 * Building settings calls: the settings document (PATCH /core/building-settings/{b}/, groups
 * merge field by field) and the maintenance e-mail recipients
 * (/maintenance-requests/notification-settings/). A save puts the answer straight into the
 * cache the shell reads the settings from.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BuildingSettings,
  BuildingSettingsPatch,
  EmployeeSimple,
  MaintenanceNotificationSettings,
  MaintenanceNotificationSettingsPatchInput,
} from "@portico/contract";
import { api, type Page } from "../../lib/api.ts";
import { coreKeys } from "../../lib/queries.ts";

export const buildingSettingsKeys = {
  all: ["building-settings"] as const,
  notifications: (building: number) => [...buildingSettingsKeys.all, "maintenance-notifications", building] as const,
  employees: (building: number) => [...buildingSettingsKeys.all, "employees", building] as const,
};

/** PATCH /core/building-settings/{b}/ — any subset of groups (managers and office). */
export function useUpdateBuildingSettings(building: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: BuildingSettingsPatch) =>
      api.patch<BuildingSettings>(`/core/building-settings/${building}/`, patch),
    onSuccess: (saved) => client.setQueryData(coreKeys.settings(building), saved),
  });
}

const NOTIFICATIONS = "/maintenance-requests/notification-settings/";

/** GET /maintenance-requests/notification-settings/?building — the building's one row. */
export function useMaintenanceNotificationSettings(building: number) {
  return useQuery({
    queryKey: buildingSettingsKeys.notifications(building),
    queryFn: async ({ signal }) => {
      const data = await api.get<
        MaintenanceNotificationSettings | MaintenanceNotificationSettings[] | Page<MaintenanceNotificationSettings>
      >(NOTIFICATIONS, { building }, signal);
      if (Array.isArray(data)) return data[0] ?? null;
      if ("results" in data) return data.results[0] ?? null;
      return data;
    },
  });
}

/** PATCH /maintenance-requests/notification-settings/{id}/ — building_id, email_recipients. */
export function useUpdateMaintenanceNotificationSettings(building: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaintenanceNotificationSettingsPatchInput }) =>
      api.patch<MaintenanceNotificationSettings>(`${NOTIFICATIONS}${id}/`, body),
    onSuccess: (saved) => client.setQueryData(buildingSettingsKeys.notifications(building), saved),
  });
}

/** GET /core/employees/simple-list/?building — the active staff of the building (suggested recipients). */
export function useBuildingStaff(building: number) {
  return useQuery({
    queryKey: buildingSettingsKeys.employees(building),
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<EmployeeSimple> | EmployeeSimple[]>(
        "/core/employees/simple-list/",
        { building, app_user__user__is_active: true, limit: 2000 },
        signal,
      );
      return Array.isArray(data) ? data : data.results;
    },
    staleTime: 30_000,
  });
}
