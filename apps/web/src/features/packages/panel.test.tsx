import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { PackageGrid } from "@portico/contract";
import { ProfilePackagesPanel } from "./components/ProfilePackagesPanel.tsx";
import { gridTiles, legendOf } from "./model.ts";
import { fakeApi, makePackage, renderWithApp, typeSummary, TYPES } from "./testing.tsx";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (i: number) => typeSummary(TYPES[i]);
const pkg = makePackage;

describe("unit profile packages panel", () => {
  it("lists open and recently closed packages (10 each) with links to the package, log, close and print", async () => {
    const { calls } = fakeApi((c) => {
      if (c.path !== "/packages/list/") return undefined;
      const closed = c.query.get("package_status") === "CLOSED";
      const results = closed
        ? [
            pkg(8002, {
              status: "CLOSED",
              date_closed: "2026-03-03T10:00:00Z",
              package_type: summary(1),
              opening_comment: "",
            }),
          ]
        : [pkg(8001)];
      return { status: 200, body: { count: closed ? 1 : 12, next: null, previous: null, results } };
    });
    renderWithApp(<ProfilePackagesPanel buildingId={1} occupancyId={91} />, {
      path: "/1/manage/unit-profiles/91",
      routePath: "/:buildingId/manage/unit-profiles/:id",
    });
    const panel = screen.getByRole("region", { name: "Packages" });
    expect(await within(panel).findByRole("link", { name: "Small box" })).toHaveProperty(
      "href",
      expect.stringContaining("/1/packages/8001"),
    );
    expect(await within(panel).findByRole("link", { name: "Envelope" })).toHaveProperty(
      "href",
      expect.stringContaining("/1/packages/8002"),
    );
    expect(within(panel).getByText("Showing 1 of 12.")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "Log packages" }).getAttribute("href")).toBe(
      "/1/packages/log?occupancy_id=91",
    );
    expect(within(panel).getByRole("link", { name: "Close packages" }).getAttribute("href")).toBe(
      "/1/packages/close?occupancy_id=91",
    );
    expect(within(panel).getByRole("link", { name: "Print" }).getAttribute("href")).toContain(
      "/1/packages/print-inventory?",
    );
    await waitFor(() => expect(calls.filter((c) => c.path === "/packages/list/")).toHaveLength(2));
    const [open, closed] = ["OPEN", "CLOSED"].map(
      (s) => calls.find((c) => c.path === "/packages/list/" && c.query.get("package_status") === s)!.query,
    );
    expect(open.get("occupancy")).toBe("91");
    expect(open.get("limit")).toBe("10");
    expect(closed.get("limit")).toBe("10");
    expect(closed.get("ordering")).toBe("-date_closed");
    expect(closed.get("min_date_closed")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("grid model", () => {
  it("legend: i for an inactive tenant or an ended lease, f for a future one", () => {
    const base = { is_active_occupancy: true, is_lease_expired: false, is_future_occupancy: false };
    expect(legendOf(base)).toBeNull();
    expect(legendOf({ ...base, is_active_occupancy: false })).toBe("i");
    expect(legendOf({ ...base, is_lease_expired: true })).toBe("i");
    expect(legendOf({ ...base, is_future_occupancy: true })).toBe("f");
  });

  it("tiles per unit with the counts of the chosen group's types, in unit order", () => {
    const types = TYPES.map((t) => ({
      ...summary(TYPES.indexOf(t)),
      display_order: t.display_order,
      grid_display: true,
    }));
    const row = (occ: number, apt: string, counts: [number, number][]) => ({
      occupancy_id: occ,
      apartment_id: occ,
      apartment_number: apt,
      occupancy_status: "CURRENT" as const,
      is_active_occupancy: true,
      is_future_occupancy: false,
      is_lease_expired: false,
      occupants: [],
      total_count: counts.reduce((n, [, c]) => n + c, 0),
      counts: counts.map(([package_type_id, count]) => ({ package_type_id, count })),
    });
    const grid: PackageGrid = {
      building_id: 1,
      total_count: 6,
      package_types: types,
      results: [
        row(2, "PH1", [[1, 1]]),
        row(1, "1203", [
          [1, 2],
          [9, 1],
        ]),
        row(3, "305", [[9, 2]]),
      ],
    };
    expect(
      gridTiles(grid, "").map((t) => [t.row.apartment_number, t.total, t.cells.map((c) => c.type.abbreviation)]),
    ).toEqual([
      ["305", 2, ["KEY"]],
      ["1203", 3, ["SB", "KEY"]],
      ["PH1", 1, ["SB"]],
    ]);
    expect(gridTiles(grid, "INCOMING_DELIVERY").map((t) => [t.row.apartment_number, t.total])).toEqual([
      ["1203", 2],
      ["PH1", 1],
    ]);
  });
});
