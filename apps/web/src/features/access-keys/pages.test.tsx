import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KEY_BATCH_MAX_ROWS, KEY_BATCH_START_ROWS, KEY_MESSAGES, MESSAGES } from "@portico/contract";
import { Component as GridPage } from "./pages/KeysGridPage.tsx";
import { Component as DetailPage } from "./pages/KeyDetailPage.tsx";
import { Component as BatchOutPage } from "./pages/BatchOutPage.tsx";
import { Component as LocationsPage } from "./pages/KeyLocationsPage.tsx";
import { OverdueKeysWidget } from "./components/OverdueKeysWidget.tsx";
import { page } from "../../test/harness.tsx";
import {
  defaults,
  fakeApi,
  formFields,
  LOCATIONS,
  makeJourney,
  makeKey,
  makeMe,
  noCamera,
  PHOTO,
  renderWithApp,
  withKeys,
} from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe("the key grid", () => {
  it("colours cards by status, labels them Complete / Active / MISSING, and chips keys away past the limit", async () => {
    const settings = withKeys();
    settings.accesskeyssettings.overdue_hours = 24;
    const keys = [
      makeKey({ id: 1, name: "B-in", status: "IN", location: { id: 2, label: "Box 2" } }),
      makeKey({ id: 2, name: "A-out", status: "OUT", away_since: hoursAgo(30), location: { id: 1, label: "Box 1" } }),
      makeKey({
        id: 3,
        name: "C-missing",
        status: "MISSING",
        away_since: hoursAgo(2),
        location: { id: 1, label: "Box 1" },
      }),
    ];
    const { calls } = fakeApi(undefined, defaults(keys));
    const { router } = renderWithApp(<GridPage />, {
      settings,
      path: "/1/keys/grid",
      routePath: "/:buildingId/keys/grid",
    });
    const cards = await screen.findAllByTestId("key-card");
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^A-outActive/),
      expect.stringMatching(/^B-inComplete/),
      expect.stringMatching(/^C-missingMISSING/),
    ]);
    const [out, inKey, missing] = cards;
    // IN light green, OUT grey, MISSING red (the contract's colours).
    expect(getComputedStyle(inKey).backgroundColor).toBe("rgb(200, 230, 201)");
    expect(getComputedStyle(out).backgroundColor).toBe("rgb(224, 224, 224)");
    expect(getComputedStyle(missing).backgroundColor).toBe("rgb(239, 154, 154)");
    expect(within(out).getByText("24+ hours")).toBeTruthy();
    expect(within(missing).queryByText("24+ hours")).toBeNull();
    expect(within(inKey).getByRole("link", { name: "Key B-in" }).getAttribute("href")).toBe("/1/keys/1");
    expect(Object.fromEntries(calls.find((c) => c.path === "/access-keys/keys/")!.query)).toMatchObject({
      building: "1",
      is_active: "true",
    });

    // By location: grouped under each location.
    fireEvent.click(screen.getByRole("button", { name: "Location" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=location"));
    const box1 = screen.getByRole("region", { name: "Box 1" });
    expect(
      within(box1)
        .getAllByTestId("key-card")
        .map((c) => c.getAttribute("data-status")),
    ).toEqual(["OUT", "MISSING"]);
    expect(within(screen.getByRole("region", { name: "Box 2" })).getAllByTestId("key-card")).toHaveLength(1);
  });
});

describe("a building without access keys", () => {
  it("shows no key screen and asks nothing of the API", async () => {
    const { calls } = fakeApi(undefined, defaults([makeKey()]));
    renderWithApp(<GridPage />, { path: "/1/keys/grid", routePath: "/:buildingId/keys/grid" });
    expect(await screen.findByText(KEY_MESSAGES.featureOff)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith("/access-keys/"))).toEqual([]);
  });
});

