/**
 * Who is signed in and which building they are working in, for every area of the app.
 * The shell provides both; features read them with useMe / useBuilding / useCan.
 */
import { createContext, useCallback, useContext, useMemo } from "react";
import type { Action, Building, BuildingSettings, Me, Subject } from "@portico/contract";
import { can } from "@portico/contract";
import { useRequiredContext } from "./requiredContext.ts";

export const MeContext = createContext<Me | null>(null);

export function useMe(): Me {
  return useRequiredContext(MeContext, "useMe outside the signed-in app");
}

export function subjectOf(me: Me): Subject {
  return { id: me.id, role: me.role, buildings: me.buildings.map((b) => b.id) };
}

export interface BuildingState {
  id: number;
  building: Building | undefined;
  /** Undefined while loading (rules that need a setting answer false meanwhile). */
  settings: BuildingSettings | undefined;
}

export const BuildingContext = createContext<BuildingState | null>(null);

/** The current building (inside /{building}/… routes). */
export function useBuilding(): BuildingState {
  return useRequiredContext(BuildingContext, "useBuilding outside a building route");
}

export function useOptionalBuilding(): BuildingState | null {
  return useContext(BuildingContext);
}

/** `can(action)` for the current user in the current building (if any). */
export function useCan(): (action: Action) => boolean {
  const me = useMe();
  const b = useOptionalBuilding();
  const subject = useMemo(() => subjectOf(me), [me]);
  return useCallback(
    (action: Action) => can(subject, action, b ? { id: b.id, settings: b.settings } : undefined),
    [subject, b],
  );
}

/** A short label for a building: its name, else its address. */
export const buildingLabel = (b: Pick<Building, "name" | "address"> | undefined) => b?.name || b?.address || "";
