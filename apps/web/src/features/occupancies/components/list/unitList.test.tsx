import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { UnitListRow } from "@portico/contract";
import { Component as UnitListPage } from "../../pages/UnitListPage.tsx";
import { fakeApi, makeMe, page, renderWithApp } from "../forms/testing.tsx";
import { filterSchema } from "./UnitListFilterForm.tsx";
import {
  applySearch,
  cleanQuery,
  DEFAULT_STATE,
  readUnitListState,
  reversedDates,
  toApiQuery,
  unitListStateToParams,
} from "./unitListState.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("unit list URL state", () => {
  it("a bare URL means the defaults: active only, no vacant units, unit order, 30 a page", () => {
    expect(readUnitListState(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(DEFAULT_STATE).toMatchObject({ search: "", buildings: [], balcony_only: false, offset: 0 });
    expect(DEFAULT_STATE).toMatchObject({
      active_only: true,
      display_vacant: false,
      ordering: "apartment_number",
      limit: 30,
    });
  });

  it("reads what the URL says and ignores what it cannot use", () => {
    const s = readUnitListState(
      new URLSearchParams(
        "search=doe&active_only=false&display_vacant=true&buildings=1,2&ordering=-lease_end_date&limit=50&offset=100",
      ),
    );
    expect(s).toMatchObject({
      search: "doe",
      active_only: false,
      display_vacant: true,
      buildings: ["1", "2"],
      ordering: "-lease_end_date",
      limit: 50,
      offset: 100,
    });
    const odd = readUnitListState(new URLSearchParams("ordering=names&limit=x&offset=-4&buildings=2,ALL"));
    expect(odd).toMatchObject({ ordering: "apartment_number", limit: 30, offset: 0, buildings: ["all"] });
  });

  it("clearing removes empty strings and empty arrays (active_only=false stays)", () => {
    expect(
      cleanQuery({
        search: "  ",
        phone: "",
        buildings: [],
        active_only: false,
        balcony_only: true,
        x: null,
        y: undefined,
      }),
    ).toEqual({ active_only: "false", balcony_only: "true" });
    expect(cleanQuery({ buildings: ["1", "", "3"] })).toEqual({ buildings: "1,3" });
  });

  it("a new search starts again at offset 0 and keeps order and page size", () => {
    const current = { ...DEFAULT_STATE, offset: 90, limit: 50, ordering: "-lease_start_date", search: "old" };
    const next = applySearch(current, { ...current, search: "new", phone: "" });
    expect(next).toMatchObject({ search: "new", offset: 0, limit: 50, ordering: "-lease_start_date" });
    expect(Object.fromEntries(unitListStateToParams(next))).toEqual({
      search: "new",
      display_vacant: "false",
      active_only: "true",
      balcony_only: "false",
      ordering: "-lease_start_date",
      limit: "50",
      offset: "0",
    });
  });

  it("the API gets the phone as digits and no buildings filter for this building alone", () => {
    const q = toApiQuery({ ...DEFAULT_STATE, phone: "(212) 555-0101", buildings: ["1"] }, 1);
    expect(q).toMatchObject({ phone: "2125550101", active_only: "true", display_vacant: "false" });
    expect(q).not.toHaveProperty("buildings");
    expect(toApiQuery({ ...DEFAULT_STATE, buildings: ["all"] }, 1)).toMatchObject({ buildings: "all" });
    expect(toApiQuery({ ...DEFAULT_STATE, buildings: ["1", "2"] }, 1)).toMatchObject({ buildings: "1,2" });
  });
});

const row = (over: Partial<UnitListRow> = {}): UnitListRow => ({
  id: 91,
  apartment_id: 11,
  apartment_number: "1203",
  is_active: true,
  is_future: false,
  status: "CURRENT",
  names: "Tom Morgan",
  emails: "tom@example.com",
  phone_numbers: "212-555-0101",
  lease_start_date: "2025-06-01",
  lease_end_date: "2026-05-31",
  move_out_date: null,
  is_vacant: false,
  building_id: 1,
  building_name: "The Riverside",
  is_balcony_apt: false,
  ...over,
});

const VACANT = row({
  id: null,
  apartment_id: 44,
  apartment_number: "702",
  status: null,
  names: "",
  emails: "",
  phone_numbers: "",
  lease_start_date: null,
  lease_end_date: null,
  is_vacant: true,
});

function listApi() {
  return fakeApi((call) =>
    call.path === "/core/buildings/1/unit-profiles/" ? { status: 200, body: page([row(), VACANT]) } : undefined,
  );
}

