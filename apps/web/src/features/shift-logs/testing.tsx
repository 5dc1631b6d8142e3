/** Shared set-up of the shift log component tests: a fake API and the app's providers. */
import type { ReactNode } from "react";
import { vi } from "vitest";
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import {
  type ApartmentDropdownItem,
  type Building,
  defaultBuildingSettings,
  type Me,
  type Role,
  type ShiftLogNote,
  type ShiftLogType,
} from "@portico/contract";
import { AppProviders } from "../../app/providers.tsx";
import { configureApi } from "../../lib/api.ts";
import { BuildingContext, MeContext } from "../../lib/session.tsx";

export const BUILDING: Building = {
  id: 1,
  address: "100 Riverside Drive",
  name: "The Riverside",
  time_zone: "America/New_York",
};

export function makeMe(role: Role = "FD", id = 42): Me {
  return {
    id,
    username: "desk",
    email: "desk@example.com",
    first_name: "Dana",
    last_name: "Desk",
    role,
    role_display: role,
    portfolio: { name: "Acme", logo_url: null, employee_portal_name: "Acme Staff" },
    buildings: [{ id: 1, address: BUILDING.address, name: BUILDING.name }],
    tenant_site_url: null,
    change_password_url: null,
  };
}

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

export const TYPES: ShiftLogType[] = [
  {
    id: 1,
    name: "General",
    short_name: "GEN",
    description: "",
    display_order: 1,
    is_active: true,
    is_immutable: false,
    code: null,
  },
  {
    id: 2,
    name: "Security",
    short_name: "SEC",
    description: "",
    display_order: 2,
    is_active: true,
    is_immutable: false,
    code: null,
  },
];

export function makeNote(over: Partial<ShiftLogNote> = {}): ShiftLogNote {
  return {
    id: 500,
    body: "Water in the lobby",
    owner: { id: 42, first_name: "Dana", last_name: "Desk", username: "desk" },
    date_created: "2026-03-02T15:00:00.000Z",
    last_modified: "2026-03-02T15:00:00.000Z",
    apartments: [{ id: 11, apartment_number: "1203", current_occupancy_id: 91 }],
    occupancy_ids: [91],
    shift_log_type_id: 1,
    shift_log_type_name: "General",
    shift_log_type_short_name: "GEN",
    is_end_of_shift: false,
    is_high_priority: false,
    building: { id: 1, name: "The Riverside" },
    location: null,
    is_edited: false,
    ...over,
  };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (call: FakeCall) => { status: number; body: unknown } | undefined;

/** Replaces fetch: the lookups answer by default; `handler` answers first. */
export function fakeApi(handler: Handler = () => undefined, settings = defaultBuildingSettings()) {
  const calls: FakeCall[] = [];
  const json = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
    );
  const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = new URL(url, "http://localhost");
    const call: FakeCall = {
      method: init?.method ?? "GET",
      path: u.pathname.replace(/^\/api\/v1/, ""),
      query: u.searchParams,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer = handler(call);
    if (answer) return json(answer.status, answer.body);
    if (call.path.startsWith("/core/building-settings/")) return json(200, { id: 1, building: 1, ...settings });
    if (call.path.endsWith("/apartments/dropdown/")) return json(200, APARTMENTS);
    if (call.path === "/shift-logs/shift-log-types/") return json(200, page(TYPES));
    if (call.path === "/shift-logs/notes/" && call.method === "GET") return json(200, page([]));
    return json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fetchMock);
  configureApi({ getToken: () => "test-token", onUnauthorized: () => {}, onAuthorizationError: () => {} });
  return { calls, fetchMock };
}

/** The providers a shift log component needs, in a memory router. */
export function renderWithApp(
  ui: ReactNode,
  { me = makeMe(), path = "/1/dashboard", routePath = "/:buildingId/*", settings = defaultBuildingSettings() } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes: RouteObject[] = [
    {
      path: routePath,
      element: (
        <MeContext.Provider value={me}>
          <BuildingContext.Provider
            value={{ id: BUILDING.id, building: BUILDING, settings: { id: 1, building: 1, ...settings } }}
          >
            <LocalizationProvider dateAdapter={AdapterDayjs}>{ui}</LocalizationProvider>
          </BuildingContext.Provider>
        </MeContext.Provider>
      ),
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client, ...result };
}
