import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SHIFT_LOG_ADMIN_EDITED_AFTER_MS, SHIFT_LOG_EDITED_AFTER_MS } from "@portico/contract";
import { NoteCard } from "./components/NoteCard.tsx";
import { groupByDay, isEdited, noteAbilities } from "./model.ts";
import { makeMe, makeNote } from "./testing.tsx";

const created = "2026-03-02T15:00:00.000Z";
const after = (ms: number) =>
  makeNote({ date_created: created, last_modified: new Date(Date.parse(created) + ms).toISOString() });

describe("the Edited marker", () => {
  it("shows after more than 1 s in the drawer and lists, after more than 2 s in the admin list", () => {
    expect(SHIFT_LOG_EDITED_AFTER_MS).toBe(1000);
    expect(SHIFT_LOG_ADMIN_EDITED_AFTER_MS).toBe(2000);
    expect(isEdited(after(0))).toBe(false);
    expect(isEdited(after(1000))).toBe(false);
    expect(isEdited(after(1001))).toBe(true);
    expect(isEdited(after(1500), SHIFT_LOG_ADMIN_EDITED_AFTER_MS)).toBe(false);
    expect(isEdited(after(2000), SHIFT_LOG_ADMIN_EDITED_AFTER_MS)).toBe(false);
    expect(isEdited(after(2001), SHIFT_LOG_ADMIN_EDITED_AFTER_MS)).toBe(true);
  });

  it("the card shows 'Edited' by its threshold", () => {
    const note = after(1500);
    const { unmount } = render(
      <MemoryRouter>
        <NoteCard note={note} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Edited")).toBeTruthy();
    unmount();
    render(
      <MemoryRouter>
        <NoteCard note={note} editedAfterMs={SHIFT_LOG_ADMIN_EDITED_AFTER_MS} />
      </MemoryRouter>,
    );
    expect(screen.queryByText("Edited")).toBeNull();
  });
});

describe("note cards and rights", () => {
  it("groups notes by their day in the building's time zone", () => {
    const notes = [
      makeNote({ id: 3, date_created: "2026-03-03T03:00:00Z" }), // 10 pm on the 2nd in New York
      makeNote({ id: 2, date_created: "2026-03-02T15:00:00Z" }),
      makeNote({ id: 1, date_created: "2026-03-01T15:00:00Z" }),
    ];
    expect(groupByDay(notes, "America/New_York").map((g) => [g.day, g.notes.map((n) => n.id)])).toEqual([
      ["2026-03-02", [3, 2]],
      ["2026-03-01", [1]],
    ]);
  });

  it("the owner or manager-level may edit; office may delete; end-of-shift notes stay as they are", () => {
    const mine = makeNote({ owner: { id: 42, first_name: "", last_name: "", username: "me" } });
    const theirs = makeNote({ owner: { id: 7, first_name: "", last_name: "", username: "them" } });
    expect(noteAbilities(makeMe("FD", 42), mine)).toEqual({ edit: true, delete: false });
    expect(noteAbilities(makeMe("FD", 42), theirs)).toEqual({ edit: false, delete: false });
    expect(noteAbilities(makeMe("MG", 42), theirs)).toEqual({ edit: true, delete: false });
    expect(noteAbilities(makeMe("OF", 42), theirs)).toEqual({ edit: true, delete: true });
    expect(noteAbilities(makeMe("OF", 42), { ...theirs, is_end_of_shift: true }).edit).toBe(false);
  });

  it("a note about no unit says so; units, type, priority and location show", () => {
    render(
      <MemoryRouter>
        <NoteCard note={makeNote({ apartments: [], is_high_priority: true, location: "Lobby" })} />
      </MemoryRouter>,
    );
    expect(screen.getByText("No unit")).toBeTruthy();
    expect(screen.getByText("High priority")).toBeTruthy();
    expect(screen.getByText("General")).toBeTruthy();
    expect(screen.getByText("Lobby")).toBeTruthy();
  });
});
