import ExcelJS from "exceljs";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, signInTo, unique } from "./helpers.ts";

/**
 * Maintenance setup in the browser against the demo portfolio (building 1): a weekly recurring
 * request created by the maintenance user; vendors replaced by an uploaded spreadsheet; a
 * manager's comment template and the Maintenance settings tab; the Office's request types.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

interface Named {
  id: number;
  name: string;
  is_active: boolean;
}
const pageOrList = <T,>(data: T[] | { results: T[] }) => (Array.isArray(data) ? data : data.results);

/** An active request type's name (the Office adds one when the demo has none). */
async function requestTypeName(page: Page, browser: Browser): Promise<string> {
  const types = pageOrList(
    await apiGet<Named[] | { results: Named[] }>(page, "/api/v1/maintenance-requests/maintenance-request-types/"),
  );
  const active = types.find((t) => t.is_active);
  if (active) return active.name;
  const office = await otherUser(browser, "office");
  const made = await apiSend<Named>(office, "POST", "/api/v1/maintenance-requests/maintenance-request-types/", {
    name: unique("Plumbing "),
    category: "Plumbing",
    display_order: 1,
    access_permissions: "STAFF_ONLY",
  });
  return made.name;
}

/** A vendors spreadsheet (the download's columns) with these names. */
async function vendorsXlsx(names: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Vendors");
  sheet.addRow(["name", "category", "address", "city", "state", "zip", "phone", "email", "website"]);
  names.forEach((name, i) =>
    sheet.addRow([name, "Plumbing", `${i + 1} Main St`, "New York", "NY", "10001", "555-0100", `v${i}@example.com`, ""]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("create a weekly recurring request; its list shows it with its next date", async ({ page, browser }) => {
  const name = unique("Roof drains ");
  await signInTo(page, "maintenance", "/1/maintenance/recurring-requests/list");
  const type = await requestTypeName(page, browser);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Recurring maintenance requests" })).toBeVisible();
  await page.getByRole("link", { name: "New recurring request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New recurring request" })).toBeVisible();
  const form = page.getByRole("form", { name: "Recurring request" });
  await form.getByRole("textbox", { name: /^Name/ }).fill(name);
  await form.getByRole("combobox", { name: /^Request type/ }).click();
  await page.getByRole("option", { name: type, exact: true }).click();
  await form.getByRole("textbox", { name: /^Description/ }).fill("Check and clear the roof drains");
  await expect(form.getByText("31/2000")).toBeVisible();
  // Weekly: no weekday or month boxes, no schedule text.
  await expect(form.getByRole("radio", { name: "Weekly" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Monday" })).toHaveCount(0);
  await form.getByRole("radio", { name: "Daily" }).check();
  await form.getByRole("checkbox", { name: "Monday" }).check();
  await expect(form.getByRole("status", { name: "Schedule" })).toHaveText("Every Monday");
  await page.screenshot({ path: "/tmp/more-recurring-daily.png", fullPage: true });
  await form.getByRole("radio", { name: "Weekly" }).check();
  await expect(form.getByRole("status", { name: "Schedule" })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/more-recurring-form.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");
  await form.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText("Recurring request successfully created")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/maintenance\/recurring-requests\/list$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("Weekly")).toBeVisible();
  await expect(row.getByRole("switch", { name: `Active: ${name}` })).toBeChecked();
  await expect(row.getByRole("link", { name: `0 requests made by ${name}` })).toHaveAttribute(
    "href",
    /recurring_maintenance_request=\d+&statuses=all/,
  );
  await page.screenshot({ path: "/tmp/more-recurring-list.png", fullPage: true });
});

test("upload vendors from a spreadsheet after confirming that it replaces them all", async ({ page }) => {
  const names = [unique("Acme Plumbing "), unique("Bolt Electric ")];
  await signInTo(page, "frontdesk", "/1/maintenance/vendors");
  await expect(page.getByRole("heading", { level: 1, name: "Vendors" })).toBeVisible();
  await page.getByLabel("Vendors Excel file").setInputFiles({
    name: "vendors.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await vendorsXlsx(names),
  });
  const dialog = page.getByRole("dialog", { name: "Upload vendors" });
  await expect(dialog.getByText("replaces all the existing vendors")).toBeVisible();
  await page.screenshot({ path: "/tmp/more-vendors-confirm.png" });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole("button", { name: "Upload and replace" }).click();
  await expect(page.getByText("2 vendors uploaded")).toBeVisible();
  for (const name of names) await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "2 vendors" })).toBeVisible();
  await page.screenshot({ path: "/tmp/more-vendors.png", fullPage: true });

  // Delete one after confirming.
  await page.getByRole("button", { name: `Delete ${names[1]}` }).click();
  await page.getByRole("dialog", { name: `Delete ${names[1]}?` }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Vendor successfully deleted")).toBeVisible();
  await expect(page.getByText(names[1])).toHaveCount(0);
});

test("a manager's comment template and Maintenance settings; the Office's request types", async ({ page, browser }) => {
  const title = unique("Parts ordered ");
  await signInTo(page, "manager", "/1/settings/maintenance-request-comment-templates");
  await page.getByRole("button", { name: "Add template" }).click();
  const dialog = page.getByRole("dialog", { name: "Add comment template" });
  await dialog.getByRole("textbox", { name: /^Title/ }).fill(title);
  await dialog.getByRole("textbox", { name: /^Template/ }).fill("The parts are on order.");
  await page.screenshot({ path: "/tmp/more-template-dialog.png" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Template successfully updated")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: title })).toBeVisible();
  await page.screenshot({ path: "/tmp/more-templates.png", fullPage: true });

  await page.goto("/1/settings/building");
  const settings = page.getByRole("form", { name: "Maintenance settings" });
  await expect(settings).toBeVisible();
  const recipients = settings.getByRole("combobox", { name: /^Maintenance e-mail recipients/ });
  const address = `${unique("ops")}@example.com`;
  await recipients.fill(address);
  await recipients.press("Enter");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved")).toBeVisible();
  await page.screenshot({ path: "/tmp/more-settings.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");
  const saved = await apiGet<{ email_recipients: string } | { results: { email_recipients: string }[] }>(
    page,
    "/api/v1/maintenance-requests/notification-settings/?building=1",
  );
  const row = "results" in saved ? saved.results[0] : saved;
  expect(row.email_recipients).toContain(address);

  const office = await otherUser(browser, "office");
  await office.goto("/admin/settings/maintenance-request-types");
  await expect(office.getByRole("heading", { level: 1, name: "Maintenance request types" })).toBeVisible();
  await expect(office.getByRole("table", { name: "Maintenance request types" })).toBeVisible();
  await office.screenshot({ path: "/tmp/more-types.png", fullPage: true });
});
