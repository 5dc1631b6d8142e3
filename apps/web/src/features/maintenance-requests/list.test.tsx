import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  MAINTENANCE_MESSAGES,
  MAINTENANCE_OPEN_STATUSES,
  type MaintenanceRequest,
  type MaintenanceRequestListItem,
} from "@portico/contract";
import { type FakeCall, fakeApi, type Handler, renderWithApp } from "../../test/harness.tsx";
import { makeMaintenanceRequest } from "./testing.ts";
import { ProfileMaintenancePanel } from "./components/ProfileMaintenancePanel.tsx";
import { Component as ListPage } from "./pages/MaintenanceListPage.tsx";
import { Component as BulkPrintPage } from "./pages/MaintenanceBulkPrintPage.tsx";
import { Component as PrintPage } from "./pages/MaintenancePrintPage.tsx";
import {
  exportBlocked,
  filtersOf,
  idsOf,
  listQuery,
  printSearch,
  statusLabel,
  toggleAll,
  urlChangesOf,
} from "./model.ts";

const LIST = "/maintenance-requests/maintenance-requests/";
const OPEN = MAINTENANCE_OPEN_STATUSES.join(",");

const request = (over: Partial<MaintenanceRequest> = {}): MaintenanceRequest =>
  makeMaintenanceRequest({
    id: 501,
    employee_name: "Max Mechanic",
    maintenance_request_type_id: 3,
    occupant_set: [
      { id: 5, first_name: "Robin", last_name: "Resident", email: "r@example.com", phone_number: "", is_active: true },
    ],
    ...over,
  });

const HOLD = request({
  id: 502,
  apartment_number: "702",
  status: "ON_HOLD",
  status_display: "On Hold",
  date_on_hold_until: "2026-03-09",
  is_high_priority: true,
  comments: [
    {
      id: 1,
      maintenance_request_id: 502,
      comment: "Waiting for the part",
      is_private: true,
      change_status_to: "ON_HOLD",
      change_status_to_display: "On Hold",
      entered_by: null,
      date_created: "2026-03-03T15:00:00.000Z",
    },
  ],
});

const pageOf = (rows: MaintenanceRequestListItem[], count = rows.length) => ({
  count,
  next: null,
  previous: null,
  results: rows,
});

const defaults =
  (rows: MaintenanceRequestListItem[] = [request(), HOLD], count?: number): Handler =>
  (c: FakeCall) => {
    if (c.path === "/core/buildings/1/apartments/dropdown/")
      return {
        status: 200,
        body: [{ id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "", line: "" }],
      };
    if (c.path === "/maintenance-requests/statuses/")
      return {
        status: 200,
        body: [
          { value: "OPEN", label: "Open" },
          { value: "ON_HOLD", label: "On Hold" },
          { value: "CLOSED", label: "Closed" },
        ],
      };
    if (c.path === "/maintenance-requests/maintenance-request-types/")
      return { status: 200, body: [{ id: 3, name: "Plumbing", is_active: true }] };
    if (c.method === "GET" && c.path === LIST) return { status: 200, body: pageOf(rows, count) };
    return undefined;
  };

const lastList = (calls: FakeCall[]) => calls.filter((c) => c.path === LIST).at(-1)!;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:file");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe("the list's filters and the URL", () => {
  it("reads the open group by default, every status with 'all', and sends the URL's filters", () => {
    expect(filtersOf(new URLSearchParams()).statuses).toBe(OPEN);
    const params = new URLSearchParams(
      "statuses=all&apartment=11&min_date_opened=2026-03-01&is_high_priority=true&search=%20sink%20&ordering=date_closed",
    );
    expect(listQuery(params, { limit: 30, offset: 60 })).toEqual({
      statuses: undefined,
      apartment: "11",
      maintenance_request_type: undefined,
      min_date_opened: "2026-03-01",
      max_date_opened: undefined,
      min_date_closed: undefined,
      max_date_closed: undefined,
      search: "sink",
      is_high_priority: "true",
      is_include_past_occupancies: undefined,
      is_only_recurring: undefined,
      recurring_maintenance_request: undefined,
      ordering: "date_closed",
      limit: 30,
      offset: 60,
    });
  });

  it("leaves defaults out of the URL and starts again at the first page", () => {
    const f = filtersOf(new URLSearchParams("offset=30"));
    expect(urlChangesOf({ ...f, search: "sink" })).toMatchObject({ statuses: null, search: "sink", offset: null });
    expect(urlChangesOf({ ...f, statuses: "CLOSED" }).statuses).toBe("CLOSED");
    expect(urlChangesOf({ ...f, statuses: "all" }).statuses).toBe("all");
    expect(printSearch(new URLSearchParams("statuses=CLOSED&limit=50&offset=50&comments=show"))).toBe(
      "statuses=CLOSED",
    );
  });

  it("shows 'On Hold until {date}', reads bulk ids and toggles a page's selection", () => {
    expect(statusLabel(HOLD)).toBe("On Hold until 03/09/2026");
    expect(statusLabel(request())).toBe("Open");
    expect(idsOf("3, 1,x,3,0,2")).toEqual([3, 1, 2]);
    expect(toggleAll([9], [1, 2])).toEqual([9, 1, 2]);
    expect(toggleAll([9, 1, 2], [1, 2])).toEqual([9]);
  });

  it("blocks the export when empty or above 3000", () => {
    const over = MAINTENANCE_MESSAGES.exportLimit;
    expect(exportBlocked(undefined, 3000, over)).toBe("");
    expect(exportBlocked(0, 3000, over)).toBe("");
    expect(exportBlocked(3000, 3000, over)).toBeNull();
    expect(exportBlocked(3001, 3000, over)).toBe(over);
  });
});

