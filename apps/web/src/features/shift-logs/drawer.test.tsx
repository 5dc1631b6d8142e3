import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { defaultBuildingSettings } from "@portico/contract";
import ShiftLogDrawer from "./components/ShiftLogDrawer.tsx";
import { draftKey } from "./model.ts";
import { fakeApi, makeMe, makeNote, renderWithApp } from "./testing.tsx";

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const day1 = Array.from({ length: 20 }, (_, i) =>
  makeNote({
    id: 1000 - i,
    body: `Day one note ${i}`,
    date_created: `2026-03-02T${String(20 - (i % 10)).padStart(2, "0")}:00:00Z`,
    last_modified: `2026-03-02T${String(20 - (i % 10)).padStart(2, "0")}:00:00Z`,
  }),
);
const day2 = Array.from({ length: 15 }, (_, i) =>
  makeNote({
    id: 900 - i,
    body: `Day two note ${i}`,
    date_created: "2026-03-01T15:00:00Z",
    last_modified: "2026-03-01T15:00:00Z",
  }),
);
const all = [...day1, ...day2];

describe("the shift log drawer", () => {
  it("is a dialog named 'Shift log' listing notes by day, 30 at a time", async () => {
    const { calls } = fakeApi((c) => {
      if (c.path !== "/shift-logs/notes/" || c.method !== "GET") return undefined;
      const offset = Number(c.query.get("offset"));
      const limit = Number(c.query.get("limit"));
      const results = all.slice(offset, offset + limit);
      return {
        status: 200,
        body: { count: all.length, next: offset + limit < all.length ? "more" : null, previous: null, results },
      };
    });
    renderWithApp(<ShiftLogDrawer open onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Shift log" });
    expect(within(dialog).getByRole("heading", { name: "Add a note" })).toBeTruthy();
    expect(await within(dialog).findByText("Monday, 03/02/2026")).toBeTruthy();
    expect(within(dialog).getAllByTestId("shift-log-note")).toHaveLength(30);
    const first = calls.find((c) => c.path === "/shift-logs/notes/")!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      building: "1",
      limit: "30",
      offset: "0",
      ordering: "-date_created",
      include_end_of_shift_notes: "true",
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Load more notes" }));
    await waitFor(() => expect(within(dialog).getAllByTestId("shift-log-note")).toHaveLength(35));
    expect(
      calls
        .filter((c) => c.path === "/shift-logs/notes/")
        .at(-1)!
        .query.get("offset"),
    ).toBe("30");
    expect(within(dialog).getByText("Sunday, 03/01/2026")).toBeTruthy();
    expect(within(dialog).getByText("All 35 notes shown")).toBeTruthy();
  });

  it("offers 'End of shift note' only where the building enables it", async () => {
    fakeApi();
    const { unmount } = renderWithApp(<ShiftLogDrawer open onClose={() => {}} />);
    await screen.findByText("No shift log notes");
    expect(screen.queryByRole("button", { name: "End of shift note" })).toBeNull();
    unmount();

    const settings = defaultBuildingSettings();
    settings.shiftlogsettings.is_enable_end_of_shift_logging = true;
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 201, body: makeNote({ is_end_of_shift: true }) } : undefined),
      settings,
    );
    renderWithApp(<ShiftLogDrawer open onClose={() => {}} />, { settings });
    fireEvent.click(await screen.findByRole("button", { name: "End of shift note" }));
    expect(screen.getByRole("heading", { name: "End of shift note" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /^Units/ })).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: /^End of shift note/ }), { target: { value: "All quiet" } });
    fireEvent.click(screen.getByRole("button", { name: "Log end of shift" }));
    expect(await screen.findByText("End of shift logged")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      body: "All quiet",
      is_end_of_shift: true,
      building_id: 1,
    });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Add a note" })).toBeTruthy());
  });

  it("starts from the draft of this user in this building", async () => {
    fakeApi();
    localStorage.setItem(draftKey(42, 1), JSON.stringify({ body: "Left from before the reload", apartment_ids: [11] }));
    renderWithApp(<ShiftLogDrawer open onClose={() => {}} />, { me: makeMe("FD", 42) });
    const note = (await screen.findByRole("textbox", { name: /^Note/ })) as HTMLTextAreaElement;
    expect(note.value).toBe("Left from before the reload");
    expect(await screen.findByRole("button", { name: /1203/ })).toBeTruthy();
  });

  it("opens a note's edit view for its owner and its history for everyone", async () => {
    const mine = makeNote({ id: 1, body: "Mine" });
    const theirs = makeNote({
      id: 2,
      body: "Theirs",
      owner: { id: 7, first_name: "Other", last_name: "Person", username: "o" },
    });
    fakeApi((c) => {
      if (c.path === "/shift-logs/notes/" && c.method === "GET")
        return { status: 200, body: { count: 2, next: null, previous: null, results: [mine, theirs] } };
      if (c.path === "/shift-logs/notes/2/events/")
        return {
          status: 200,
          body: {
            count: 2,
            next: null,
            previous: null,
            results: [
              {
                id: 2,
                type: "UPDATED",
                type_display: "Updated",
                note: "Changes: body: Theirz ==> Theirs; is_high_priority: True ==> False",
                performed_by: "Other Person",
                date_created: "2026-03-02T16:00:00Z",
              },
              {
                id: 1,
                type: "CREATED",
                type_display: "Created",
                note: "Note created",
                performed_by: "Other Person",
                date_created: "2026-03-02T15:00:00Z",
              },
            ],
          },
        };
      return undefined;
    });
    renderWithApp(<ShiftLogDrawer open onClose={() => {}} />);
    const cards = await screen.findAllByTestId("shift-log-note");
    expect(within(cards[0]).getByRole("button", { name: /^Edit note/ })).toBeTruthy();
    expect(within(cards[1]).queryByRole("button", { name: /^Edit note/ })).toBeNull();

    fireEvent.click(within(cards[1]).getByRole("button", { name: /^History of note/ }));
    expect(await screen.findByRole("heading", { name: "Note history" })).toBeTruthy();
    const history = await screen.findByRole("list", { name: "Note history" });
    expect(within(history).getByText("Updated")).toBeTruthy();
    expect(within(history).getByText("Note:")).toBeTruthy();
    expect(within(history).getByText("Theirz")).toBeTruthy();
    expect(within(history).getByText("High priority:")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to notes" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Add a note" })).toBeTruthy());

    fireEvent.click(within(screen.getAllByTestId("shift-log-note")[0]).getByRole("button", { name: /^Edit note/ }));
    expect(await screen.findByRole("heading", { name: "Edit note" })).toBeTruthy();
    expect((screen.getAllByRole("textbox", { name: /^Note/ })[0] as HTMLTextAreaElement).value).toBe("Mine");
  });
});
