import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, signIn, signInTo, unique } from "./helpers.ts";

/**
 * Shift logs in the browser: the drawer (add, draft, edit, history), the search page (filters
 * in the URL, export), the types settings and the admin list, against the demo portfolio.
 * Building 1 is 100 Riverside Drive (end-of-shift and location enabled).
 */

interface Apartment {
  id: number;
  apartment_number: string;
}
interface Note {
  id: number;
  body: string;
}

async function unitId(page: Page, number: string): Promise<number> {
  const list = await apiGet<Apartment[]>(page, "/api/v1/core/buildings/1/apartments/dropdown/");
  const apt = list.find((a) => a.apartment_number === number);
  if (!apt) throw new Error(`no unit ${number}`);
  return apt.id;
}

async function openDrawer(page: Page): Promise<Locator> {
  const drawer = page.getByRole("dialog", { name: "Shift log" });
  if (!(await drawer.isVisible())) await page.getByRole("button", { name: "Shift log", exact: true }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}

async function pickUnit(scope: Locator, page: Page, unit: string) {
  const input = scope.getByRole("combobox", { name: "Units" });
  await input.click();
  await input.fill(unit);
  await page
    .getByRole("option", { name: new RegExp(`^${unit}\\b`) })
    .first()
    .click();
  await input.press("Escape");
}

test("add a note on a unit from the drawer and see it in the list", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  const drawer = await openDrawer(page);
  await expect(drawer.getByRole("heading", { name: "Shift log" })).toBeVisible();
  // Ready to type at once.
  await expect(drawer.getByRole("textbox", { name: "Note" })).toBeFocused();
  await expect(drawer.getByRole("button", { name: "End of shift note" })).toBeVisible();

  const text = unique("Leakcheck");
  await drawer.getByRole("textbox", { name: "Note" }).fill(`${text} under the sink`);
  await pickUnit(drawer, page, "1203");
  // 'None' cannot go with a unit.
  await pickUnit(drawer, page, "None");
  await expect(drawer.getByText("If ‘None’ is selected, you must remove all other units")).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Add note" })).toBeDisabled();
  await drawer.getByRole("button", { name: "None" }).locator("svg").click();
  await expect(drawer.getByText("If ‘None’ is selected, you must remove all other units")).toBeHidden();

  await drawer.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Maintenance" }).click();
  await drawer.getByRole("textbox", { name: "Location" }).fill("Kitchen");
  await drawer.getByRole("checkbox", { name: "High priority" }).check();
  await expectNoSeriousA11yViolations(page, "[role='dialog']");
  await drawer.getByRole("button", { name: "Add note" }).click();

  await expect(page.getByText("Note added")).toBeVisible();
  await expect(drawer.getByRole("textbox", { name: "Note" })).toHaveValue("");
  const card = drawer.getByRole("listitem").filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card).toContainText("1203");
  await expect(card).toContainText("Maintenance");
  await expect(card).toContainText("High priority");
  await expect(card).toContainText("Kitchen");
  await expect(drawer.getByText(/^Today · /)).toBeVisible();
  await page.screenshot({ path: "/tmp/shift-log-drawer.png" });

  // The alert goes after 2.2 s.
  await expect(page.getByText("Note added")).toBeHidden({ timeout: 5000 });

  // An end-of-shift note.
  await drawer.getByRole("button", { name: "End of shift note" }).click();
  await drawer.getByRole("textbox", { name: "End of shift note" }).fill(`${text} handover: all quiet`);
  await drawer.getByRole("button", { name: "Log end of shift" }).click();
  await expect(page.getByText("End of shift logged")).toBeVisible();
  const eos = drawer.getByRole("listitem").filter({ hasText: `${text} handover` });
  await expect(eos).toContainText("End of shift");
  await expect(eos.getByRole("button", { name: /^Edit note/ })).toHaveCount(0);
});

test("a reload keeps the draft (per building and user)", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  let drawer = await openDrawer(page);
  const text = unique("Draftnote");
  await drawer.getByRole("textbox", { name: "Note" }).fill(`${text} half typed`);
  await pickUnit(drawer, page, "702");
  await drawer.getByRole("checkbox", { name: "High priority" }).check();

  await page.reload();
  // The drawer comes back by itself after a reload, with the draft in it.
  drawer = page.getByRole("dialog", { name: "Shift log" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("textbox", { name: "Note" })).toHaveValue(`${text} half typed`);
  await expect(drawer.getByRole("button", { name: "702" })).toBeVisible();
  await expect(drawer.getByRole("checkbox", { name: "High priority" })).toBeChecked();

  // Building 2 has its own (empty) draft.
  await drawer.getByRole("button", { name: "Close shift log" }).click();
  await page.goto("/2/dashboard");
  drawer = await openDrawer(page);
  await expect(drawer.getByRole("textbox", { name: "Note" })).toHaveValue("");
});

