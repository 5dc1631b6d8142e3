import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type EmployeeSimple,
  type MaintenanceRequestType,
  MESSAGES,
  MONTH_FLAGS,
  RECURRING_MESSAGES,
  type RecurringRequest,
  WEEKDAY_FLAGS,
} from "@portico/contract";
import { type FakeCall, fakeApi, page, renderWithApp } from "../../test/harness.tsx";
import { Component as FormPage } from "./pages/RecurringFormPage.tsx";
import { Component as ListPage } from "./pages/RecurringListPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const TYPES: MaintenanceRequestType[] = [
  {
    id: 3,
    name: "Plumbing",
    category: "Plumbing",
    display_order: 1,
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    access_permissions_display: "Staff only",
    is_active: true,
    is_immutable: false,
  },
  {
    id: 4,
    name: "Retired type",
    category: "",
    display_order: 2,
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    access_permissions_display: "Staff only",
    is_active: false,
    is_immutable: false,
  },
];
const MT: EmployeeSimple[] = [
  {
    id: 21,
    user_id: 71,
    first_name: "Max",
    last_name: "Fixer",
    username: "maintenance",
    email: "max@example.com",
    role: "MT",
    is_active: true,
    title: "Super",
  },
];
const UNITS = [
  { id: 10, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: null, line: null },
  { id: 11, apartment_number: "Mgmt Office", current_occupancy_id: null, is_vacant: true, floor: null, line: null },
];

function makeRecurring(over: Partial<RecurringRequest> = {}): RecurringRequest {
  const no = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, false]));
  return {
    id: 7,
    building: 1,
    name: "Filter change",
    employee_id: 21,
    employee_name: "Max Fixer",
    description: "Change the HVAC filters",
    maintenance_request_type_id: 3,
    maintenance_request_type_name: "Plumbing",
    is_active: true,
    is_high_priority: false,
    is_permission_to_enter: true,
    permission_to_enter_comments: "Key in the office",
    start_date: "2026-01-05",
    end_date: "2026-12-31",
    is_forever: false,
    apartment_id: 10,
    apartment_number: "1203",
    interval: "WEEKLY",
    interval_display: "Weekly",
    ...no([...WEEKDAY_FLAGS, ...MONTH_FLAGS]),
    next_scheduled_date: "2026-12-07",
    maintenance_request_count: 4,
    created_by_id: 1,
    date_created: "2026-01-01T10:00:00Z",
    last_modified: "2026-01-01T10:00:00Z",
    ...over,
  } as RecurringRequest;
}

const defaults = (call: FakeCall) => {
  if (call.path === "/maintenance-requests/maintenance-request-types/") return { status: 200, body: TYPES };
  if (call.path === "/core/employees/simple-list/") return { status: 200, body: page(MT) };
  if (call.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: UNITS };
  if (call.path === "/maintenance-requests/recurring-maintenance-requests/intervals/")
    return {
      status: 200,
      body: [
        { value: "DAILY", label: "Daily" },
        { value: "WEEKLY", label: "Weekly" },
        { value: "MONTHLY", label: "Monthly" },
        { value: "YEARLY", label: "Yearly" },
      ],
    };
  if (call.method === "GET" && call.path === "/maintenance-requests/recurring-maintenance-requests/7/")
    return { status: 200, body: makeRecurring() };
  return undefined;
};

const listRoute = { path: "/:buildingId/maintenance/recurring-requests/list", element: <p>Recurring list</p> };
const renderCreate = () =>
  renderWithApp(<FormPage />, {
    path: "/1/maintenance/recurring-requests/create",
    routePath: "/:buildingId/maintenance/recurring-requests/create",
    extraRoutes: [listRoute],
  });
const renderEdit = () =>
  renderWithApp(<FormPage />, {
    path: "/1/maintenance/recurring-requests/7/edit",
    routePath: "/:buildingId/maintenance/recurring-requests/:recurringRequestId/edit",
    extraRoutes: [listRoute],
  });

const form = () => screen.getByRole("form", { name: "Recurring request" });
const save = () => fireEvent.click(within(form()).getByRole("button", { name: "Save" }));
async function choose(combobox: RegExp, option: string) {
  fireEvent.mouseDown(within(form()).getByRole("combobox", { name: combobox }));
  fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: option }));
}