describe("the list page", () => {
  it("lists with the URL's filters (open group by default), 30 a page; Search writes the URL", async () => {
    const { calls } = fakeApi(undefined, defaults());
    const { router } = renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list?min_date_opened=2026-03-01",
      routePath: "/:buildingId/maintenance/requests/list",
    });
    expect(await screen.findByText("On Hold until 03/09/2026")).toBeTruthy();
    const get = lastList(calls);
    expect(get.query.get("building")).toBe("1");
    expect(get.query.get("statuses")).toBe(OPEN);
    expect(get.query.get("min_date_opened")).toBe("2026-03-01");
    expect(get.query.get("limit")).toBe("30");
    expect(get.query.get("ordering")).toBe("-date_created");

    fireEvent.change(screen.getByRole("textbox", { name: "Search" }), { target: { value: "sink" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("search=sink"));
    expect(router.state.location.search).toContain("min_date_opened=2026-03-01");
    await waitFor(() => expect(lastList(calls).query.get("search")).toBe("sink"));
  });

  it("opens a request on a row click and shows the latest comments on demand", async () => {
    fakeApi(undefined, defaults());
    const { router } = renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list",
      routePath: "/:buildingId/maintenance/requests/list",
      extraRoutes: [{ path: "/:buildingId/maintenance/requests/:id", element: <p>Request page</p> }],
    });
    fireEvent.click(await screen.findByLabelText("Show comments"));
    expect(await screen.findByText("Waiting for the part")).toBeTruthy();
    expect(screen.getByText(/\(private\)/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole("gridcell").find((c) => c.textContent === "1203")!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/maintenance/requests/501"));
  });

  it("Export to Excel: off when empty, off above 3000 with the spec's tooltip, else downloads the list's query", async () => {
    fakeApi(undefined, defaults([], 0));
    const empty = renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list",
      routePath: "/:buildingId/maintenance/requests/list",
    });
    await screen.findByText("0 requests");
    expect((screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement).disabled).toBe(true);
    empty.unmount();

    fakeApi(undefined, defaults([request()], 3001));
    const over = renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list",
      routePath: "/:buildingId/maintenance/requests/list",
    });
    await screen.findByText("3001 requests");
    const blocked = screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement;
    expect(blocked.disabled).toBe(true);
    expect(blocked.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(blocked.getAttribute("aria-describedby")!)!.textContent).toBe(
      MAINTENANCE_MESSAGES.exportLimit,
    );
    over.unmount();

    const { calls } = fakeApi(
      (c) =>
        c.path === `${LIST}as-excel/`
          ? { status: 400, body: { detail: "Try again later" }, statusText: "Bad Request" }
          : undefined,
      defaults([request()], 12),
    );
    renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list?statuses=CLOSED",
      routePath: "/:buildingId/maintenance/requests/list",
    });
    await screen.findByText("12 requests");
    const button = screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(`${MAINTENANCE_MESSAGES.exportError(400)} Try again later`)).toBeTruthy();
    const xlsx = calls.find((c) => c.path === `${LIST}as-excel/`)!;
    expect(xlsx.query.get("statuses")).toBe("CLOSED");
    expect(xlsx.query.get("building")).toBe("1");
  });

  it("bulk print: none chosen says so; select all counts the page and opens the bulk print", async () => {
    fakeApi(undefined, defaults());
    const { router } = renderWithApp(<ListPage />, {
      path: "/1/maintenance/requests/list",
      routePath: "/:buildingId/maintenance/requests/list",
      extraRoutes: [{ path: "/:buildingId/maintenance/requests/bulk-print", element: <p>Bulk</p> }],
    });
    await screen.findByText("On Hold until 03/09/2026");
    fireEvent.click(screen.getByRole("button", { name: "Bulk print" }));
    fireEvent.click(screen.getByRole("button", { name: MAINTENANCE_MESSAGES.bulkPrint(0) }));
    expect((await screen.findByRole("alert")).textContent).toBe(MAINTENANCE_MESSAGES.selectAtLeastOne);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select request 502" }));
    expect(screen.getByRole("button", { name: MAINTENANCE_MESSAGES.bulkPrint(1) })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: MAINTENANCE_MESSAGES.bulkPrint(2) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/maintenance/requests/bulk-print"));
    expect(router.state.location.search).toBe("?ids=502,501");
  });
});

