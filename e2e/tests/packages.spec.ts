import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, PNG, signIn, signInTo, unique } from "./helpers.ts";

/**
 * Packages in the browser against the demo portfolio: logging for several units (grid counts),
 * closing with a photo, re-opening, reminders, the batch queue, printing, recent activity and
 * the package type settings. Building 1 is 100 Riverside Drive; units 1203 (occupancy 91),
 * 305 (15) and 808 (63).
 */

// The shared test machine is often busy: give the real server room.
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

interface GridRow {
  occupancy_id: number;
  total_count: number;
  apartment_number: string;
}
interface Grid {
  results: GridRow[];
}
interface PackageType {
  id: number;
  name: string;
}
interface Pkg {
  id: number;
  status: string;
  opening_comment: string;
  closing_photo_url: string | null;
}
interface Page_<T> {
  count: number;
  results: T[];
}

const gridTotal = async (page: Page, occupancy: number) =>
  (await apiGet<Grid>(page, "/api/v1/core/buildings/1/package-grid/")).results.find((r) => r.occupancy_id === occupancy)
    ?.total_count ?? 0;

async function typeId(page: Page, name: string): Promise<number> {
  const types = await apiGet<Page_<PackageType>>(page, "/api/v1/packages/package-types/?limit=100");
  const t = types.results.find((x) => x.name === name);
  if (!t) throw new Error(`no type ${name}`);
  return t.id;
}

async function pickUnit(page: Page, row: number, unit: string) {
  const input = page.getByRole("combobox", { name: `Unit, row ${row}`, exact: true });
  await input.click();
  await input.fill(unit);
  await page.getByRole("option", { name: unit, exact: true }).click();
}

/** Building 1 requires closing pictures for the types that ask for one (set by a manager). */
async function requirePictures(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "manager");
  await expect(page).toHaveURL(/\/\d+\/dashboard/);
  await apiSend(page, "PATCH", "/api/v1/core/building-settings/1/", {
    packagesettings: { is_require_pictures_for_building: true },
  });
  await context.close();
}

test("log packages for several units and see the grid counts change", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/packages");
  await expect(page.getByRole("heading", { name: "Packages", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Units with open packages" })).toBeVisible();
  await expect(page.getByText("i = inactive tenant or lease ended")).toBeVisible();
  await expect(page.getByText("f = future tenant or lease not yet started")).toBeVisible();
  for (const name of [
    "Log packages",
    "Close packages",
    "Search packages",
    "Send reminders",
    "Print grid",
    "Recent activity",
  ])
    await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print list" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-grid.png", fullPage: true });

  const before808 = await gridTotal(page, 63);
  const before305 = await gridTotal(page, 15);

  await page.getByRole("link", { name: "Log packages" }).click();
  await expect(page).toHaveURL(/\/1\/packages\/log$/);
  await expect(page.getByRole("group", { name: /^Row \d+$/ })).toHaveCount(20);
  await expect(page.getByRole("button", { name: "Log packages", exact: true })).toBeDisabled();

  const comment = unique("Shelf");
  await pickUnit(page, 1, "808");
  await page.getByRole("combobox", { name: "Package type, row 1", exact: true }).selectOption({ label: "Small box (SB)" });
  await pickUnit(page, 2, "808");
  await page.getByRole("combobox", { name: "Package type, row 2", exact: true }).selectOption({ label: "Large box (LB)" });
  await pickUnit(page, 3, "305");
  await page.getByRole("combobox", { name: "Package type, row 3", exact: true }).selectOption({ label: "Envelope (ENV)" });
  await page.getByRole("textbox", { name: "Comment, row 3", exact: true }).fill(comment);
  // Enter does not submit.
  await page.getByRole("textbox", { name: "Comment, row 3", exact: true }).press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Notify residents of 808, row 1", exact: true })).toBeVisible();
  // A comment without a unit.
  await page.getByRole("textbox", { name: "Comment, row 5", exact: true }).fill("No unit");
  await expect(page.getByText("An occupancy must be selected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Log packages", exact: true })).toBeDisabled();
  await page.getByRole("textbox", { name: "Comment, row 5", exact: true }).fill("");
  await expect(page.getByRole("button", { name: "Log packages", exact: true })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-log-multi.png", fullPage: true });

  await page.getByRole("button", { name: "Log packages", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Log 3 packages?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("1 × Small box");
  await expect(confirm).toContainText("1 × Large box");
  await expect(confirm).toContainText("1 × Envelope");
  await page.screenshot({ path: "/tmp/packages-log-confirm.png" });
  await confirm.getByRole("button", { name: "Log packages" }).click();
  await expect(page.getByText("Packages logged")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/packages$/);

  await expect(page.getByRole("link", { name: new RegExp(`^Unit 808, ${before808 + 2} packages`) })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`^Unit 305 \\(inactive tenant or lease ended\\), ${before305 + 1} packages?`) }).or(
    page.getByRole("link", { name: new RegExp(`^Unit 305, ${before305 + 1} packages?`) }),
  )).toBeVisible();
  expect(await gridTotal(page, 63)).toBe(before808 + 2);

  // Group and Show filters.
  await page.getByRole("combobox", { name: "Show" }).click();
  await page.getByRole("option", { name: "Occupancy" }).click();
  await expect(page).toHaveURL(/show=occupancy/);
  await page.getByRole("combobox", { name: "Group" }).click();
  await page.getByRole("option", { name: "Keys" }).click();
  await expect(page).toHaveURL(/group=KEYS/);
  await page.screenshot({ path: "/tmp/packages-grid-filtered.png", fullPage: true });
});

