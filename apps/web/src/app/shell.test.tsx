import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { QueryClient } from "@tanstack/react-query";
import Cookies from "js-cookie";
import type { Building, Me, QuickSearchItem, Role } from "@portico/contract";
import { mergeBuildingSettings, ROLE_DISPLAY } from "@portico/contract";
import { configureApi } from "../lib/api.ts";
import { lastBuildingCookieName } from "../lib/cookies.ts";
import { AppProviders } from "./providers.tsx";
import { routes } from "./routes.tsx";
import { ErrorBoundary } from "../components/ErrorBoundary.tsx";

const BUILDINGS: Building[] = [
  { id: 1, address: "100 Main Street", name: "Main Tower", time_zone: "America/New_York" },
  { id: 2, address: "200 Park Avenue", name: "Park Place", time_zone: "America/New_York" },
];

const QUICK: QuickSearchItem[] = [
  {
    apartment_id: 11,
    apartment_number: "1201",
    leases: [
      {
        occupancy_id: 77,
        is_future: false,
        is_do_not_disturb: false,
        occupants: [{ occupant_id: 1, first_name: "Ann", last_name: "Lee" }],
      },
      {
        occupancy_id: 78,
        is_future: true,
        is_do_not_disturb: false,
        occupants: [{ occupant_id: 2, first_name: "Bob", last_name: "Ray" }],
      },
    ],
  },
  { apartment_id: 12, apartment_number: "1202", leases: [] },
  {
    apartment_id: 13,
    apartment_number: "305",
    leases: [
      {
        occupancy_id: 79,
        is_future: false,
        is_do_not_disturb: false,
        occupants: [{ occupant_id: 3, first_name: "Cara", last_name: "Diaz" }],
      },
    ],
  },
];

function makeMe(role: Role, buildings = BUILDINGS): Me {
  return {
    id: 42,
    username: "jdoe",
    email: "jdoe@example.com",
    first_name: "Jane",
    last_name: "Doe",
    role,
    role_display: ROLE_DISPLAY[role],
    portfolio: { name: "Acme Residential", logo_url: null, employee_portal_name: "Acme Staff" },
    buildings: buildings.map(({ id, address, name }) => ({ id, address, name })),
    tenant_site_url: "https://tenants.example.com/",
    change_password_url: "/oidc/account/password",
  };
}

interface Server {
  me?: Me | { status: number };
  buildings?: Building[];
  settings?: Parameters<typeof mergeBuildingSettings>[1];
}

