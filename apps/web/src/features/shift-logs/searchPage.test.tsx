import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Component as SearchPage } from "./pages/ShiftLogSearchPage.tsx";
import {
  applySearch,
  cleanQuery,
  defaultSearchState,
  filterSchema,
  filtersFromState,
  filtersToState,
  invalidDates,
  readSearchState,
  reversedDates,
  searchStateToParams,
  toApiQuery,
} from "./model.ts";
import { fakeApi, makeNote, renderWithApp } from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOW = Date.parse("2026-03-10T15:00:00Z");

describe("search URL state", () => {
  it("defaults: from 7 days back (building time zone), newest first, 30 a page", () => {
    expect(defaultSearchState("America/New_York", NOW)).toEqual({
      offset: "0",
      limit: "30",
      ordering: "-date_created",
      min_date_created: "2026-03-03",
    });
    // 01:00 UTC on the 10th is still the 9th in New York.
    expect(defaultSearchState("America/New_York", Date.parse("2026-03-10T01:00:00Z")).min_date_created).toBe(
      "2026-03-02",
    );
  });

  it("clearing drops empty strings, empty arrays, false and the 'all' type", () => {
    expect(
      cleanQuery({
        shift_log_type_id: "all",
        search: "  ",
        include_apartments: [],
        is_high_priority: false,
        only_edited: true,
        min_date_created: "2026-03-01",
        exclude_apartments: [3, "none"],
        max_date_created: undefined,
        apartment_number: null,
      }),
    ).toEqual({ only_edited: "true", min_date_created: "2026-03-01", exclude_apartments: "3,none" });
    expect(cleanQuery({ shift_log_type_id: "ALL" })).toEqual({});
    expect(cleanQuery({ shift_log_type_id: "4" })).toEqual({ shift_log_type_id: "4" });
  });

  it("a URL without offset gets the defaults; the page's own URLs are taken as they are", () => {
    const defaults = defaultSearchState("America/New_York", NOW);
    const link = readSearchState(new URLSearchParams("search=leak&shift_log_type_id=all"), defaults);
    expect(link.complete).toBe(false);
    expect(link.state).toEqual({ ...defaults, search: "leak" });
    const own = readSearchState(
      new URLSearchParams("offset=30&limit=30&ordering=body&shift_log_type_id=all"),
      defaults,
    );
    expect(own).toEqual({ complete: true, state: { offset: "30", limit: "30", ordering: "body" } });
  });

  it("a new search resets offset to 0 and keeps limit and order", () => {
    const current = { offset: "90", limit: "50", ordering: "owner", search: "old" };
    expect(applySearch(current, { search: "leak", shift_log_type_id: "all" })).toEqual({
      search: "leak",
      offset: "0",
      limit: "50",
      ordering: "owner",
    });
  });

  it("form values and URL state round-trip; units keep 'none'", () => {
    const state = {
      shift_log_type_id: "2",
      min_date_created: "2026-03-01",
      max_date_created: "2026-03-05",
      include_apartments: "11,none",
      search: "leak",
      is_high_priority: "true",
      only_edited: "true",
    };
    const values = filtersFromState(state);
    expect(values.include_apartments).toEqual([11, "none"]);
    expect(values.min_date_created?.format("YYYY-MM-DD")).toBe("2026-03-01");
    expect(filtersToState(values)).toEqual(state);
    expect(searchStateToParams({ ...state, offset: "0" }).toString()).toBe(
      "offset=0&shift_log_type_id=2&min_date_created=2026-03-01&max_date_created=2026-03-05&include_apartments=11%2Cnone&search=leak&is_high_priority=true&only_edited=true",
    );
  });

  it("dates must have a four-digit year, month and day", () => {
    expect(invalidDates({ min_date_created: "2026-03-01", max_date_created: "26-3-1" })).toEqual(["max_date_created"]);
    expect(invalidDates({ min_date_created: "2026-02-30" })).toEqual(["min_date_created"]);
    expect(toApiQuery({ offset: "30", limit: "30" })).toEqual({ offset: 30, limit: 30, ordering: "-date_created" });
  });

  it("an end date before the start date is refused under 'To'; the same day is a range", () => {
    expect(reversedDates({ min_date_created: "2026-03-05", max_date_created: "2026-03-04" })).toBe(true);
    expect(reversedDates({ min_date_created: "2026-03-05", max_date_created: "2026-03-05" })).toBe(false);
    expect(reversedDates({ max_date_created: "2026-03-04" })).toBe(false);
    const values = filtersFromState({ min_date_created: "2026-03-05", max_date_created: "2026-03-04" });
    const r = filterSchema.safeParse(values);
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "max_date_created: The end date must be on or after the start date.",
    ]);
    expect(filterSchema.safeParse(filtersFromState({ min_date_created: "2026-03-05" })).success).toBe(true);
  });
});

