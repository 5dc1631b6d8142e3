import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type BuildingDocument, DOCUMENT_MESSAGES as M, MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as DocumentsPage } from "./pages/DocumentsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const RULES: BuildingDocument = {
  id: 3,
  building: 1,
  title: "House rules",
  subtitle: "Quiet hours",
  file: "/api/v1/files/abcdefghijklmnopqrstuvwx/house-rules.pdf",
  file_name: "house-rules.pdf",
  content_type: "application/pdf",
  size: 1000,
  is_visible_to_tenants: true,
  is_visible_to_staff: true,
  date_created: "2026-01-05T10:00:00Z",
  last_modified: "2026-01-05T10:00:00Z",
};

const renderPage = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<DocumentsPage />, {
    me: makeMe(role),
    path: "/1/manage/documents",
    routePath: "/:buildingId/manage/documents",
  });

const pdf = () => new File([new Uint8Array([37, 80, 68, 70])], "move-in.pdf", { type: "application/pdf" });

describe("documents", () => {
  it("lists the building's documents with their file links; uploads one (title and file required)", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === "/emails/documents/") return { status: 200, body: page([RULES]) };
      if (c.method === "POST" && c.path === "/emails/documents/") return { status: 201, body: { ...RULES, id: 4 } };
      return undefined;
    });
    renderPage();
    expect(await screen.findByText("House rules")).toBeTruthy();
    expect(calls[0].query.get("building")).toBe("1");
    expect(screen.getByRole("link", { name: "house-rules.pdf" }).getAttribute("href")).toBe(RULES.file);

    fireEvent.click(screen.getByRole("button", { name: "Upload document" }));
    const drawer = await screen.findByRole("dialog", { name: "Upload document" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(M.titleRequired)).toBeTruthy();
    expect(within(drawer).getByText(M.fileRequired)).toBeTruthy();
    fireEvent.change(within(drawer).getByRole("textbox", { name: /^Title/ }), { target: { value: "Move-in form" } });
    fireEvent.change(within(drawer).getByLabelText("File"), { target: { files: [pdf()] } });
    fireEvent.click(within(drawer).getByRole("checkbox", { name: "Visible to staff" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    const form = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(form.get("building")).toBe("1");
    expect(form.get("title")).toBe("Move-in form");
    expect(form.get("is_visible_to_staff")).toBe("false");
    expect((form.get("file") as File).name).toBe("move-in.pdf");
  });

  it("shows the 48 MB refusal under the file; deletes after confirming", async () => {
    fakeApi((c) => {
      if (c.method === "GET" && c.path === "/emails/documents/") return { status: 200, body: page([RULES]) };
      if (c.method === "PATCH") return { status: 413, body: { detail: MESSAGES.fileTooLarge } };
      if (c.method === "DELETE") return { status: 200, body: { id: 3, detail: M.deleted } };
      return undefined;
    });
    renderPage("FD");
    fireEvent.click(await screen.findByRole("button", { name: "Edit House rules" }));
    const drawer = await screen.findByRole("dialog", { name: "Edit House rules" });
    fireEvent.change(within(drawer).getByLabelText("File"), { target: { files: [pdf()] } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(MESSAGES.fileTooLarge)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit House rules" })).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Delete House rules" }));
    const confirm = await screen.findByRole("dialog", { name: /Delete House rules/ });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
  });
});
