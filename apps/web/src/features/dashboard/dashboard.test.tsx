import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { matchQuery } from "@tanstack/react-query";
import { type BuildingSettings, can, defaultBuildingSettings, type Role, ROLES, STAFF } from "@portico/contract";
import { LIVE_TOPIC_QUERIES } from "../../app/liveTopics.ts";
import { fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";
import { DashboardGrid } from "./components/DashboardGrid.tsx";
import { cardsOf, type DashboardWidget, layoutOf, visibleWidgets } from "./model.ts";
import { Component as DashboardPage } from "./pages/DashboardPage.tsx";
import { DASHBOARD_WIDGETS } from "./registry.ts";

const SETTINGS: BuildingSettings = { id: 1, building: 1, ...defaultBuildingSettings() };
const withReservations = (on: boolean): BuildingSettings => ({
  ...SETTINGS,
  reservationsettings: { ...SETTINGS.reservationsettings, has_reservations: on },
});

const body = (text: string) =>
  function Body() {
    return <p>{text}</p>;
  };
const widget = (over: Partial<DashboardWidget> & Pick<DashboardWidget, "key">): DashboardWidget => ({
  title: over.key,
  size: "small",
  order: 10,
  Component: body(`${over.key} body`),
  ...over,
});

const viewer = (role: Role, settings: BuildingSettings | undefined = SETTINGS) => ({
  role,
  settings,
  can: (action: Parameters<typeof can>[1]) =>
    can({ id: 1, role, buildings: [1] }, action, { id: 1, settings: settings ?? undefined }),
});

describe("the gates", () => {
  const widgets = [
    widget({ key: "open" }),
    widget({ key: "packages", action: "nav.packages" }),
    widget({ key: "porters", roles: ["PT", "MT"] }),
    widget({ key: "move-outs", setting: (s) => s.reservationsettings.has_reservations }),
    widget({ key: "keys", action: "nav.keys" }),
  ];
  const keys = (role: Role, settings?: BuildingSettings) =>
    visibleWidgets(widgets, viewer(role, settings)).map((w) => w.key);

  it("asks can() for the role and the building's settings", () => {
    expect(keys("FD")).toEqual(["open", "packages"]);
    expect(keys("CA")).toEqual(["open"]);
    // nav.keys needs staff and the building's access keys setting.
    const keysOn = { ...SETTINGS, accesskeyssettings: { ...SETTINGS.accesskeyssettings, has_access_keys: true } };
    expect(keys("FD", keysOn)).toContain("keys");
    expect(keys("CA", keysOn)).not.toContain("keys");
  });

  it("keeps a widget with a role list to those roles", () => {
    expect(keys("PT")).toContain("porters");
    expect(keys("MT")).toContain("porters");
    expect(keys("MG")).not.toContain("porters");
  });

  it("shows a widget with a setting only when the building has it on (not while the settings load)", () => {
    expect(keys("MG", withReservations(true))).toContain("move-outs");
    expect(keys("MG", withReservations(false))).not.toContain("move-outs");
    expect(visibleWidgets(widgets, { ...viewer("MG"), settings: undefined }).map((w) => w.key)).not.toContain(
      "move-outs",
    );
  });
});

describe("the layout", () => {
  const feed = widget({ key: "feed", size: "large", order: 20, group: "front-desk" });
  const notes = widget({ key: "notes", size: "large", order: 40 });
  const first = widget({ key: "first", size: "large", order: 10, group: "front-desk" });
  const figures = widget({ key: "figures", order: 50 });
  const actions = widget({ key: "actions", order: 5 });

  it("puts a group's widgets in one card of tabs, where its first tab is, each tab in order", () => {
    const cards = cardsOf([notes, feed, figures, first, actions]);
    expect(cards.map((c) => c.key)).toEqual(["actions", "front-desk", "notes", "figures"]);
    const tabs = cards[1];
    expect(tabs.kind === "tabs" && tabs.tabs.map((t) => t.key)).toEqual(["first", "feed"]);
    expect(tabs).toMatchObject({ label: "Front desk", size: "large", order: 10 });
  });

  it("on wide screens: the large cards two thirds, the small ones one third beside them", () => {
    const columns = layoutOf(cardsOf([feed, notes, figures, actions]), false);
    expect(columns.map((c) => [c.key, c.size, c.cards.map((x) => x.key)])).toEqual([
      ["main", { xs: 12, lg: 8 }, ["front-desk", "notes"]],
      ["side", { xs: 12, lg: 4 }, ["actions", "figures"]],
    ]);
    // Between tablet and wide, small cards go two abreast under the main column.
    expect(columns[1].cardSize).toEqual({ xs: 12, sm: 6, lg: 12 });
  });

  it("leaves no column empty: one kind of card takes the whole width", () => {
    expect(layoutOf(cardsOf([feed]), false)).toEqual([
      expect.objectContaining({ key: "main", size: { xs: 12, lg: 12 } }),
    ]);
    const side = layoutOf(cardsOf([figures, actions]), false);
    expect(side).toEqual([
      expect.objectContaining({ key: "side", size: { xs: 12, lg: 12 }, cardSize: { xs: 12, sm: 6, lg: 4 } }),
    ]);
    expect(layoutOf([], false)).toEqual([]);
  });

  it("on mobile: one column, every card full width, in order", () => {
    const columns = layoutOf(cardsOf([feed, notes, figures, actions]), true);
    expect(columns).toHaveLength(1);
    expect(columns[0]).toMatchObject({ key: "all", size: { xs: 12 }, cardSize: { xs: 12 } });
    expect(columns[0].cards.map((c) => c.key)).toEqual(["actions", "front-desk", "notes", "figures"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Rendered

let mobile = false;
vi.mock("../../lib/useIsMobile.ts", () => ({ useIsMobile: () => mobile }));

const EMPTY_SUMMARY = {
  building_id: 1,
  today: "2026-03-02",
  open_count: 0,
  open_by_type: [],
  logged_today: 0,
  oldest_waiting: null,
};
/** The widgets' calls answered (empty); the shift log's by its own fake. */
const fakeFetch = () =>
  fakeApi((c) => (c.path.endsWith("/package-summary/") ? { status: 200, body: EMPTY_SUMMARY } : undefined));

function renderAt(ui: ReactNode, { role = "FD" as Role, path = "/1/dashboard", settings = SETTINGS } = {}) {
  return renderWithApp(ui, { me: makeMe(role), path, routePath: "/:buildingId/dashboard", settings });
}

afterEach(() => {
  mobile = false;
  vi.unstubAllGlobals();
});

describe("the dashboard grid", () => {
  const widgets = [
    widget({ key: "shift", title: "Shift", size: "large", order: 20, group: "front-desk" }),
    widget({ key: "instructions", title: "Instructions", size: "large", order: 10, group: "front-desk" }),
    widget({ key: "figures", title: "Figures", order: 50 }),
  ];

  it("shows each widget under its title, a group as tabs kept in ?tab=, main and side columns", async () => {
    const { router } = renderAt(<DashboardGrid widgets={widgets} />);
    const side = screen.getByTestId("dashboard-side");
    const figures = within(side).getByRole("region", { name: "Figures" });
    expect(await within(figures).findByText("figures body")).toBeTruthy();
    const main = screen.getByTestId("dashboard-main");
    const desk = within(main).getByRole("region", { name: "Front desk" });
    const tabs = within(desk).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Instructions", "Shift"]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    expect(await within(desk).findByText("instructions body")).toBeTruthy();

    fireEvent.click(tabs[1]);
    expect(await within(desk).findByText("shift body")).toBeTruthy();
    expect(within(desk).queryByText("instructions body")).toBeNull();
    expect(router.state.location.search).toBe("?tab=shift");
  });

  it("opens the tab the URL names", async () => {
    renderAt(<DashboardGrid widgets={widgets} />, { path: "/1/dashboard?tab=shift" });
    expect(await screen.findByText("shift body")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Shift" }).getAttribute("aria-selected")).toBe("true");
  });

  it("on a phone, puts every card in one column in order", async () => {
    mobile = true;
    renderAt(<DashboardGrid widgets={widgets} />);
    expect(screen.queryByTestId("dashboard-main")).toBeNull();
    expect(screen.queryByTestId("dashboard-side")).toBeNull();
    const column = screen.getByTestId("dashboard-all");
    const cards = within(column)
      .getAllByRole("region")
      .map((r) => r.getAttribute("aria-label") ?? r.textContent);
    expect(cards[0]).toBe("Front desk");
    expect(cards[1]).toMatch(/^Figures/);
  });

  it("keeps a crashing widget's failure inside its card", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Crash = () => {
      throw new Error("boom");
    };
    renderAt(<DashboardGrid widgets={[widget({ key: "broken", title: "Broken", Component: Crash }), widgets[2]]} />);
    const broken = screen.getByRole("region", { name: "Broken" });
    expect(await within(broken).findByText("Something went wrong. Please refresh the page.")).toBeTruthy();
    expect(await screen.findByText("figures body")).toBeTruthy();
  });
});

describe("the registered widgets", () => {
  it("have unique keys, a title and a body", () => {
    const keys = DASHBOARD_WIDGETS.map((w) => w.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const w of DASHBOARD_WIDGETS) expect(w.title.length).toBeGreaterThan(0);
    expect(keys).toEqual(expect.arrayContaining(["shift-log", "packages-summary", "instructions"]));
  });

  it("front desk sees the Instructions and Shift log tabs and the Packages widget; a club admin none", async () => {
    fakeFetch();
    renderAt(<DashboardPage />, { role: "FD" });
    expect(screen.getByRole("heading", { level: 1, name: "The Riverside" })).toBeTruthy();
    // Instructions is the first tab (document 1 section 2.3: Instructions, Shift log, Contractors).
    expect(screen.getByRole("tab", { name: "Instructions" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Shift log" }).getAttribute("aria-selected")).toBe("false");
    const packages = within(screen.getByTestId("dashboard-side")).getByRole("region", { name: "Packages" });
    expect(await within(packages).findByText("No packages waiting")).toBeTruthy();
    cleanup();

    fakeFetch();
    renderAt(<DashboardPage />, { role: "CA" });
    expect(screen.getByRole("heading", { level: 1, name: "The Riverside" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Shift log" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Instructions" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Packages" })).toBeNull();
  });

  it("are for the building's staff: every staff role sees the shift log and packages, the others neither", () => {
    for (const role of ROLES) {
      const keys = visibleWidgets(DASHBOARD_WIDGETS, viewer(role)).map((w) => w.key);
      if (STAFF.includes(role)) expect(keys, role).toEqual(expect.arrayContaining(["shift-log", "packages-summary"]));
      else expect(keys, role).toEqual([]);
    }
  });

  it("are refreshed by the live topics they declare (app/liveTopics.ts covers their queries)", async () => {
    for (const w of DASHBOARD_WIDGETS) {
      fakeFetch();
      const { client } = renderAt(<DashboardGrid widgets={[w]} />);
      await waitFor(() => expect(client.getQueryCache().getAll().length).toBeGreaterThan(0));
      await waitFor(() => expect(client.isFetching()).toBe(0));
      const filters = (w.live ?? []).flatMap((topic) => LIVE_TOPIC_QUERIES[topic](1));
      for (const query of client.getQueryCache().getAll()) {
        const covered = filters.some((f) => matchQuery(f, query));
        expect(covered, `${w.key}: ${JSON.stringify(query.queryKey)} is not refreshed by ${w.live}`).toBe(true);
      }
      cleanup();
    }
  });
});
