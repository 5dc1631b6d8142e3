import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  addDays,
  defaultBuildingSettings,
  type Instruction,
  type Lockout,
  LOCKOUT_MESSAGES,
  MESSAGES,
} from "@portico/contract";
import { dayInZone } from "../../lib/zonedDates.ts";
import { BUILDING, type FakeCall, fakeApi, type Handler, page, renderWithApp } from "../../test/harness.tsx";
import { LockoutForm } from "./components/LockoutForm.tsx";
import { ProfileLockoutsPanel } from "./components/ProfileLockoutsPanel.tsx";
import { Component as ListPage } from "./pages/LockoutListPage.tsx";
import { Component as CreatePage } from "./pages/LockoutCreatePage.tsx";
import { lockoutDraftErrors, lockoutExportQuery, lockoutListQuery } from "./model.ts";

/** The part of an instruction the guest choice reads (type 3 is a security type). */
function makeInstruction({
  id,
  name,
  typeId = 1,
  is_manually_expired = false,
}: {
  id: number;
  name: string;
  typeId?: number;
  is_manually_expired?: boolean;
}): Instruction {
  const today = dayInZone(BUILDING.time_zone);
  return {
    id,
    name,
    occupancy: 91,
    start_date: today,
    expiration_date: addDays(today, 3),
    is_manually_expired,
    is_food_delivery: false,
    instruction_type: { id: typeId, name: typeId === 3 ? "Security" : "Registered guest", is_security: typeId === 3 },
  } as unknown as Instruction;
}

const APARTMENTS = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: 92, is_vacant: false, floor: "7", line: "02" },
];
const OCCUPANCY_91 = {
  id: 91,
  apartment_number: "1203",
  occupant_set: [
    { id: 5, first_name: "Robin", last_name: "Resident", is_active: true },
    { id: 6, first_name: "Sam", last_name: "Second", is_active: true },
  ],
};
const OCCUPANCY_92 = { id: 92, apartment_number: "702", occupant_set: [] };

function lockout(over: Partial<Lockout> = {}): Lockout {
  return {
    id: 300,
    building_id: 1,
    date_created: "2026-03-02T15:00:00.000Z",
    entered_by: { id: 42, first_name: "Dana", last_name: "Desk" },
    requester_type: "resident",
    occupancy_id: 91,
    occupancy: { id: 91, apartment_id: 11, apartment_number: "1203", status: "CURRENT", is_active: true },
    apartment_id: 11,
    apartment_number: "1203",
    occupant_id: 5,
    occupant: { id: 5, first_name: "Robin", last_name: "Resident" },
    instruction_id: null,
    guest: null,
    photo_url: "/media/lockouts/1.jpg",
    ...over,
  };
}

const defaults =
  (instructions = [makeInstruction({ id: 700, name: "Jane Guest" })], lockouts: Lockout[] = []): Handler =>
  (c: FakeCall) => {
    if (c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: APARTMENTS };
    if (c.path === "/core/occupancies/91/") return { status: 200, body: OCCUPANCY_91 };
    if (c.path === "/core/occupancies/92/") return { status: 200, body: OCCUPANCY_92 };
    if (c.path === "/instructions/instructions/")
      return { status: 200, body: page(c.query.get("occupancy") === "91" ? instructions : []) };
    if (c.method === "GET" && c.path === "/core/buildings/1/lockouts/") return { status: 200, body: page(lockouts) };
    if (c.method === "GET" && c.path === "/core/occupancies/91/lockouts/") return { status: 200, body: page(lockouts) };
    return undefined;
  };

const withLockouts = () => {
  const settings = defaultBuildingSettings();
  settings.lockoutsettings.has_lockouts = true;
  return settings;
};