describe("unit list page", { timeout: 30_000 }, () => {
  it("asks with the defaults, shows the count and links rows to profiles (vacant: create)", async () => {
    const { calls } = listApi();
    renderWithApp(<UnitListPage />);
    expect(await screen.findByText("2 results")).toBeTruthy();
    const first = calls.find((c) => c.path === "/core/buildings/1/unit-profiles/");
    expect(Object.fromEntries(first!.query)).toEqual({
      active_only: "true",
      display_vacant: "false",
      balcony_only: "false",
      ordering: "apartment_number",
      limit: "30",
      offset: "0",
    });
    expect(screen.getByRole("link", { name: "Unit 1203" }).getAttribute("href")).toBe("/1/manage/unit-profiles/91");
    expect(screen.getByRole("link", { name: "Unit 702, vacant" }).getAttribute("href")).toBe(
      "/1/manage/unit-profiles/create?apartment_id=44&apartment_number=702",
    );
    for (const name of ["Add new unit profile", "Add new apartment"])
      expect(screen.getByRole("link", { name })).toBeTruthy();
    for (const name of ["Occupants (Excel)", "Vacant unit report", "Export Table"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Print directory" })).toBeTruthy();
  });

  it("front desk: no manager buttons, no e-mails, vacant units are not links", async () => {
    listApi();
    renderWithApp(<UnitListPage />, { me: makeMe("FD") });
    expect(await screen.findByText("2 results")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add new unit profile" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add new apartment" })).toBeNull();
    expect(screen.getByRole("link", { name: "Print directory" })).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Emails" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Unit 702, vacant" })).toBeNull();
  });

  it("a lease start range that ends first: its message under 'Lease start to', Search disabled, no list", async () => {
    const { calls } = listApi();
    renderWithApp(<UnitListPage />, {
      path: "/1/manage/unit-profiles?offset=0&limit=30&min_lease_start_date=2025-06-02&max_lease_start_date=2025-06-01",
    });
    const message = await screen.findByText("The end date must be on or after the start date.");
    expect(message.id).toMatch(/max_lease_start_date-helper-text$/);
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByText("Correct the dates above to search.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/core/buildings/1/unit-profiles/")).toBe(false);
  });

  it("the filter schema refuses the reversed range on its end only; one day is a range", () => {
    const base = {
      search: "",
      phone: "",
      display_vacant: false,
      buildings: [],
      active_only: true,
      balcony_only: false,
    };
    const r = filterSchema.safeParse({
      ...base,
      min_lease_start_date: "2025-06-02",
      max_lease_start_date: "2025-06-01",
    });
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "max_lease_start_date: The end date must be on or after the start date.",
    ]);
    expect(
      filterSchema.safeParse({ ...base, min_lease_start_date: "2025-06-01", max_lease_start_date: "2025-06-01" })
        .success,
    ).toBe(true);
    expect(reversedDates({ min_lease_start_date: "2025-06-02", max_lease_start_date: "" })).toBe(false);
  });

  it("a search puts the filters in the URL and starts at the first page", async () => {
    const { calls } = listApi();
    const { router } = renderWithApp(<UnitListPage />, { path: "/1/manage/unit-profiles?offset=60&limit=30" });
    await screen.findByText("2 results");
    fireEvent.change(screen.getByRole("searchbox", { name: "Unit, name or email" }), { target: { value: "morgan" } });
    fireEvent.change(screen.getByRole("searchbox", { name: "Phone" }), { target: { value: "555-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("search=morgan"));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("offset")).toBe("0");
    expect(params.get("phone")).toBe("555-01");
    expect(params.has("min_lease_start_date")).toBe(false);
    await waitFor(() =>
      expect(calls.some((c) => c.query.get("search") === "morgan" && c.query.get("phone") === "55501")).toBe(true),
    );

    // A check box searches at once.
    fireEvent.click(screen.getByRole("checkbox", { name: "Display vacant units" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("display_vacant")).toBe("true"));
    expect(new URLSearchParams(router.state.location.search).get("search")).toBe("morgan");

    // Typing right after a check box search is not wiped when that search reaches the URL.
    fireEvent.click(screen.getByRole("checkbox", { name: "Balcony only" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Unit, name or email" }), { target: { value: "702" } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("balcony_only")).toBe("true"));
    expect((screen.getByRole("searchbox", { name: "Unit, name or email" }) as HTMLInputElement).value).toBe("702");

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has("search")).toBe(false));
  });
});
