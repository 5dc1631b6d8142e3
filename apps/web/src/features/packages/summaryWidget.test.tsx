import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { type PackageSummary, type PackageType, PackageTypeSummary } from "@portico/contract";
import { LIVE_TOPIC_QUERIES } from "../../app/liveTopics.ts";
import { invalidateTopic } from "../../lib/live.ts";
import { PackagesSummaryWidget, waitingFor } from "./components/PackagesSummaryWidget.tsx";
import { fakeApi, renderWithApp, TYPES } from "./testing.tsx";

/** A type as a summary names it (parsing drops the fields a summary lacks). */
const summaryOf = (t: PackageType) => PackageTypeSummary.parse(t);
const [SMALL_BOX, ENVELOPE, , KEYS] = TYPES.map(summaryOf);

const SUMMARY: PackageSummary = {
  building_id: 1,
  today: "2026-03-05",
  open_count: 1234,
  open_by_type: [
    { package_type: SMALL_BOX, count: 1200 },
    { package_type: ENVELOPE, count: 30 },
    { package_type: KEYS, count: 4 },
  ],
  logged_today: 17,
  oldest_waiting: {
    id: 7001,
    apartment_number: "1203",
    occupancy_id: 91,
    package_type: SMALL_BOX,
    // 9:15 AM in New York, three days before 2026-03-05.
    date_opened: "2026-03-02T14:15:00Z",
  },
};

const SUMMARY_PATH = "/core/buildings/1/package-summary/";
const render = () => renderWithApp(<PackagesSummaryWidget />, { path: "/1/dashboard", routePath: "/:buildingId/dashboard" });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the Packages dashboard widget", () => {
  it("shows open and logged today, the oldest waiting and open by type, each linked to its list", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-05T15:00:00Z"), toFake: ["Date"] });
    const { calls } = fakeApi((c) => (c.path === SUMMARY_PATH ? { status: 200, body: SUMMARY } : undefined));
    render();

    const open = await screen.findByRole("link", { name: /^1,234\s*Open$/ });
    expect(open.getAttribute("href")).toBe("/1/packages");
    const today = screen.getByRole("link", { name: /^17\s*Logged today$/ });
    const todayUrl = new URL(today.getAttribute("href")!, "http://x");
    expect(todayUrl.pathname).toBe("/1/packages/list");
    expect(Object.fromEntries(todayUrl.searchParams)).toEqual({
      package_status: "OPEN,CLOSED",
      min_date_opened: "2026-03-05",
      include_deactivated_units: "true",
    });

    const oldest = screen.getByRole("region", { name: "Oldest waiting" });
    expect(within(oldest).getByRole("link", { name: "Unit 1203" }).getAttribute("href")).toBe("/1/packages/7001");
    expect(within(oldest).getByRole("img", { name: "Small box" })).toBeTruthy();
    expect(within(oldest).getByText("3 days · logged 03/02/2026 9:15 am")).toBeTruthy();

    const byType = within(screen.getByRole("list", { name: "Open packages by type" })).getAllByRole("listitem");
    expect(byType.map((li) => li.textContent)).toEqual(["SBSmall box1,200", "ENVEnvelope30", "KEYKeys4"]);
    const envelope = new URL(within(byType[1]).getByRole("link").getAttribute("href")!, "http://x");
    expect(envelope.pathname).toBe("/1/packages/list");
    expect(Object.fromEntries(envelope.searchParams)).toEqual({
      package_status: "OPEN",
      package_type: "2",
      include_deactivated_units: "true",
    });

    expect(screen.getByRole("link", { name: "Log packages" }).getAttribute("href")).toBe("/1/packages/log");
    expect(screen.getByRole("link", { name: "Package grid" }).getAttribute("href")).toBe("/1/packages");
    expect(calls.filter((c) => c.path === SUMMARY_PATH)).toHaveLength(1);
  });

  it("says so when nothing waits", async () => {
    fakeApi((c) =>
      c.path === SUMMARY_PATH
        ? { status: 200, body: { ...SUMMARY, open_count: 0, logged_today: 0, open_by_type: [], oldest_waiting: null } }
        : undefined,
    );
    render();
    expect(await screen.findByText("No packages waiting")).toBeTruthy();
    expect(screen.getByText("No packages to display")).toBeTruthy();
    expect(screen.getByRole("link", { name: /^0\s*Open$/ })).toBeTruthy();
  });

  it("shows a failure as the dashboard's widget error, keeping its buttons", async () => {
    fakeApi((c) => (c.path === SUMMARY_PATH ? { status: 403, body: { detail: "Nope." } } : undefined));
    render();
    expect(await screen.findByText("An error occurred: Nope.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Log packages" })).toBeTruthy();
  });

  it("shows a package change the live stream announces", async () => {
    let body = SUMMARY;
    fakeApi((c) => (c.path === SUMMARY_PATH ? { status: 200, body } : undefined));
    const { client } = render();
    await screen.findByRole("link", { name: /^1,234\s*Open$/ });
    body = { ...SUMMARY, open_count: 1235, logged_today: 18 };
    act(() => invalidateTopic(client, LIVE_TOPIC_QUERIES, "packages", 1));
    expect(await screen.findByRole("link", { name: /^1,235\s*Open$/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: /^18\s*Logged today$/ })).toBeTruthy();
  });
});

describe("waitingFor", () => {
  const tz = "America/New_York";
  const now = Date.parse("2026-03-05T15:00:00Z");
  it("counts whole days in the building's zone", () => {
    expect(waitingFor("2026-03-05T05:30:00Z", tz, now)).toBe("Today");
    // 11:30 PM the day before in New York (04:30 UTC today).
    expect(waitingFor("2026-03-05T04:30:00Z", tz, now)).toBe("1 day");
    expect(waitingFor("2026-02-20T12:00:00Z", tz, now)).toBe("13 days");
  });
});
