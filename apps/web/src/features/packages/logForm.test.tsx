import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PACKAGE_MESSAGES as M } from "@portico/contract";
import { LogPackagesForm } from "./components/LogPackagesForm.tsx";
import {
  blankRow,
  canAddRow,
  keptPackageType,
  type LogRow,
  mapRowErrors,
  rowsAfterAddMore,
  toBulkRows,
  validateLogRows,
} from "./model.ts";
import { fakeApi, makeOccupancy, renderWithApp } from "./testing.tsx";

// MUI forms in jsdom are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (over: Partial<LogRow>): LogRow => ({ ...blankRow(), ...over });
const rows = () => screen.getAllByRole("group", { name: /^Row \d+$/ });
const typeSelect = (n: number) => screen.getByRole("combobox", { name: `Package type, row ${n}` }) as HTMLSelectElement;
const comment = (n: number) => screen.getByRole("textbox", { name: `Comment, row ${n}` });
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

async function pickUnit(n: number, unit: string) {
  const input = screen.getByRole("combobox", { name: `Unit, row ${n}` });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: unit } });
  const listbox = await screen.findByRole("listbox");
  fireEvent.click(within(listbox).getByRole("option", { name: unit }));
}

describe("log form rules (model)", () => {
  it("single unit: a comment without a type, and nothing at all, in the spec's words", () => {
    const v = validateLogRows([row({ opening_comment: "UPS" }), row({}), row({ package_type: "1" })], "single");
    expect(v.used).toEqual([0, 2]);
    expect(v.rowErrors.get(0)).toEqual({ package_type: "A package type is required" });
    expect(v.formError).toBeNull();
    expect(validateLogRows([row({}), row({})], "single").formError).toBe("At lease one package is required");
  });

  it("multi unit: a comment without a unit needs an occupancy; a unit needs a type; a kept type alone is no row", () => {
    const v = validateLogRows(
      [
        row({ opening_comment: "Heavy" }),
        row({ occupancy: 91 }),
        row({ package_type: "1" }),
        row({ occupancy: 15, package_type: "2" }),
      ],
      "multi",
    );
    expect(v.used).toEqual([0, 1, 3]);
    expect(v.rowErrors.get(0)).toEqual({
      occupancy: "An occupancy must be selected",
      package_type: "A package type is required",
    });
    expect(v.rowErrors.get(1)).toEqual({ package_type: "A package type is required" });
    expect(v.rowErrors.has(3)).toBe(false);
    expect(validateLogRows([row({ package_type: "1" })], "multi").formError).toBe(M.atLeastOnePackage);
  });

  it("row limits: 10 / 20 to start, 30 after 'add more' with the type kept, one at a time to 100", () => {
    const multi = rowsAfterAddMore("multi", "2");
    expect(multi).toHaveLength(30);
    expect(multi.every((r) => r.package_type === "2")).toBe(true);
    const single = rowsAfterAddMore("single", "2");
    expect(single).toHaveLength(30);
    expect(single.map((r) => r.package_type).filter(Boolean)).toEqual(["2"]);
    expect(canAddRow(99)).toBe(true);
    expect(canAddRow(100)).toBe(false);
    expect(keptPackageType([row({ package_type: "1" }), row({}), row({ package_type: "4" })], [0, 2])).toBe("4");
  });

  it("maps the server's row-indexed errors back onto the form rows", () => {
    const mapped = mapRowErrors(
      [{}, { package_type: ["This package type is not active."] }, { occupancy: ["You cannot log packages for this occupancy"] }],
      [0, 3, 7],
    );
    expect(mapped.rows).toEqual([
      [3, "package_type", "This package type is not active."],
      [7, "occupancy", "You cannot log packages for this occupancy"],
    ]);
    expect(mapped.other).toEqual([]);
    expect(mapRowErrors({ non_field_errors: ["Maximum row limit reached (100)"] }, [0]).other).toEqual([
      "Maximum row limit reached (100)",
    ]);
  });

  it("builds the bulk body: the unit, the type as a number, the trimmed comment and the recipients", () => {
    const r = [row({ occupancy: 91, package_type: "1", opening_comment: " UPS " }), row({ occupancy: 15, package_type: "2", recipients: [] })];
    expect(toBulkRows(r, [0, 1], { defaults: (id) => (id === 91 ? [501] : undefined) })).toEqual([
      { occupancy: 91, package_type: 1, opening_comment: "UPS", send_notification_occupants: [501] },
      { occupancy: 15, package_type: 2, opening_comment: "", send_notification_occupants: [] },
    ]);
    expect(toBulkRows([row({ package_type: "4" })], [0], { occupancyId: 91, recipients: [501] })).toEqual([
      { occupancy: 91, package_type: 4, opening_comment: "", send_notification_occupants: [501] },
    ]);
  });
});

