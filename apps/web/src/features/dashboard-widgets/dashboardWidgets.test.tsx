import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type Action,
  type ActiveEmployee,
  type BuildingSettings,
  can,
  DASHBOARD_MESSAGES as M,
  defaultBuildingSettings,
  type MoveOutOccupancy,
  type Role,
  type UpcomingOccupancy,
} from "@portico/contract";
import { type FakeCall, fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";
import { ActionItemsWidget } from "./components/ActionItemsWidget.tsx";
import { ActiveEmployeesWidget } from "./components/ActiveEmployeesWidget.tsx";
import { UpcomingMoveOutsWidget } from "./components/UpcomingMoveOutsWidget.tsx";
import { UpcomingOccupanciesWidget } from "./components/UpcomingOccupanciesWidget.tsx";
import { dashboardWidgetWidgets } from "./index.ts";
import { occupancyRows } from "./model.ts";

afterEach(() => vi.unstubAllGlobals());

const settingsWith = (over: { reservations?: boolean; staffApprove?: boolean; amenities?: boolean } = {}) => {
  const s = defaultBuildingSettings();
  return {
    ...s,
    reservationsettings: {
      ...s.reservationsettings,
      has_reservations: over.reservations ?? true,
      is_staff_can_approve: over.staffApprove ?? false,
    },
    amenitysettings: { ...s.amenitysettings, has_amenities: over.amenities ?? true },
  };
};

const render = (ui: ReactNode, role: Role = "MG", settings = settingsWith()) =>
  renderWithApp(ui, { me: makeMe(role), settings, extraRoutes: [{ path: "*", element: <p>elsewhere</p> }] });

const answer =
  (path: string, body: unknown, status = 200) =>
  (c: FakeCall) =>
    c.path === path ? { status, body } : undefined;

describe("who sees the widgets", () => {
  // The dashboard's gates (its model): action, any of anyOf, the setting.
  const keysFor = (role: Role, settings = settingsWith()) => {
    const allowed = (a: Action) => can({ id: 1, role, buildings: [1] }, a, { id: 1, settings });
    const full = { id: 1, building: 1, ...settings } as BuildingSettings;
    return dashboardWidgetWidgets
      .filter((w) => (!w.action || allowed(w.action)) && (!w.anyOf || w.anyOf.some(allowed)))
      .filter((w) => !w.setting || w.setting(full))
      .map((w) => w.key);
  };

  it("managers see all four; the front desk sees action items only when it may approve", () => {
    expect(keysFor("MG").sort()).toEqual(
      ["action-items", "active-employees", "upcoming-move-outs", "upcoming-occupancies"].sort(),
    );
    expect(keysFor("FD")).not.toContain("action-items");
    expect(keysFor("FD", settingsWith({ staffApprove: true }))).toContain("action-items");
    expect(keysFor("FD")).toEqual(
      expect.arrayContaining(["active-employees", "upcoming-occupancies", "upcoming-move-outs"]),
    );
  });

  it("move outs need reservations; non-staff roles see none", () => {
    expect(keysFor("MG", settingsWith({ reservations: false }))).not.toContain("upcoming-move-outs");
    expect(keysFor("MG", settingsWith({ reservations: false, amenities: false }))).not.toContain("action-items");
    for (const role of ["CA", "AO", "PO", "TN"] as Role[]) expect(keysFor(role)).toEqual([]);
  });
});

const employee = (id: number, first: string, title: string): ActiveEmployee => ({
  id,
  photo_url_thumbnail: null,
  title,
  app_user: { first_name: first, last_name: "Lee", last_login: "2026-03-02T14:05:00Z" },
});

describe("Active employees today", () => {
  it("lists name, title and sign-in time (building time)", async () => {
    fakeApi(
      answer("/core/buildings/1/active-employees/", {
        count: 2,
        results: [employee(1, "Ana", "Concierge"), employee(2, "Ben", "Porter")],
      }),
    );
    render(<ActiveEmployeesWidget />, "FD");
    const list = await screen.findByRole("list", { name: "Active employees today" });
    expect(within(list).getByText("Ana Lee")).toBeTruthy();
    expect(within(list).getByText("Concierge")).toBeTruthy();
    expect(within(list).getAllByText("9:05 am")).toHaveLength(2);
  });

  it("empty and failing", async () => {
    fakeApi(answer("/core/buildings/1/active-employees/", { count: 0, results: [] }));
    const first = render(<ActiveEmployeesWidget />, "FD");
    expect(await screen.findByText(M.noResults)).toBeTruthy();
    first.unmount();
    fakeApi(answer("/core/buildings/1/active-employees/", { detail: "Boom" }, 500));
    render(<ActiveEmployeesWidget />, "FD");
    expect(await screen.findByText(/^An error occurred: /)).toBeTruthy();
  });
});

describe("Action items", () => {
  it("links each item the server sends to its list", async () => {
    fakeApi(
      answer("/core/buildings/1/action-items/", { elevator_requests_to_approve: 3, pending_amenity_approvals: 1 }),
    );
    render(<ActionItemsWidget />);
    const elevator = await screen.findByRole("link", { name: M.elevatorRequests(3) });
    expect(elevator.getAttribute("href")).toBe("/1/reservations/list?status=REQUESTED");
    const amenity = screen.getByRole("link", { name: M.amenityApprovals(1) });
    expect(amenity.getAttribute("href")).toBe("/1/amenity-reservations");
  });

  it("shows only what is sent (no elevator item for a front desk that may not approve)", async () => {
    fakeApi(answer("/core/buildings/1/action-items/", {}));
    render(<ActionItemsWidget />, "FD");
    expect(await screen.findByText(M.noResults)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

const occupancy = (id: number, over: Partial<UpcomingOccupancy> = {}): UpcomingOccupancy => ({
  id,
  apartment_number: `${id}A`,
  lease_start_date: "2026-03-03",
  occupant_set: [{ id: id * 10, first_name: "Ana", last_name: `Resident${id}`, clubs: [] }],
  ...over,
});

describe("Upcoming occupancies", () => {
  it("shows residents and their clubs, linking the unit profile", async () => {
    fakeApi(
      answer("/core/occupancies/club_memberships_dashboard/", {
        count: 1,
        results: [
          occupancy(5, {
            occupant_set: [{ id: 9, first_name: "Kim", last_name: "Ray", clubs: [{ id: 1, name: "Pool Club" }] }],
          }),
        ],
      }),
    );
    render(<UpcomingOccupanciesWidget />, "FD");
    const list = await screen.findByRole("list", { name: "Upcoming occupancies" });
    expect(within(list).getByRole("link", { name: "Unit 5A" }).getAttribute("href")).toBe("/1/manage/unit-profiles/5");
    expect(within(list).getByText("Kim Ray")).toBeTruthy();
    expect(within(list).getByText("Pool Club")).toBeTruthy();
    expect(within(list).getByText("03/03/2026")).toBeTruthy();
  });

  it("asks for the upcoming ones of the building", async () => {
    const { calls } = fakeApi(answer("/core/occupancies/club_memberships_dashboard/", { count: 0, results: [] }));
    render(<UpcomingOccupanciesWidget />, "FD");
    expect(await screen.findByText(M.noResults)).toBeTruthy();
    const q = calls.find((c) => c.path === "/core/occupancies/club_memberships_dashboard/")!.query;
    expect(Object.fromEntries(q)).toEqual({ building: "1", limit: "5000", is_upcoming: "true" });
  });

  it("10 rows; beyond, 9 and '+N more - view all' to the unit list by lease start", async () => {
    expect(
      occupancyRows(
        Array.from({ length: 10 }, (_, i) => occupancy(i + 1)),
        10,
      ),
    ).toMatchObject({ more: 0 });
    fakeApi(
      answer("/core/occupancies/club_memberships_dashboard/", {
        count: 12,
        results: Array.from({ length: 12 }, (_, i) => occupancy(i + 1)),
      }),
    );
    render(<UpcomingOccupanciesWidget />, "FD");
    const list = await screen.findByRole("list", { name: "Upcoming occupancies" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(9);
    const more = screen.getByRole("link", { name: M.moreOccupancies(3) });
    expect(more.getAttribute("href")).toMatch(
      /^\/1\/manage\/unit-profiles\?ordering=lease_start_date&min_lease_start_date=/,
    );
  });

  it("a failure", async () => {
    fakeApi(answer("/core/occupancies/club_memberships_dashboard/", { detail: "x" }, 500));
    render(<UpcomingOccupanciesWidget />, "FD");
    expect(await screen.findByText(/^An error occurred: /)).toBeTruthy();
  });
});

const moveOut = (id: number, over: Partial<MoveOutOccupancy> = {}): MoveOutOccupancy => ({
  id,
  apartment_number: `${id}B`,
  lease_end_date: "2026-03-05",
  move_out_invite_sent_time: null,
  ...over,
});
const MOVE_OUTS = "/core/buildings/1/occupancies/upcoming_move_outs/";

describe("Upcoming move outs", () => {
  it("two groups of 4 with Show more; Invite turns into 'Invite sent'", async () => {
    const notReady = [1, 2, 3, 4, 5].map((i) => moveOut(i));
    notReady[1] = moveOut(2, { move_out_invite_sent_time: new Date(Date.now() - 86_400_000).toISOString() });
    const { calls } = fakeApi(
      answer(MOVE_OUTS, {
        occupancies_expiring_without_reservations: notReady,
        occupancies_expiring_with_reservations: [moveOut(9)],
      }),
      (c) =>
        c.method === "POST" && c.path === "/core/buildings/1/occupancies/1/send_move_out_invite/"
          ? { status: 200, body: { result: "sent", move_out_invite_sent_time: new Date().toISOString() } }
          : undefined,
    );
    render(<UpcomingMoveOutsWidget />, "FD");
    const group = await screen.findByRole("region", { name: M.notReady });
    expect(within(group).getAllByRole("listitem")).toHaveLength(4);
    // Invited a day ago: no Invite button.
    expect(within(group).getAllByText(M.inviteSent)).toHaveLength(1);
    fireEvent.click(within(group).getByRole("button", { name: M.showMore }));
    expect(within(group).getAllByRole("listitem")).toHaveLength(5);
    const ready = screen.getByRole("region", { name: M.moveOutReserved });
    expect(within(ready).getByRole("link", { name: "Unit 9B" })).toBeTruthy();
    expect(within(ready).queryByRole("button", { name: /Invite/ })).toBeNull();

    fireEvent.click(within(group).getByRole("button", { name: `${M.invite} unit 1B` }));
    await waitFor(() => expect(within(group).getAllByText(M.inviteSent)).toHaveLength(2));
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/occupancies/1/send_move_out_invite/"))).toBe(
      true,
    );
  });

  it("Invite all sends the eligible ones; with none eligible, the spec's message and no call", async () => {
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    const { calls } = fakeApi(
      answer(MOVE_OUTS, {
        occupancies_expiring_without_reservations: [moveOut(1), moveOut(2, { move_out_invite_sent_time: recent })],
        occupancies_expiring_with_reservations: [],
      }),
      (c) =>
        c.method === "POST" && c.path.endsWith("/send_move_out_invite_all/")
          ? { status: 200, body: { result: "sent", sent: [1], skipped: [], sent_count: 1, skipped_count: 0 } }
          : undefined,
    );
    render(<UpcomingMoveOutsWidget />);
    fireEvent.click(await screen.findByRole("button", { name: M.inviteAll }));
    expect(await screen.findByText(M.invitesSent(1))).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ notReadyOccupancyIds: [1] });
    fireEvent.click(screen.getByRole("button", { name: M.inviteAll }));
    expect(await screen.findByText(M.noInvites)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("shows the server's refusal of an invitation", async () => {
    fakeApi(
      answer(MOVE_OUTS, {
        occupancies_expiring_without_reservations: [moveOut(1)],
        occupancies_expiring_with_reservations: [],
      }),
      (c) => (c.method === "POST" ? { status: 400, body: { non_field_errors: [M.invitedRecently] } } : undefined),
    );
    render(<UpcomingMoveOutsWidget />);
    fireEvent.click(await screen.findByRole("button", { name: `${M.invite} unit 1B` }));
    expect(await screen.findByText(M.invitedRecently)).toBeTruthy();
  });

  it("empty and failing", async () => {
    fakeApi(
      answer(MOVE_OUTS, { occupancies_expiring_without_reservations: [], occupancies_expiring_with_reservations: [] }),
    );
    const first = render(<UpcomingMoveOutsWidget />);
    expect(await screen.findByText(M.noResults)).toBeTruthy();
    first.unmount();
    fakeApi(answer(MOVE_OUTS, { detail: "Nope" }, 500));
    render(<UpcomingMoveOutsWidget />);
    expect(await screen.findByText(/^An error occurred: /)).toBeTruthy();
  });
});
