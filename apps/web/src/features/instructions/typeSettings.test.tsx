import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES } from "@portico/contract";
import { Component as TypesPage } from "./pages/InstructionTypesPage.tsx";
import { defaults, fakeApi, makeMe, renderWithApp, TYPES } from "./testing.tsx";

afterEach(() => vi.unstubAllGlobals());

const PERMISSIONS = [
  { value: "NONE", display: "Not shown to residents" },
  { value: "VIEW", display: "Residents may view" },
  { value: "CREATE", display: "Residents may view and create" },
];

describe("instruction types (office)", () => {
  it("lists the types with their chips, locks the immutable one, toggles and adds with every field", async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === "/instructions/tenant_permission_types/") return { status: 200, body: PERMISSIONS };
      if (c.method === "POST" && c.path.endsWith("/toggle_active/"))
        return { status: 200, body: { ...TYPES[1], is_active: false } };
      if (c.method === "POST") return { status: 201, body: { ...TYPES[1], id: 30, name: "Dog walker" } };
      return undefined;
    }, defaults());
    renderWithApp(<TypesPage />, {
      me: makeMe("OF"),
      path: "/admin/settings/instruction-types",
      routePath: "/admin/settings/instruction-types",
    });
    const table = await screen.findByRole("table", { name: "Instruction types" });
    expect(within(table).getByRole("img", { name: "Registered guest" }).textContent).toBe("GUEST");
    expect(screen.getByRole("switch", { name: "Active: Food delivery" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("switch", { name: "Active: Permission to enter" }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/instructions/instruction-types/2/toggle_active/")).toBe(true),
    );

    fireEvent.click(screen.getByRole("button", { name: "Add instruction type" }));
    const dialog = await screen.findByRole("dialog", { name: "Add instruction type" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Dog walker" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Short name/ }), { target: { value: "DOG" } });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Colour/ }));
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: /Blue/ }));
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Residents may/ }));
    fireEvent.click(
      await within(await screen.findByRole("listbox")).findByRole("option", { name: "Residents may view" }),
    );
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Expiration date required" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST" && c.path === "/instructions/instruction-types/")!.body;
    expect(body).toMatchObject({
      name: "Dog walker",
      short_name: "DOG",
      color: "Blue",
      tenant_permissions: "VIEW",
      is_end_date_required: true,
      is_security: false,
    });
  });
});
