/**
 * The dashboard's widgets, as data: each area that owns a dashboard section (instructions,
 * shift log, contractors, notes from management, active employees, action items, upcoming
 * occupancies and move-outs …) appends an entry here. Order in the table is order on screen.
 */
import type { ComponentType, LazyExoticComponent } from "react";
import type { Action, Role } from "@portico/contract";

export interface DashboardWidget {
  key: string;
  column: "left" | "right";
  /** Asked through can() in the current building. */
  action?: Action;
  /** Extra role restriction (e.g. the second staff group only). */
  roles?: readonly Role[];
  Component: LazyExoticComponent<ComponentType> | ComponentType;
}

export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [];
