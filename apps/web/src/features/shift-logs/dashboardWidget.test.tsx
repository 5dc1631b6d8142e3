import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { LIVE_TOPIC_QUERIES } from "../../app/liveTopics.ts";
import { invalidateTopic } from "../../lib/live.ts";
import { shiftLogWidgets } from "./index.ts";
import { fakeApi, makeNote, renderWithApp } from "./testing.tsx";

const NOTES = "/shift-logs/notes/";
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const notes = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => makeNote({ id: from + i, body: `Note number ${from + i}` }));

const [widget] = shiftLogWidgets;
const Widget = widget.Component;
const render = () => renderWithApp(<Widget />, { path: "/1/dashboard", routePath: "/:buildingId/dashboard" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Shift log dashboard widget", () => {
  it("is the Shift log tab of the front desk card, for whoever may read the shift log", () => {
    expect(widget).toMatchObject({
      key: "shift-log",
      title: "Shift log",
      group: "front-desk",
      size: "large",
      action: "shiftlog.view",
      live: ["shift_logs"],
    });
  });

  it("shows 10 notes, 'Show more' adds 10 up to 30, then links to the search page", async () => {
    const { calls } = fakeApi((c) => (c.path === NOTES ? { status: 200, body: page(notes(30)) } : undefined));
    render();
    const list = await screen.findByRole("list", { name: "Shift log notes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    const asked = calls.find((c) => c.path === NOTES)!.query;
    expect(Object.fromEntries(asked)).toMatchObject({ building: "1", limit: "30", offset: "0" });
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(20);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(30);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(screen.getByRole("link", { name: "Search all shift log notes" }).getAttribute("href")).toBe(
      "/1/dashboard/shift-logs-search",
    );
  });

  it("searches by apartment or resident, and says 'No results' when nothing matches", async () => {
    const { calls } = fakeApi((c) =>
      c.path === NOTES ? { status: 200, body: page(c.query.get("search") ? [] : notes(3)) } : undefined,
    );
    render();
    await screen.findByText("Note number 1");
    fireEvent.change(screen.getByRole("textbox", { name: "Search apartment or resident" }), {
      target: { value: "Morgan" },
    });
    expect(await screen.findByText("No results")).toBeTruthy();
    expect(calls.some((c) => c.path === NOTES && c.query.get("search") === "Morgan")).toBe(true);
    const link = screen.getByRole("link", { name: "Search all shift log notes" });
    expect(link.getAttribute("href")).toBe("/1/dashboard/shift-logs-search");
  });

  it("shows a failure as the dashboard's widget error", async () => {
    fakeApi((c) => (c.path === NOTES ? { status: 403, body: { detail: "Nope." } } : undefined));
    render();
    expect(await screen.findByText("An error occurred: Nope.")).toBeTruthy();
  });

  it("shows a note the live stream announces", async () => {
    let list = notes(2);
    fakeApi((c) => (c.path === NOTES ? { status: 200, body: page(list) } : undefined));
    const { client } = render();
    await screen.findByText("Note number 1");
    list = [makeNote({ id: 99, body: "Delivery door propped open" }), ...list];
    act(() => invalidateTopic(client, LIVE_TOPIC_QUERIES, "shift_logs", 1));
    expect(await screen.findByText("Delivery door propped open")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(3));
  });
});