describe("single-unit log form", () => {
  it("starts with 10 rows and the unit's residents per their preferences, 'No email on file!' included", async () => {
    fakeApi();
    renderWithApp(<LogPackagesForm mode="single" building={1} occupancy={makeOccupancy()} />, { path: "/1/packages/log?occupancy_id=91" });
    expect(rows()).toHaveLength(10);
    const notify = screen.getByRole("group", { name: "Notify residents of 1203" });
    const tess = within(notify).getByRole("checkbox", { name: /Tess Morgan \(email\)/ }) as HTMLInputElement;
    const ravi = within(notify).getByRole("checkbox", { name: /Ravi Shah \(no package notifications\)/ }) as HTMLInputElement;
    expect(tess.checked).toBe(true);
    expect(ravi.checked).toBe(false);
    expect(within(notify).getByText("No email on file!")).toBeTruthy();
  });

  it("shows 'A package type is required' and 'At lease one package is required' word for word, and posts nothing", async () => {
    const { calls } = fakeApi();
    renderWithApp(<LogPackagesForm mode="single" building={1} occupancy={makeOccupancy()} />);
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.click(button("Log packages"));
    expect(await screen.findByText("At lease one package is required")).toBeTruthy();
    fireEvent.change(comment(2), { target: { value: "Left at the door" } });
    fireEvent.click(button("Log packages"));
    expect(await screen.findByText("A package type is required")).toBeTruthy();
    expect(screen.queryByText("At lease one package is required")).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("logs the rows with the chosen residents, says 'Packages logged' and goes to the grid", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "POST" && c.path === "/packages/bulk/"
        ? { status: 201, body: { message: "Packages logged", count: 2, results: [], emails_sent: 1, texts_sent: 0 } }
        : undefined,
    );
    const { router } = renderWithApp(<LogPackagesForm mode="single" building={1} occupancy={makeOccupancy()} />, {
      path: "/1/packages/log?occupancy_id=91",
    });
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "1" } });
    fireEvent.change(typeSelect(2), { target: { value: "2" } });
    fireEvent.change(comment(2), { target: { value: " Certified " } });
    fireEvent.click(within(screen.getByRole("group", { name: "Notify residents of 1203" })).getByRole("checkbox", { name: /Ravi/ }));
    fireEvent.click(button("Log packages"));
    expect(await screen.findByText("Packages logged")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.query.get("building")).toBe("1");
    expect(post.body).toEqual([
      { occupancy: 91, package_type: 1, opening_comment: "", send_notification_occupants: [501, 502] },
      { occupancy: 91, package_type: 2, opening_comment: "Certified", send_notification_occupants: [501, 502] },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/packages"));
  });

  it("a refused unit shows the status code and text plus 'You cannot log packages for this occupancy'", async () => {
    fakeApi((c) =>
      c.method === "POST"
        ? { status: 400, statusText: "Bad Request", body: [{ occupancy: [M.cannotLogForOccupancy] }] }
        : undefined,
    );
    renderWithApp(<LogPackagesForm mode="single" building={1} occupancy={makeOccupancy()} />);
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "1" } });
    fireEvent.click(button("Log packages"));
    const alert = await screen.findByText("400 Bad Request");
    expect(alert.closest("[role='alert']")!.textContent).toContain("You cannot log packages for this occupancy");
  });

  it("'Log packages and add more' keeps the package type and sets 30 rows", async () => {
    fakeApi((c) =>
      c.method === "POST" ? { status: 201, body: { message: "Packages logged", count: 1, results: [], emails_sent: 0, texts_sent: 0 } } : undefined,
    );
    renderWithApp(<LogPackagesForm mode="single" building={1} occupancy={makeOccupancy()} />);
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "2" } });
    fireEvent.change(comment(1), { target: { value: "Blue envelope" } });
    fireEvent.click(button("Log packages and add more"));
    expect(await screen.findByText("Packages logged")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(typeSelect(1).value).toBe("2");
    expect((comment(1) as HTMLInputElement).value).toBe("");
    expect(typeSelect(2).value).toBe("");
  });
});

