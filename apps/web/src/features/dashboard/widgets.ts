/**
 * The dashboard's widgets, as data: each area that owns a dashboard section (instructions,
 * shift log, contractors, notes from management, active employees, action items, upcoming
 * occupancies and move-outs …) appends an entry here. Order in the table is order on screen.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
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

/**
 * The tabs of the left column (document 1 section 2.3): Instructions, Shift log, Contractors.
 * A tab shows once its area ships it (`exists` and a Component) and can() allows it.
 */
export interface DashboardTab {
  key: string;
  label: string;
  action?: Action;
  exists: boolean;
  Component?: LazyExoticComponent<ComponentType> | ComponentType;
}

export const DASHBOARD_TABS: readonly DashboardTab[] = [
  { key: "instructions", label: "Instructions", action: "nav.instructions", exists: false },
  {
    key: "shift-log",
    label: "Shift log",
    action: "shiftlog.view",
    exists: true,
    Component: lazy(() =>
      import("../shift-logs/components/DashboardShiftLogTab.tsx").then((m) => ({ default: m.DashboardShiftLogTab })),
    ),
  },
  { key: "contractors", label: "Contractors", action: "nav.contractors", exists: false },
];

export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [
  {
    key: "tabs",
    column: "left",
    Component: lazy(() => import("./components/DashboardTabs.tsx").then((m) => ({ default: m.DashboardTabs }))),
  },
];
