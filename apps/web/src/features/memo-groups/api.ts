/**
 * Memo group calls (document 3 section 7): the building's groups and their writes. Every write
 * invalidates everything under `memoGroupKeys.all`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  MEMO_GROUP_PAGE_SIZE,
  type MemoGroup,
  type MemoGroupDeleted,
  type MemoGroupPatchInput,
  type MemoGroupWriteInput,
} from "@portico/contract";
import { api, type Page, request } from "../../lib/api.ts";
import { useBuilding } from "../../lib/session.tsx";

export const memoGroupKeys = {
  all: ["memo-groups"] as const,
  list: (building: number) => [...memoGroupKeys.all, "list", building] as const,
};

const STALE_MS = 5 * 60_000;
const path = (building: number) => `/core/buildings/${building}/memo-groups/`;

/** GET /core/buildings/{b}/memo-groups/ — every group of the building with its units, by name. */
export function useMemoGroups(building: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memoGroupKeys.list(building),
    queryFn: async ({ signal }) =>
      (await api.get<Page<MemoGroup>>(path(building), { limit: MEMO_GROUP_PAGE_SIZE }, signal)).results,
    staleTime: STALE_MS,
    enabled: options.enabled ?? true,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: memoGroupKeys.all });
}

/** The current building's groups (the settings page). */
export function useBuildingMemoGroups() {
  return useMemoGroups(useBuilding().id);
}

export function useCreateMemoGroup() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: MemoGroupWriteInput) => api.post<MemoGroup>(path(building), body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateMemoGroup() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MemoGroupPatchInput }) =>
      request<MemoGroup>("PATCH", `${path(building)}${id}/`, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteMemoGroup() {
  const { id: building } = useBuilding();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<MemoGroupDeleted>(`${path(building)}${id}/`),
    onSuccess: () => invalidate(),
  });
}
