import { useQuery } from "@tanstack/react-query";
import { PACKAGE_REFETCH, type PackageSummary } from "@portico/contract";
import { api } from "../../lib/api.ts";
import { liveRefetchInterval } from "../../lib/live.ts";
import { packageKeys } from "./api.ts";

/** Under `packageKeys.all`: every package write and every live package change refreshes it. */
export const packageSummaryKey = (building: number) => [...packageKeys.all, "summary", building] as const;

/** GET /core/buildings/{b}/package-summary/ (refreshed like the grid). */
export function usePackageSummary(building: number) {
  return useQuery({
    queryKey: packageSummaryKey(building),
    queryFn: ({ signal }) =>
      api.get<PackageSummary>(`/core/buildings/${building}/package-summary/`, undefined, signal),
    refetchInterval: liveRefetchInterval(PACKAGE_REFETCH.grid),
    staleTime: 5_000,
  });
}