const listCall = (calls: ReturnType<typeof fakeApi>["calls"]) =>
  calls.filter((c) => c.path === "/shift-logs/notes/" && c.method === "GET").at(-1);

describe("the search page", () => {
  it("fills the defaults into the URL on the first visit and lists with them", async () => {
    const { calls } = fakeApi((c) =>
      c.path === "/shift-logs/notes/"
        ? { status: 200, body: { count: 1, next: null, previous: null, results: [makeNote()] } }
        : undefined,
    );
    const { router } = renderWithApp(<SearchPage />, { path: "/1/dashboard/shift-logs-search" });
    await waitFor(() =>
      expect(router.state.location.search).toMatch(
        /^\?offset=0&limit=30&ordering=-date_created&min_date_created=\d{4}-\d{2}-\d{2}$/,
      ),
    );
    await waitFor(() => expect(listCall(calls)).toBeTruthy());
    const q = listCall(calls)!.query;
    expect(q.get("building")).toBe("1");
    expect(q.get("limit")).toBe("30");
    expect(q.get("offset")).toBe("0");
    expect(q.get("ordering")).toBe("-date_created");
    expect(q.get("min_date_created")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText("1 note")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a new search drops the 'all' type, keeps the filters and goes back to offset 0", async () => {
    const { calls } = fakeApi();
    const { router } = renderWithApp(<SearchPage />, {
      path: "/1/dashboard/shift-logs-search?offset=60&limit=30&ordering=body&shift_log_type_id=all&search=leak&min_date_created=2026-03-01",
    });
    await waitFor(() => expect(listCall(calls)).toBeTruthy());
    expect(listCall(calls)!.query.get("shift_log_type_id")).toBeNull();
    expect((screen.getByRole("searchbox", { name: "Search notes" }) as HTMLInputElement).value).toBe("leak");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search notes" }), { target: { value: "water leak" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "High priority" }));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        offset: "0",
        limit: "30",
        ordering: "body",
        min_date_created: "2026-03-01",
        search: "water leak",
        is_high_priority: "true",
      }),
    );
    await waitFor(() => expect(listCall(calls)!.query.get("search")).toBe("water leak"));
    expect(listCall(calls)!.query.get("offset")).toBe("0");
  });

  it("'Export to Excel' is disabled when there are no notes", async () => {
    fakeApi();
    renderWithApp(<SearchPage />, { path: "/1/dashboard/shift-logs-search?offset=0&limit=30" });
    expect(await screen.findByText("0 notes")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a reversed range in the URL shows its message under 'To', disables Search and fetches nothing", async () => {
    const { calls } = fakeApi();
    renderWithApp(<SearchPage />, {
      path: "/1/dashboard/shift-logs-search?offset=0&limit=30&min_date_created=2026-03-05&max_date_created=2026-03-01",
    });
    const message = await screen.findByText("The end date must be on or after the start date.");
    const to = document.getElementById(message.id.replace(/-helper-text$/, ""))!;
    expect(to.getAttribute("name") ?? to.querySelector("input")?.getAttribute("name")).toBe("max_date_created");
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByText("Correct the dates above to search.")).toBeTruthy();
    expect(screen.queryByText("No matching results for this search criteria")).toBeNull();
    expect(listCall(calls)).toBeUndefined();
  });

  it("a date in the URL that is not YYYY-MM-DD shows 'Invalid date' and nothing is fetched", async () => {
    const { calls } = fakeApi();
    renderWithApp(<SearchPage />, { path: "/1/dashboard/shift-logs-search?offset=0&limit=30&min_date_created=26-3-1" });
    expect((await screen.findAllByText("Invalid date")).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(listCall(calls)).toBeUndefined();
  });
});
