import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SHIFT_LOG_MESSAGES, SHIFT_LOG_NOTE_BODY_MAX, defaultBuildingSettings } from "@portico/contract";
import { NoteForm } from "./components/NoteForm.tsx";
import { draftKey, loadDraft, NONE, noteFormSchema, toNotePayload } from "./model.ts";
import { fakeApi, makeNote, renderWithApp } from "./testing.tsx";

const bodyField = () => screen.getByRole("textbox", { name: /^Note/ });
const unitsField = () => screen.getByRole("combobox", { name: /^Units/ });
const submit = () => screen.getByRole("button", { name: "Add note" });

async function pickUnit(label: string) {
  const input = unitsField();
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: "ArrowDown" });
  const listbox = await screen.findByRole("listbox");
  fireEvent.click(await within(listbox).findByRole("option", { name: new RegExp(`^${label}`) }));
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("note form rules", () => {
  it("the schema: body required, units required on create, 'None' alone", () => {
    const base = { body: "x", shift_log_type_id: "", apartment_ids: [11], is_high_priority: false, location: "" };
    const msgs = (mode: "create" | "edit" | "end-of-shift", v: object) => {
      const r = noteFormSchema(mode).safeParse({ ...base, ...v });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(msgs("create", { body: "   " })).toEqual(["body: This field is required"]);
    expect(msgs("create", { apartment_ids: [] })).toEqual(["apartment_ids: This field is required."]);
    expect(msgs("create", { apartment_ids: [NONE, 11] })).toEqual([
      "apartment_ids: If \u2018None\u2019 is selected, you must remove all other units",
    ]);
    expect(msgs("create", { apartment_ids: [NONE] })).toEqual([]);
    expect(msgs("end-of-shift", { apartment_ids: [] })).toEqual([]);
    expect(msgs("create", { body: "a".repeat(SHIFT_LOG_NOTE_BODY_MAX + 1) })).toEqual([
      `body: Ensure this field has no more than ${SHIFT_LOG_NOTE_BODY_MAX} characters.`,
    ]);
    expect(msgs("edit", { body: ` ${"a".repeat(SHIFT_LOG_NOTE_BODY_MAX)} ` })).toEqual([]);
  });

  it("'None' is sent as no_apartment with no units; location only where the building records it", () => {
    const values = {
      body: " Quiet night ",
      shift_log_type_id: "2",
      apartment_ids: [NONE],
      is_high_priority: true,
      location: " Lobby ",
    };
    expect(toNotePayload(values as never, { mode: "create", buildingId: 1, recordsLocation: true })).toEqual({
      body: "Quiet night",
      apartment_ids: [],
      no_apartment: true,
      is_high_priority: true,
      shift_log_type_id: 2,
      building_id: 1,
      location: "Lobby",
    });
    expect(
      toNotePayload({ ...values, apartment_ids: [11, 12] } as never, {
        mode: "edit",
        buildingId: 1,
        recordsLocation: false,
      }),
    ).toEqual({ body: "Quiet night", apartment_ids: [11, 12], is_high_priority: true, shift_log_type_id: 2 });
  });

  it("shows the required messages under their fields and disables submit while they show", async () => {
    const { calls } = fakeApi();
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(42, 1)} />);
    fireEvent.click(submit());
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(screen.getByText("This field is required.")).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(bodyField(), { target: { value: "Leak" } });
    await waitFor(() => expect(screen.queryByText("This field is required")).toBeNull());
    await pickUnit("1203");
    await waitFor(() => expect(screen.queryByText("This field is required.")).toBeNull());
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it("an over-long note: the length message under the body, a count, submit disabled, the text kept", async () => {
    const { calls } = fakeApi();
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(42, 1)} />);
    await pickUnit("1203");
    const long = "x".repeat(20000);
    fireEvent.change(bodyField(), { target: { value: long } });
    const message = await screen.findByText("Ensure this field has no more than 5000 characters.");
    expect(bodyField().getAttribute("aria-describedby")).toBe(message.closest("p")!.id);
    expect(screen.getByText("20,000 / 5,000")).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(bodyField(), { key: "Enter", ctrlKey: true });
    expect((bodyField() as HTMLTextAreaElement).value).toBe(long);
    fireEvent.change(bodyField(), { target: { value: "x".repeat(5000) } });
    await waitFor(() => expect(screen.queryByText("Ensure this field has no more than 5000 characters.")).toBeNull());
    expect(screen.getByText("5,000 / 5,000")).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses 'None' together with a unit, in the spec's words", async () => {
    fakeApi();
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(42, 1)} />);
    fireEvent.change(bodyField(), { target: { value: "Leak" } });
    await pickUnit("1203");
    await pickUnit("None");
    expect(await screen.findByText(SHIFT_LOG_MESSAGES.noneWithUnits)).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it("adds a note, says 'Note added', and empties the form and its draft", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "POST" ? { status: 201, body: makeNote({ body: "Leak" }) } : undefined,
    );
    const key = draftKey(42, 1);
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={key} />);
    fireEvent.change(bodyField(), { target: { value: "Leak" } });
    await pickUnit("None");
    await waitFor(() => expect(loadDraft(key)?.body).toBe("Leak"));
    fireEvent.click(submit());
    expect(await screen.findByText("Note added")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.path).toBe("/shift-logs/notes/");
    expect(post.body).toMatchObject({ body: "Leak", apartment_ids: [], no_apartment: true, building_id: 1 });
    await waitFor(() => expect((bodyField() as HTMLTextAreaElement).value).toBe(""));
    expect(loadDraft(key)).toBeNull();
  });

  it("keeps everything typed when the server refuses, with its message under the field", async () => {
    fakeApi((c) =>
      c.method === "POST"
        ? { status: 400, body: { apartment_ids: ['Invalid pk "11" - object does not exist.'] } }
        : undefined,
    );
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(42, 1)} />);
    fireEvent.change(bodyField(), { target: { value: "Typed with care" } });
    await pickUnit("1203");
    fireEvent.click(submit());
    expect(await screen.findByText('Invalid pk "11" - object does not exist.')).toBeTruthy();
    expect((bodyField() as HTMLTextAreaElement).value).toBe("Typed with care");
    expect(screen.getByRole("button", { name: /1203/ })).toBeTruthy();
  });

  it("the first field the server refuses gets focus (the note above the location)", async () => {
    const on = defaultBuildingSettings();
    on.shiftlogsettings.is_recordable_by_location = true;
    fakeApi(
      (c) =>
        c.method === "POST"
          ? { status: 400, body: { location: ["Unknown place."], body: ["Say more."] } }
          : undefined,
      on,
    );
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(42, 1)} />, { settings: on });
    fireEvent.change(bodyField(), { target: { value: "Typed with care" } });
    fireEvent.change(await screen.findByRole("textbox", { name: "Location" }), { target: { value: "Lobby" } });
    await pickUnit("1203");
    fireEvent.click(submit());
    expect(await screen.findByText("Unknown place.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(bodyField()));
  });

  it("shows the location field only when the building records by location", async () => {
    fakeApi(undefined, defaultBuildingSettings());
    const { unmount } = renderWithApp(<NoteForm mode="create" buildingId={1} />);
    await screen.findByRole("combobox", { name: /^Type/ });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("textbox", { name: "Location" })).toBeNull();
    unmount();
    const on = defaultBuildingSettings();
    on.shiftlogsettings.is_recordable_by_location = true;
    fakeApi(undefined, on);
    renderWithApp(<NoteForm mode="create" buildingId={1} />);
    expect(await screen.findByRole("textbox", { name: "Location" })).toBeTruthy();
  });
});