async function chooseUnit(number: string) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: /^Unit/ }));
  fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: number }));
}
const upload = (container: HTMLElement) => {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, {
    target: { files: [new File([new Uint8Array([1, 2])], "door.png", { type: "image/png" })] },
  });
};
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create lockout" }));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe("the lockout form", () => {
  it("a resident (the unit's first by default) with a photo: multipart POST, then the alert leads to the list", async () => {
    const { calls } = fakeApi((c) => (c.method === "POST" ? { status: 201, body: lockout() } : undefined), defaults());
    const { container, router } = renderWithApp(<LockoutForm building={1} />, {
      settings: withLockouts(),
      extraRoutes: [{ path: "/1/lockouts", element: <p>Lockout list</p> }],
    });
    await chooseUnit("1203");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Resident/ }).textContent).toBe("Robin Resident"));
    upload(container);
    create();
    const alert = await screen.findByText(LOCKOUT_MESSAGES.created);
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.path).toBe("/core/occupancies/91/lockouts/");
    const body = post.body as FormData;
    expect(body.get("requester_type")).toBe("resident");
    expect(body.get("occupant_id")).toBe("5");
    expect(body.get("occupancy_id")).toBe("91");
    expect(body.get("instruction_id")).toBeNull();
    expect(body.get("photo_url")).toBeInstanceOf(File);
    fireEvent.click(alert);
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/lockouts"));
  });

  it("a guest needs a registered guest of the unit: none gives the spec's message and nothing is sent", async () => {
    const { calls } = fakeApi(undefined, defaults());
    renderWithApp(<LockoutForm building={1} />, { settings: withLockouts() });
    await chooseUnit("702");
    fireEvent.click(screen.getByRole("radio", { name: "Guest" }));
    expect(await screen.findByText(LOCKOUT_MESSAGES.noRegisteredGuests)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Create lockout" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("offers only the unit's unexpired registered guests and sends the chosen instruction", async () => {
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 201, body: lockout({ requester_type: "guest" }) } : undefined),
      defaults([
        makeInstruction({ id: 700, name: "Jane Guest" }),
        makeInstruction({ id: 701, name: "Bad Person", typeId: 3 }),
        makeInstruction({ id: 702, name: "Old Guest", is_manually_expired: true }),
      ]),
    );
    renderWithApp(<LockoutForm building={1} />, { settings: withLockouts() });
    await chooseUnit("1203");
    fireEvent.click(screen.getByRole("radio", { name: "Guest" }));
    const select = await screen.findByRole("combobox", { name: /^Registered guest/ });
    await waitFor(() => expect(select.getAttribute("aria-disabled")).toBeNull());
    create();
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent?.split(" (")[0])).toEqual(["Jane Guest"]);
    fireEvent.click(options[0]);
    create();
    await screen.findByText(LOCKOUT_MESSAGES.created);
    const body = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(body.get("requester_type")).toBe("guest");
    expect(body.get("instruction_id")).toBe("700");
    expect(body.get("occupant_id")).toBeNull();
  });

  it("a 413 shows 'File Too Large, please select a file under 48 MB'", async () => {
    fakeApi((c) => (c.method === "POST" ? { status: 413, body: { detail: "too large" } } : undefined), defaults());
    const { container } = renderWithApp(<LockoutForm building={1} />, { settings: withLockouts() });
    await chooseUnit("1203");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Resident/ }).textContent).toBe("Robin Resident"));
    upload(container);
    create();
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy();
  });

  it("rules: a unit; a resident unless the unit has none; a guest among the registered ones", () => {
    const d = { occupancy: 91, requesterType: "resident" as const, occupant: null, instruction: null, photo: null };
    expect(lockoutDraftErrors({ ...d, occupancy: null }, { occupants: 1, guests: 0 })).toEqual({
      occupancy: MESSAGES.fieldRequired,
    });
    expect(lockoutDraftErrors(d, { occupants: 0, guests: 0 })).toEqual({ occupant: LOCKOUT_MESSAGES.noResidents });
    expect(lockoutDraftErrors({ ...d, occupant: 5 }, { occupants: 1, guests: 0 })).toEqual({});
    expect(lockoutDraftErrors({ ...d, requesterType: "guest" }, { occupants: 1, guests: 0 })).toEqual({
      instruction: LOCKOUT_MESSAGES.noRegisteredGuests,
    });
    expect(lockoutDraftErrors({ ...d, requesterType: "guest", instruction: 700 }, { occupants: 1, guests: 1 })).toEqual(
      {},
    );
  });
});

