import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/** The shift log's dashboard widgets: the Shift log tab of the front desk card (document 1 section 2.3). */
export const shiftLogWidgets: readonly DashboardWidget[] = [
  {
    key: "shift-log",
    title: "Shift log",
    size: "large",
    // Instructions (10), Shift log, Contractors (30): the spec's order of the tabs.
    order: 20,
    group: "front-desk",
    action: "shiftlog.view",
    live: ["shift_logs"],
    Component: lazy(() =>
      import("./components/DashboardShiftLogTab.tsx").then((m) => ({ default: m.DashboardShiftLogTab })),
    ),
  },
];