describe("recurring request form (section 5)", () => {
  it("starts on the 'Mgmt' unit, shows weekday boxes only for DAILY and month boxes only for MONTHLY", async () => {
    fakeApi(undefined, defaults);
    renderCreate();
    const unit = await screen.findByRole("combobox", { name: /^Unit/ });
    expect((unit as HTMLInputElement).value).toBe("Mgmt Office");
    // Weekly: no boxes, no schedule text.
    expect(screen.queryByRole("checkbox", { name: "Monday" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "January" })).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "Daily" }));
    expect(screen.getByRole("checkbox", { name: "Monday" })).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: "January" })).toBeNull();
    // The schedule text shows once a day is ticked.
    expect(screen.queryByRole("status", { name: "Schedule" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Friday" }));
    expect(screen.getByRole("status", { name: "Schedule" }).textContent).toBe("Every Monday, Friday");

    fireEvent.click(screen.getByRole("radio", { name: "Monthly" }));
    expect(screen.queryByRole("checkbox", { name: "Monday" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "January" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Schedule" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "July" }));
    expect(screen.getByRole("status", { name: "Schedule" }).textContent).toBe("In July");
  });

  it("requires name, type and description; offers active types and maintenance staff; counts the description", async () => {
    const { calls } = fakeApi(undefined, defaults);
    renderCreate();
    await screen.findByRole("form", { name: "Recurring request" });
    save();
    expect((await screen.findAllByText(MESSAGES.fieldRequired)).length).toBe(3);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.mouseDown(within(form()).getByRole("combobox", { name: /^Request type/ }));
    const types = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(types.map((o) => o.textContent)).toEqual(["Plumbing"]);
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });

    fireEvent.change(within(form()).getByRole("textbox", { name: /^Description/ }), {
      target: { value: "Check the roof drains" },
    });
    expect(await screen.findByText("21/2000")).toBeTruthy();
  });

  it("sends a new weekly schedule without a blank start date, forever (end date null), flags unticked", async () => {
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 201, body: makeRecurring({ id: 9 }) } : undefined),
      defaults,
    );
    renderCreate();
    await screen.findByRole("form", { name: "Recurring request" });
    fireEvent.change(within(form()).getByRole("textbox", { name: /^Name/ }), { target: { value: "Roof drains" } });
    await choose(/^Request type/, "Plumbing");
    await choose(/^Assigned to/, "Max Fixer");
    fireEvent.change(within(form()).getByRole("textbox", { name: /^Description/ }), {
      target: { value: "Check the roof drains" },
    });
    expect((screen.getByRole("switch", { name: "Forever" }) as HTMLInputElement).checked).toBe(true);
    save();
    expect(await screen.findByText(RECURRING_MESSAGES.created)).toBeTruthy();
    expect(await screen.findByText("Recurring list")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.path).toBe("/maintenance-requests/recurring-maintenance-requests/");
    expect(post.query.get("building")).toBe("1");
    const body = post.body as Record<string, unknown>;
    expect(body).toMatchObject({
      building: 1,
      name: "Roof drains",
      apartment_id: 11,
      maintenance_request_type_id: 3,
      employee_id: 21,
      interval: "WEEKLY",
      end_date: null,
      is_active: true,
      is_monday: false,
      is_january: false,
    });
    expect("start_date" in body).toBe(false);
  });

  it("'Forever' clears the end date of a schedule being edited; server errors land under their fields", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "PATCH"
          ? { status: 400, body: { description: ["Ensure this field has no more than 2000 characters."] } }
          : undefined,
      defaults,
    );
    renderEdit();
    await screen.findByRole("form", { name: "Recurring request" });
    const forever = screen.getByRole("switch", { name: "Forever" }) as HTMLInputElement;
    expect(forever.checked).toBe(false);
    fireEvent.click(forever);
    save();
    expect(await screen.findByText("Ensure this field has no more than 2000 characters.")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/maintenance-requests/recurring-maintenance-requests/7/");
    expect(patch.body).toMatchObject({ end_date: null, start_date: "2026-01-05", is_forever: true });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form()).getByRole("textbox", { name: /^Description/ })),
    );
  });
});

describe("recurring request list", () => {
  it("lists schedules, links the count to their requests (every status), toggles active, deletes after confirming", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/recurring-maintenance-requests/")
        return { status: 200, body: page([makeRecurring()]) };
      if (c.method === "PATCH") return { status: 200, body: makeRecurring({ is_active: false }) };
      if (c.method === "DELETE") return { status: 204, body: null };
      return undefined;
    });
    renderWithApp(<ListPage />, {
      path: "/1/maintenance/recurring-requests/list",
      routePath: "/:buildingId/maintenance/recurring-requests/list",
    });
    const link = await screen.findByRole("link", { name: "4 requests made by Filter change" });
    expect(link.getAttribute("href")).toBe(
      "/1/maintenance/requests/list?recurring_maintenance_request=7&statuses=all",
    );
    expect(screen.getByText("Weekly")).toBeTruthy();
    expect(screen.getByText("12/07/2026")).toBeTruthy();

    fireEvent.click(screen.getByRole("checkbox", { name: "Include inactive" }));
    await waitFor(() =>
      expect(calls.some((c) => c.query.get("include_inactive") === "true")).toBe(true),
    );

    fireEvent.click(screen.getByRole("switch", { name: "Active: Filter change" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ is_active: false }));

    fireEvent.click(screen.getByRole("button", { name: "Delete Filter change" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Filter change?" });
    expect(within(dialog).getByText(RECURRING_MESSAGES.confirmDelete)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(RECURRING_MESSAGES.deleted)).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")!.path).toBe(
      "/maintenance-requests/recurring-maintenance-requests/7/",
    );
  });
});
