import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { defaultBuildingSettings, MAINTENANCE_SETTINGS_MESSAGES, MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as SettingsPage } from "./pages/BuildingSettingsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const renderPage = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<SettingsPage />, {
    me: makeMe(role),
    path: "/1/settings/building",
    routePath: "/:buildingId/settings/building",
  });

describe("building settings, Maintenance tab (managers)", () => {
  it("saves has_signatures through the settings PATCH and the recipients semicolon-joined", async () => {
    const settings = defaultBuildingSettings();
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/notification-settings/")
        return { status: 200, body: { id: 4, building_id: 1, email_recipients: "super@example.com" } };
      if (c.path === "/core/employees/simple-list/")
        return {
          status: 200,
          body: page([
            {
              id: 21,
              user_id: 71,
              first_name: "Max",
              last_name: "Fixer",
              username: "maintenance",
              email: "max@example.com",
              role: "MT",
              is_active: true,
              title: "",
            },
          ]),
        };
      if (c.method === "PATCH" && c.path === "/core/building-settings/1/")
        return {
          status: 200,
          body: { id: 1, building: 1, ...settings, maintenancerequestsettings: { has_signatures: true } },
        };
      if (c.method === "PATCH")
        return {
          status: 200,
          body: { id: 4, building_id: 1, email_recipients: "super@example.com;max@example.com" },
        };
      return undefined;
    });
    renderPage();
    expect(await screen.findByRole("tab", { name: "Maintenance", selected: true })).toBeTruthy();
    const form = await screen.findByRole("form", { name: "Maintenance settings" });
    expect((within(form).getByRole("radio", { name: "No" }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByText("super@example.com")).toBeTruthy();
    expect(calls.find((c) => c.path === "/maintenance-requests/notification-settings/")!.query.get("building")).toBe(
      "1",
    );

    fireEvent.click(within(form).getByRole("radio", { name: "Yes" }));
    const recipients = within(form).getByRole("combobox", { name: /^Maintenance e-mail recipients/ });
    fireEvent.change(recipients, { target: { value: "not-an-address" } });
    fireEvent.keyDown(recipients, { key: "Enter" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText(MAINTENANCE_SETTINGS_MESSAGES.invalidEmail("not-an-address"))).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    // Remove the bad one; choose a suggested staff member.
    const bad = within(form).getByText("not-an-address").closest(".MuiChip-root") as HTMLElement;
    fireEvent.click(within(bad).getByTestId("CancelIcon"));
    fireEvent.change(recipients, { target: { value: "max" } });
    fireEvent.click(await screen.findByRole("option", { name: "Max Fixer <max@example.com>" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === "/core/building-settings/1/")!.body).toEqual({
      maintenancerequestsettings: { has_signatures: true },
    });
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/maintenance-requests/notification-settings/4/")?.body).toEqual({
        building_id: 1,
        email_recipients: "super@example.com;max@example.com",
      }),
    );
  });

  it("shows a server error under the recipients", async () => {
    fakeApi((c) => {
      if (c.method === "GET" && c.path === "/maintenance-requests/notification-settings/")
        return { status: 200, body: { id: 4, building_id: 1, email_recipients: "" } };
      if (c.path === "/core/employees/simple-list/") return { status: 200, body: page([]) };
      if (c.method === "PATCH")
        return { status: 400, body: { email_recipients: ["Ensure this field has no more than 2000 characters."] } };
      return undefined;
    });
    renderPage();
    const form = await screen.findByRole("form", { name: "Maintenance settings" });
    const recipients = within(form).getByRole("combobox", { name: /^Maintenance e-mail recipients/ });
    fireEvent.change(recipients, { target: { value: "ops@example.com" } });
    fireEvent.keyDown(recipients, { key: "Enter" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Ensure this field has no more than 2000 characters.")).toBeTruthy();
  });

  it("is not found for the front desk", async () => {
    fakeApi();
    renderPage("FD");
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
  });
});