test("single-unit log: residents to notify, rules, 'log and add more', leave prompt", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/packages/log?occupancy_id=91");
  await expect(page.getByRole("heading", { name: "Log packages for 1203", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Row \d+$/ })).toHaveCount(10);
  await expect(page.getByRole("group", { name: "Notify residents of 1203", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Log packages", exact: true }).click();
  await expect(page.getByText("At lease one package is required")).toBeVisible();
  await page.getByRole("textbox", { name: "Comment, row 1", exact: true }).fill("Doorman copy");
  await page.getByRole("button", { name: "Log packages", exact: true }).click();
  await expect(page.getByText("A package type is required")).toBeVisible();
  await page.getByRole("combobox", { name: "Package type, row 1", exact: true }).selectOption({ label: "Envelope (ENV)" });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-log-single.png", fullPage: true });
  await page.getByRole("button", { name: "Log packages and add more" }).click();
  await expect(page.getByText("Packages logged")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Row \d+$/ })).toHaveCount(30);
  await expect(page.getByRole("combobox", { name: "Package type, row 1", exact: true })).toHaveValue(
    String(await typeId(page, "Envelope")),
  );
  await expect(page.getByRole("textbox", { name: "Comment, row 1", exact: true })).toHaveValue("");

  // Leaving with something typed asks first.
  await page.getByRole("textbox", { name: "Comment, row 2", exact: true }).fill("Second one");
  await page.getByRole("combobox", { name: "Package type, row 2", exact: true }).selectOption({ label: "Small box (SB)" });
  await page.getByRole("navigation", { name: "Building navigation" }).getByRole("link", { name: "Dashboard" }).click();
  const leave = page.getByRole("dialog", { name: "Leave this page?" });
  await expect(leave).toContainText("Packages have not been logged yet. Are you sure you want to leave?");
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(/\/1\/packages\/log\?occupancy_id=91/);
});

