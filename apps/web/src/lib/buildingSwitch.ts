import { useCallback } from "react";
import { useMatches, useNavigate, type UIMatch } from "react-router";

/**
 * Route `handle` entries may say where a building change goes from their page
 * (e.g. packages pages go to the new building's packages page). Default: its dashboard.
 */
export interface BuildingSwitchHandle {
  onBuildingChange?: (building: number) => string;
}

export function useSwitchBuilding(): (building: number) => void {
  const matches = useMatches() as UIMatch<unknown, BuildingSwitchHandle | undefined>[];
  const navigate = useNavigate();
  return useCallback(
    (building: number) => {
      let target = `/${building}/dashboard`;
      for (let i = matches.length - 1; i >= 0; i--) {
        const h = matches[i].handle;
        if (h?.onBuildingChange) {
          target = h.onBuildingChange(building);
          break;
        }
      }
      navigate(target);
    },
    [matches, navigate],
  );
}