describe("the 'Create new lockout' page", () => {
  it("/lockouts/create?occupancy starts on that unit with its first resident", async () => {
    fakeApi(undefined, defaults());
    renderWithApp(<CreatePage />, {
      path: "/1/lockouts/create?occupancy=91",
      routePath: "/:buildingId/lockouts/create",
      settings: withLockouts(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: LOCKOUT_MESSAGES.createTitle })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole("combobox", { name: /^Unit/ }) as HTMLInputElement).value).toBe("1203"),
    );
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Resident/ }).textContent).toBe("Robin Resident"));
  });
});

describe("the lockout list", () => {
  it("reads its filters and page from the URL and exports with occupancy_apartment", () => {
    const params = new URLSearchParams("from=2026-03-01&until=2026-03-31&apartment=11&offset=30");
    expect(lockoutListQuery(params, { limit: 30, offset: 30 })).toEqual({
      from: "2026-03-01",
      until: "2026-03-31",
      occupancy__apartment: "11",
      limit: 30,
      offset: 30,
    });
    expect(lockoutExportQuery(params)).toEqual({ from: "2026-03-01", until: "2026-03-31", occupancy_apartment: "11" });
  });

  it("lists lockouts (the guest linked to its instruction), 30 a page, and deletes one with a required reason", async () => {
    const guest = lockout({
      id: 301,
      requester_type: "guest",
      occupant_id: null,
      occupant: null,
      instruction_id: 700,
      guest: { instruction_id: 700, name: "Jane Guest", instruction_type_name: "Registered guest" },
    });
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path === "/lockouts/lockouts/301/delete/"
          ? { status: 200, body: { id: 301, detail: LOCKOUT_MESSAGES.deleted } }
          : undefined,
      defaults(undefined, [lockout(), guest]),
    );
    renderWithApp(<ListPage />, {
      path: "/1/lockouts?from=2026-03-01",
      routePath: "/:buildingId/lockouts",
      settings: withLockouts(),
    });
    const link = await screen.findByRole("link", { name: "Jane Guest" });
    expect(link.getAttribute("href")).toBe("/1/front-desk/instructions/700");
    expect(screen.getByText("Robin Resident")).toBeTruthy();
    const get = calls.find((c) => c.path === "/core/buildings/1/lockouts/")!;
    expect(get.query.get("limit")).toBe("30");
    expect(get.query.get("from")).toBe("2026-03-01");

    fireEvent.click(screen.getByRole("button", { name: "Export to Excel" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/core/buildings/1/lockouts/as_excel/")).toBe(true));
    expect(calls.find((c) => c.path === "/core/buildings/1/lockouts/as_excel/")!.query.get("from")).toBe("2026-03-01");

    fireEvent.click(screen.getAllByRole("button", { name: /^Delete the lockout of 1203/ })[1]);
    const drawer = await screen.findByRole("dialog", { name: "Delete lockout" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Delete" }));
    expect(await within(drawer).findByText(LOCKOUT_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Reason/ }), {
      target: { value: "  Entered twice " },
    });
    fireEvent.click(within(drawer).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(LOCKOUT_MESSAGES.deleted)).toBeTruthy();
    const del = calls.find((c) => c.method === "POST")!;
    expect(del.body).toEqual({ delete_reason: "Entered twice" });
  });

  it("is not found without lockouts in the building", async () => {
    fakeApi(undefined, defaults());
    renderWithApp(<ListPage />, { path: "/1/lockouts", routePath: "/:buildingId/lockouts" });
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
    expect(BUILDING.id).toBe(1);
  });
});

describe("the unit profile's Lockouts panel", () => {
  it("asks for the 4 latest and links to create one for the unit and to the list", async () => {
    const { calls } = fakeApi(undefined, defaults(undefined, [lockout()]));
    renderWithApp(<ProfileLockoutsPanel buildingId={1} occupancyId={91} />, { settings: withLockouts() });
    expect(await screen.findByText(/Resident: Robin Resident/)).toBeTruthy();
    expect(calls.find((c) => c.path === "/core/occupancies/91/lockouts/")!.query.get("limit")).toBe("4");
    expect(screen.getByRole("link", { name: "Create new lockout" }).getAttribute("href")).toBe(
      "/1/lockouts/create?occupancy=91",
    );
    expect(screen.getByRole("link", { name: "All lockouts" }).getAttribute("href")).toBe("/1/lockouts");
  });
});