test("editing a note marks it Edited and shows its history", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  const apt = await unitId(page, "1203");
  const text = unique("Editme");
  await apiSend<Note>(page, "POST", "/api/v1/shift-logs/notes/", {
    body: `${text} original`,
    apartment_ids: [apt],
    building_id: 1,
  });
  // Edited means last modified more than 1 s after creation.
  await page.waitForTimeout(1200);
  await page.reload();
  const drawer = await openDrawer(page);
  const card = drawer.getByRole("listitem").filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText("Edited")).toHaveCount(0);

  await card.getByRole("button", { name: /^Edit note/ }).click();
  await expect(drawer.getByRole("heading", { name: "Edit note" })).toBeVisible();
  const body = drawer.getByRole("textbox", { name: "Note" });
  await expect(body).toHaveValue(`${text} original`);
  await body.fill("");
  await expect(drawer.getByText("This field is required", { exact: true })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await body.fill(`${text} corrected`);
  await drawer.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Shift log note updated")).toBeVisible();

  const edited = drawer.getByRole("listitem").filter({ hasText: `${text} corrected` });
  await expect(edited.getByText("Edited", { exact: true })).toBeVisible();
  await edited.getByRole("button", { name: /^History of note/ }).click();
  await expect(drawer.getByRole("heading", { name: "Note history" })).toBeVisible();
  const history = drawer.getByRole("list", { name: "Note history" });
  await expect(history).toContainText("Updated");
  await expect(history).toContainText("Created");
  await expect(history).toContainText(`${text} original`);
  await expect(history).toContainText(`${text} corrected`);
  await page.screenshot({ path: "/tmp/shift-log-history.png" });
  await drawer.getByRole("button", { name: "Back to notes" }).click();
  await expect(drawer.getByRole("heading", { name: "Add a note" })).toBeVisible();
});

test("search: filters live in the URL, survive a reload, and export downloads the xlsx", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  const apt = await unitId(page, "702");
  const word = unique("Quokka");
  await apiSend(page, "POST", "/api/v1/shift-logs/notes/", {
    body: `${word} parcel left at the desk`,
    apartment_ids: [apt],
    building_id: 1,
    is_high_priority: true,
  });
  await apiSend(page, "POST", "/api/v1/shift-logs/notes/", {
    body: `${word} routine patrol`,
    apartment_ids: [],
    no_apartment: true,
    building_id: 1,
  });

  await page.goto("/1/dashboard/shift-logs-search");
  await expect(page.getByRole("heading", { name: "Shift log search" })).toBeVisible();
  // Defaults: 7 days back, newest first, 30 a page.
  await expect(page).toHaveURL(/offset=0&limit=30&ordering=-date_created&min_date_created=\d{4}-\d{2}-\d{2}/);

  const filters = page.getByRole("search", { name: "Shift log filters" });
  await filters.getByRole("searchbox", { name: "Search notes" }).fill(word);
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  const grid = page.getByRole("grid", { name: "Shift log notes" });
  await expect(grid.getByRole("row").filter({ hasText: word })).toHaveCount(2);
  await expect(page.getByRole("status").filter({ hasText: "2 notes" })).toBeVisible();

  await filters.getByRole("checkbox", { name: "High priority" }).check();
  await filters.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "All types" }).click();
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/is_high_priority=true/);
  expect(page.url()).not.toContain("shift_log_type_id");
  expect(new URL(page.url()).searchParams.get("offset")).toBe("0");
  await expect(grid.getByRole("row").filter({ hasText: word })).toHaveCount(1);
  await expect(grid).toContainText("parcel left at the desk");

  // Sorting goes into the URL too.
  await grid.getByRole("columnheader", { name: "Note" }).click();
  await expect(page).toHaveURL(/ordering=-?body/);

  await page.reload();
  await expect(filters.getByRole("searchbox", { name: "Search notes" })).toHaveValue(word);
  await expect(filters.getByRole("checkbox", { name: "High priority" })).toBeChecked();
  await expect(grid.getByRole("row").filter({ hasText: word })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, "main");
  await page.screenshot({ path: "/tmp/shift-log-search.png", fullPage: true });

  // Export: the same filters, as shift_logs.xlsx.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export to Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("shift_logs.xlsx");
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  // No notes: nothing to export.
  await filters.getByRole("searchbox", { name: "Search notes" }).fill(unique("Nothingmatches"));
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status").filter({ hasText: "0 notes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export to Excel" })).toBeDisabled();

  // A date that is not a four-digit year, month and day.
  await page.goto("/1/dashboard/shift-logs-search?offset=0&limit=30&min_date_created=26-1-1");
  await expect(page.getByText("Invalid date").first()).toBeVisible();
  await expect(filters.getByRole("button", { name: "Search" })).toBeDisabled();
});

