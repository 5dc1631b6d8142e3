import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  defaultBuildingSettings,
  ELEVATOR_MESSAGES as M,
  type ElevatorReservation,
  MESSAGES,
  type ReservationType,
} from "@portico/contract";
import { MOVE_IN } from "./testing.ts";
import { type FakeCall, fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as ListPage } from "./pages/ReservationListPage.tsx";
import { Component as FormPage } from "./pages/ReservationFormPage.tsx";
import { ElevatorsDrawer, ProfileReservationsPanel } from "./index.ts";

afterEach(() => vi.unstubAllGlobals());

const settings = (staffCanApprove = false) => {
  const s = defaultBuildingSettings();
  return {
    ...s,
    reservationsettings: { ...s.reservationsettings, has_reservations: true, is_staff_can_approve: staffCanApprove },
  };
};

const MOVE_OUT: ReservationType = { ...MOVE_IN, id: 4, name: "Move-Out", short_name: "MO", instructions_text: "" };

const reservation = (over: Partial<ElevatorReservation> = {}): ElevatorReservation => ({
  id: 10,
  building_id: 1,
  status: "REQUESTED",
  status_display: "Requested",
  status_event: null,
  reservation_type_id: 3,
  reservation_type_name: "Move-In",
  reservation_type_short_name: "MI",
  occupant_id: 7,
  occupant: "Jane Doe",
  apartment_id: 20,
  apartment_number: "4B",
  occupancy_id: 30,
  custom_name: "",
  custom_email: "",
  custom_phone: "",
  start_time: "2026-12-01T14:00:00Z",
  end_time: "2026-12-01T15:00:00Z",
  reservation_date: "2026-12-01",
  start_clock: "09:00",
  end_clock: "10:00",
  details_text: "",
  entered_by: "Dana Desk",
  date_created: "2026-11-20T15:00:00Z",
  lease_start_date: "2026-01-01",
  lease_end_date: "2027-01-01",
  deny_reason: "",
  ...over,
});

const ROWS = [
  reservation(),
  reservation({
    id: 11,
    occupant: "Sam Roe",
    apartment_number: "7C",
    reservation_type_name: "Move-Out",
    reservation_type_short_name: "MO",
    lease_end_date: null,
  }),
  reservation({ id: 12, status: "APPROVED", status_display: "Approved", reservation_date: "2027-02-01" }),
];

/** The calls every page makes: types, the list, the quick search and the apartments. */
const defaults =
  (types: ReservationType[] = [MOVE_IN, MOVE_OUT]) =>
  (c: FakeCall) => {
    if (c.method === "GET" && c.path === "/reservations/reservation-types/") return { status: 200, body: page(types) };
    if (c.method === "GET" && c.path === "/core/buildings/1/reservations/") return { status: 200, body: page(ROWS) };
    if (c.path === "/core/quick-search/")
      return {
        status: 200,
        body: [
          {
            apartment_id: 20,
            apartment_number: "4B",
            leases: [
              {
                occupancy_id: 30,
                occupants: [{ occupant_id: 7, first_name: "Jane", last_name: "Doe" }],
                is_future: false,
                is_do_not_disturb: false,
              },
            ],
          },
        ],
      };
    if (c.path === "/core/buildings/1/apartments/dropdown/")
      return {
        status: 200,
        body: [{ id: 20, apartment_number: "4B", current_occupancy_id: 30, is_vacant: false, floor: "4", line: "B" }],
      };
    return undefined;
  };

const renderList = (role: "MG" | "FD" = "MG", staffCanApprove = false) =>
  renderWithApp(<ListPage />, {
    me: makeMe(role),
    settings: settings(staffCanApprove),
    path: "/1/reservations/list",
    routePath: "/:buildingId/reservations/list",
  });

