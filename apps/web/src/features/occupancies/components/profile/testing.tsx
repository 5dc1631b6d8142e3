/** Shared set-up of the unit profile component tests: fixtures, a fake API and the app's providers. */
import type { ReactNode } from "react";
import { vi } from "vitest";
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import {
  type Building,
  type BuildingSettingsGroups,
  defaultBuildingSettings,
  type Me,
  type Occupancy,
  type OccupancyNote,
  type Occupant,
  type Role,
} from "@portico/contract";
import { AppProviders } from "../../../../app/providers.tsx";
import { configureApi } from "../../../../lib/api.ts";
import { BuildingContext, MeContext } from "../../../../lib/session.tsx";

export const BUILDING: Building = {
  id: 1,
  address: "100 Riverside Drive",
  name: "The Riverside",
  time_zone: "America/New_York",
};

export function makeMe(role: Role = "FD", id = 42): Me {
  return {
    id,
    username: role === "FD" ? "frontdesk" : "manager",
    email: "staff@example.com",
    first_name: "Dana",
    last_name: "Staff",
    role,
    role_display: role,
    portfolio: { name: "Acme", logo_url: null, employee_portal_name: "Acme Staff" },
    buildings: [{ id: 1, address: BUILDING.address, name: BUILDING.name }],
    tenant_site_url: "https://residents.example.com",
    change_password_url: null,
  };
}

export function makeOccupant(over: Partial<Occupant> = {}): Occupant {
  return {
    id: 188,
    user_id: 500,
    first_name: "Taylor",
    last_name: "Morgan",
    username: "tmorgan1203",
    email: "taylor.morgan@example.com",
    is_placeholder_email: false,
    has_email: true,
    phone_number: "(212) 555-0199",
    pronouns: "she/her",
    emergency_contact_info: "Sam Morgan (212) 555-0100",
    type: "TN",
    type_display: "Tenant",
    is_active: true,
    photo_url: null,
    welcome_email_sent_time: null,
    apartment_number: "1203",
    occupancy_id: 91,
    building_id: 1,
    has_account: true,
    notification_preferences: {
      is_text_maintenance_activity: false,
      is_email_maintenance_activity: true,
      is_text_package_activity: false,
      is_email_package_activity: true,
    },
    ...over,
  };
}

export function makeOccupancy(over: Partial<Occupancy> = {}): Occupancy {
  return {
    id: 91,
    building_id: 1,
    building_name: "The Riverside",
    apartment_id: 11,
    apartment_number: "1203",
    bedrooms: "2BR",
    bathrooms: "1.5",
    floor: "12",
    line: "03",
    is_balcony_apt: false,
    is_management: false,
    is_active: true,
    is_future: false,
    status: "CURRENT",
    is_do_not_disturb: false,
    is_lease_expired: false,
    lease_start_date: "2026-01-01",
    lease_end_date: "2026-12-31",
    move_in_date: "2026-01-02",
    move_out_date: null,
    occupant_set: [makeOccupant()],
    inactive_occupant_set: [],
    flag: null,
    tracking: null,
    tracking_employees: [],
    external_lease_id: null,
    encoded_external_lease_id: null,
    date_created: "2026-01-01T12:00:00.000Z",
    last_modified: "2026-01-01T12:00:00.000Z",
    ...over,
  };
}

export function makeNote(over: Partial<OccupancyNote> = {}): OccupancyNote {
  return {
    id: 7,
    occupancy_id: 91,
    note: "Renewal offer sent",
    entered_by: {
      id: 3,
      username: "manager",
      email: "manager@example.com",
      first_name: "Morgan",
      last_name: "Lee",
      is_active: true,
      role_display: "Manager",
    },
    links: [],
    dateCreated: "2026-03-02T15:00:00.000Z",
    lastModified: "2026-03-02T15:00:00.000Z",
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

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/** Replaces fetch: `handler` answers first; then empty lists and 404. */
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
    if (call.path.endsWith("/adjacent_units/")) return json(200, { previous: null, next: null });
    if (call.path.endsWith("/notes/count/")) return json(200, { count: 0 });
    if (call.method === "GET" && /\/(events|notes|shift-log-notes)\/$/.test(call.path)) return json(200, page([]));
    return json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fetchMock);
  configureApi({ getToken: () => "test-token", onUnauthorized: () => {}, onAuthorizationError: () => {} });
  return { calls, fetchMock };
}

export function settingsWith(patch: (s: BuildingSettingsGroups) => void = () => {}): BuildingSettingsGroups {
  const s = defaultBuildingSettings();
  patch(s);
  return s;
}

/** Renders inside the signed-in app's contexts, at /1/manage/unit-profiles/91 by default. */
export function renderWithApp(
  ui: ReactNode,
  {
    me = makeMe(),
    path = "/1/manage/unit-profiles/91",
    routePath = "/:buildingId/*",
    settings = settingsWith(),
  }: { me?: Me; path?: string; routePath?: string; settings?: BuildingSettingsGroups } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        element: (
          <MeContext.Provider value={me}>
            <BuildingContext.Provider
              value={{ id: BUILDING.id, building: BUILDING, settings: { id: 1, building: 1, ...settings } }}
            >
              {ui}
            </BuildingContext.Provider>
          </MeContext.Provider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client, ...result };
}

/** Sets the window width used by useIsMobile (jsdom's matchMedia answers from it). */
export function setMobile(mobile: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: mobile && /max-width/.test(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}
