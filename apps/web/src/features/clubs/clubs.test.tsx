import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type AmenitySlot,
  type AmenityType,
  AMENITY_INTERVALS,
  type Club,
  type ClubMember,
  CLUBS_MESSAGES,
  defaultBuildingSettings,
  type Role,
} from "@portico/contract";
import { fakeApi, type Handler, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as ClubsPage } from "./pages/ClubsPage.tsx";
import { Component as AmenityTypePage } from "./pages/AmenityTypePage.tsx";
import { Component as ClubMembersPage } from "./pages/ClubMembersPage.tsx";
import { Component as PoolCheckInPage } from "./pages/PoolCheckInPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const settings = (() => {
  const s = defaultBuildingSettings();
  return { ...s, amenitysettings: { ...s.amenitysettings, has_amenities: true } };
})();

const POOL: Club = {
  id: 7,
  name: "Rooftop Pool",
  description: "",
  photo_url: null,
  is_open: true,
  auto_enroll_members: false,
  has_open_checkin: true,
  building: 1,
  primary_building: { id: 1, name: "The Riverside" },
  additional_buildings: [],
  member_count: 2,
  amenity_count: 1,
  date_created: "2026-01-01T10:00:00Z",
  last_modified: "2026-01-01T10:00:00Z",
};
const GYM: Club = { ...POOL, id: 8, name: "Fitness Club", is_open: false, has_open_checkin: false, member_count: 0 };

const PARTY: AmenityType = {
  id: 30,
  name: "Party Room",
  label: "",
  description: "",
  rules: "",
  photo_url: null,
  location_label: "",
  is_active: true,
  club: 7,
  club_name: "Rooftop Pool",
  building: 1,
  max_reservation_length: 60,
  reservation_note: "",
  max_persons_permitted_display: 0,
  max_user_open_reservations: 5,
  max_user_weekly_reservations: 3,
  max_user_daily_reservations: 1,
  is_allow_guests: false,
  max_number_guests: 0,
  reservation_window_days: 0,
  has_checkin: false,
  send_qr_codes: false,
  is_approval_required_for_reservation: false,
  is_payment_required_for_reservation: false,
  open_time: null,
  close_time: null,
  schedule_set: [],
  amenity_count: 1,
  date_created: "2026-01-01T10:00:00Z",
  last_modified: "2026-01-01T10:00:00Z",
};
const SLOT: AmenitySlot = {
  id: 50,
  label: "Room A",
  is_active: true,
  amenity_type: 30,
  amenity_type_name: "Party Room",
  amenity_type_is_active: true,
  club_id: 7,
  has_checkin: false,
  last_modified: "2026-01-01T10:00:00Z",
};
const ANA: ClubMember = {
  id: 1,
  club_id: 7,
  occupant_id: 91,
  first_name: "Ana",
  last_name: "Lopez",
  photo_url: null,
  building_id: 1,
  building_name: "The Riverside",
  apartment_id: 12,
  apartment_number: "1203",
  date_joined: "2026-01-01T10:00:00Z",
};

/** The building's clubs and the intervals, for every page. */
const lookups: Handler = (c) => {
  if (c.method === "GET" && c.path === "/core/buildings/1/clubs/") return { status: 200, body: page([POOL, GYM]) };
  if (c.path === "/clubs/amenity-types/intervals/") return { status: 200, body: AMENITY_INTERVALS };
  if (c.path === "/core/buildings/") return { status: 200, body: page([]) };
  return undefined;
};

const render = (element: React.ReactNode, path: string, routePath: string, role: Role = "MG") =>
  renderWithApp(element, {
    me: makeMe(role),
    settings,
    path,
    routePath,
    extraRoutes: [
      { path: "/not-found", element: <p>Not found page</p> },
      { path: "/:buildingId/clubs/:clubId/members", element: <p>Members page</p> },
    ],
  });

