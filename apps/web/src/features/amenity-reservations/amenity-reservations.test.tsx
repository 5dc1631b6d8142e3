import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  AMENITY_RESERVATION_MESSAGES as M,
  type AmenityReservation,
  type AmenitySchedule,
  type AmenityType,
  defaultBuildingSettings,
  type Role,
} from "@portico/contract";
import { fakeApi, type FakeCall, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { dayInZone } from "../../lib/zonedDates.ts";
import { cellsOf, defaultWindowStart, placeOf } from "./calendar.ts";
import { bodyOf, defaultTimes, type FormValues } from "./components/ReservationDrawer.tsx";
import { Component as AmenityReservationsPage } from "./pages/AmenityReservationsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const TZ = "America/New_York";
const TODAY = dayInZone(TZ);

const TYPE: AmenityType = {
  id: 7,
  name: "Party room",
  label: "Party room",
  description: "",
  rules: "",
  photo_url: null,
  location_label: "",
  is_active: true,
  club: 3,
  club_name: "Residents club",
  building: 1,
  max_reservation_length: 240,
  reservation_note: "",
  max_persons_permitted_display: 0,
  max_user_open_reservations: 5,
  max_user_weekly_reservations: 3,
  max_user_daily_reservations: 1,
  is_allow_guests: true,
  max_number_guests: 4,
  reservation_window_days: 0,
  has_checkin: true,
  send_qr_codes: true,
  is_approval_required_for_reservation: true,
  is_payment_required_for_reservation: false,
  open_time: null,
  close_time: null,
  schedule_set: [],
  amenity_count: 1,
  date_created: "2026-01-01T00:00:00Z",
  last_modified: "2026-01-01T00:00:00Z",
};

const AMENITY = {
  id: 11,
  label: "Party room A",
  amenity_type: 7,
  amenity_type_name: "Party room",
  club_id: 3,
  has_checkin: true,
  is_approval_required_for_reservation: true,
  is_payment_required_for_reservation: false,
  send_qr_codes: true,
};

const RES: AmenityReservation = {
  id: 21,
  building_id: 1,
  amenity_id: 11,
  amenity: AMENITY,
  apartment_id: 5,
  apartment: { id: 5, building_id: 1, building_name: "The Riverside", apartment_number: "12A" },
  occupancy_id: 9,
  occupant_id: 4,
  occupant: { id: 4, first_name: "Jane", last_name: "Doe", photo_url: null },
  contact: "",
  guests: 2,
  date: TODAY,
  start_time: `${TODAY}T17:00:00Z`,
  end_time: `${TODAY}T18:00:00Z`,
  approval_status: "PENDING",
  approval_status_display: "Pending",
  payment_status: null,
  payment_status_display: null,
  amenity_reservation_type: "TR",
  amenity_reservation_type_display: "Resident",
  reason: "",
  entered_by: null,
  is_checked_in: false,
  is_cancelled: false,
  date_created: "2026-01-01T00:00:00Z",
  last_modified: "2026-01-01T00:00:00Z",
};

const SCHEDULE: AmenitySchedule = {
  date: TODAY,
  time_zone: TZ,
  amenities: [
    {
      amenity: { ...AMENITY, is_active: true },
      has_schedule: true,
      open_hours: [{ start_time: "08:00", end_time: "22:00" }],
      max_number_guests: 4,
      reservations: [RES],
    },
  ],
};

function api(extra?: (c: FakeCall) => { status: number; body: unknown } | undefined) {
  return fakeApi((c) => {
    const more = extra?.(c);
    if (more) return more;
    if (c.path === "/core/buildings/1/amenity-reservations/") return { status: 200, body: page([RES]) };
    if (c.path === "/core/buildings/1/amenity-reservations/schedule/") return { status: 200, body: SCHEDULE };
    if (c.path === "/core/buildings/1/amenity-types/") return { status: 200, body: page([TYPE]) };
    if (c.path === "/core/buildings/1/clubs/") return { status: 200, body: page([]) };
    return undefined;
  });
}

const settings = () => {
  const s = defaultBuildingSettings();
  s.amenitysettings.has_amenities = true;
  return s;
};
const renderPage = (role: Role, path = "/1/amenity-reservations") =>
  renderWithApp(<AmenityReservationsPage />, {
    me: makeMe(role),
    path,
    routePath: "/:buildingId/amenity-reservations",
    settings: settings(),
  });

describe("amenity reservations list", () => {
  it("lists upcoming reservations ('Today', Approved?) with booking controls for the amenity desk", async () => {
    const { calls } = api();
    renderPage("AO");
    expect(await screen.findByText("12A - Jane Doe")).toBeTruthy();
    expect(screen.getByText("Today")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Approved?" })).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Payment status" })).toBeNull();
    expect(await screen.findByRole("button", { name: "Add new reservation" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Scan" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel 12A - Jane Doe" })).toBeTruthy();
    const list = calls.find((c) => c.path === "/core/buildings/1/amenity-reservations/")!;
    expect(list.query.get("upcoming")).toBe("1");

    fireEvent.click(screen.getByRole("tab", { name: "Party room" }));
    await waitFor(() =>
      expect(calls.some((c) => c.path.endsWith("/amenity-reservations/") && c.query.get("amenity_type") === "7")).toBe(true),
    );
  });

  it("offers the front desk viewing and check-in only", async () => {
    const { calls } = api((c) =>
      c.method === "POST" && c.path === "/clubs/reservations/21/toggle_checkin/"
        ? { status: 200, body: { ...RES, is_checked_in: true } }
        : undefined,
    );
    renderPage("FD");
    await screen.findByText("12A - Jane Doe");
    expect(screen.queryByRole("button", { name: "Add new reservation" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel 12A - Jane Doe" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Check in 12A - Jane Doe" }));
    expect(await screen.findByText(M.checkedIn)).toBeTruthy();
    expect(calls.some((c) => c.path === "/clubs/reservations/21/toggle_checkin/")).toBe(true);
  });
});

