/**
 * The dashboard widgets' calls (document 3 section 7 "Dashboard widgets"): the query-key
 * factory and one hook per call. The invitations refresh the move outs; the live stream
 * refreshes each widget through app/liveTopics.ts.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ActionItems,
  type ActiveEmployees,
  type MoveOutInviteAllResult,
  type MoveOutInviteResult,
  type UpcomingMoveOuts,
  type UpcomingOccupancies,
  UPCOMING_OCCUPANCY_MAX_LIMIT,
} from "@portico/contract";
import { api, ApiError, errorMessage } from "../../lib/api.ts";

export const dashboardWidgetKeys = {
  all: ["dashboard-widgets"] as const,
  occupancies: () => [...dashboardWidgetKeys.all, "upcoming-occupancies"] as const,
  moveOuts: () => [...dashboardWidgetKeys.all, "upcoming-move-outs"] as const,
  activeEmployees: () => [...dashboardWidgetKeys.all, "active-employees"] as const,
  actionItems: () => [...dashboardWidgetKeys.all, "action-items"] as const,
};

/** Signed-in staff change without a live topic: asked again every five minutes. */
const ACTIVE_EMPLOYEES_REFRESH_MS = 5 * 60_000;

/** GET /core/occupancies/club_memberships_dashboard/?building&limit=5000&is_upcoming=true */
export function useUpcomingOccupancies(building: number) {
  return useQuery({
    queryKey: [...dashboardWidgetKeys.occupancies(), building],
    queryFn: ({ signal }) =>
      api.get<UpcomingOccupancies>(
        "/core/occupancies/club_memberships_dashboard/",
        { building, limit: UPCOMING_OCCUPANCY_MAX_LIMIT, is_upcoming: true },
        signal,
      ),
  });
}

/** GET /core/buildings/{b}/occupancies/upcoming_move_outs/ */
export function useUpcomingMoveOuts(building: number) {
  return useQuery({
    queryKey: [...dashboardWidgetKeys.moveOuts(), building],
    queryFn: ({ signal }) =>
      api.get<UpcomingMoveOuts>(`/core/buildings/${building}/occupancies/upcoming_move_outs/`, undefined, signal),
  });
}

/** GET /core/buildings/{b}/active-employees/ */
export function useActiveEmployees(building: number) {
  return useQuery({
    queryKey: [...dashboardWidgetKeys.activeEmployees(), building],
    queryFn: ({ signal }) =>
      api.get<ActiveEmployees>(`/core/buildings/${building}/active-employees/`, undefined, signal),
    refetchInterval: ACTIVE_EMPLOYEES_REFRESH_MS,
  });
}

/** GET /core/buildings/{b}/action-items/ */
export function useActionItems(building: number) {
  return useQuery({
    queryKey: [...dashboardWidgetKeys.actionItems(), building],
    queryFn: ({ signal }) => api.get<ActionItems>(`/core/buildings/${building}/action-items/`, undefined, signal),
  });
}

function useRefreshMoveOuts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dashboardWidgetKeys.moveOuts() });
}

/** POST /core/buildings/{b}/occupancies/{id}/send_move_out_invite/ */
export function useSendMoveOutInvite(building: number) {
  const refresh = useRefreshMoveOuts();
  return useMutation({
    mutationFn: (occupancyId: number) =>
      api.post<MoveOutInviteResult>(`/core/buildings/${building}/occupancies/${occupancyId}/send_move_out_invite/`),
    onSettled: refresh,
  });
}

/** POST /core/buildings/{b}/occupancies/send_move_out_invite_all/ {notReadyOccupancyIds} */
export function useSendMoveOutInviteAll(building: number) {
  const refresh = useRefreshMoveOuts();
  return useMutation({
    mutationFn: (notReadyOccupancyIds: number[]) =>
      api.post<MoveOutInviteAllResult>(`/core/buildings/${building}/occupancies/send_move_out_invite_all/`, {
        notReadyOccupancyIds,
      }),
    onSettled: refresh,
  });
}

/** What the server said of a refused call (its first message), else the error's own text. */
export function refusalOf(err: unknown): string {
  if (err instanceof ApiError && err.body && typeof err.body === "object") {
    const first = Object.values(err.body as Record<string, unknown>).find(
      (v): v is string[] => Array.isArray(v) && typeof v[0] === "string",
    );
    if (first) return first[0];
  }
  return errorMessage(err);
}
