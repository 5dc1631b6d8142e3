import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/**
 * The keys' dashboard widget (beyond the spec): keys out or missing past the building's
 * `accesskeyssettings.overdue_hours`, live on the access_keys topic.
 */
export const keyWidgets: readonly DashboardWidget[] = [
  {
    key: "overdue-keys",
    title: "Overdue keys",
    size: "small",
    // After the instructions' buttons (5).
    order: 8,
    action: "key.use",
    live: ["access_keys"],
    Component: lazy(() => import("./components/OverdueKeysWidget.tsx").then((m) => ({ default: m.OverdueKeysWidget }))),
  },
];