describe("multi-unit log form", () => {
  it("starts with 20 rows; the submit buttons wait for a unit; Enter does not submit", async () => {
    const { calls } = fakeApi();
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    expect(rows()).toHaveLength(20);
    expect(button("Log packages").disabled).toBe(true);
    expect(button("Log packages and add more").disabled).toBe(true);
    expect(button("Add to batch").disabled).toBe(true);
    await pickUnit(1, "1203");
    await waitFor(() => expect(button("Log packages").disabled).toBe(false));
    // Enter in a field never submits.
    const form = screen.getByRole("form", { name: "Log packages" });
    const submitted = vi.fn();
    form.addEventListener("submit", submitted);
    const ev = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    act(() => {
      comment(1).dispatchEvent(ev);
    });
    expect(ev.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("'An occupancy must be selected' for a comment without a unit; residents per row with 'No email on file!'", async () => {
    fakeApi();
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "1" } });
    fireEvent.change(comment(3), { target: { value: "No unit here" } });
    fireEvent.click(button("Log packages"));
    expect(await screen.findByText("An occupancy must be selected")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    const notify = await screen.findByRole("group", { name: "Notify residents of 1203, row 1" });
    expect(within(notify).getByText("No email on file!")).toBeTruthy();
  });

  it("a comment typed before its unit: the unit says 'An occupancy must be selected' at once; the buttons wait", async () => {
    fakeApi();
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    expect(button("Log packages").disabled).toBe(false);
    fireEvent.change(comment(2), { target: { value: "Left by the mail room" } });
    const message = await screen.findByText("An occupancy must be selected");
    const unit2 = screen.getByRole("combobox", { name: "Unit, row 2" });
    expect(unit2.getAttribute("aria-describedby")).toBe(message.id);
    for (const name of ["Log packages", "Log packages and add more", "Add to batch"])
      await waitFor(() => expect(button(name).disabled).toBe(true));
    expect(screen.queryByRole("alert")).toBeNull();
    await pickUnit(2, "1203");
    await waitFor(() => expect(screen.queryByText("An occupancy must be selected")).toBeNull());
    expect(button("Log packages").disabled).toBe(false);
  });

  it("adds rows one at a time up to 100, then 'Maximum row limit reached (100)'", async () => {
    fakeApi();
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    const add = button("Add row");
    fireEvent.click(add);
    expect(rows()).toHaveLength(21);
    expect(screen.queryByText("Maximum row limit reached (100)")).toBeNull();
    for (let i = 21; i < 100; i++) fireEvent.click(add);
    expect(rows()).toHaveLength(100);
    expect(screen.getByText("Maximum row limit reached (100)")).toBeTruthy();
    expect(add.disabled).toBe(true);
  }, 60_000);

  it("confirms count and package type, then maps server row errors with the toast", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "POST" && c.path === "/packages/bulk/"
        ? { status: 400, statusText: "Bad Request", body: [{}, { package_type: ["This package type is not active."] }] }
        : undefined,
    );
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    await pickUnit(4, "305");
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "1" } });
    fireEvent.change(typeSelect(4), { target: { value: "1" } });
    fireEvent.click(button("Log packages"));
    const dialog = await screen.findByRole("dialog", { name: "Log 2 packages?" });
    expect(within(dialog).getByRole("list", { name: "Packages to log" }).textContent).toContain("2 × Small box");
    fireEvent.click(within(dialog).getByRole("button", { name: "Log packages" }));
    expect(await screen.findByText(M.rowErrors)).toBeTruthy();
    expect(screen.getByText(M.rowErrors).textContent).toBe("There are errors on the form, please resolve and try again!");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Submitted row 1 is form row 4.
    const row4 = rows()[3];
    expect(within(row4).getByText("This package type is not active.")).toBeTruthy();
    expect(within(rows()[0]).queryByText("This package type is not active.")).toBeNull();
    const post = calls.find((c) => c.method === "POST")!;
    expect((post.body as { occupancy: number }[]).map((r) => r.occupancy)).toEqual([91, 15]);
  });

  it("'Log packages and add more' resets to 30 rows with the package type kept", async () => {
    fakeApi((c) =>
      c.method === "POST" ? { status: 201, body: { message: "Packages logged", count: 1, results: [], emails_sent: 0, texts_sent: 0 } } : undefined,
    );
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "2" } });
    fireEvent.click(button("Log packages and add more"));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Log and add more" }));
    expect(await screen.findByText("Packages logged")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(typeSelect(1).value).toBe("2");
    expect(typeSelect(30).value).toBe("2");
    expect((screen.getByRole("combobox", { name: "Unit, row 1" }) as HTMLInputElement).value).toBe("");
    expect(button("Log packages").disabled).toBe(true);
  });

  it("'Add to batch' queues the rows instead of logging them", async () => {
    const { calls } = fakeApi((c) =>
      c.method === "POST" && c.path === "/core/buildings/1/package-queue/" ? { status: 201, body: [{}] } : undefined,
    );
    renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    await waitFor(() => expect(typeSelect(1).options.length).toBeGreaterThan(1));
    fireEvent.change(typeSelect(1), { target: { value: "1" } });
    fireEvent.click(button("Add to batch"));
    expect(await screen.findByText("1 package added to the batch")).toBeTruthy();
    expect(calls.some((c) => c.path === "/packages/bulk/")).toBe(false);
  });

  it("asks before leaving with packages not logged yet", async () => {
    fakeApi();
    const { router } = renderWithApp(<LogPackagesForm mode="multi" building={1} />);
    await pickUnit(1, "1203");
    await act(async () => {
      await router.navigate("/1/packages");
    });
    const dialog = await screen.findByRole("dialog", { name: "Leave this page?" });
    expect(dialog.textContent).toContain("Packages have not been logged yet. Are you sure you want to leave?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/1/packages/log");
  });
});
