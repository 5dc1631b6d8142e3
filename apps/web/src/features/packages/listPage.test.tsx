import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { Component as ListPage } from "./pages/PackageListPage.tsx";
import { fakeApi, renderWithApp } from "./testing.tsx";

/** The page as the shell holds it (the shell gives the date pickers their adapter). */
const PackageListPage = () => (
  <LocalizationProvider dateAdapter={AdapterDayjs}>
    <ListPage />
  </LocalizationProvider>
);

// MUI forms in jsdom are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const END_BEFORE_START = "The end date must be on or after the start date.";
const listCalls = (calls: ReturnType<typeof fakeApi>["calls"]) => calls.filter((c) => c.path === "/packages/list/");
const emptyList = () =>
  fakeApi((c) =>
    c.path === "/packages/list/"
      ? { status: 200, body: { count: 0, next: null, previous: null, results: [] } }
      : undefined,
  );
const searchButton = () => screen.getByRole("button", { name: "Search" }) as HTMLButtonElement;

describe("package search dates", () => {
  it("are date pickers (MM/DD/YYYY), not the browser's date inputs", async () => {
    emptyList();
    const { container } = renderWithApp(<PackageListPage />, { path: "/1/packages/list?min_date_opened=2026-03-01" });
    await screen.findByText("0 packages");
    expect(container.querySelector('input[type="date"]')).toBeNull();
    const from = container.querySelector<HTMLInputElement>('input[name="min_date_opened"]')!;
    expect(from.value).toBe("03/01/2026");
    expect(container.querySelector('input[name="max_date_closed"]')).toBeTruthy();
  });

  it("a range that ends first: the message under its end, Search disabled, nothing listed", async () => {
    const { calls } = emptyList();
    renderWithApp(<PackageListPage />, {
      path: "/1/packages/list?min_date_opened=2026-03-05&max_date_opened=2026-03-01&min_date_closed=2026-03-01&max_date_closed=2026-03-02",
    });
    const message = await screen.findByText(END_BEFORE_START);
    expect(message.id).toBe("package-filter-max_date_opened-helper-text");
    expect(screen.getAllByText(END_BEFORE_START)).toHaveLength(1);
    expect(searchButton().disabled).toBe(true);
    expect(screen.getByText("Correct the dates above to search.")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(listCalls(calls)).toHaveLength(0);
  });

  it("a one-day range is searched with both ends", async () => {
    const { calls } = emptyList();
    renderWithApp(<PackageListPage />, {
      path: "/1/packages/list?min_date_closed=2026-03-05&max_date_closed=2026-03-05&package_status=CLOSED",
    });
    await screen.findByText("0 packages");
    expect(screen.queryByText(END_BEFORE_START)).toBeNull();
    expect(searchButton().disabled).toBe(false);
    const q = listCalls(calls).at(-1)!.query;
    expect([q.get("min_date_closed"), q.get("max_date_closed")]).toEqual(["2026-03-05", "2026-03-05"]);
  });
});