describe("service elevator reservation list", () => {
  it("shows each reservation with its flags; a manager approves the selected, denies with a reason, cancels after confirming", async () => {
    let denyFails = false;
    const { calls } = fakeApi((c) => {
      if (c.path === "/reservations/reservations/approve_all/")
        return {
          status: 200,
          body: { approved: c.body && (c.body as { reservation_id: number[] }).reservation_id, refused: [] },
        };
      if (c.path === "/reservations/reservations/10/deny/")
        return denyFails ? { status: 400, body: { deny_reason: ["no"] } } : { status: 200, body: ROWS[0] };
      if (c.path === "/reservations/reservations/11/cancel/") return { status: 200, body: ROWS[1] };
      return undefined;
    }, defaults());
    renderList("MG");
    expect(await screen.findAllByText("Jane Doe")).toBeTruthy();
    expect(calls.find((c) => c.path === "/core/buildings/1/reservations/")!.query.get("ordering")).toBe("start_time");
    // Move-Out without a lease end: flagged early. The approved one has no actions, only its status.
    expect(screen.getByText(M.earlyMoveOut)).toBeTruthy();
    expect(screen.getByText("Approved")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Approve 4B|^Approve 7C/ })).toHaveLength(2);

    // Approve selected: the two requested ones.
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all requested" }));
    fireEvent.click(screen.getByRole("button", { name: /Approve selected/ }));
    await waitFor(() => expect(calls.some((c) => c.path === "/reservations/reservations/approve_all/")).toBe(true));
    expect(calls.find((c) => c.path === "/reservations/reservations/approve_all/")!.body).toEqual({
      reservation_id: [10, 11],
      building_id: 1,
    });
    expect(await screen.findByText(M.approvedMany(2))).toBeTruthy();

    // Deny: an empty reason sends nothing; a reason is sent; a failure says so.
    fireEvent.click((await screen.findAllByRole("button", { name: /^Deny 4B/ }))[0]);
    let dialog = await screen.findByRole("dialog", { name: "Deny reservation" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Deny reservation" })).toBeNull());
    expect(calls.some((c) => c.path.endsWith("/deny/"))).toBe(false);
    fireEvent.click((await screen.findAllByRole("button", { name: /^Deny 4B/ }))[0]);
    dialog = await screen.findByRole("dialog", { name: "Deny reservation" });
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Elevator under repair" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/reservations/reservations/10/deny/")).toBe(true));
    expect(calls.find((c) => c.path.endsWith("/deny/"))!.body).toEqual({ deny_reason: "Elevator under repair" });
    denyFails = true;
    fireEvent.click((await screen.findAllByRole("button", { name: /^Deny 4B/ }))[0]);
    dialog = await screen.findByRole("dialog", { name: "Deny reservation" });
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Again" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText(M.denyFailed)).toBeTruthy();

    // Cancel asks first.
    fireEvent.click(await screen.findByRole("button", { name: /^Cancel 7C/ }));
    const confirm = await screen.findByRole("dialog", { name: "Cancel reservation" });
    expect(within(confirm).getByText(M.confirmCancel)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel reservation" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/reservations/reservations/11/cancel/")).toBe(true));
  });

  it("the front desk sees the status text only, unless staff may approve", async () => {
    fakeApi(undefined, defaults());
    const first = renderList("FD", false);
    await screen.findAllByText("Jane Doe");
    expect(screen.queryByRole("button", { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Approve selected/ })).toBeNull();
    expect(screen.getAllByText("Requested").length).toBeGreaterThan(0);
    first.unmount();
    renderList("FD", true);
    await screen.findAllByText("Jane Doe");
    expect(screen.getAllByRole("button", { name: /^Approve 4B|^Approve 7C/ })).toHaveLength(2);
  });

  it("says when the building has no types, when nothing matches and when the list fails", async () => {
    let fail = false;
    fakeApi((c) => {
      if (c.path === "/core/buildings/1/reservations/")
        return fail ? { status: 400, body: { detail: "Bad filter" } } : { status: 200, body: page([]) };
      return undefined;
    }, defaults([]));
    const first = renderList("MG");
    expect(await screen.findByText(M.noTypes)).toBeTruthy();
    expect(await screen.findByText(M.noResults)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "New reservation" })).toBeNull();
    first.unmount();
    fail = true;
    renderList("MG");
    expect(await screen.findByText(/^An error occurred: /)).toBeTruthy();
  });
});

const renderForm = (path = "/1/reservations/create?date=2026-12-05") =>
  renderWithApp(<FormPage />, {
    me: makeMe("FD"),
    settings: settings(),
    path,
    routePath: "/:buildingId/reservations/create",
    extraRoutes: [{ path: "/:buildingId/reservations/list", element: <p>The list</p> }],
  });

