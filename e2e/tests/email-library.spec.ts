import { expect as baseExpect, test } from "@playwright/test";
import { apiGet, signInTo, unique } from "./helpers.ts";

/**
 * The template library, memo groups and documents in the browser against the demo portfolio
 * (building 1): a manager adds a category and a template, moves the template, makes a memo group
 * of two units and uploads a document; the front desk sees only documents visible to staff.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

test("a manager adds a category and a template, then moves the template", async ({ page }) => {
  const category = unique("Notices ");
  const template = unique("Boiler ");
  await signInTo(page, "manager", "/1/communication/templates");
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
  const tree = page.getByRole("navigation", { name: "Template library" });
  await expect(tree.getByText("Building notices")).toBeVisible();

  await page.getByRole("button", { name: "Add category" }).click();
  let dialog = page.getByRole("dialog", { name: "Add category" });
  await dialog.getByRole("textbox", { name: /Title/ }).fill(category);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(tree.getByText(category)).toBeVisible();

  await tree.getByRole("button", { name: `Actions for ${category}` }).click();
  await page.getByRole("menuitem", { name: "Add template here" }).click();
  dialog = page.getByRole("dialog", { name: "Add template" });
  await dialog.getByRole("textbox", { name: /Title/ }).fill(template);
  await dialog.getByRole("button", { name: "Save" }).click();
  const form = page.getByRole("form", { name: "Template" });
  await expect(form.getByRole("textbox", { name: /^Title/ })).toHaveValue(template);
  await form.getByRole("textbox", { name: "Content" }).fill("<p>The boiler will be serviced.</p>");
  // Move it to 'Building notices' and save.
  await form.getByRole("combobox", { name: /Category/ }).click();
  await page.getByRole("option", { name: "Building notices", exact: true }).click();
  await form.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template successfully updated")).toBeVisible();

  const tree2 = await apiGet<{ categories: { title: string; templates: { title: string }[] }[] }>(
    page,
    "/api/v1/emails/templates_hierarchy/",
  );
  const notices = tree2.categories.find((c) => c.title === "Building notices")!;
  expect(notices.templates.map((t) => t.title)).toContain(template);
  expect(tree2.categories.find((c) => c.title === category)!.templates).toEqual([]);
});

test("a manager makes a memo group of two units", async ({ page }) => {
  const name = unique("Floor 3 ");
  await signInTo(page, "manager", "/1/communication/memo-groups");
  await expect(page.getByRole("heading", { level: 1, name: "Memo groups" })).toBeVisible();
  await page.getByRole("button", { name: "Add memo group" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Name/ }).fill(name);
  const units = dialog.getByRole("combobox", { name: /Units/ });
  for (const unit of ["301", "302"]) {
    await units.fill(unit);
    await page.getByRole("option", { name: unit, exact: true }).click();
  }
  await units.press("Escape");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Memo group created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("301, 302");
});

test("a manager uploads a document; the front desk sees only documents visible to staff", async ({ page, browser }) => {
  const title = unique("Pool rules ");
  await signInTo(page, "manager", "/1/manage/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await expect(page.getByText("Operating budget")).toBeVisible();
  await page.getByRole("button", { name: "Upload document" }).click();
  const drawer = page.getByRole("dialog", { name: "Upload document" });
  await drawer.getByRole("textbox", { name: /^Title/ }).fill(title);
  await drawer.getByLabel("File").setInputFiles({ name: "pool-rules.pdf", mimeType: "application/pdf", buffer: PDF });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Document successfully updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "pool-rules.pdf" }).first()).toBeVisible();

  const desk = await browser.newPage();
  await signInTo(desk, "frontdesk", "/1/manage/documents");
  await expect(desk.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await expect(desk.getByText(title)).toBeVisible();
  await expect(desk.getByText("House rules")).toBeVisible();
  await expect(desk.getByText("Operating budget")).toHaveCount(0);
  await desk.close();
});
