import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  MANAGEMENT_NOTE_MESSAGES as M,
  type ManagementNote,
  type ManagementNoteAcknowledgement,
} from "@portico/contract";
import { type FakeCall, fakeApi, type Handler, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { ManagementNotesWidget } from "./components/ManagementNotesWidget.tsx";
import { popupQueue } from "./model.ts";
import { managementNoteKeys } from "./api.ts";

const LIST = "/core/buildings/1/management-notes/";

function note(id: number, over: Partial<ManagementNote> = {}): ManagementNote {
  return {
    id,
    body: `Note body ${id}`,
    is_require_acknowledgement: false,
    is_active: true,
    entered_by: { id: 7, first_name: "Mona", last_name: "Manager" },
    date_created: `2026-03-0${id}T15:00:00.000Z`,
    last_modified: `2026-03-0${id}T15:00:00.000Z`,
    is_acknowledged: false,
    ...over,
  };
}

/** Newest first, as the API lists them: 3 and 1 require acknowledgement, 2 does not. */
const NOTES = [note(3, { is_require_acknowledgement: true }), note(2), note(1, { is_require_acknowledgement: true })];

const api = (notes: ManagementNote[], unacknowledged: number[], extra: Handler = () => undefined) =>
  fakeApi(extra, (c: FakeCall) => {
    if (c.path === LIST && c.method === "GET") return { status: 200, body: page(notes) };
    if (c.path === `${LIST}get_unacknowledged/`) return { status: 200, body: { unacknowledged_ids: unacknowledged } };
    return undefined;
  });

const dialog = () => screen.findByRole("dialog", { name: new RegExp(M.sectionTitle) });

afterEach(() => vi.unstubAllGlobals());

describe("popupQueue", () => {
  it("reverses the list order (oldest first), leaves out skipped and unloaded notes", () => {
    expect(popupQueue([3, 1], NOTES, new Set()).map((n) => n.id)).toEqual([1, 3]);
    expect(popupQueue([3, 1], NOTES, new Set([1])).map((n) => n.id)).toEqual([3]);
    expect(popupQueue([9, 3], NOTES, new Set()).map((n) => n.id)).toEqual([3]);
  });
});

describe("Notes from management", () => {
  it("lists the notes with their markers; the front desk has no manager actions", async () => {
    api([note(3, { is_require_acknowledgement: true, is_acknowledged: true }), note(2)], []);
    renderWithApp(<ManagementNotesWidget />);
    const list = await screen.findByRole("list", { name: M.sectionTitle });
    expect(within(list).getByText("Note body 3")).toBeTruthy();
    expect(within(list).getByText(M.acknowledged)).toBeTruthy();
    expect(within(list).getAllByText(/Mona Manager/)).toHaveLength(2);
    expect(screen.queryByRole("button", { name: M.addNote })).toBeNull();
    expect(screen.queryByRole("button", { name: M.expire })).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("pops the unacknowledged notes up one by one, oldest first; acknowledging moves on", async () => {
    const { calls } = api(NOTES, [3, 1], (c) =>
      c.method === "POST" && /acknowledge\/$/.test(c.path)
        ? {
            status: 200,
            body: { acknowledgement: { id: 1, user_id: 42, first_name: "Dana", last_name: "Desk", date_created: "" } },
          }
        : undefined,
    );
    renderWithApp(<ManagementNotesWidget />);
    let modal = await dialog();
    expect(within(modal).getByText("Note body 1")).toBeTruthy();
    expect(within(modal).getByText(M.noteOf(1, 2))).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: M.acknowledge }));
    await waitFor(() => expect(within(screen.getByRole("dialog")).getByText("Note body 3")).toBeTruthy());
    expect(calls.some((c) => c.method === "POST" && c.path === `${LIST}1/acknowledge/`)).toBe(true);
    modal = screen.getByRole("dialog");
    fireEvent.click(within(modal).getByRole("button", { name: M.acknowledge }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.method === "POST" && c.path === `${LIST}3/acknowledge/`)).toBe(true);
  });

  it("'Close and read later' hides the note for this visit; the next visit asks again", async () => {
    api(NOTES, [3, 1]);
    const first = renderWithApp(<ManagementNotesWidget />);
    let modal = await dialog();
    fireEvent.click(within(modal).getByRole("button", { name: M.closeAndReadLater }));
    modal = await dialog();
    expect(within(modal).getByText("Note body 3")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: M.closeAndReadLater }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Still there while the dashboard is shown, even when the list reloads.
    await first.client.invalidateQueries({ queryKey: managementNoteKeys.all });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    first.unmount();
    renderWithApp(<ManagementNotesWidget />);
    expect(within(await dialog()).getByText("Note body 1")).toBeTruthy();
  });

  it("a failed acknowledgement says so and the button can be pressed again", async () => {
    let fail = true;
    api(NOTES, [1], (c) =>
      c.method === "POST" && c.path === `${LIST}1/acknowledge/`
        ? fail
          ? { status: 500, body: { detail: "boom" } }
          : {
              status: 200,
              body: { acknowledgement: { id: 5, user_id: 42, first_name: "D", last_name: "D", date_created: "" } },
            }
        : undefined,
    );
    renderWithApp(<ManagementNotesWidget />);
    const modal = await dialog();
    fireEvent.click(within(modal).getByRole("button", { name: M.acknowledge }));
    expect(await within(modal).findByText(M.acknowledgeFailed)).toBeTruthy();
    const button = within(modal).getByRole("button", { name: M.acknowledge });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fail = false;
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a note that arrives later (live) pops up without reloading", async () => {
    let unacknowledged: number[] = [];
    let notes = [note(2)];
    fakeApi((c) => {
      if (c.path === LIST && c.method === "GET") return { status: 200, body: page(notes) };
      if (c.path === `${LIST}get_unacknowledged/`) return { status: 200, body: { unacknowledged_ids: unacknowledged } };
      return undefined;
    });
    const { client } = renderWithApp(<ManagementNotesWidget />);
    await screen.findByText("Note body 2");
    expect(screen.queryByRole("dialog")).toBeNull();
    notes = [note(4, { is_require_acknowledgement: true, body: "Fresh note" }), note(2)];
    unacknowledged = [4];
    await client.invalidateQueries({ queryKey: managementNoteKeys.all });
    expect(within(await dialog()).getByText("Fresh note")).toBeTruthy();
  });

  it("a manager adds a note requiring acknowledgement", async () => {
    const { calls } = api([note(2)], [], (c) =>
      c.method === "POST" && c.path === LIST ? { status: 201, body: note(5, { body: "Hello" }) } : undefined,
    );
    renderWithApp(<ManagementNotesWidget />, { me: makeMe("MG") });
    fireEvent.click(await screen.findByRole("button", { name: M.addNote }));
    const form = await screen.findByRole("form", { name: M.addNote });
    fireEvent.click(within(form).getByRole("button", { name: M.addNote }));
    expect(await within(form).findByText(M.bodyRequired)).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: /Note/ }), { target: { value: "Hello" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: M.requireAcknowledgement }));
    fireEvent.click(within(form).getByRole("button", { name: M.addNote }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === LIST)).toBe(true));
    expect(calls.find((c) => c.method === "POST" && c.path === LIST)?.body).toEqual({
      body: "Hello",
      is_require_acknowledgement: true,
    });
    expect(await screen.findByText(M.created)).toBeTruthy();
  });

  it("a manager edits (everyone acknowledges again), expires after confirming, and sees the acknowledgements", async () => {
    const acks: ManagementNoteAcknowledgement[] = [
      { id: 9, user_id: 42, first_name: "Dana", last_name: "Desk", date_created: "2026-03-03T16:00:00.000Z" },
    ];
    const { calls } = api([note(3, { is_require_acknowledgement: true, is_acknowledged: true })], [], (c) => {
      if (c.method === "PATCH") return { status: 200, body: note(3) };
      if (c.path === `${LIST}3/acknowledgements/`) return { status: 200, body: acks };
      return undefined;
    });
    renderWithApp(<ManagementNotesWidget />, { me: makeMe("MG") });
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: M.editNote });
    fireEvent.change(within(form).getByRole("textbox", { name: /Note/ }), { target: { value: "Changed" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: M.requireEveryoneAgain }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      path: `${LIST}3/`,
      body: { body: "Changed", require_acknowledge_edits: true },
    });

    fireEvent.click(screen.getByRole("button", { name: M.acknowledgements }));
    const ackDialog = await screen.findByRole("dialog", { name: M.acknowledgements });
    expect(await within(ackDialog).findByText("Dana Desk")).toBeTruthy();
    fireEvent.click(within(ackDialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: M.acknowledgements })).toBeNull());

    const before = calls.filter((c) => c.method === "PATCH").length;
    fireEvent.click(screen.getByRole("button", { name: M.expire }));
    const confirm = await screen.findByRole("dialog", { name: M.expireTitle });
    expect(within(confirm).getByText(M.expireConfirm)).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(before);
    fireEvent.click(within(confirm).getByRole("button", { name: M.expire }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(before + 1));
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({ is_active: false });
  });
});
