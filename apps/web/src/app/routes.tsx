/**
 * The route table (spec document 1 section 2, document 3 section 2). Every route is lazy;
 * each area adds its routes here and flips its item in shell/nav.ts to `exists: true`.
 * The table ends with /not-found and the catch-all.
 */
import { Navigate, type RouteObject } from "react-router";
import { RouteErrorPage, SectionRouteError } from "./pages/RouteErrorPage.tsx";
import { FullPageProgress } from "../components/FullPageProgress.tsx";
import type { BuildingSwitchHandle } from "../lib/buildingSwitch.ts";

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
                path: "messaging/portfolio_memo",
                lazy: () => import("../features/memos/pages/PortfolioMemoPage.tsx"),
              },
              {
                path: "settings/shift-log-types",
                lazy: () => import("../features/shift-logs/pages/ShiftLogTypesPage.tsx"),
              },
              {
                path: "settings/instruction-types",
                lazy: () => import("../features/instructions/pages/InstructionTypesPage.tsx"),
              },
              {
                path: "settings/maintenance-request-types",
                lazy: () => import("../features/maintenance-requests/pages/MaintenanceRequestTypesPage.tsx"),
              },
              {
                path: "settings/reservation-types",
                children: [
                  {
                    index: true,
                    lazy: () => import("../features/elevator-reservations/pages/ReservationTypesPage.tsx"),
                  },
                  {
                    path: "create",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationTypeFormPage.tsx"),
                  },
                  {
                    path: "edit/:reservationTypeId",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationTypeFormPage.tsx"),
                  },
                ],
              },
              {
                path: "settings/package-types",
                children: [
                  { index: true, lazy: () => import("../features/packages/pages/PackageTypesPage.tsx") },
                  { path: "create", lazy: () => import("../features/packages/pages/PackageTypeFormPage.tsx") },
                  {
                    path: "edit/:packageTypeId",
                    lazy: () => import("../features/packages/pages/PackageTypeFormPage.tsx"),
                  },
                ],
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
              { path: "communication", lazy: () => import("../features/memos/pages/CommunicationPage.tsx") },
              {
                path: "communication/letters/:recordId/print",
                lazy: () => import("../features/memos/pages/LettersPrintPage.tsx"),
              },
              {
                path: "communication/records/:recordId",
                lazy: () => import("../features/email-history/pages/EmailRecordPage.tsx"),
              },
              {
                // Clubs and amenities (document 3 section 2); the type page is also reached from the reservations.
                path: "clubs",
                children: [
                  { index: true, lazy: () => import("../features/clubs/pages/ClubsPage.tsx") },
                  { path: ":clubId/amenity-types", lazy: () => import("../features/clubs/pages/AmenityTypesPage.tsx") },
                  {
                    path: ":clubId/amenity-types/:amenityType",
                    lazy: () => import("../features/clubs/pages/AmenityTypePage.tsx"),
                  },
                  { path: ":clubId/members", lazy: () => import("../features/clubs/pages/ClubMembersPage.tsx") },
                  { path: ":clubId/pool-check-in", lazy: () => import("../features/clubs/pages/PoolCheckInPage.tsx") },
                ],
              },
              {
                path: "amenity-reservations/amenity-type/:amenityType",
                lazy: () => import("../features/clubs/pages/AmenityTypePage.tsx"),
              },
              {
                path: "clubs/:clubId/amenity-view",
                lazy: () => import("../features/amenity-reservations/pages/ClubAmenityViewPage.tsx"),
              },
              {
                // Switching building on a package page goes to that building's packages (or close) page.
                path: "packages",
                handle: { onBuildingChange: (b: number) => `/${b}/packages` } satisfies BuildingSwitchHandle,
                children: [
                  { index: true, lazy: () => import("../features/packages/pages/PackagesGridPage.tsx") },
                  { path: "log", lazy: () => import("../features/packages/pages/LogPackagesPage.tsx") },
                  { path: "batch", lazy: () => import("../features/packages/pages/BatchPage.tsx") },
                  {
                    path: "close",
                    handle: { onBuildingChange: (b: number) => `/${b}/packages/close` } satisfies BuildingSwitchHandle,
                    lazy: () => import("../features/packages/pages/ClosePackagesPage.tsx"),
                  },
                  { path: "list", lazy: () => import("../features/packages/pages/PackageListPage.tsx") },
                  { path: "reminder", lazy: () => import("../features/packages/pages/ReminderPage.tsx") },
                  { path: "print", lazy: () => import("../features/packages/pages/PrintGridPage.tsx") },
                  {
                    path: "print-inventory",
                    lazy: () => import("../features/packages/pages/PrintInventoryPage.tsx"),
                  },
                  {
                    path: "recent-activity",
                    lazy: () => import("../features/packages/pages/RecentActivityPage.tsx"),
                  },
                  { path: ":packageId", lazy: () => import("../features/packages/pages/PackageDetailPage.tsx") },
                ],
              },
              {
                // Switching building on an instruction page goes to that building's instructions.
                path: "front-desk/instructions",
                handle: {
                  onBuildingChange: (b: number) => `/${b}/front-desk/instructions`,
                } satisfies BuildingSwitchHandle,
                children: [
                  { index: true, lazy: () => import("../features/instructions/pages/InstructionsGridPage.tsx") },
                  { path: "list", lazy: () => import("../features/instructions/pages/InstructionListPage.tsx") },
                  { path: "create", lazy: () => import("../features/instructions/pages/InstructionFormPage.tsx") },
                  { path: "edit", lazy: () => import("../features/instructions/pages/InstructionFormPage.tsx") },
                  {
                    path: ":instructionId",
                    lazy: () => import("../features/instructions/pages/InstructionDetailPage.tsx"),
                  },
                ],
              },
              {
                // Keys (document 3 section 2 wins: the grid is /keys/grid; /keys goes there).
                path: "keys",
                handle: { onBuildingChange: (b: number) => `/${b}/keys/grid` } satisfies BuildingSwitchHandle,
                children: [
                  { index: true, element: <Navigate to="grid" replace /> },
                  { path: "grid", lazy: () => import("../features/access-keys/pages/KeysGridPage.tsx") },
                  { path: "batch-out", lazy: () => import("../features/access-keys/pages/BatchOutPage.tsx") },
                  { path: "overdue", lazy: () => import("../features/access-keys/pages/OverdueKeysPage.tsx") },
                  { path: "locations", lazy: () => import("../features/access-keys/pages/KeyLocationsPage.tsx") },
                  { path: ":keyId", lazy: () => import("../features/access-keys/pages/KeyDetailPage.tsx") },
                ],
              },
              {
                path: "lockouts",
                children: [
                  { index: true, lazy: () => import("../features/lockouts/pages/LockoutListPage.tsx") },
                  { path: "create", lazy: () => import("../features/lockouts/pages/LockoutCreatePage.tsx") },
                ],
              },
              {
                path: "contractors",
                children: [
                  { index: true, lazy: () => import("../features/contractors/pages/ContractorListPage.tsx") },
                  {
                    path: "companies",
                    lazy: () => import("../features/contractors/pages/ContractorCompaniesPage.tsx"),
                  },
                ],
              },
              {
                // Maintenance (document 2 section 2): requests, their activity, vendors, recurring requests.
                path: "maintenance",
                handle: {
                  onBuildingChange: (b: number) => `/${b}/maintenance/requests/list`,
                } satisfies BuildingSwitchHandle,
                children: [
                  { index: true, element: <Navigate to="requests/list" replace /> },
                  { path: "requests", element: <Navigate to="list" replace /> },
                  {
                    path: "requests/list",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceListPage.tsx"),
                  },
                  {
                    path: "requests/print",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenancePrintPage.tsx"),
                  },
                  {
                    path: "requests/bulk-print",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceBulkPrintPage.tsx"),
                  },
                  {
                    path: "activity",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceActivityPage.tsx"),
                  },
                  {
                    path: "requests/create",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceCreatePage.tsx"),
                  },
                  {
                    path: "requests/:maintenanceRequestId",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceDetailPage.tsx"),
                  },
                  {
                    path: "requests/:maintenanceRequestId/edit",
                    lazy: () => import("../features/maintenance-requests/pages/MaintenanceDetailPage.tsx"),
                  },
                  { path: "vendors", lazy: () => import("../features/vendors/pages/VendorsPage.tsx") },
                  {
                    path: "recurring-requests/list",
                    lazy: () => import("../features/maintenance-requests/pages/RecurringListPage.tsx"),
                  },
                  {
                    path: "recurring-requests/create",
                    lazy: () => import("../features/maintenance-requests/pages/RecurringFormPage.tsx"),
                  },
                  {
                    path: "recurring-requests/:recurringRequestId/edit",
                    lazy: () => import("../features/maintenance-requests/pages/RecurringFormPage.tsx"),
                  },
                ],
              },
              {
                // Service elevator reservations (document 3 section 2).
                path: "reservations",
                children: [
                  { index: true, element: <Navigate to="list" replace /> },
                  {
                    path: "list",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationListPage.tsx"),
                  },
                  {
                    path: "calendar",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationCalendarPage.tsx"),
                  },
                  {
                    path: "create",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationFormPage.tsx"),
                  },
                  {
                    path: ":reservationId/edit",
                    lazy: () => import("../features/elevator-reservations/pages/ReservationFormPage.tsx"),
                  },
                ],
              },
              {
                path: "settings",
                children: [
                  { index: true, element: <Navigate to="building" replace /> },
                  {
                    path: "building",
                    lazy: () => import("../features/building-settings/pages/BuildingSettingsPage.tsx"),
                  },
                  {
                    path: "maintenance-request-comment-templates",
                    lazy: () => import("../features/maintenance-requests/pages/CommentTemplatesPage.tsx"),
                  },
                ],
              },
              // The template library, memo groups and documents (document 3 sections 2 and 7).
              {
                path: "communication/templates",
                lazy: () => import("../features/email-templates/pages/TemplatesPage.tsx"),
              },
              {
                path: "communication/memo-groups",
                lazy: () => import("../features/memo-groups/pages/MemoGroupsPage.tsx"),
              },
              { path: "manage/documents", lazy: () => import("../features/documents/pages/DocumentsPage.tsx") },
              // Unit-profile list and forms (document 1 section 2.4) and the management hub.
              { path: "manage", lazy: () => import("../features/occupancies/pages/ManagePage.tsx") },
              { path: "manage/unit-profiles", lazy: () => import("../features/occupancies/pages/UnitListPage.tsx") },
              {
                path: "manage/unit-profiles/directory",
                lazy: () => import("../features/occupancies/pages/DirectoryPage.tsx"),
              },
              {
                path: "manage/unit-profiles/create",
                lazy: () => import("../features/occupancies/pages/UnitProfileFormPage.tsx"),
              },
              {
                path: "manage/unit-profiles/edit/:occupancyId",
                lazy: () => import("../features/occupancies/pages/UnitProfileFormPage.tsx"),
              },
              {
                path: "manage/unit-profiles/delete/:occupancyId",
                lazy: () => import("../features/occupancies/pages/UnitProfileDeletePage.tsx"),
              },
              {
                path: "manage/occupant/create/:mode?",
                lazy: () => import("../features/occupancies/pages/OccupantCreatePage.tsx"),
              },
              {
                path: "manage/occupant/edit/:occupantId",
                lazy: () => import("../features/occupancies/pages/OccupantEditPage.tsx"),
              },
              {
                path: "manage/apartment/create",
                lazy: () => import("../features/occupancies/pages/ApartmentFormPage.tsx"),
              },
              {
                path: "manage/apartment/edit/:apartmentId",
                lazy: () => import("../features/occupancies/pages/ApartmentFormPage.tsx"),
              },
              {
                path: "manage/unit-profiles/:occupancyId",
                lazy: () => import("../features/occupancies/pages/UnitProfilePage.tsx"),
                // A unit profile belongs to one building: switching goes to the new building's unit list.
                handle: {
                  onBuildingChange: (b: number) => `/${b}/manage/unit-profiles`,
                } satisfies BuildingSwitchHandle,
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