test("close a perishable with a photo, then re-open it and edit its comment", async ({ page, browser }) => {
  await requirePictures(browser);
  await signInTo(page, "frontdesk", "/1/packages");
  const comment = unique("Fridge");
  const perishable = await typeId(page, "Perishable");
  const logged = await apiSend<{ results: Pkg[] }>(page, "POST", "/api/v1/packages/bulk/?building=1", [
    { occupancy: 91, package_type: perishable, opening_comment: comment },
  ]);
  const id = logged.results[0].id;

  await page.goto("/1/packages");
  await page.getByRole("link", { name: /^Unit 1203,/ }).click();
  await expect(page).toHaveURL(/\/1\/packages\/close\?occupancy_id=91$/);
  await expect(page.getByRole("heading", { name: "Close packages", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Close packages" }).click();
  await expect(page.getByText("Please select at least one package to close")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: comment });
  await row.getByRole("checkbox").check();
  await expect(page.getByRole("group", { name: /Closing photo \(required\)/ })).toBeVisible();
  await page.getByRole("button", { name: "Close packages" }).click();
  await expect(page.getByText("A closing photo is required for the selected package types.")).toBeVisible();
  await page.getByLabel("Upload photo").setInputFiles({ name: "pickup.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Closing photo preview" })).toBeVisible();
  await page.getByRole("textbox", { name: "Closing comment" }).fill("Picked up by resident");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-close.png", fullPage: true });
  await page.getByRole("button", { name: "Close packages" }).click();
  await expect(page.getByText("1 package closed")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/packages$/);

  const closed = await apiGet<Pkg>(page, `/api/v1/packages/list/${id}/?building=1`);
  expect(closed.status).toBe("CLOSED");
  expect(closed.closing_photo_url).toBeTruthy();

  await page.goto(`/1/packages/${id}`);
  await expect(page.getByRole("heading", { name: `Package ${id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: `Closing photo of package ${id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit comment" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-detail-closed.png", fullPage: true });

  await page.getByRole("button", { name: "Closed (click to re-open)" }).click();
  const confirm = page.getByRole("dialog", { name: "Re-open package" });
  await expect(confirm).toContainText("Are you sure you want to re-open this package?");
  await confirm.getByRole("button", { name: "Re-open" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Package re-opened" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Package events" })).toContainText("Package re-opened");
  expect((await apiGet<Pkg>(page, `/api/v1/packages/list/${id}/?building=1`)).status).toBe("OPEN");

  // The opening comment is editable again; it may not be blank.
  await page.getByRole("button", { name: "Edit comment" }).click();
  const edit = page.getByRole("dialog", { name: "Edit opening comment" });
  await edit.getByRole("textbox", { name: "Opening comment" }).fill("  ");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("Comment required")).toBeVisible();
  await edit.getByRole("textbox", { name: "Opening comment" }).fill(`${comment} fridge 3`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Package edited successfully")).toBeVisible();
  await expect(page.getByRole("table", { name: "Package events" })).toContainText("Comment edited");
  await page.screenshot({ path: "/tmp/packages-detail-open.png", fullPage: true });
});

test("send reminders for packages waiting more than 7 days", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/packages/reminder");
  await expect(page.getByRole("heading", { name: "Send reminders", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Packages to remind about" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reminders" })).toBeDisabled();
  await expect(page.getByText("An error occurred: please select at least one package")).toBeVisible();
  await table.getByRole("row").filter({ hasText: "1203" }).first().getByRole("checkbox").check();
  await expect(page.getByRole("button", { name: "Send reminders" })).toBeEnabled();
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue("Package reminder from {building}");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-reminder.png", fullPage: true });
  await page.getByRole("button", { name: "Send reminders" }).click();
  await expect(page.getByText(/^\d+ email\(s\) sent$/)).toBeVisible();
});

test("the batch queue: add, edit, remove and log the batch", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/packages/batch");
  await expect(page.getByText("There is no packages on the batch to log!")).toBeVisible();

  await page.goto("/1/packages/log");
  const keep = unique("Batched");
  const drop = unique("Dropped");
  await pickUnit(page, 1, "1203");
  await page.getByRole("combobox", { name: "Package type, row 1", exact: true }).selectOption({ label: "Small box (SB)" });
  await page.getByRole("textbox", { name: "Comment, row 1", exact: true }).fill(keep);
  await pickUnit(page, 2, "808");
  await page.getByRole("combobox", { name: "Package type, row 2", exact: true }).selectOption({ label: "Flowers (FLW)" });
  await page.getByRole("textbox", { name: "Comment, row 2", exact: true }).fill(drop);
  await page.getByRole("button", { name: "Add to batch" }).click();
  await expect(page.getByText("2 packages added to the batch")).toBeVisible();
  await expect(page.getByRole("link", { name: "View batch (2)" })).toBeVisible();
  await page.getByRole("link", { name: /View batch/ }).click();

  await expect(page).toHaveURL(/\/1\/packages\/batch$/);
  const table = page.getByRole("table", { name: "Batched packages" });
  await expect(table).toContainText(keep);
  await expect(table).toContainText(drop);
  await table.getByRole("button", { name: "Edit Small box for 1203" }).click();
  const edit = page.getByRole("dialog", { name: "Edit 1203" });
  await edit.getByRole("textbox", { name: "Comment", exact: true }).fill(`${keep} edited`);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved").first()).toBeVisible();
  await expect(table).toContainText(`${keep} edited`);
  await table.getByRole("button", { name: "Remove Flowers for 808" }).click();
  await page.getByRole("dialog", { name: "Remove from the batch" }).getByRole("button", { name: "Remove" }).click();
  await expect(table).not.toContainText(drop);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-batch.png", fullPage: true });

  await page.getByRole("button", { name: "Log batch" }).click();
  await expect(page.getByText("Packages logged")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/packages$/);
  const found = await apiGet<Page_<Pkg>>(page, `/api/v1/packages/list/?building=1&search=${encodeURIComponent(keep)}`);
  expect(found.results.map((p) => [p.status, p.opening_comment])).toEqual([["OPEN", `${keep} edited`]]);
  const dropped = await apiGet<Page_<Pkg>>(
    page,
    `/api/v1/packages/list/?building=1&package_status=OPEN,CLOSED&search=${encodeURIComponent(drop)}`,
  );
  expect(dropped.count).toBe(0);
  await page.goto("/1/packages/batch");
  await expect(page.getByText("There is no packages on the batch to log!")).toBeVisible();
});

