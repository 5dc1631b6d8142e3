import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Building, ShiftLogNote } from "@portico/contract";
import { Component as AdminPage } from "./pages/AdminShiftLogPage.tsx";
import { BUILDING } from "../../test/harness.tsx";
import { fakeApi, makeMe, makeNote, renderWithApp } from "./testing.tsx";

// A data grid in jsdom is slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const WEST: Building = { id: 2, address: "200 Ocean Avenue", name: "The Ocean", time_zone: "America/Los_Angeles" };
const EAST_TOO: Building = { id: 3, address: "300 Harbor Street", name: "The Harbor", time_zone: "America/New_York" };

const page = (results: unknown[], count = results.length) => ({ count, next: null, previous: null, results });
const notesCalls = (calls: ReturnType<typeof fakeApi>["calls"]) =>
  calls.filter((c) => c.path === "/shift-logs/notes/" && c.method === "GET");

function serve(notes: ShiftLogNote[], count: number, buildings: Building[]) {
  return fakeApi((c) => {
    if (c.path === "/core/buildings/") return { status: 200, body: page(buildings) };
    if (c.path === "/shift-logs/notes/" && c.method === "GET") return { status: 200, body: page(notes, count) };
    return undefined;
  });
}

// 15:00Z: 10:00 AM in New York (EST), 7:00 AM in Los Angeles (PST).
const east = makeNote({ id: 1, body: "East note", date_created: "2026-03-02T15:00:00.000Z" });
const west = makeNote({
  id: 2,
  body: "West note",
  date_created: "2026-03-02T15:00:00.000Z",
  building: { id: WEST.id, name: WEST.name },
});

describe("the admin shift log", () => {
  it("is paged on the server (50 a page, newest first); the next page asks with its offset", async () => {
    const { calls } = serve([east, west], 1286, [BUILDING, WEST]);
    const { router } = renderWithApp(<AdminPage />, { me: makeMe("OF"), path: "/admin/shift-log", routePath: "/admin/*" });
    expect(await screen.findByText(/^1286 notes/)).toBeTruthy();
    const first = notesCalls(calls).at(-1)!.query;
    expect([first.get("limit"), first.get("offset"), first.get("ordering")]).toEqual(["50", "0", "-date_created"]);
    expect(screen.getByText(/^1–50 of 1,?286$/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(router.state.location.search).toBe("?offset=50"));
    await waitFor(() => expect(notesCalls(calls).at(-1)!.query.get("offset")).toBe("50"));
  });

  it("a sortable header orders on the server, from the first page", async () => {
    const { calls } = serve([east, west], 120, [BUILDING, WEST]);
    const { router } = renderWithApp(<AdminPage />, {
      me: makeMe("OF"),
      path: "/admin/shift-log?offset=50",
      routePath: "/admin/*",
    });
    const grid = await screen.findByRole("grid", { name: "Shift log notes" });
    await within(grid).findByText("East note");
    fireEvent.click(within(grid).getByRole("columnheader", { name: /^Building/ }).querySelector(".MuiDataGrid-columnHeaderTitleContainer")!);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("ordering")).toMatch(/^-?building$/));
    expect(new URLSearchParams(router.state.location.search).get("offset")).toBeNull();
    await waitFor(() => expect(notesCalls(calls).at(-1)!.query.get("ordering")).toMatch(/^-?building$/));
  });

  it("a new building choice goes back to the first page", async () => {
    serve([east, west], 120, [BUILDING, WEST]);
    const { router } = renderWithApp(<AdminPage />, {
      me: makeMe("OF"),
      path: "/admin/shift-log?offset=50",
      routePath: "/admin/*",
    });
    await screen.findByText("East note");
    const picker = screen.getByRole("combobox", { name: "Buildings" });
    picker.focus();
    fireEvent.keyDown(picker, { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "200 Ocean Avenue" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("buildings")).toBe("2"));
    expect(new URLSearchParams(router.state.location.search).get("offset")).toBeNull();
  });

  it("buildings in different time zones: each time shows its zone", async () => {
    serve([east, west], 2, [BUILDING, WEST]);
    renderWithApp(<AdminPage />, { me: makeMe("OF"), path: "/admin/shift-log", routePath: "/admin/*" });
    const grid = await screen.findByRole("grid", { name: "Shift log notes" });
    const eastRow = (await within(grid).findByText("East note")).closest('[role="row"]') as HTMLElement;
    const westRow = within(grid).getByText("West note").closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(eastRow.querySelector('[data-field="time"]')!.textContent).toBe("10:00 am EST"));
    expect(westRow.querySelector('[data-field="time"]')!.textContent).toBe("7:00 am PST");
    expect(screen.getByRole("status").textContent).toBe("2 notes · times in each building's own time zone");
  });

  it("buildings that keep the same time: no zone", async () => {
    const harbor = makeNote({ id: 3, body: "Harbor note", building: { id: EAST_TOO.id, name: EAST_TOO.name } });
    serve([east, harbor], 2, [BUILDING, EAST_TOO]);
    renderWithApp(<AdminPage />, { me: makeMe("OF"), path: "/admin/shift-log", routePath: "/admin/*" });
    const grid = await screen.findByRole("grid", { name: "Shift log notes" });
    const row = (await within(grid).findByText("Harbor note")).closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(row.querySelector('[data-field="date_created"]')!.textContent).toBe("03/02/2026"));
    expect(row.querySelector('[data-field="time"]')!.textContent).toBe("10:00 am");
    expect(screen.getByRole("status").textContent).toBe("2 notes");
  });
});
