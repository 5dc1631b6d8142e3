/** Shared set-up of the unit-profile component tests: a fake API and the app's providers. */
import type { ReactNode } from "react";
import { vi } from "vitest";
import { configure, render } from "@testing-library/react";
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
} from "@portico/contract";
import { AppProviders } from "../../../../app/providers.tsx";
import { configureApi } from "../../../../lib/api.ts";
import { BuildingContext, MeContext } from "../../../../lib/session.tsx";

// A busy machine renders MUI slowly: wait up to 5 s for what a test expects to appear.
configure({ asyncUtilTimeout: 5000 });

export const BUILDING: Building = {
  id: 1,
  address: "100 Riverside Drive",
  name: "The Riverside",
  time_zone: "America/New_York",
};

export const OTHER_BUILDING: Building = {
  id: 2,
  address: "200 Park Avenue",
  name: "Park Place",
  time_zone: "America/New_York",
};

export function makeMe(role: Role = "MG", id = 7): Me {
  return {
    id,
    username: role === "MG" ? "manager" : "frontdesk",
    email: "staff@example.com",
    first_name: "Morgan",
    last_name: "Staff",
    role,
    role_display: role,
    portfolio: { name: "Acme", logo_url: null, employee_portal_name: "Acme Staff" },
    buildings: [
      { id: 1, address: BUILDING.address, name: BUILDING.name },
      { id: 2, address: OTHER_BUILDING.address, name: OTHER_BUILDING.name },
    ],
    tenant_site_url: null,
    change_password_url: null,
  };
}

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 44, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (call: FakeCall) => { status: number; body: unknown } | undefined;

export const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/** Replaces fetch: the lookups answer by default; `handler` answers first. */
export function fakeApi(handler: Handler = () => undefined) {
  const calls: FakeCall[] = [];
  const json = (status: number, body: unknown) =>
    Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
    );
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
    if (call.path.startsWith("/core/building-settings/"))
      return json(200, { id: 1, building: 1, ...defaultBuildingSettings() });
    if (call.path === "/core/buildings/") return json(200, page([BUILDING, OTHER_BUILDING]));
    if (call.path.endsWith("/apartments/dropdown/")) return json(200, APARTMENTS);
    if (call.path === "/core/global-users/") return json(200, page([]));
    return json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fetchMock);
  configureApi({ getToken: () => "test-token", onUnauthorized: () => {}, onAuthorizationError: () => {} });
  return { calls, fetchMock };
}

/** The providers a unit-profile page needs, in a memory router with a stand-in for other pages. */
export function renderWithApp(
  ui: ReactNode,
  { me = makeMe(), path = "/1/manage/unit-profiles", routePath = "/:buildingId/manage/unit-profiles" } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frame = (node: ReactNode) => (
    <MeContext.Provider value={me}>
      <BuildingContext.Provider
        value={{ id: BUILDING.id, building: BUILDING, settings: { id: 1, building: 1, ...defaultBuildingSettings() } }}
      >
        <LocalizationProvider dateAdapter={AdapterDayjs}>{node}</LocalizationProvider>
      </BuildingContext.Provider>
    </MeContext.Provider>
  );
  const routes: RouteObject[] = [
    { path: routePath, element: frame(ui) },
    { path: "*", element: <div data-testid="elsewhere">elsewhere</div> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client, ...result };
}
