import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES, type Vendor, VENDOR_MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as VendorsPage } from "./pages/VendorsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const ACME: Vendor = {
  id: 5,
  building: 1,
  name: "Acme Plumbing",
  category: "Plumbing",
  address: "1 Main St",
  city: "New York",
  state: "NY",
  zip: "10001",
  phone: "555-0100",
  email: "office@acme.example",
  website: "acme.example",
  date_created: "2026-01-01T10:00:00Z",
  last_modified: "2026-01-01T10:00:00Z",
};

const renderPage = () =>
  renderWithApp(<VendorsPage />, { path: "/1/maintenance/vendors", routePath: "/:buildingId/maintenance/vendors" });

const xlsx = (name: string, type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") =>
  new File([new Uint8Array([80, 75, 3, 4])], name, { type });

describe("vendors", () => {
  it("lists the building's vendors; adds one in the drawer (name required) and deletes one after confirming", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/vendors/") return { status: 200, body: page([ACME]) };
      if (c.method === "POST" && c.path === "/vendors/") return { status: 201, body: { ...ACME, id: 6, name: "Bolt Electric" } };
      if (c.method === "DELETE") return { status: 200, body: { id: 5, detail: VENDOR_MESSAGES.deleted } };
      return undefined;
    });
    renderPage();
    expect(await screen.findByText("Acme Plumbing")).toBeTruthy();
    expect(calls.find((c) => c.path === "/vendors/")!.query.get("building")).toBe("1");
    for (const text of ["Plumbing", "1 Main St", "New York", "NY", "10001", "555-0100", "office@acme.example"])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: "acme.example" }).getAttribute("href")).toBe("https://acme.example");

    fireEvent.click(screen.getByRole("button", { name: "Add vendor" }));
    const drawer = await screen.findByRole("dialog", { name: "Add vendor" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Name/ }), { target: { value: "Bolt Electric" } });
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Email/ }), { target: { value: "not-an-email" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(VENDOR_MESSAGES.invalidEmail)).toBeTruthy();
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Email/ }), { target: { value: "" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(VENDOR_MESSAGES.created)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ building: 1, name: "Bolt Electric" });

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add vendor" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Delete Acme Plumbing" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Acme Plumbing?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(VENDOR_MESSAGES.deleted)).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")!.path).toBe("/vendors/5/");
  });

  it("uploads an .xlsx only after confirming that it replaces every vendor; shows the server's errors", async () => {
    let fail = true;
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/vendors/") return { status: 200, body: page([ACME]) };
      if (c.method === "POST" && c.path === "/vendors/upload_excel/")
        return fail
          ? { status: 400, body: { vendors_file: [VENDOR_MESSAGES.rowNameRequired(3)] } }
          : { status: 200, body: { count: 12, detail: "ok" } };
      return undefined;
    });
    renderPage();
    await screen.findByText("Acme Plumbing");
    const input = screen.getByLabelText("Vendors Excel file") as HTMLInputElement;

    // Not an .xlsx: refused before anything is sent.
    fireEvent.change(input, { target: { files: [xlsx("vendors.csv", "text/csv")] } });
    expect(await screen.findByText(VENDOR_MESSAGES.xlsxOnly)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.change(input, { target: { files: [xlsx("vendors.xlsx")] } });
    const dialog = await screen.findByRole("dialog", { name: "Upload vendors" });
    expect(within(dialog).getByText(VENDOR_MESSAGES.confirmUpload)).toBeTruthy();
    expect(within(dialog).getByText("vendors.xlsx")).toBeTruthy();
    expect(calls.some((c) => c.path === "/vendors/upload_excel/")).toBe(false);

    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and replace" }));
    expect(await within(dialog).findByText(VENDOR_MESSAGES.rowNameRequired(3))).toBeTruthy();
    const sent = calls.find((c) => c.path === "/vendors/upload_excel/")!.body as FormData;
    expect(sent.get("building")).toBe("1");
    expect((sent.get("vendors_file") as File).name).toBe("vendors.xlsx");

    fail = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Upload and replace" }));
    expect(await screen.findByText(VENDOR_MESSAGES.uploaded(12))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload vendors" })).toBeNull());
  });

  it("is not found for users without maintenance access", async () => {
    fakeApi();
    renderWithApp(<VendorsPage />, {
      me: makeMe("AO"),
      path: "/1/maintenance/vendors",
      routePath: "/:buildingId/maintenance/vendors",
    });
    expect(await screen.findByText(MESSAGES.notFoundTitle)).toBeTruthy();
  });
});
