import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/**
 * The dashboard widgets of document 3 ("Dashboard items"): 'Active employees today' (the second
 * staff group), 'Action items' (when one of its items applies to the viewer), 'Upcoming
 * occupancies' and 'Upcoming move outs' (buildings with reservations), in the side column.
 */
export const dashboardWidgetWidgets: readonly DashboardWidget[] = [
  {
    key: "action-items",
    title: "Action items",
    size: "small",
    // The right side: Action items, Upcoming occupancies, Upcoming move outs (document 1 section 2.3).
    order: 60,
    action: "dashboard.action_items",
    anyOf: ["elevator.decide", "amenity.book"],
    live: ["elevator_reservations", "amenity_reservations"],
    Component: lazy(() => import("./components/ActionItemsWidget.tsx").then((m) => ({ default: m.ActionItemsWidget }))),
  },
  {
    key: "upcoming-occupancies",
    title: "Upcoming occupancies",
    size: "small",
    order: 61,
    action: "occupancy.view",
    live: ["units", "clubs"],
    Component: lazy(() =>
      import("./components/UpcomingOccupanciesWidget.tsx").then((m) => ({ default: m.UpcomingOccupanciesWidget })),
    ),
  },
  {
    key: "upcoming-move-outs",
    title: "Upcoming move outs",
    size: "small",
    order: 62,
    action: "move_out.invite",
    setting: (s) => s.reservationsettings.has_reservations,
    live: ["units", "elevator_reservations"],
    Component: lazy(() =>
      import("./components/UpcomingMoveOutsWidget.tsx").then((m) => ({ default: m.UpcomingMoveOutsWidget })),
    ),
  },
  {
    key: "active-employees",
    title: "Active employees today",
    size: "small",
    order: 70,
    action: "dashboard.active_employees",
    live: ["employees"],
    Component: lazy(() =>
      import("./components/ActiveEmployeesWidget.tsx").then((m) => ({ default: m.ActiveEmployeesWidget })),
    ),
  },
];
