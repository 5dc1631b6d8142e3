import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  type CommentTemplate,
  MAINTENANCE_PERMISSION_TYPES,
  MAINTENANCE_SETTINGS_MESSAGES,
  type MaintenanceRequestType,
  MESSAGES,
} from "@portico/contract";
import { fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";
import { Component as TemplatesPage } from "./pages/CommentTemplatesPage.tsx";
import { Component as TypesPage } from "./pages/MaintenanceRequestTypesPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const TEMPLATES: CommentTemplate[] = [
  { id: 1, building_id: 1, title: "Parts ordered", template: "Waiting for parts.", display_order: 0 },
  { id: 2, building_id: 1, title: "Vendor visit", template: "A vendor will visit.", display_order: 1 },
];
const renderTemplates = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<TemplatesPage />, {
    me: makeMe(role),
    path: "/1/settings/maintenance-request-comment-templates",
    routePath: "/:buildingId/settings/maintenance-request-comment-templates",
  });

describe("comment templates (managers)", () => {
  it("lists by display order; adds one with the limits checked → 'Template successfully updated'", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/comment-templates/")
        return { status: 200, body: TEMPLATES };
      if (c.method === "POST") return { status: 201, body: { ...TEMPLATES[0], id: 3, title: "Done" } };
      return undefined;
    });
    renderTemplates();
    const table = await screen.findByRole("table", { name: "Comment templates" });
    expect(within(table).getAllByRole("rowheader").map((r) => r.textContent)).toEqual(["Parts ordered", "Vendor visit"]);
    expect(calls.find((c) => c.path === "/maintenance-requests/comment-templates/")!.query.get("building")).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "Add template" }));
    const dialog = await screen.findByRole("dialog", { name: "Add comment template" });
    const title = within(dialog).getByRole("textbox", { name: /^Title/ });
    expect(title.getAttribute("maxlength")).toBe("100");
    expect(within(dialog).getByRole("textbox", { name: /^Template/ }).getAttribute("maxlength")).toBe("2000");
    const order = within(dialog).getByRole("textbox", { name: /^Display order/ }) as HTMLInputElement;
    expect(order.value).toBe("2");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findAllByText(MESSAGES.fieldRequired)).length).toBe(2);

    fireEvent.change(title, { target: { value: "Done" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Template/ }), {
      target: { value: "The work is done." },
    });
    expect(await within(dialog).findByText("17/2000")).toBeTruthy();
    fireEvent.change(order, { target: { value: "-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(MESSAGES.minValue(0))).toBeTruthy();
    fireEvent.change(order, { target: { value: "1.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(MESSAGES.integerRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(order, { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MAINTENANCE_SETTINGS_MESSAGES.templateUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      building_id: 1,
      title: "Done",
      template: "The work is done.",
      display_order: 5,
    });
  });

  it("edits one (PATCH) and reports a failed delete as 'An error occurred: {message}'", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/comment-templates/")
        return { status: 200, body: TEMPLATES };
      if (c.method === "PATCH") return { status: 200, body: { ...TEMPLATES[1], title: "Vendor booked" } };
      if (c.method === "DELETE") return { status: 409, body: { detail: "In use" }, statusText: "Conflict" };
      return undefined;
    });
    renderTemplates();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Vendor visit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Vendor visit" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Title/ }), { target: { value: "Vendor booked" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MAINTENANCE_SETTINGS_MESSAGES.templateUpdated)).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/maintenance-requests/comment-templates/2/");
    expect(patch.body).toMatchObject({ title: "Vendor booked", display_order: 1 });

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Vendor visit" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Delete Parts ordered" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Parts ordered?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MAINTENANCE_SETTINGS_MESSAGES.templateError("Conflict"))).toBeTruthy();
  });

  it("is not found for the front desk", async () => {
    fakeApi();
    renderTemplates("FD");
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
  });
});

const TYPES: MaintenanceRequestType[] = [
  {
    id: 1,
    name: "Plumbing",
    category: "Plumbing",
    display_order: 1,
    instruction_text: "Turn off the water first.",
    access_permissions: "RESIDENTS_AND_STAFF",
    access_permissions_display: "Residents and staff",
    is_active: true,
    is_immutable: false,
  },
  {
    id: 2,
    name: "Other",
    category: "",
    display_order: 99,
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    access_permissions_display: "Staff only",
    is_active: true,
    is_immutable: true,
  },
];

describe("maintenance request types (admin, Office)", () => {
  it("lists every type, locks the immutable one, toggles and adds one with name and display order required", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/maintenance-request-types/")
        return { status: 200, body: TYPES };
      if (c.method === "GET" && c.path === "/maintenance-requests/permission_types/")
        return { status: 200, body: MAINTENANCE_PERMISSION_TYPES };
      if (c.method === "POST" && c.path.endsWith("/toggle_active/"))
        return { status: 200, body: { ...TYPES[0], is_active: false } };
      if (c.method === "POST") return { status: 201, body: { ...TYPES[0], id: 3, name: "Elevator" } };
      return undefined;
    });
    renderWithApp(<TypesPage />, {
      me: makeMe("OF"),
      path: "/admin/settings/maintenance-request-types",
      routePath: "/admin/settings/maintenance-request-types",
    });
    await screen.findByRole("table", { name: "Maintenance request types" });
    expect(screen.getByText("Residents and staff")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Active: Other" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("switch", { name: "Active: Plumbing" }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/maintenance-requests/maintenance-request-types/1/toggle_active/")).toBe(
        true,
      ),
    );

    fireEvent.click(screen.getByRole("button", { name: "Add maintenance request type" }));
    const dialog = await screen.findByRole("dialog", { name: "Add maintenance request type" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findAllByText(MESSAGES.fieldRequired)).length).toBe(2);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Elevator" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Display order/ }), { target: { value: "4" } });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Who may file it/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Residents and staff" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path === "/maintenance-requests/maintenance-request-types/")!.body).toMatchObject({
      name: "Elevator",
      display_order: 4,
      access_permissions: "RESIDENTS_AND_STAFF",
    });
  });

  it("is not found for managers", async () => {
    fakeApi();
    renderWithApp(<TypesPage />, {
      me: makeMe("MG"),
      path: "/admin/settings/maintenance-request-types",
      routePath: "/admin/settings/maintenance-request-types",
    });
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
  });
});