describe("reservation drawer", () => {
  it("asks the kind first, then applies the form rules and shows the server's refusals", async () => {
    const { calls } = api((c) =>
      c.method === "POST" && c.path === "/clubs/reservations/"
        ? { status: 400, body: { non_field_errors: [M.dailyLimit(1)] } }
        : undefined,
    );
    renderPage("AO");
    fireEvent.click(await screen.findByRole("button", { name: "Add new reservation" }));
    const drawer = await screen.findByRole("dialog", { name: "New reservation" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Unavailable block" }));
    const block = await screen.findByRole("dialog", { name: "New unavailable block" });
    const save = await within(block).findByRole("button", { name: "Save" });
    fireEvent.click(save);
    expect(await within(block).findByText(M.reasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(block).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New unavailable block" })).toBeNull());

    fireEvent.click(await screen.findByRole("button", { name: "Add new reservation" }));
    fireEvent.click(await screen.findByRole("button", { name: "Resident reservation" }));
    const resident = await screen.findByRole("dialog", { name: "New resident reservation" });
    fireEvent.click(await within(resident).findByRole("button", { name: "Save" }));
    expect(await within(resident).findByText(M.residentRequired)).toBeTruthy();
    fireEvent.click(within(resident).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New resident reservation" })).toBeNull());

    fireEvent.click(await screen.findByRole("button", { name: "Add new reservation" }));
    fireEvent.click(await screen.findByRole("button", { name: "Admin reservation" }));
    const admin = await screen.findByRole("dialog", { name: "New admin reservation" });
    fireEvent.mouseDown(within(admin).getByRole("combobox", { name: /^Amenity/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Party room — Party room A" }));
    fireEvent.click(within(admin).getByRole("button", { name: "Save" }));
    expect(await within(admin).findByText(M.dailyLimit(1))).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      amenity_reservation_type: "ER",
      amenity_id: 11,
      date: TODAY,
      start_time: "12:00",
      end_time: "13:00",
      approval_status: "PENDING",
    });
  });

  it("changes the approval status through 'Change Reservation Status'", async () => {
    const { calls } = api((c) =>
      c.method === "PATCH" && c.path === "/clubs/reservations/21/"
        ? { status: 200, body: { ...RES, approval_status: "APPROVED", approval_status_display: "Approved" } }
        : undefined,
    );
    renderPage("MG");
    fireEvent.click(await screen.findByRole("button", { name: "Edit 12A - Jane Doe" }));
    const drawer = await screen.findByRole("dialog", { name: /Edit resident reservation/ });
    fireEvent.mouseDown(await within(drawer).findByRole("combobox", { name: "Approval status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Approved" }));
    const dialog = await screen.findByRole("dialog", { name: M.changeStatusTitle });
    expect(within(dialog).getByText(M.statusChangeMailNote)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: M.confirmStatusChange }));
    expect(await screen.findByText(M.statusChanged)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ approval_status: "APPROVED" });
  });
});

describe("pure rules", () => {
  it("defaults 12:00-13:00, blocks 09:00-10:00 or 08:00-23:00 without a schedule", () => {
    expect(defaultTimes("TR", true)).toEqual({ start_time: "12:00", end_time: "13:00" });
    expect(defaultTimes("CR", true)).toEqual({ start_time: "09:00", end_time: "10:00" });
    expect(defaultTimes("CR", false)).toEqual({ start_time: "08:00", end_time: "23:00" });
  });

  it("sends only what the kind and the type take", () => {
    const v: FormValues = {
      amenity_reservation_type: "TR",
      amenity_id: 11,
      date: TODAY,
      start_date: TODAY,
      end_date: TODAY,
      start_time: "12:00",
      end_time: "13:00",
      resident: { occupant_id: 4, apartment_id: 5, label: "12A - Jane Doe" },
      contact: "x",
      reason: "y",
      guests: 2,
      approval_status: "APPROVED",
      payment_status: "DEPOSIT_PAID",
    };
    const body = bodyOf(v, SCHEDULE.amenities[0]);
    expect(body).toMatchObject({ occupant_id: 4, apartment_id: 5, guests: 2, approval_status: "APPROVED", date: TODAY });
    expect(body).not.toHaveProperty("payment_status");
    expect(body).not.toHaveProperty("reason");
    const block = bodyOf({ ...v, amenity_reservation_type: "CR" }, SCHEDULE.amenities[0]);
    expect(block).toMatchObject({ start_date: TODAY, end_date: TODAY, reason: "y" });
    expect(block).not.toHaveProperty("approval_status");
  });

  it("places bookings on a 12-hour window of 30-minute cells", () => {
    expect(cellsOf(8 * 60, 12)).toHaveLength(24);
    expect(defaultWindowStart(12, null)).toBe(8 * 60);
    expect(defaultWindowStart(12, 23 * 60)).toBe(12 * 60);
    expect(placeOf(9 * 60, 10 * 60 + 30, 8 * 60, 12)).toEqual({ column: 2, span: 3 });
    expect(placeOf(6 * 60, 7 * 60, 8 * 60, 12)).toBeNull();
  });
});