function mockServer({ me = makeMe("MG"), buildings = BUILDINGS, settings: patch = {} }: Server = {}) {
  const json = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  const fetchMock = vi.fn((url: string) => {
    const path = url.replace(/^\/api\/v1/, "");
    if (path.startsWith("/me/")) return "status" in me ? json(me.status, { detail: "boom" }) : json(200, me);
    // A building's own lists (clubs, amenity types, reservations…) are empty here.
    if (/^\/core\/buildings\/\d+\/./.test(path)) return json(200, { count: 0, next: null, previous: null, results: [] });
    if (path.startsWith("/core/buildings/"))
      return json(200, { count: buildings.length, next: null, previous: null, results: buildings });
    const settings = path.match(/^\/core\/building-settings\/(\d+)\//);
    if (settings) return json(200, { id: 1, building: Number(settings[1]), ...mergeBuildingSettings({}, patch) });
    if (path.startsWith("/core/quick-search/")) return json(200, QUICK);
    return json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const at = (router: ReturnType<typeof renderApp>, pathname: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 4000 });

beforeEach(() => {
  configureApi({ getToken: () => "test-token", onUnauthorized: () => {}, onAuthorizationError: () => {} });
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("start-up and building selection", () => {
  it("/ opens the first building's dashboard and remembers it in a cookie", async () => {
    mockServer();
    const router = renderApp("/");
    await at(router, "/1/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "Main Tower" })).toBeTruthy();
    expect(screen.getByText("100 Main Street", { selector: "p" })).toBeTruthy();
    await waitFor(() => expect(Cookies.get(lastBuildingCookieName(42))).toBe("1"));
  });

  it("/ opens the last building from the cookie when still accessible", async () => {
    Cookies.set(lastBuildingCookieName(42), "2");
    mockServer();
    const router = renderApp("/");
    await at(router, "/2/dashboard");
  });

  it("ignores a remembered building that is no longer accessible", async () => {
    Cookies.set(lastBuildingCookieName(42), "9");
    mockServer();
    const router = renderApp("/");
    await at(router, "/1/dashboard");
  });

  it("?building= selects the building", async () => {
    mockServer();
    const router = renderApp("/1/dashboard?building=2");
    await at(router, "/2/dashboard");
  });

  it("an inaccessible building says so and goes back to /", async () => {
    mockServer();
    const router = renderApp("/9/dashboard");
    expect(await screen.findByText("You do not have access to this building")).toBeTruthy();
    await at(router, "/1/dashboard");
  });

  it("a user without buildings sees the no-buildings message", async () => {
    mockServer({ me: makeMe("FD", []), buildings: [] });
    renderApp("/");
    expect(
      await screen.findByText("There are no buildings for you to view. Please contact representative or admin."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("a failed profile load shows the connection-problem page with the error name and message", async () => {
    mockServer({ me: { status: 500 } });
    renderApp("/");
    expect(await screen.findByText("There was a problem connecting to the Portico server.")).toBeTruthy();
    expect(screen.getByText("ApiError")).toBeTruthy();
    expect(screen.getByText(/Internal Server Error/)).toBeTruthy();
  });

  it("tenants are sent to the tenant site", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockServer({ me: makeMe("TN") });
    renderApp("/");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://tenants.example.com/"));
  });

  it("tenants of a portal without a tenant site are told where it is configured, and can sign out", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    mockServer({ me: { ...makeMe("TN"), tenant_site_url: null } });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Tenant site" })).toBeTruthy();
    expect(screen.getByText(/Tenants use the tenant site, which is not configured here/)).toBeTruthy();
    expect(screen.getByText("TENANT_SITE_URL")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(document.title).toContain("Tenant site");
  });
});

describe("not found", () => {
  it("unknown paths in a building show the 404 page with a link back to the dashboard", async () => {
    mockServer();
    renderApp("/1/no-such-page");
    expect(await screen.findByRole("heading", { name: "404 - Page not found." })).toBeTruthy();
    expect(screen.getByText("Sorry, but this page doesn't exist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to dashboard" }).getAttribute("href")).toBe("/1/dashboard");
  });

  it("/not-found and unknown top-level paths", async () => {
    mockServer();
    renderApp("/not-found");
    expect(await screen.findByRole("heading", { name: "404 - Page not found." })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to dashboard" }).getAttribute("href")).toBe("/");
  });

  it("non-numeric first segments are not buildings", async () => {
    mockServer();
    renderApp("/whatever/else");
    expect(await screen.findByRole("heading", { name: "404 - Page not found." })).toBeTruthy();
  });
});

describe("navigation by role", () => {
  it("staff see the sidebar with Dashboard, the quick search, the building switcher, Sign out and the user menu", async () => {
    mockServer();
    renderApp("/1/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Building navigation" });
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/1/dashboard");
    expect(within(nav).queryByRole("link", { name: "Admin" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Unit or name" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Building" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "User menu" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Jane Doe")).toBeTruthy();
    expect(within(menu).getByText("Manager")).toBeTruthy();
    expect(within(menu).getByRole("menuitem", { name: "Change password" }).getAttribute("href")).toBe(
      "/oidc/account/password",
    );
    expect(within(menu).getByRole("menuitem", { name: "Sign out" })).toBeTruthy();
  });

  it("property owners see only Sign out", async () => {
    mockServer({ me: makeMe("PO") });
    renderApp("/1/dashboard");
    expect(await within(await screen.findByRole("banner")).findByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Unit or name" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Building" })).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("button", { name: "User menu" })).toBeNull();
  });

  it("a property owner typing a staff URL sees what the account can do, with no staff actions", async () => {
    const fetchMock = mockServer({ me: makeMe("PO") });
    renderApp("/1/packages");
    expect(await screen.findByRole("heading", { name: "This page is not part of your account" })).toBeTruthy();
    expect(screen.getByText(/the only thing this account can do here is sign out/)).toBeTruthy();
    const main = screen.getByRole("main");
    expect(
      within(main)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Sign out"]);
    expect(within(main).queryAllByRole("link")).toEqual([]);
    expect(screen.queryByText(/Forbidden/)).toBeNull();
    // Nothing of the building's settings is asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/building-settings/"))).toBe(false);
  });

  it("a club admin on a staff page is pointed to amenity reservations", async () => {
    mockServer({ me: makeMe("CA") });
    renderApp("/1/manage/unit-profiles");
    expect(await screen.findByRole("heading", { name: "This page is not part of your account" })).toBeTruthy();
    expect(
      screen.getByText(/Club Admin accounts work with amenity reservations and the building's clubs/),
    ).toBeTruthy();
    const link = within(screen.getByRole("main")).getByRole("link", { name: "Go to amenity reservations" });
    expect(link.getAttribute("href")).toBe("/1/amenity-reservations");
    expect(screen.queryByText(/Forbidden/)).toBeNull();
  });

  it("amenity-only users are pushed to amenity reservations and see only Amenities", async () => {
    mockServer({ me: makeMe("AO"), settings: { amenitysettings: { has_amenities: true } } });
    const router = renderApp("/1/dashboard");
    await at(router, "/1/amenity-reservations");
    expect(await screen.findByRole("heading", { name: "Amenity reservations" })).toBeTruthy();
    expect(await screen.findByText("No reservations")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Building navigation" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Amenities"]);
  });

  it("non-office users are sent from /admin to /", async () => {
    mockServer({ me: makeMe("MG") });
    const router = renderApp("/admin/dashboard");
    await at(router, "/1/dashboard");
  });

  it("office users get the Admin link and admin mode with a way back", async () => {
    mockServer({ me: makeMe("OF") });
    const router = renderApp("/1/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Building navigation" });
    fireEvent.click(within(nav).getByRole("link", { name: "Admin" }));
    await at(router, "/admin/dashboard");
    expect(await screen.findByRole("heading", { name: "Portfolio administration" })).toBeTruthy();
    expect(screen.getByText("Acme Residential")).toBeTruthy();
    const adminNav = screen.getByRole("navigation", { name: "Admin navigation" });
    expect(within(adminNav).getByRole("link", { name: "Admin dashboard" })).toBeTruthy();
    fireEvent.click(within(adminNav).getByRole("link", { name: "User mode" }));
    await at(router, "/1/dashboard");
  });
});

describe("quick search and building switch", () => {
  async function search(text: string) {
    const box = await screen.findByRole("combobox", { name: "Unit or name" });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: text } });
    return screen.findAllByRole("option", {}, { timeout: 3000 });
  }

  it("lists units with names, 'Vacant' and a 'Future' tag, and opens the unit profile", async () => {
    mockServer();
    const router = renderApp("/1/dashboard");
    const options = await search("120");
    expect(options.map((o) => o.textContent)).toEqual(["1201Ann Lee", "1201Bob RayFuture", "1202Vacant"]);
    fireEvent.click(options[0]);
    await at(router, "/1/manage/unit-profiles/77");
  });

  it("finds by name", async () => {
    mockServer();
    renderApp("/1/dashboard");
    const options = await search("cara");
    expect(options.map((o) => o.textContent)).toEqual(["305Cara Diaz"]);
  });

  it("a vacant unit opens the create page with the apartment", async () => {
    mockServer();
    const router = renderApp("/1/dashboard");
    const options = await search("1202");
    fireEvent.click(options[0]);
    await at(router, "/1/manage/unit-profiles/create");
    expect(router.state.location.search).toBe("?apartment_id=12&apartment_number=1202");
  });

  it("changing building goes to that building's dashboard", async () => {
    mockServer();
    const router = renderApp("/1/dashboard");
    const box = await screen.findByRole("combobox", { name: "Building" });
    fireEvent.mouseDown(box);
    fireEvent.click(await screen.findByRole("option", { name: "200 Park Avenue" }));
    await at(router, "/2/dashboard");
  });
});

describe("error boundary", () => {
  it("a crashed section shows the spec's message", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const Boom = () => {
      throw new Error("kaput");
    };
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText("Something went wrong. Please refresh the page.")).toBeTruthy();
    spy.mockRestore();
  });
});

describe("connectivity", () => {
  it("shows the offline banner and the back-online notice", async () => {
    mockServer();
    renderApp("/1/dashboard");
    await screen.findByRole("heading", { level: 1, name: "Main Tower" });
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(await screen.findByText("You are now offline. Any edits will not be saved.")).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("You are now back online.")).toBeTruthy();
    onLine.mockRestore();
  });
});