describe("the key page", () => {
  const render = (keys = [makeKey()], handler?: Parameters<typeof fakeApi>[0], role: "FD" | "MG" = "FD") => {
    const api = fakeApi(handler, defaults(keys));
    renderWithApp(<DetailPage />, {
      settings: withKeys(),
      me: makeMe(role),
      path: "/1/keys/501",
      routePath: "/:buildingId/keys/:keyId",
    });
    return api;
  };

  it("renames in place: an unchanged name just closes; a new one is saved", async () => {
    const { calls } = render([makeKey()], (c) =>
      c.method === "PATCH" ? { status: 200, body: makeKey({ name: "Front door" }) } : undefined,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    const box = screen.getByRole("textbox", { name: "Key name" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.queryByRole("textbox", { name: "Key name" })).toBeNull();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Rename" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Key name" }), { target: { value: " Front door " } });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Key name" }), { key: "Enter" });
    expect(await screen.findByText(MESSAGES.inlineEditSaved("Name"))).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/access-keys/keys/501/");
    expect(patch.body).toEqual({ name: "Front door" });
  });

  it("a failed rename says to retry in 10 seconds and the old name comes back", async () => {
    render([makeKey()], (c) => (c.method === "PATCH" ? { status: 503, body: {} } : undefined));
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Key name" }), { target: { value: "Wrong" } });
    fireEvent.blur(screen.getByRole("textbox", { name: "Key name" }));
    expect(await screen.findByText(MESSAGES.inlineEditFailed("name"))).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Key 1203-1"));
  });

  it("Mark missing (disabled once missing), Deactivate for managers after a confirmation, and the journeys", async () => {
    const { calls } = render(
      [makeKey()],
      (c) => (c.method === "PATCH" ? { status: 200, body: makeKey() } : undefined),
      "MG",
    );
    expect(await screen.findByRole("grid", { name: "Key journeys" })).toBeTruthy();
    expect(await screen.findByText("Robin Resident")).toBeTruthy();
    expect(calls.find((c) => c.path === "/access-keys/journeys/")!.query.get("access_key")).toBe("501");
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate key" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ is_active: 0 });
  });

  it("front desk: no Deactivate; Mark missing disabled for a missing key", async () => {
    render([makeKey({ status: "MISSING" })]);
    const missing = (await screen.findByRole("button", { name: "Mark missing" })) as HTMLButtonElement;
    expect(missing.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Deactivate" })).toBeNull();
  });
});

