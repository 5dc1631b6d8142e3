import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { GridColDef } from "@mui/x-data-grid";
import { DataTable, nextPaging, orderingOfSort, pageSizesFor, type Paging, sortModelOf } from "./DataTable.tsx";

vi.setConfig({ testTimeout: 30_000 });

interface Row {
  id: number;
  name: string;
  city: string;
  secret: string;
}

const columns: GridColDef<Row>[] = [
  { field: "name", headerName: "Name", width: 150 },
  { field: "city", headerName: "City", width: 150, sortable: false },
  { field: "secret", headerName: "Secret", width: 150, sortable: false },
];

const rows: Row[] = [
  { id: 1, name: "Ada", city: "Boston", secret: "s1" },
  { id: 2, name: "Ben", city: "Austin", secret: "s2" },
];

const ok = (results: Row[], count = results.length) => ({
  data: { count, results },
  isFetching: false,
  isError: false,
  error: null,
});

type Props = Partial<Parameters<typeof DataTable<Row>>[0]>;

function Harness({ onPaging, onOrdering, ...props }: Props & { onPaging?: (p: Paging) => void; onOrdering?: (o: string | null) => void }) {
  const [paging, setPaging] = useState<Paging>({ limit: 30, offset: 0 });
  const [ordering, setOrdering] = useState("name");
  return (
    <DataTable<Row>
      label="People"
      columns={columns}
      query={ok(rows, 75)}
      paging={paging}
      onPagingChange={(p) => {
        setPaging(p);
        onPaging?.(p);
      }}
      ordering={ordering}
      sortKeys={{ name: "last_name" }}
      onOrderingChange={(o) => {
        setOrdering(o ?? "name");
        onOrdering?.(o);
      }}
      countText={(n) => `${n} people`}
      emptyText="Nobody here"
      {...props}
    />
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("DataTable helpers", () => {
  it("ordering ⇄ sort model, through the sortable keys only", () => {
    expect(sortModelOf("-date_created")).toEqual([{ field: "date_created", sort: "desc" }]);
    expect(sortModelOf("body")).toEqual([{ field: "body", sort: "asc" }]);
    expect(sortModelOf("")).toEqual([]);
    const keys = { owner: "owner", type: "shift_log_type_name" };
    expect(orderingOfSort([{ field: "type", sort: "desc" }], keys)).toBe("-shift_log_type_name");
    expect(orderingOfSort([{ field: "owner", sort: "asc" }], keys)).toBe("owner");
    expect(orderingOfSort([{ field: "units", sort: "asc" }], keys)).toBeNull();
    expect(orderingOfSort([], keys)).toBeNull();
  });

  it("a new page size starts at the first page; the URL's own size is offered", () => {
    expect(nextPaging({ page: 2, pageSize: 30 }, { limit: 30, offset: 30 })).toEqual({ limit: 30, offset: 60 });
    expect(nextPaging({ page: 2, pageSize: 50 }, { limit: 30, offset: 60 })).toEqual({ limit: 50, offset: 0 });
    expect(pageSizesFor(50)).toEqual([30, 50, 100]);
    expect(pageSizesFor(40)).toEqual([30, 40, 50, 100]);
  });
});

describe("DataTable", () => {
  it("shows the rows and the count; the next page and a header click go to the page's state", async () => {
    const onPaging = vi.fn();
    const onOrdering = vi.fn();
    render(<Harness onPaging={onPaging} onOrdering={onOrdering} />);
    const grid = screen.getByRole("grid", { name: "People" });
    expect(await within(grid).findByText("Ada")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("75 people");
    expect(screen.getByText("1–30 of 75")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(onPaging).toHaveBeenLastCalledWith({ limit: 30, offset: 30 }));
    expect(await screen.findByText("31–60 of 75")).toBeTruthy();

    // Sorted ascending by name now; the next click asks for descending, under the API's key.
    fireEvent.click(within(grid).getByRole("columnheader", { name: /^Name/ }).querySelector(".MuiDataGrid-columnHeaderTitleContainer")!);
    await waitFor(() => expect(onOrdering).toHaveBeenLastCalledWith("-last_name"));
    // A column that does not sort asks for nothing.
    fireEvent.click(within(grid).getByRole("columnheader", { name: "City" }));
    expect(onOrdering).toHaveBeenCalledTimes(1);
  });

  it("an empty list says the page's message; Export waits for rows", async () => {
    const onExport = vi.fn();
    render(<Harness query={ok([])} exportAction={{ onClick: onExport }} />);
    expect(await screen.findByText("Nobody here")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("0 people");
    expect((screen.getByRole("button", { name: "Export to Excel" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("Export (with its own label) is offered once there are rows", async () => {
    const onExport = vi.fn();
    render(<Harness exportAction={{ label: "Export Table", onClick: onExport }} />);
    const button = (await screen.findByRole("button", { name: "Export Table" })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it("a failed load says 'Error: …'; while loading nothing is counted yet", async () => {
    render(
      <Harness
        query={{ data: undefined, isFetching: false, isError: true, error: new Error("Server unavailable") }}
      />,
    );
    expect(await screen.findByText("Error: Server unavailable")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("\u00a0");
  });

  it("loading shows skeleton rows first, then a progress bar over the rows while the next page loads", async () => {
    const { container, rerender } = render(
      <Harness query={{ data: undefined, isFetching: true, isError: false, error: null }} />,
    );
    await waitFor(() => expect(container.querySelector(".MuiDataGrid-skeletonLoadingOverlay")).toBeTruthy());
    expect(screen.queryByText("Nobody here")).toBeNull();
    rerender(<Harness query={{ ...ok(rows, 75), isFetching: true }} />);
    expect(await screen.findByRole("progressbar")).toBeTruthy();
    expect(screen.getByText("Ada")).toBeTruthy();
  });

  it("columns the page hides are not shown nor offered; the user's choice is remembered per list", async () => {
    const { unmount } = render(<Harness hiddenColumns={["secret"]} columnsStorageKey="people" />);
    const grid = screen.getByRole("grid", { name: "People" });
    await within(grid).findByText("Ada");
    expect(within(grid).queryByRole("columnheader", { name: "Secret" })).toBeNull();
    expect(within(grid).getByRole("columnheader", { name: "City" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const panel = await screen.findByRole("tooltip");
    expect(within(panel).queryByRole("checkbox", { name: "Secret" })).toBeNull();
    fireEvent.click(within(panel).getByRole("checkbox", { name: "City" }));
    await waitFor(() => expect(within(grid).queryByRole("columnheader", { name: "City" })).toBeNull());
    expect(JSON.parse(localStorage.getItem("portico.columns.people")!)).toEqual({ city: false });
    unmount();

    // Back on the list: City stays hidden.
    render(<Harness hiddenColumns={["secret"]} columnsStorageKey="people" />);
    const again = screen.getByRole("grid", { name: "People" });
    await within(again).findByText("Ada");
    expect(within(again).queryByRole("columnheader", { name: "City" })).toBeNull();
    expect(within(again).getByRole("columnheader", { name: /^Name/ })).toBeTruthy();
  });
});
