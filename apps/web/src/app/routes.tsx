/**
 * The route table (spec document 1 section 2, document 3 section 2). Every route is lazy;
 * each area adds its routes here and flips its item in shell/nav.ts to `exists: true`.
 * The table ends with /not-found and the catch-all.
 */
import { Navigate, type RouteObject } from "react-router";
import { RouteErrorPage, SectionRouteError } from "./pages/RouteErrorPage.tsx";
import { FullPageProgress } from "../components/FullPageProgress.tsx";

const notFound = () => import("./pages/NotFoundPage.tsx");

export const routes: RouteObject[] = [
  {
    id: "session",
    lazy: () => import("./SessionGate.tsx"),
    errorElement: <RouteErrorPage />,
    HydrateFallback: FullPageProgress,
    children: [
      { index: true, lazy: async () => ({ Component: (await import("./pages/RootRedirect.tsx")).RootRedirect }) },
      { path: "not-found", lazy: async () => ({ Component: (await notFound()).NotFoundStandalone }) },
      {
        path: "admin",
        lazy: () => import("./shell/AdminShell.tsx"),
        children: [
          {
            errorElement: <SectionRouteError />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", lazy: () => import("../features/admin/pages/AdminDashboardPage.tsx") },
              { path: "shift-log", lazy: () => import("../features/shift-logs/pages/AdminShiftLogPage.tsx") },
              {
                path: "settings/shift-log-types",
                lazy: () => import("../features/shift-logs/pages/ShiftLogTypesPage.tsx"),
              },
              { path: "*", lazy: notFound },
            ],
          },
        ],
      },
      {
        path: ":buildingId",
        lazy: () => import("./shell/BuildingShell.tsx"),
        children: [
          {
            errorElement: <SectionRouteError />,
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", lazy: () => import("../features/dashboard/pages/DashboardPage.tsx") },
              {
                path: "dashboard/shift-logs-search",
                lazy: () => import("../features/shift-logs/pages/ShiftLogSearchPage.tsx"),
              },
              {
                path: "amenity-reservations",
                lazy: () => import("../features/amenity-reservations/pages/AmenityReservationsPage.tsx"),
              },
              { path: "*", lazy: notFound },
            ],
          },
        ],
      },
      { path: "*", lazy: async () => ({ Component: (await notFound()).NotFoundStandalone }) },
    ],
  },
];