test("search list, print pages, recent activity and switching building", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/packages/list");
  await expect(page.getByRole("heading", { name: "Search packages", level: 1 })).toBeVisible();
  const grid = page.getByRole("grid", { name: "Packages" });
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\d+ packages?/ })).toBeVisible();
  await page.getByText("Show comments").click();
  await expect(page).toHaveURL(/comments=show/);
  await expect(grid.getByRole("columnheader", { name: "Comments" })).toBeVisible();
  await page.getByRole("textbox", { name: "Search" }).fill("zzznothingmatches");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=zzznothingmatches/);
  await expect(page.getByText("No matching results for this search criteria")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-list.png", fullPage: true });

  await page.goto("/1/packages");
  await page.getByRole("button", { name: "Print list" }).click();
  const dialog = page.getByRole("dialog", { name: "Print list" });
  await dialog.getByRole("radio", { name: "Package type" }).check();
  await dialog.getByRole("radio", { name: "Descending" }).check();
  await dialog.getByRole("radio", { name: "Incoming" }).check();
  await page.screenshot({ path: "/tmp/packages-print-dialog.png" });
  await dialog.getByRole("button", { name: "Print" }).click();
  await expect(page).toHaveURL(/\/1\/packages\/print-inventory\?filterBy=incoming&sortOrder=desc&groupBy=package_type/);
  await expect(page.getByRole("heading", { name: /Small box \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Outgoing/ })).toHaveCount(0);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Building navigation" })).toBeHidden();
  await page.screenshot({ path: "/tmp/packages-print-list.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await page.goto("/1/packages/print");
  await expect(page.getByRole("table", { name: "Open packages per unit and type" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.screenshot({ path: "/tmp/packages-print-grid.png", fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await page.goto("/1/packages/recent-activity");
  await expect(page.getByRole("heading", { name: "Recent package activity", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Package activity" }).or(page.getByText("No package activity within the past 24 hours")),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-activity.png", fullPage: true });

  // Switching building on the close page goes to the other building's close page; elsewhere to its grid.
  await page.goto("/1/packages/close");
  await page.getByRole("combobox", { name: "Building" }).click();
  await page.getByRole("option", { name: /245 Park Terrace/ }).click();
  await expect(page).toHaveURL(/\/2\/packages\/close$/);
  await page.goto("/2/packages/list");
  await page.getByRole("combobox", { name: "Building" }).click();
  await page.getByRole("option", { name: /100 Riverside/ }).click();
  await expect(page).toHaveURL(/\/1\/packages$/);
});

test("office manages package types in the admin area", async ({ page }) => {
  await signIn(page, "office");
  await expect(page).toHaveURL(/\/\d+\/dashboard/);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Package types/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/package-types$/);
  await expect(page.getByRole("heading", { name: "Package types", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Package types" });
  await expect(table.getByRole("row").filter({ hasText: "Keys" }).getByText("Locked")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Active: Keys" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-types.png", fullPage: true });

  const name = unique("Wine");
  await page.getByRole("link", { name: "Add package type" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("combobox", { name: "Colour" }).click();
  await page.getByRole("option", { name: "Purple" }).click();
  await page.getByRole("textbox", { name: "Abbreviation" }).fill("wine");
  await expect(page.getByRole("textbox", { name: "Abbreviation" })).toHaveValue("WINE");
  await page.getByRole("textbox", { name: "Display order" }).fill("12");
  await page.getByRole("checkbox", { name: "Picture required" }).check();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/packages-type-form.png", fullPage: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved").first()).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: name })).toContainText("WINE");

  await table.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByRole("textbox", { name: "Abbreviation" }).fill("TOOLONGABBREV");
  await expect(page.getByRole("textbox", { name: "Abbreviation" })).toHaveValue("TOOLONGABB");
  await page.getByRole("textbox", { name: "Email subject" }).fill("Your wine has arrived");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved").first()).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: name })).toContainText("TOOLONGABB");
});