describe("Multi-OUT", () => {
  const keys = [
    makeKey(),
    makeKey({
      id: 502,
      name: "305-1",
      rfid: "FFEE01",
      apartment: 13,
      apartment_id: 13,
      apartment_number: "305",
      location: { id: 2, label: "Key box B" },
    }),
  ];
  const open = (handler?: Parameters<typeof fakeApi>[0]) => {
    noCamera();
    const api = fakeApi(handler, defaults(keys));
    renderWithApp(<BatchOutPage />, {
      settings: withKeys(),
      path: "/1/keys/batch-out",
      routePath: "/:buildingId/keys/batch-out",
    });
    return api;
  };
  const rows = () => screen.getAllByTestId("batch-row");
  async function fill(row: HTMLElement, unit: string, key: RegExp, recipient?: RegExp, comment?: string) {
    const u = within(row).getByRole("combobox", { name: /^Unit/ });
    fireEvent.focus(u);
    fireEvent.keyDown(u, { key: "ArrowDown" });
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: unit }));
    const k = within(row).getByRole("combobox", { name: "Key" });
    await waitFor(() => expect(k.getAttribute("aria-disabled")).toBeNull());
    fireEvent.mouseDown(k);
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: key }));
    if (recipient) {
      const r = within(row).getByRole("combobox", { name: "Recipient" });
      await waitFor(() => expect(r.getAttribute("aria-disabled")).toBeNull());
      fireEvent.mouseDown(r);
      fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: recipient }));
    }
    if (comment)
      fireEvent.change(within(row).getByRole("textbox", { name: "Or comment" }), { target: { value: comment } });
  }
  const submit = () => screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement;

  it("starts with 4 rows, at most 10, removal disabled with one row", async () => {
    open();
    await screen.findAllByTestId("batch-row");
    expect(rows()).toHaveLength(KEY_BATCH_START_ROWS);
    const add = screen.getByRole("button", { name: "Add row" }) as HTMLButtonElement;
    for (let i = KEY_BATCH_START_ROWS; i < KEY_BATCH_MAX_ROWS; i++) fireEvent.click(add);
    expect(rows()).toHaveLength(KEY_BATCH_MAX_ROWS);
    expect(add.disabled).toBe(true);
    while (rows().length > 1) fireEvent.click(screen.getByRole("button", { name: `Remove row ${rows().length}` }));
    expect((screen.getByRole("button", { name: "Remove row 1" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("flags a duplicate key, refuses half-filled rows, needs a photo; then scans each key out", async () => {
    const { calls } = open((c) => {
      if (c.method === "PATCH") return { status: 200, body: makeKey({ status: "OUT" }) };
      if (c.path === "/access-keys/verbal-permissions/")
        return {
          status: 201,
          body: { id: 88, access_key: 502, comment: "Painter", entered_by_name: "", date_created: "", expires_at: "" },
        };
      return undefined;
    });
    await screen.findAllByTestId("batch-row");
    await fill(rows()[0], "1203", /1203-1/, /Robin Resident/);
    await fill(rows()[1], "1203", /1203-1/);
    expect(within(rows()[1]).getByText(KEY_MESSAGES.duplicateKey)).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove row 2" }));
    // A half-filled row (unit only) is refused.
    await fill(rows()[1], "305", /305-1/);
    expect(within(rows()[1]).getByText("Choose a recipient or write a comment")).toBeTruthy();
    fireEvent.change(within(rows()[1]).getByRole("textbox", { name: "Or comment" }), { target: { value: "Painter" } });
    // Complete rows but no photo yet.
    expect(submit().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [PHOTO()] } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());

    // Scan step: a card per key, with where to take it from.
    const cards = await screen.findAllByTestId("scan-card");
    expect(cards).toHaveLength(2);
    expect(cards[1].textContent).toContain("Apartment 305");
    expect(cards[1].textContent).toContain("Key box B");
    expect(calls.find((c) => c.path === "/access-keys/verbal-permissions/")!.body).toEqual({
      comment: "Painter",
      access_key: 502,
    });
    const scan = (rfid: string) => {
      const box = screen.getByRole("textbox", { name: "Scan key (RFID)" });
      fireEvent.change(box, { target: { value: rfid } });
      fireEvent.submit(box.closest("form")!);
    };
    scan(" ffee01");
    await waitFor(() => expect(screen.getAllByTestId("scan-card")).toHaveLength(1));
    const last = screen.getByRole("status", { name: KEY_MESSAGES.lastScanned });
    expect(last.textContent).toContain("305-1");
    expect(last.getAttribute("data-highlight")).toBe("on");
    expect(formFields(calls.find((c) => c.method === "PATCH")!.body)).toMatchObject({
      status: "OUT",
      entity_type: "verbal_permission",
      entity_id: "88",
      rfid: "FFEE01",
      photo_url: "<file>",
    });
    await waitFor(() => expect(last.getAttribute("data-highlight")).toBe("off"), { timeout: 3000 });
    scan("04A1B2C3");
    expect(await screen.findByText(KEY_MESSAGES.allScanned)).toBeTruthy();
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(formFields(patches[1].body)).toMatchObject({ entity_type: "occupant", entity_id: "5" });
  });
});

describe("key boxes", () => {
  it("managers list the building's boxes, add one (for this building) and switch one off", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "POST" && c.path === "/access-keys/locations/")
        return { status: 201, body: { ...LOCATIONS[0], id: 3, name: "Key box C", label: "Key box C" } };
      if (c.method === "GET" && c.path === "/access-keys/locations/1/") return { status: 200, body: LOCATIONS[0] };
      if (c.method === "PATCH") return { status: 200, body: { ...LOCATIONS[0], is_active: false } };
      return undefined;
    }, defaults());
    renderWithApp(<LocationsPage />, {
      settings: withKeys(),
      me: makeMe("MG"),
      path: "/1/keys/locations",
      routePath: "/:buildingId/keys/locations",
    });
    const table = await screen.findByRole("table", { name: "Key boxes" });
    expect(within(table).getByRole("row", { name: /Key box B/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add key box" }));
    const dialog = await screen.findByRole("dialog", { name: "Add key box" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Name" }), { target: { value: "Key box C" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Display order" }), { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Key box C", display_order: 3, building: 1 });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add key box" })).toBeNull());
    fireEvent.click(await screen.findByRole("switch", { name: "Active: Key box A" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/access-keys/locations/1/");
    expect(patch.body).toEqual({ is_active: false });
  });

  it("front desk may not", async () => {
    fakeApi(undefined, defaults());
    renderWithApp(<LocationsPage />, {
      settings: withKeys(),
      path: "/1/keys/locations",
      routePath: "/:buildingId/keys/locations",
    });
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
  });
});

describe("overdue keys", () => {
  it("the dashboard widget lists keys away past the limit (overdue=true) with their holder, and links to all", async () => {
    const away = makeKey({
      id: 7,
      name: "201-1",
      status: "OUT",
      apartment_number: "201",
      away_since: hoursAgo(72),
      is_overdue: true,
      latest_open_journey: makeJourney({ readable_key_out_to_name: "Robin Resident" }),
    });
    const { calls } = fakeApi(
      (c) =>
        c.path === "/access-keys/keys/" && c.query.get("overdue") === "true"
          ? { status: 200, body: page([away]) }
          : undefined,
      defaults(),
    );
    renderWithApp(<OverdueKeysWidget />, { settings: withKeys() });
    const item = await screen.findByTestId("overdue-key");
    expect(within(item).getByRole("link", { name: "Key 201-1" }).getAttribute("href")).toBe("/1/keys/7");
    expect(item.textContent).toContain("Out to Robin Resident");
    expect(item.textContent).toContain("Active");
    expect(screen.getByRole("link", { name: "All overdue keys (1)" }).getAttribute("href")).toBe("/1/keys/overdue");
    expect(Object.fromEntries(calls.find((c) => c.path === "/access-keys/keys/")!.query)).toMatchObject({
      building: "1",
      overdue: "true",
    });
  });
});
