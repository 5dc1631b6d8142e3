/**
 * The one set-up of the web component tests: a fake API in place of `fetch`, and the app's
 * providers (query client, theme, alerts, date pickers, the signed-in user and building) around
 * the component, in a memory router. A feature's tests add their fixtures and default answers.
 */
import type { ReactNode } from "react";
import { vi } from "vitest";
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import {
  type Building,
  type BuildingSettingsGroups,
  defaultBuildingSettings,
  type Me,
  type Role,
} from "@portico/contract";
import { AppProviders } from "../app/providers.tsx";
import { configureApi } from "../lib/api.ts";
import { BuildingContext, MeContext } from "../lib/session.tsx";
import { fakeMatchMedia } from "./matchMedia.ts";

export const BUILDING: Building = {
  id: 1,
  address: "100 Riverside Drive",
  name: "The Riverside",
  time_zone: "America/New_York",
};

/** A signed-in staff member of BUILDING (Front Desk unless told). */
export function makeMe(role: Role = "FD", over: Partial<Me> = {}): Me {
  return {
    id: 42,
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
    ...over,
  };
}

/** One page of a paginated list. */
export const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Answer = { status: number; body: unknown; statusText?: string };
export type Handler = (call: FakeCall) => Answer | undefined;

/**
 * Replaces fetch: `handler` answers first, then each of `defaults` in turn, else 404. Paths are
 * seen without the /api/v1 prefix; every call is kept in `calls`.
 */
export function fakeApi(handler: Handler = () => undefined, ...defaults: Handler[]) {
  const calls: FakeCall[] = [];
  const respond = ({ status, body, statusText }: Answer) =>
    Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        statusText,
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
    for (const answer of [handler, ...defaults]) {
      const a = answer(call);
      if (a) return respond(a);
    }
    return respond({ status: 404, body: { detail: "Not found." } });
  });
  vi.stubGlobal("fetch", fetchMock);
  configureApi({ getToken: () => "test-token", onUnauthorized: () => {}, onAuthorizationError: () => {} });
  return { calls, fetchMock };
}

export interface RenderOptions {
  me?: Me;
  /** Where the memory router starts. */
  path?: string;
  /** The route the component is rendered on. */
  routePath?: string;
  settings?: BuildingSettingsGroups;
  /** Other routes (e.g. stand-ins for the pages a component navigates to). */
  extraRoutes?: RouteObject[];
}

/** Renders `ui` inside the signed-in app's providers, on `routePath` of a memory router at `path`. */
export function renderWithApp(
  ui: ReactNode,
  {
    me = makeMe(),
    path = "/1/dashboard",
    routePath = "/:buildingId/*",
    settings = defaultBuildingSettings(),
    extraRoutes = [],
  }: RenderOptions = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = (
    <MeContext.Provider value={me}>
      <BuildingContext.Provider
        value={{ id: BUILDING.id, building: BUILDING, settings: { id: 1, building: 1, ...settings } }}
      >
        <LocalizationProvider dateAdapter={AdapterDayjs}>{ui}</LocalizationProvider>
      </BuildingContext.Provider>
    </MeContext.Provider>
  );
  const router = createMemoryRouter([{ path: routePath, element }, ...extraRoutes], { initialEntries: [path] });
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, client, ...result };
}

/** Sets the window width used by useIsMobile (jsdom's matchMedia answers from it). */
export function setMobile(mobile: boolean) {
  vi.stubGlobal("matchMedia", fakeMatchMedia((query) => mobile && /max-width/.test(query)));
}
