import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type ContractorType, MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as CompaniesPage } from "./pages/ContractorCompaniesPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const TYPES: ContractorType[] = [
  { id: 1, company_name: "Acme Plumbing", is_active: true, is_immutable: false },
  { id: 2, company_name: "Other", is_active: true, is_immutable: true },
];

describe("contractor companies (managers)", () => {
  it("lists every company, locks the immutable one, toggles and adds one", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/contractors/types/") return { status: 200, body: page(TYPES) };
      if (c.method === "POST" && c.path.endsWith("/toggle_active/"))
        return { status: 200, body: { ...TYPES[0], is_active: false } };
      if (c.method === "POST") return { status: 201, body: { ...TYPES[0], id: 3, company_name: "New Co" } };
      return undefined;
    });
    renderWithApp(<CompaniesPage />, {
      me: makeMe("MG"),
      path: "/1/contractors/companies",
      routePath: "/:buildingId/contractors/companies",
    });
    await screen.findByRole("table", { name: "Contractor companies" });
    expect(calls.find((c) => c.path === "/contractors/types/")!.query.get("show_all")).toBe("true");
    expect(screen.getByRole("switch", { name: "Active: Other" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("switch", { name: "Active: Acme Plumbing" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/contractors/types/1/toggle_active/")).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: "Add contractor company" }));
    const dialog = await screen.findByRole("dialog", { name: "Add contractor company" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Company name/ }), { target: { value: "New Co" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path === "/contractors/types/")!.body).toMatchObject({
      company_name: "New Co",
    });
  });

  it("is not found for the front desk", async () => {
    fakeApi();
    renderWithApp(<CompaniesPage />, {
      path: "/1/contractors/companies",
      routePath: "/:buildingId/contractors/companies",
    });
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
  });
});
