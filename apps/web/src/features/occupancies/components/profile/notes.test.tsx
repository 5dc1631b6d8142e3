import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NoteEdit, NoteSubmit } from "./NoteForms.tsx";
import { NoteItem } from "./NotesDialog.tsx";
import { isNoteEdited } from "./model.ts";
import { fakeApi, makeMe, makeNote, renderWithApp } from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe("internal office note form", () => {
  it("requires the note, the link text and a URL starting with http:// or https://", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "POST" && c.path === "/core/occupancies/91/notes/"
        ? { status: 201, body: makeNote({ id: 8 }) }
        : undefined,
    );
    const done = vi.fn();
    renderWithApp(<NoteSubmit occupancyId={91} onDone={done} />, { me: makeMe("MG") });

    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    fireEvent.click(screen.getByRole("button", { name: "Save note" }));
    expect((await screen.findAllByText("This field is required.")).length).toBe(5);

    type(screen.getByRole("textbox", { name: "Note" }), "Renewal offer sent");
    const first = screen.getByRole("group", { name: "Link 1" });
    const second = screen.getByRole("group", { name: "Link 2" });
    type(within(first).getByRole("textbox", { name: "Link text" }), "Offer");
    type(within(first).getByRole("textbox", { name: "URL" }), "https://docs.example.com/offer");
    type(within(second).getByRole("textbox", { name: "Link text" }), "Ledger");
    type(within(second).getByRole("textbox", { name: "URL" }), "ledger.example.com");
    fireEvent.click(screen.getByRole("button", { name: "Save note" }));

    // The message sits under that link's URL only.
    expect(await within(second).findByText("URL must start with http:// or https://")).toBeTruthy();
    expect(within(first).queryByText("URL must start with http:// or https://")).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    type(within(second).getByRole("textbox", { name: "URL" }), "http://ledger.example.com");
    fireEvent.click(screen.getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      note: "Renewal offer sent",
      links: [
        { link_text: "Offer", link_url: "https://docs.example.com/offer" },
        { link_text: "Ledger", link_url: "http://ledger.example.com" },
      ],
    });
  });

  it("shows the server's link error under that link", async () => {
    fakeApi((c) =>
      c.method === "POST"
        ? { status: 400, body: { links: [{}, { link_url: ["URL must start with http:// or https://"] }] } }
        : undefined,
    );
    renderWithApp(<NoteSubmit occupancyId={91} onDone={() => {}} />, { me: makeMe("MG") });
    type(screen.getByRole("textbox", { name: "Note" }), "Note");
    for (const i of [1, 2]) {
      fireEvent.click(screen.getByRole("button", { name: "Add link" }));
      const row = screen.getByRole("group", { name: `Link ${i}` });
      type(within(row).getByRole("textbox", { name: "Link text" }), `L${i}`);
      type(within(row).getByRole("textbox", { name: "URL" }), `https://x.example.com/${i}`);
    }
    fireEvent.click(screen.getByRole("button", { name: "Save note" }));
    const second = screen.getByRole("group", { name: "Link 2" });
    expect(await within(second).findByText("URL must start with http:// or https://")).toBeTruthy();
  });

  it("keeps what was typed as a draft", async () => {
    fakeApi();
    const first = renderWithApp(<NoteSubmit occupancyId={91} onDone={() => {}} />, { me: makeMe("MG") });
    type(screen.getByRole("textbox", { name: "Note" }), "Half-written note");
    first.unmount();
    renderWithApp(<NoteSubmit occupancyId={91} onDone={() => {}} />, { me: makeMe("MG") });
    expect((screen.getByRole("textbox", { name: "Note" }) as HTMLTextAreaElement).value).toBe("Half-written note");
  });

  it("edit sends only the note", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "PATCH" ? { status: 200, body: makeNote({ note: "Changed" }) } : undefined,
    );
    const done = vi.fn();
    renderWithApp(
      <NoteEdit
        occupancyId={91}
        note={makeNote({ links: [{ id: 1, link_text: "Offer", link_url: "https://x.example.com" }] })}
        onDone={done}
      />,
      { me: makeMe("MG") },
    );
    type(screen.getByRole("textbox", { name: "Note" }), "");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    type(screen.getByRole("textbox", { name: "Note" }), "Changed");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/core/occupancies/91/notes/7/");
    expect(patch?.body).toEqual({ note: "Changed" });
  });
});

describe("Edited marker", () => {
  it("shows when lastModified is more than 1 s after dateCreated", () => {
    const created = "2026-03-02T15:00:00.000Z";
    expect(isNoteEdited({ dateCreated: created, lastModified: created })).toBe(false);
    expect(isNoteEdited({ dateCreated: created, lastModified: "2026-03-02T15:00:01.000Z" })).toBe(false);
    expect(isNoteEdited({ dateCreated: created, lastModified: "2026-03-02T15:00:01.001Z" })).toBe(true);
  });

  it("is rendered on the note with its links", () => {
    fakeApi();
    renderWithApp(
      <ul>
        <NoteItem
          note={makeNote({
            lastModified: "2026-03-02T15:05:00.000Z",
            links: [{ id: 1, link_text: "Lease", link_url: "https://docs.example.com/lease" }],
          })}
          onEdit={() => {}}
        />
        <NoteItem note={makeNote({ id: 8, note: "Fresh" })} />
      </ul>,
      { me: makeMe("MG") },
    );
    const [edited, fresh] = screen.getAllByTestId("occupancy-note");
    expect(within(edited).getByText("Edited")).toBeTruthy();
    expect(within(edited).getByRole("link", { name: "Lease" }).getAttribute("href")).toBe(
      "https://docs.example.com/lease",
    );
    expect(within(edited).getByText(/Morgan Lee \(Manager\)/)).toBeTruthy();
    expect(within(fresh).queryByText("Edited")).toBeNull();
  });
});
