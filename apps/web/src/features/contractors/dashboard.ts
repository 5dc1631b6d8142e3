import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/** The contractors' dashboard widget (document 1 section 2.3): the Contractors tab of the front desk card. */
export const contractorWidgets: readonly DashboardWidget[] = [
  {
    key: "contractors",
    title: "Contractors",
    size: "large",
    // Instructions (10), Shift log (20), Contractors (30): the spec's order of the tabs.
    order: 30,
    group: "front-desk",
    action: "contractor.use",
    live: ["contractors", "contractor_types"],
    Component: lazy(() =>
      import("./components/DashboardContractorsTab.tsx").then((m) => ({ default: m.DashboardContractorsTab })),
    ),
  },
];
