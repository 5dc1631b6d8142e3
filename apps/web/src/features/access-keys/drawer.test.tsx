import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KEY_MESSAGES } from "@portico/contract";
import KeysDrawer from "./components/KeysDrawer.tsx";
import {
  defaults,
  fakeApi,
  formFields,
  makeJourney,
  makeKey,
  noCamera,
  PHOTO,
  renderWithApp,
  withKeys,
} from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () =>
  renderWithApp(<KeysDrawer open onClose={() => {}} />, { settings: withKeys(), path: "/1/dashboard" });

async function pickUnit(number: string, scope: HTMLElement = document.body) {
  const unit = within(scope).getByRole("combobox", { name: /^Unit/ });
  fireEvent.focus(unit);
  fireEvent.keyDown(unit, { key: "ArrowDown" });
  fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: number }));
}

const scan = (rfid: string) => {
  const box = screen.getByRole("textbox", { name: "Scan key (RFID)" });
  fireEvent.change(box, { target: { value: rfid } });
  fireEvent.submit(box.closest("form")!);
};

const next = () => screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;

describe("the OUT wizard", () => {
  it("signs a key out in four steps; Next waits for each; a wrong key says where it goes, with a re-scan", async () => {
    noCamera();
    const key = makeKey();
    const other = makeKey({
      id: 502,
      name: "305-1",
      rfid: "FFEE01",
      apartment: 13,
      apartment_id: 13,
      apartment_number: "305",
      location: { id: 2, label: "Key box B" },
    });
    const { calls } = fakeApi(
      (c) => (c.method === "PATCH" ? { status: 200, body: { ...key, status: "OUT" } } : undefined),
      defaults([key, other]),
    );
    open();
    fireEvent.click(screen.getByRole("button", { name: "OUT" }));
    expect(next().disabled).toBe(true);
    await pickUnit("1203");
    // One key: chosen at once, its picker disabled.
    await waitFor(() => expect(next().disabled).toBe(false));
    expect(screen.getByRole("combobox", { name: "Key" }).getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(next());

    // Recipient.
    fireEvent.click(await screen.findByRole("radio", { name: "Robin Resident (Occupant)" }));
    fireEvent.click(next());
    // Photo.
    expect(next().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [PHOTO()] } });
    fireEvent.click(next());

    // Scan: another key first.
    scan("FFEE01");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(KEY_MESSAGES.wrongKey("305-1", "305", "Key box B"));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(alert).getByRole("button", { name: "Re-scan" }));
    // The tag typed with spaces around it: trimmed.
    scan("  04a1b2c3 ");
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/access-keys/keys/501/");
    expect(formFields(patch.body)).toEqual({
      id: "501",
      status: "OUT",
      entity_id: "5",
      entity_type: "occupant",
      rfid: "04A1B2C3",
      photo_url: "<file>",
    });
    expect(await screen.findByText("Key 1203-1 signed out to Robin Resident")).toBeTruthy();
  });

  it("reads 'No available key' for a unit with none; the picker is disabled", async () => {
    fakeApi(undefined, defaults([makeKey({ status: "OUT" })]));
    open();
    fireEvent.click(screen.getByRole("button", { name: "OUT" }));
    await pickUnit("1203");
    expect(await screen.findByText(KEY_MESSAGES.noAvailableKey)).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Key" }).getAttribute("aria-disabled")).toBe("true");
    expect(next().disabled).toBe(true);
  });

  it("offers free text as a temporary verbal permission after a confirmation; its failure is only logged", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const keys = [makeKey(), makeKey({ id: 503, name: "1203-2", rfid: "AB12" })];
    let fail = true;
    const { calls } = fakeApi((c) => {
      if (c.path === "/access-keys/verbal-permissions/")
        return fail
          ? { status: 500, body: {} }
          : {
              status: 201,
              body: {
                id: 77,
                access_key: 503,
                comment: "Plumber Joe",
                entered_by_name: "",
                date_created: "",
                expires_at: "",
              },
            };
      return undefined;
    }, defaults(keys));
    open();
    fireEvent.click(screen.getByRole("button", { name: "OUT" }));
    await pickUnit("1203");
    // Two keys: the picker is enabled and nothing is chosen.
    const picker = await screen.findByRole("combobox", { name: "Key" });
    await waitFor(() => expect(picker.getAttribute("aria-disabled")).toBeNull());
    expect(next().disabled).toBe(true);
    fireEvent.mouseDown(picker);
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: /1203-2/ }));
    fireEvent.click(next());
    const who = await screen.findByRole("textbox", { name: "Someone else" });
    fireEvent.change(who, { target: { value: "  Plumber Joe " } });
    fireEvent.click(screen.getByRole("button", { name: "Use" }));
    const dialog = await screen.findByRole("dialog", { name: "Verbal permission" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(log).toHaveBeenCalledWith("verbal permission failed", expect.anything()));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Verbal permission" })).toBeNull());
    expect(next().disabled).toBe(true);
    expect(screen.queryByRole("alert")).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Use" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Verbal permission" })).getByRole("button", { name: "Create" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Verbal permission" })).toBeNull());
    await waitFor(() => expect(next().disabled).toBe(false));
    const post = calls.filter((c) => c.path === "/access-keys/verbal-permissions/").at(-1)!;
    expect(post.body).toEqual({ comment: "Plumber Joe", access_key: 503 });
    expect((screen.getByRole("radio", { name: "Plumber Joe (Verbal permission)" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});

describe("IN, Check Key and Register Keys", () => {
  it("IN: a key that is in is the wrong key; an unknown tag is not mapped; a key out is signed in", async () => {
    const inKey = makeKey();
    const outKey = makeKey({ id: 502, name: "305-1", rfid: "FFEE01", status: "OUT", apartment_number: "305" });
    const { calls } = fakeApi(
      (c) => (c.method === "PATCH" ? { status: 200, body: { ...outKey, status: "IN" } } : undefined),
      defaults([inKey, outKey]),
    );
    open();
    fireEvent.click(screen.getByRole("button", { name: "IN" }));
    scan("nope");
    expect(await screen.findByText(KEY_MESSAGES.notMapped)).toBeTruthy();
    scan("04A1B2C3");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(KEY_MESSAGES.alreadyIn);
    fireEvent.click(within(alert).getByRole("button", { name: "Re-scan" }));
    scan("ffee01");
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(formFields(patch.body)).toMatchObject({ status: "IN", rfid: "FFEE01" });
    expect(await screen.findByText(/Key 305-1 of apartment 305 is in/)).toBeTruthy();
  });

  it("IN: a failed update says to retry in 10 seconds", async () => {
    const outKey = makeKey({ status: "OUT" });
    fakeApi((c) => (c.method === "PATCH" ? { status: 503, body: {} } : undefined), defaults([outKey]));
    open();
    fireEvent.click(screen.getByRole("button", { name: "IN" }));
    scan("04A1B2C3");
    expect(await screen.findByText(KEY_MESSAGES.updateFailed)).toBeTruthy();
  });

  it("Check Key: the journey card of a missing key and its message; the location of a key in; Scan another key", async () => {
    const missing = makeKey({
      status: "MISSING",
      latest_open_journey: makeJourney({
        status: "MISSING",
        key_out_to_entity_type: "instruction",
        readable_key_out_to_entity_type: "Instruction",
        readable_key_out_to_entity_subtype: "Registered guest",
        readable_key_out_to_name: "Jane Guest",
      }),
    });
    const inKey = makeKey({ id: 502, name: "305-1", rfid: "FFEE01", location: { id: 2, label: "Key box B" } });
    fakeApi(undefined, defaults([missing, inKey]));
    open();
    fireEvent.click(screen.getByRole("button", { name: "Check Key" }));
    scan("04A1B2C3");
    const card = await screen.findByRole("region", { name: KEY_MESSAGES.currentJourney });
    expect(within(card).getByText("Jane Guest")).toBeTruthy();
    expect(within(card).getByText("Registered guest")).toBeTruthy();
    expect(within(card).getByText("Dana Desk")).toBeTruthy();
    expect(within(card).getByRole("img", { name: "Photo of Jane Guest" })).toBeTruthy();
    expect(screen.getByText(KEY_MESSAGES.reportedMissing)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: KEY_MESSAGES.scanAnother }));
    scan("FFEE01");
    expect(await screen.findByText("Key box B")).toBeTruthy();
    expect(screen.queryByRole("region", { name: KEY_MESSAGES.currentJourney })).toBeNull();
  });

  it("Register: a known tag is refused; an unknown one takes an apartment and a location, then the form resets", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path === "/access-keys/keys/"
          ? { status: 201, body: makeKey({ id: 600, name: "702-1", rfid: "NEW1" }) }
          : undefined,
      defaults([makeKey()]),
    );
    open();
    fireEvent.click(screen.getByRole("button", { name: "Register Keys" }));
    scan("04a1b2c3");
    expect(await screen.findByText(KEY_MESSAGES.alreadyRegistered)).toBeTruthy();
    scan(" new1 ");
    const register = (await screen.findByRole("button", { name: "Register" })) as HTMLButtonElement;
    expect(register.disabled).toBe(true);
    await pickUnit("702");
    expect(register.disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /^Location/ }));
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: "Key box B" }));
    expect(register.disabled).toBe(false);
    fireEvent.click(register);
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/access-keys/keys/")).toBe(true));
    const post = calls.find((c) => c.method === "POST" && c.path === "/access-keys/keys/")!;
    expect(post.body).toEqual({ rfid: "NEW1", apartment: 12, location: 2, status: "IN", is_active: true });
    expect(await screen.findByRole("textbox", { name: "Scan key (RFID)" })).toBeTruthy();
    const locationQuery = calls.find((c) => c.path === "/access-keys/locations/")!;
    expect(locationQuery.query.get("no_access_key")).toBe("true");
  });
});