describe("clubs page", () => {
  it("shows club cards with their links; a manager adds a club and edits one from its card", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "POST" && c.path === "/clubs/clubs/") return { status: 201, body: { ...GYM, id: 9 } };
      if (c.method === "PATCH" && c.path === "/clubs/clubs/7/") return { status: 200, body: POOL };
      return undefined;
    }, lookups);
    render(<ClubsPage />, "/1/clubs", "/:buildingId/clubs");
    const cards = await screen.findByRole("list", { name: "Clubs" });
    expect(within(cards).getByText("Open")).toBeTruthy();
    expect(within(cards).getByText("Closed")).toBeTruthy();
    expect(screen.getByRole("link", { name: "2 members" }).getAttribute("href")).toBe("/1/clubs/7/members");
    expect(screen.getAllByRole("link", { name: "1 amenity type" })[0]!.getAttribute("href")).toBe(
      "/1/clubs/7/amenity-types",
    );
    expect(calls.find((c) => c.path === "/core/buildings/1/clubs/")!.query.get("include_external_clubs")).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "Add club" }));
    const drawer = await screen.findByRole("dialog", { name: "Add club" });
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Name/ }), { target: { value: "Tennis" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(CLUBS_MESSAGES.clubCreated)).toBeTruthy();
    const sent = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(sent.get("name")).toBe("Tennis");
    expect(sent.get("building")).toBe("1");
    expect(sent.get("additional_buildings")).toBe("[]");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add club" })).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: /^Edit Rooftop Pool/ }));
    const edit = await screen.findByRole("dialog", { name: "Edit Rooftop Pool" });
    expect((within(edit).getByRole("checkbox", { name: "Pool check-in" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(edit).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(CLUBS_MESSAGES.clubUpdated)).toBeTruthy();
  });

  it("shows the clubs read-only to front desk (no Add club, cards do not open a drawer)", async () => {
    fakeApi(lookups);
    render(<ClubsPage />, "/1/clubs", "/:buildingId/clubs", "FD");
    await screen.findByRole("list", { name: "Clubs" });
    expect(screen.queryByRole("button", { name: "Add club" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Edit Rooftop Pool/ })).toBeNull();
  });
});