describe("the print pages", () => {
  it("prints the list's query up to 1000 rows and warns beyond", async () => {
    const { calls } = fakeApi(undefined, defaults([request(), HOLD], 1200));
    renderWithApp(<PrintPage />, {
      path: "/1/maintenance/requests/print?statuses=all&search=sink",
      routePath: "/:buildingId/maintenance/requests/print",
    });
    const table = await screen.findByRole("table", { name: "Maintenance requests" });
    expect(within(table).getAllByText("Robin Resident")).toHaveLength(2);
    expect(within(table).getByText("On Hold until 03/09/2026")).toBeTruthy();
    expect(screen.getByText(MAINTENANCE_MESSAGES.printLimitWarning)).toBeTruthy();
    const get = lastList(calls);
    expect(get.query.get("limit")).toBe("1000");
    expect(get.query.get("search")).toBe("sink");
    expect(get.query.has("statuses")).toBe(false);
  });

  it("bulk print shows each chosen request with a signing line", async () => {
    fakeApi((c) =>
      c.path === `${LIST}501/`
        ? { status: 200, body: request() }
        : c.path === `${LIST}502/`
          ? { status: 200, body: HOLD }
          : undefined,
    );
    renderWithApp(<BulkPrintPage />, {
      path: "/1/maintenance/requests/bulk-print?ids=502,501",
      routePath: "/:buildingId/maintenance/requests/bulk-print",
    });
    const blocks = await screen.findAllByRole("article");
    expect(blocks).toHaveLength(2);
    expect(within(blocks[0]!).getByRole("heading", { name: "Request #502 – Unit 702" })).toBeTruthy();
    expect(within(blocks[1]!).getByText("Kitchen sink leaks")).toBeTruthy();
    expect(screen.getAllByRole("group", { name: "Signature line" })).toHaveLength(2);
  });
});

describe("the unit profile panel", () => {
  it("shows the unit's open requests 5 a page, closed ones on the toggle, and links to create", async () => {
    const { calls } = fakeApi(undefined, defaults([HOLD], 7));
    renderWithApp(<ProfileMaintenancePanel buildingId={1} occupancyId={91} apartmentId={11} />);
    const link = await screen.findByRole("link", { name: /#502 Plumbing/ });
    expect(link.getAttribute("href")).toBe("/1/maintenance/requests/502");
    expect(screen.getByText(/On Hold until 03\/09\/2026/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "New maintenance request" }).getAttribute("href")).toBe(
      "/1/maintenance/requests/create?apartment_id=11&occupancy_id=91",
    );
    let get = lastList(calls);
    expect(get.query.get("occupancy")).toBe("91");
    expect(get.query.get("limit")).toBe("5");
    expect(get.query.get("ordering")).toBe("-date_created");
    expect(get.query.get("statuses")).toBe(OPEN);

    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(lastList(calls).query.get("offset")).toBe("5"));
    fireEvent.click(screen.getByRole("button", { name: "Closed" }));
    await waitFor(() => expect(lastList(calls).query.get("statuses")).toBe("CLOSED,RESOLVED,CANCELED"));
    get = lastList(calls);
    expect(get.query.get("offset")).toBe("0");
  });
});