describe("service elevator reservation form", () => {
  it("starts on the day given, 9:00 to 10:00; needs a type and a unit; the resident sets the unit; shows the type's instructions", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "POST" && c.path === "/reservations/reservations/") return { status: 201, body: reservation() };
      return undefined;
    }, defaults());
    renderForm();
    const form = await screen.findByRole("form", { name: "Service elevator reservation" });
    expect((within(form).getByRole("combobox", { name: /Start time/ }) as HTMLElement).textContent).toBe("9:00 AM");
    expect((within(form).getByRole("combobox", { name: /End time/ }) as HTMLElement).textContent).toBe("10:00 AM");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(within(form).getByText(M.unitRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    // The type and its instructions.
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: /Reservation type/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Move-In" }));
    expect(await within(form).findByText("Pad the elevator walls first.")).toBeTruthy();

    // The start's first slot is 8:00 AM; the end offers only times after the start.
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: /Start time/ }));
    const starts = await screen.findAllByRole("option");
    expect(starts[0].textContent).toBe("8:00 AM");
    fireEvent.click(screen.getByRole("option", { name: "10:30 AM" }));
    await waitFor(() => expect(within(form).getByRole("combobox", { name: /End time/ }).textContent).toBe("11:00 AM"));
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: /End time/ }));
    expect((await screen.findAllByRole("option"))[0].textContent).toBe("11:00 AM");
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });

    // The resident sets the unit.
    const resident = within(form).getByRole("combobox", { name: /Resident/ });
    fireEvent.change(resident, { target: { value: "Jane" } });
    fireEvent.click(await screen.findByRole("option", { name: "Jane Doe (4B)" }));
    await waitFor(() =>
      expect((within(form).getByRole("combobox", { name: /Unit/ }) as HTMLInputElement).value).toBe("4B"),
    );

    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      reservation_type_id: 3,
      occupant_id: 7,
      apartment_id: 20,
      reservation_date: "2026-12-05",
      start_time: "10:30",
      end_time: "11:00",
    });
    expect(calls.find((c) => c.method === "POST")!.query.get("building")).toBe("1");
    expect(await screen.findByText("The list")).toBeTruthy();
  });

  it("puts the server's field errors under their fields and the rules' refusals above the buttons", async () => {
    fakeApi((c) => {
      if (c.method === "POST" && c.path === "/reservations/reservations/")
        return { status: 400, body: { start_time: [M.startTooEarly], non_field_errors: [M.overlap] } };
      return undefined;
    }, defaults());
    renderForm();
    const form = await screen.findByRole("form", { name: "Service elevator reservation" });
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: /Reservation type/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Move-In" }));
    fireEvent.change(within(form).getByRole("combobox", { name: /Resident/ }), { target: { value: "Jane" } });
    fireEvent.click(await screen.findByRole("option", { name: "Jane Doe (4B)" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(M.startTooEarly)).toBeTruthy();
    expect(within(form).getByText(M.overlap)).toBeTruthy();
  });
});

describe("today's drawer and the unit profile panel", () => {
  it("the Elevators drawer lists today's reservations of the building", async () => {
    const { calls } = fakeApi(undefined, defaults());
    renderWithApp(<ElevatorsDrawer open onClose={() => {}} />, { me: makeMe("FD"), settings: settings() });
    expect(await screen.findByRole("dialog", { name: "Today's service elevator reservations" })).toBeTruthy();
    expect((await screen.findAllByText(/Jane Doe/)).length).toBeGreaterThan(0);
    const q = calls.find((c) => c.path === "/core/buildings/1/reservations/")!.query;
    expect(q.get("min_start_date")).toBe(q.get("max_start_date"));
    expect(q.get("min_start_date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("the profile panel shows the unit's upcoming reservations, then the past 30 days", async () => {
    const { calls } = fakeApi(undefined, defaults());
    renderWithApp(<ProfileReservationsPanel buildingId={1} occupancyId={30} />, { settings: settings() });
    expect((await screen.findAllByRole("link", { name: "Move-In" })).length).toBeGreaterThan(0);
    const first = calls.filter((c) => c.path === "/core/buildings/1/reservations/").at(-1)!.query;
    expect(first.get("occupancy")).toBe("30");
    expect(first.get("max_start_date")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Past 30 days" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/core/buildings/1/reservations/").length).toBe(2));
    const past = calls.filter((c) => c.path === "/core/buildings/1/reservations/").at(-1)!.query;
    expect(past.get("ordering")).toBe("-start_time");
    expect(past.get("max_start_date")! < past.get("min_start_date")!).toBe(false);
  });
});
