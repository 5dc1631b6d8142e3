import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/** The packages' dashboard widgets: the building's packages at a glance. */
export const packageWidgets: readonly DashboardWidget[] = [
  {
    key: "packages-summary",
    title: "Packages",
    size: "small",
    order: 50,
    action: "nav.packages",
    live: ["packages"],
    Component: lazy(() =>
      import("./components/PackagesSummaryWidget.tsx").then((m) => ({ default: m.PackagesSummaryWidget })),
    ),
  },
];
