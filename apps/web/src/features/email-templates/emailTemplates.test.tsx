import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { EMAIL_TEMPLATE_MESSAGES as M, type EmailTemplateHierarchy, MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";
import { TemplatePicker } from "./index.ts";
import { Component as TemplatesPage } from "./pages/TemplatesPage.tsx";

afterEach(() => vi.unstubAllGlobals());

// The rich-text editor is the shared component's own test; here a plain field stands in for it.
vi.mock("../../components/RichTextEditor.tsx", () => ({
  RichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const TREE: EmailTemplateHierarchy = {
  categories: [
    {
      id: 1,
      title: "Building notices",
      parent: null,
      categories: [],
      templates: [{ id: 10, title: "Water shut-off", category: 1 }],
    },
    {
      id: 2,
      title: "Seasonal",
      parent: null,
      templates: [],
      categories: [
        { id: 3, title: "Winter", parent: 2, categories: [], templates: [{ id: 11, title: "Heating season", category: 3 }] },
      ],
    },
  ],
};
const WATER = {
  id: 10,
  title: "Water shut-off",
  category: 1,
  content: "<p>The water will be off.</p>",
  date_created: "2026-01-01T10:00:00Z",
  last_modified: "2026-01-01T10:00:00Z",
};

const api = () =>
  fakeApi((c) => {
    if (c.method === "GET" && c.path === "/emails/templates_hierarchy/") return { status: 200, body: TREE };
    if (c.method === "GET" && c.path === "/emails/templates/10/") return { status: 200, body: WATER };
    if (c.method === "PATCH" && c.path === "/emails/templates/10/")
      return { status: 200, body: { ...WATER, ...(c.body as object) } };
    if (c.method === "POST" && c.path === "/emails/categories/")
      return { status: 201, body: { id: 4, title: "Welcome", parent: null } };
    if (c.method === "PATCH" && c.path === "/emails/categories/1/")
      return { status: 400, body: { new_category_id: [M.categoryCycle] } };
    if (c.method === "DELETE" && c.path === "/emails/categories/2/")
      return { status: 400, body: { non_field_errors: [M.categoryNotEmpty] } };
    return undefined;
  });

const renderPage = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<TemplatesPage />, {
    me: makeMe(role),
    path: "/1/communication/templates",
    routePath: "/:buildingId/communication/templates",
  });

describe("template library", () => {
  it("shows the tree; edits a template's title, category and content ('Template successfully updated')", async () => {
    const { calls } = api();
    renderPage();
    const tree = await screen.findByRole("navigation", { name: "Template library" });
    expect(screen.getByRole("link", { name: "Communication" }).getAttribute("href")).toBe("/1/communication");
    expect(within(tree).getByText("Building notices")).toBeTruthy();
    expect(within(tree).getByText("Heating season")).toBeTruthy();
    // Collapsing a category hides what it holds.
    fireEvent.click(within(tree).getByRole("button", { name: /^Seasonal/ }));
    await waitFor(() => expect(within(tree).queryByText("Heating season")).toBeNull());

    fireEvent.click(within(tree).getByText("Water shut-off"));
    const form = await screen.findByRole("form", { name: "Template" });
    const content = (await within(form).findByRole("textbox", { name: "Content" })) as HTMLTextAreaElement;
    expect(content.value).toBe(WATER.content);
    fireEvent.change(within(form).getByRole("textbox", { name: /^Title/ }), { target: { value: "Water outage" } });
    fireEvent.change(content, { target: { value: "<p>Off on Monday.</p>" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save template" }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      title: "Water outage",
      category: 1,
      content: "<p>Off on Monday.</p>",
    });
  });

  it("adds a category; a refused move and a refused delete show the server's message", async () => {
    const { calls } = api();
    renderPage();
    await screen.findByRole("navigation", { name: "Template library" });
    fireEvent.click(screen.getByRole("button", { name: "Add category" }));
    let dialog = await screen.findByRole("dialog", { name: "Add category" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Title/ }), { target: { value: "Welcome" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.categoryCreated)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ title: "Welcome", parent: null });

    fireEvent.click(screen.getByRole("button", { name: "Actions for Building notices" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Move" }));
    dialog = await screen.findByRole("dialog", { name: "Move Building notices" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(M.categoryCycle)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    fireEvent.click(screen.getByRole("button", { name: "Actions for Seasonal" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: M.confirmDeleteCategory("Seasonal") });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await within(confirm).findByText(M.categoryNotEmpty)).toBeTruthy();
  });

  it("is for managers only", async () => {
    api();
    renderPage("FD");
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
  });

  it("the picker hands the chosen template's title and content", async () => {
    api();
    const onPick = vi.fn();
    renderWithApp(<TemplatePicker onPick={onPick} />, { me: makeMe("MG") });
    fireEvent.click(screen.getByRole("button", { name: M.pickTemplate }));
    const dialog = await screen.findByRole("dialog", { name: M.pickTemplate });
    fireEvent.click(await within(dialog).findByText("Water shut-off"));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith({ title: "Water shut-off", content: WATER.content }));
  });
});