describe("amenity type page", () => {
  const typeRoutes: Handler = (c) => {
    if (c.method === "GET" && c.path === "/clubs/amenity-types/30/") return { status: 200, body: PARTY };
    if (c.method === "GET" && c.path === "/clubs/amenities/") return { status: 200, body: page([SLOT]) };
    if (c.method === "GET" && c.path === "/clubs/amenity-types/30/schedules/") return { status: 200, body: [] };
    return undefined;
  };
  const open = (tab = "main") =>
    render(
      <AmenityTypePage />,
      `/1/clubs/7/amenity-types/30?tab=${tab}`,
      "/:buildingId/clubs/:clubId/amenity-types/:amenityType",
    );

  it("main settings: guests need at least 1 when allowed; saving says 'Amenity type updated'", async () => {
    const { calls } = fakeApi(
      (c) => {
        if (c.method === "PATCH" && c.path === "/clubs/amenity-types/30/")
          return { status: 200, body: { ...PARTY, is_approval_required_for_reservation: true } };
        return undefined;
      },
      typeRoutes,
      lookups,
    );
    open();
    const form = await screen.findByRole("form", { name: "Main settings" });
    expect(screen.getByRole("link", { name: "Amenities" }).getAttribute("href")).toBe("/1/amenity-reservations");
    fireEvent.click(within(form).getByRole("checkbox", { name: "Allow guests" }));
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Maximum number of guests" }), {
      target: { value: "0" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(CLUBS_MESSAGES.guestsAtLeastOne)).toBeTruthy();
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Maximum number of guests" }), {
      target: { value: "2" },
    });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Reservations need approval" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(CLUBS_MESSAGES.amenityTypeUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toMatchObject({
      is_allow_guests: true,
      max_number_guests: 2,
      is_approval_required_for_reservation: true,
      max_user_daily_reservations: 1,
    });
  });

  it("slots: an inline label change says '{label} successfully updated.'; a failure reverts it", async () => {
    let fail = false;
    fakeApi(
      (c) => {
        if (c.method === "PATCH" && c.path === "/clubs/amenities/50/")
          return fail ? { status: 500, body: {} } : { status: 200, body: { ...SLOT, label: "Room B" } };
        return undefined;
      },
      typeRoutes,
      lookups,
    );
    open("slots");
    const label = await screen.findByRole("textbox", { name: "Label of Room A" });
    fireEvent.change(label, { target: { value: "Room B" } });
    fireEvent.blur(label);
    expect(await screen.findByText(CLUBS_MESSAGES.inlineSaved("Room B"))).toBeTruthy();

    fail = true;
    const active = screen.getByRole("switch", { name: "Room A active" }) as HTMLInputElement;
    fireEvent.click(active);
    expect(await screen.findByText(CLUBS_MESSAGES.inlineFailed("Room A"))).toBeTruthy();
    await waitFor(() => expect(active.checked).toBe(true));
  });

  it("schedule: selected hours send the week; a special date needs a date; a refusal says 'Invalid submission'", async () => {
    const { calls } = fakeApi(
      (c) => {
        if (c.method === "PATCH" && c.path === "/clubs/amenity-types/30/update-schedule/")
          return (c.body as { is_special: boolean }).is_special
            ? { status: 400, body: { schedules: { 0: { specific_date: ["Bad"] } } } }
            : { status: 200, body: [] };
        return undefined;
      },
      typeRoutes,
      lookups,
    );
    open("schedule");
    fireEvent.click(await screen.findByRole("radio", { name: "Open on selected hours" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sunday open" }));
    fireEvent.click(screen.getByRole("button", { name: "Save hours" }));
    expect(await screen.findByText(CLUBS_MESSAGES.scheduleUpdated)).toBeTruthy();
    const week = calls.find((c) => c.method === "PATCH")!.body as { schedules: { is_open: boolean }[] };
    expect(week.schedules).toHaveLength(7);
    expect(week.schedules[0]).toMatchObject({ day_of_week: 0, is_open: true, open_time: "09:00:00" });
    expect(week.schedules[6]).toMatchObject({ day_of_week: 6, is_open: false, open_time: null });

    fireEvent.click(screen.getByRole("button", { name: "Add special date" }));
    fireEvent.click(screen.getByRole("button", { name: "Save special dates" }));
    expect(await screen.findByText(CLUBS_MESSAGES.dateRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1);
  });

  it("a type of another club goes to /not-found", async () => {
    fakeApi(typeRoutes, lookups);
    render(<AmenityTypePage />, "/1/clubs/8/amenity-types/30", "/:buildingId/clubs/:clubId/amenity-types/:amenityType");
    expect(await screen.findByText("Not found page")).toBeTruthy();
  });
});

describe("members", () => {
  const memberRoutes: Handler = (c) => {
    if (c.method === "GET" && c.path === "/clubs/clubs/7/members/") return { status: 200, body: page([ANA]) };
    if (c.method === "GET" && c.path === "/clubs/clubs/7/members/open_checkins/") return { status: 200, body: [] };
    return undefined;
  };

  it("adds a member from the quick search, removes all only after typing 'remove all'", async () => {
    const { calls } = fakeApi(
      (c) => {
        if (c.path === "/clubs/clubs/7/quick-search/")
          return { status: 200, body: [{ ...ANA, occupant_id: 92, first_name: "Ben", apartment_number: "804" }] };
        if (c.method === "POST" && c.path === "/clubs/clubs/7/add_member/") return { status: 201, body: ANA };
        if (c.method === "POST" && c.path === "/clubs/clubs/7/bulk_delete/")
          return { status: 200, body: { detail: "ok", count: 2 } };
        return undefined;
      },
      memberRoutes,
      lookups,
    );
    render(<ClubMembersPage />, "/1/clubs/7/members", "/:buildingId/clubs/:clubId/members");
    expect(await screen.findByText("Ana Lopez")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Pool check in" }).getAttribute("href")).toBe("/1/clubs/7/pool-check-in");

    fireEvent.click(screen.getByRole("button", { name: "New member" }));
    const drawer = await screen.findByRole("dialog", { name: "New member" });
    const box = within(drawer).getByRole("combobox");
    fireEvent.change(box, { target: { value: "Ben" } });
    fireEvent.click(await screen.findByRole("option", { name: /Ben Lopez — 804/ }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Add member" }));
    expect(await screen.findByText(CLUBS_MESSAGES.memberAdded)).toBeTruthy();
    expect(calls.find((c) => c.path === "/clubs/clubs/7/add_member/")!.body).toEqual({ occupant_id: 92 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New member" })).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Remove all members" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove all members" });
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "remove" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove all" }));
    expect(calls.some((c) => c.path === "/clubs/clubs/7/bulk_delete/")).toBe(false);
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "remove all" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove all" }));
    expect(await screen.findByText(CLUBS_MESSAGES.allMembersRemoved(2))).toBeTruthy();
  });

  it("front desk sees the members without the membership buttons", async () => {
    fakeApi(memberRoutes, lookups);
    render(<ClubMembersPage />, "/1/clubs/7/members", "/:buildingId/clubs/:clubId/members", "FD");
    expect(await screen.findByText("Ana Lopez")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New member" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove all members" })).toBeNull();
  });

  it("a club not of the building goes to /not-found", async () => {
    fakeApi(memberRoutes, lookups);
    render(<ClubMembersPage />, "/1/clubs/99/members", "/:buildingId/clubs/:clubId/members");
    expect(await screen.findByText("Not found page")).toBeTruthy();
  });

  it("pool check-in: one guest at most, Check In sends the guests; export of the last 7 days", async () => {
    const { calls } = fakeApi(
      (c) => {
        if (c.method === "POST" && c.path === "/clubs/clubs/7/record_open_checkin/")
          return {
            status: 201,
            body: {
              id: 3,
              club_id: 7,
              occupant_id: 91,
              content_type: "occupant",
              object_id: 91,
              note: "2:",
              guests: 1,
              checked_in_at: "",
              entered_by: 1,
            },
          };
        return undefined;
      },
      memberRoutes,
      lookups,
    );
    render(<PoolCheckInPage />, "/1/clubs/7/pool-check-in", "/:buildingId/clubs/:clubId/pool-check-in");
    const more = await screen.findByRole("button", { name: "More guests for Ana Lopez" });
    fireEvent.click(more);
    expect(screen.getByText("1 guest")).toBeTruthy();
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Check In Ana Lopez" }));
    expect(await screen.findByText(CLUBS_MESSAGES.checkedIn)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ occupant_id: 91, guests: 1 });

    // The export asks for the last 7 days unless changed; a failure says so.
    const exportBox = screen.getByRole("region", { name: "Export check-ins" });
    expect(within(exportBox).getByRole("group", { name: "Start date" })).toBeTruthy();
    fireEvent.click(within(exportBox).getByRole("button", { name: "Export" }));
    expect(await screen.findByText(/^Error exporting check-ins: /)).toBeTruthy();
    const report = calls.find((c) => c.path === "/clubs/clubs/7/pool_checkins_report/")!;
    const days = (Date.parse(report.query.get("end_date")!) - Date.parse(report.query.get("start_date")!)) / 86_400_000;
    expect(days).toBe(6);
  });

  it("pool check-in of a club without open check-in goes to its members", async () => {
    fakeApi(memberRoutes, lookups);
    const { router } = render(
      <PoolCheckInPage />,
      "/1/clubs/8/pool-check-in",
      "/:buildingId/clubs/:clubId/pool-check-in",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/clubs/8/members"));
  });
});