test("the dashboard's Shift log tab searches by unit and links to the search page", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  const tab = page.getByRole("tabpanel");
  await page.getByRole("tab", { name: "Shift log" }).click();
  await expect(page.getByRole("tab", { name: "Shift log" })).toHaveAttribute("aria-selected", "true");
  await expect(tab.getByRole("listitem")).toHaveCount(10);
  await tab.getByRole("button", { name: "Show more" }).click();
  await expect(tab.getByRole("listitem")).toHaveCount(20);
  await tab.getByRole("button", { name: "Show more" }).click();
  await expect(tab.getByRole("listitem")).toHaveCount(30);
  await expect(tab.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await expect(tab.getByRole("link", { name: "Search all shift log notes" })).toHaveAttribute(
    "href",
    "/1/dashboard/shift-logs-search",
  );
  await tab.getByRole("textbox", { name: "Search apartment or resident" }).fill(unique("Nobodyhere"));
  await expect(tab.getByText("No results")).toBeVisible();
  await tab.getByRole("link", { name: "Search all shift log notes" }).click();
  await expect(page).toHaveURL(/\/1\/dashboard\/shift-logs-search/);
});

test("office: shift log types settings (toggle, immutable, server errors) and the admin list", async ({ page }) => {
  await signIn(page, "office");
  await expect(page).toHaveURL(/\/\d+\/dashboard/);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Shift log types/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/shift-log-types$/);
  await expect(page.getByText("Changes to shift log types apply to all buildings.")).toBeVisible();
  const table = page.getByRole("table", { name: "Shift log types" });
  for (const col of ["Name", "Short name", "Display order", "Description", "Active?", "Edit"])
    await expect(table.getByRole("columnheader", { name: col, exact: true })).toBeVisible();

  const visitor = page.getByRole("switch", { name: "Active: Visitor" });
  await expect(visitor).toBeChecked();
  await visitor.click();
  await expect(visitor).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Active: Visitor" })).not.toBeChecked();
  await page.getByRole("switch", { name: "Active: Visitor" }).click();
  await expect(page.getByRole("switch", { name: "Active: Visitor" })).toBeChecked();

  await expect(page.getByRole("button", { name: "Edit End of shift" })).toBeDisabled();
  await expect(page.getByRole("switch", { name: "Active: End of shift" })).toBeDisabled();

  // A name already taken comes back under the Name field; what was typed stays.
  await page.getByRole("button", { name: "Add shift log type" }).click();
  const modal = page.getByRole("dialog", { name: "Add shift log type" });
  await modal.getByRole("textbox", { name: "Name", exact: true }).fill("general");
  await modal.getByRole("textbox", { name: "Short name" }).fill("GEN2");
  await modal.getByRole("textbox", { name: "Display order" }).fill("12");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("shift log type with this name already exists.")).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Short name" })).toHaveValue("GEN2");
  const name = unique("Courier");
  await modal.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: name })).toContainText("GEN2");
  await expectNoSeriousA11yViolations(page, "main");
  await page.screenshot({ path: "/tmp/shift-log-types.png", fullPage: true });

  // The admin list: every building, 1000 at a time; narrowing by building goes into the URL.
  const doomed = unique("Deleteme");
  await apiSend(page, "POST", "/api/v1/shift-logs/notes/", {
    body: `${doomed} wrong building`,
    apartment_ids: [],
    no_apartment: true,
    building_id: 1,
  });
  await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Shift log" }).click();
  await expect(page.getByRole("heading", { name: "Shift log", level: 1 })).toBeVisible();
  const grid = page.getByRole("grid", { name: "Shift log notes" });
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  await page.getByRole("combobox", { name: "Buildings" }).click();
  await page.getByRole("option", { name: "100 Riverside Drive" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/buildings=1/);
  await expect(grid).toContainText("The Riverside");
  await page.screenshot({ path: "/tmp/shift-log-admin.png" });

  // Admins may delete a note (after confirming).
  const row = grid.getByRole("row").filter({ hasText: doomed });
  await row.getByRole("button", { name: /^View note/ }).click();
  const noteDialog = page.getByRole("dialog", { name: "Shift log note" });
  await expect(noteDialog).toContainText("The Riverside");
  await noteDialog.getByRole("button", { name: /^Delete note/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this note?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Note deleted")).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: doomed })).toHaveCount(0);
});