describe("the draft", () => {
  it("survives a remount, per building and user", async () => {
    fakeApi();
    const key = draftKey(42, 1);
    const first = renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={key} />);
    fireEvent.change(bodyField(), { target: { value: "Half-typed note" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "High priority" }));
    await waitFor(() => expect(loadDraft(key)).toMatchObject({ body: "Half-typed note", is_high_priority: true }));
    first.unmount();

    // The same user in the same building gets it back.
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={key} />);
    expect((bodyField() as HTMLTextAreaElement).value).toBe("Half-typed note");
    expect((screen.getByRole("checkbox", { name: "High priority" }) as HTMLInputElement).checked).toBe(true);
  });

  it("is not shared with another building or another user", async () => {
    fakeApi();
    localStorage.setItem(draftKey(42, 1), JSON.stringify({ body: "Building 1 note", apartment_ids: [11] }));
    expect(draftKey(42, 1)).not.toBe(draftKey(42, 2));
    expect(draftKey(42, 1)).not.toBe(draftKey(7, 1));
    const other = renderWithApp(<NoteForm mode="create" buildingId={2} draftKey={draftKey(42, 2)} />);
    expect((bodyField() as HTMLTextAreaElement).value).toBe("");
    other.unmount();
    renderWithApp(<NoteForm mode="create" buildingId={1} draftKey={draftKey(7, 1)} />);
    expect((bodyField() as HTMLTextAreaElement).value).toBe("");
    expect(loadDraft(draftKey(42, 1))?.body).toBe("Building 1 note");
  });

  it("ignores a damaged draft", () => {
    localStorage.setItem(draftKey(42, 1), "{not json");
    expect(loadDraft(draftKey(42, 1))).toBeNull();
    localStorage.setItem(draftKey(42, 1), JSON.stringify({ body: 5, apartment_ids: "x" }));
    expect(loadDraft(draftKey(42, 1))).toBeNull();
  });
});

describe("editing", () => {
  it("opens with the note's values ('None' for a note without units) and says 'Shift log note updated'", async () => {
    const note = makeNote({ apartments: [], occupancy_ids: [] });
    const { calls } = fakeApi((c) =>
      c.method === "PATCH" ? { status: 200, body: { ...note, body: "Changed" } } : undefined,
    );
    const onSaved = vi.fn();
    renderWithApp(<NoteForm mode="edit" buildingId={1} note={note} onSaved={onSaved} />);
    expect((bodyField() as HTMLTextAreaElement).value).toBe("Water in the lobby");
    expect(screen.getByRole("button", { name: /None/ })).toBeTruthy();
    fireEvent.change(bodyField(), { target: { value: "Changed" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Shift log note updated")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/shift-logs/notes/500/");
    expect(patch.body).toEqual({
      body: "Changed",
      apartment_ids: [],
      no_apartment: true,
      is_high_priority: false,
      shift_log_type_id: 1,
    });
    expect(onSaved).toHaveBeenCalled();
  });
});
