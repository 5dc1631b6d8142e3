import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiGet, expectNoSeriousA11yViolations, signInTo } from "./helpers.ts";

/**
 * The unit-profile list and forms in the browser (document 1 sections 2.4, 5, 6) against the
 * demo portfolio: building 1 is 100 Riverside Drive; unit 702 is vacant.
 * The tests of this file run in order: the profile created first is edited, printed and deleted.
 */

test.describe.configure({ mode: "serial" });

interface Apartment {
  id: number;
  apartment_number: string;
  is_vacant: boolean;
}
interface Occupant {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  apartment_number: string;
  type: string;
}
interface Occupancy {
  id: number;
  apartment_number: string;
  lease_start_date: string | null;
  lease_end_date: string | null;
  move_in_date: string | null;
  occupant_set: Occupant[];
}
interface Page_<T> {
  count: number;
  results: T[];
}

const SCREENSHOTS = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Types a date (MM/DD/YYYY) into a date picker field. */
async function typeDate(scope: Page | Locator, label: string, mmddyyyy: string) {
  const group = scope.getByRole("group", { name: label });
  await group.getByRole("spinbutton").first().click();
  const page = "keyboard" in scope ? scope : scope.page();
  await page.keyboard.type(mmddyyyy.replace(/\D/g, ""));
}

/** Picks a choice of an MUI select. */
async function choose(scope: Page | Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  const page = "keyboard" in scope ? scope : scope.page();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Unit numbers of the grid's rows, top to bottom. */
async function gridUnits(page: Page): Promise<string[]> {
  const grid = page.getByRole("grid", { name: "Unit profiles" });
  await expect(grid.getByRole("progressbar")).toHaveCount(0);
  return grid.locator('[role="row"] [data-field="apartment_number"][role="gridcell"]').allInnerTexts();
}

const stamp = Date.now().toString(36);
let occupancyId = 0;
let existingResident: Occupant;

test("as manager: create a unit profile for vacant 702 with a new and an existing resident", async ({ page }) => {
  await signInTo(page, "manager", "/1/dashboard");
  const units = await apiGet<Apartment[]>(page, "/api/v1/core/buildings/1/apartments/dropdown/");
  const vacant = units.find((u) => u.apartment_number === "702");
  expect(vacant?.is_vacant).toBe(true);
  const residents = await apiGet<Page_<Occupant>>(page, "/api/v1/core/buildings/1/occupants/?limit=200");
  existingResident = residents.results.find((o) => o.apartment_number !== "702" && o.first_name && o.last_name)!;
  expect(existingResident).toBeTruthy();

  // From the sidebar to the list; vacant units are shown on demand and open 'create' with the unit.
  await page
    .getByRole("navigation", { name: "Building navigation" })
    .getByRole("link", { name: "Unit profiles" })
    .click();
  await expect(page.getByRole("heading", { name: "Unit profiles", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(/\d+ results/);
  await page.getByRole("checkbox", { name: "Display vacant units" }).check();
  await page.getByRole("searchbox", { name: "Unit, name or email" }).fill("702");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Unit 702, vacant" }).click();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/create\?apartment_id=\d+&apartment_number=702$/);
  await expect(page.getByRole("heading", { name: "New unit profile for unit 702" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Unit", exact: true })).toHaveValue("702");

  // No resident yet: Save waits for one.
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(page.getByText("Must have at least one resident to activate a new unit profile.")).toBeVisible();

  await typeDate(page, "Lease start date", "01/15/2026");
  await page.getByRole("button", { name: "Add new resident" }).click();
  const fresh = page.getByRole("group", { name: "New resident 1" });
  await fresh.getByRole("textbox", { name: "First name" }).fill("Avery");
  await fresh.getByRole("textbox", { name: "Last name" }).fill(`Quill${stamp}`);
  await fresh.getByRole("textbox", { name: "Email" }).fill(`avery.${stamp}@example.com`);
  await expect(fresh.getByRole("textbox", { name: "Username" })).toHaveValue(`avery.${stamp}@example.com`);

  // Save checks the rows first: the type is required.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Invalid occupant information, click marked row(s) for detail.")).toBeVisible();
  await expect(fresh.getByText("This field is required", { exact: true })).toBeVisible();
  await choose(fresh, "Type", "Tenant");

  await page.getByRole("button", { name: "Add existing/previous resident" }).click();
  const existing = page.getByRole("group", { name: "Existing resident 1" });
  const search = existing.getByRole("combobox", { name: "Resident" });
  await search.fill(`${existingResident.first_name} ${existingResident.last_name}`);
  await page.getByRole("option", { name: new RegExp(`\\(${existingResident.username}\\)`) }).click();
  await choose(existing, "Type", "Occupant");
  await expect(page.getByText("Invalid occupant information, click marked row(s) for detail.")).toBeHidden();

  await shot(page, "unit-profile-create");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Unit profile created")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/\d+$/);
  occupancyId = Number(page.url().split("/").pop());

  const saved = await apiGet<Occupancy>(page, `/api/v1/core/occupancies/${occupancyId}/`);
  expect(saved.apartment_number).toBe("702");
  expect(saved.lease_start_date).toBe("2026-01-15");
  expect(saved.lease_end_date).toBeNull();
  expect(saved.occupant_set.map((o) => o.username).sort()).toEqual(
    [`avery.${stamp}@example.com`, existingResident.username].sort(),
  );
});

test("as manager: edit the lease end date of the new profile", async ({ page }) => {
  expect(occupancyId).toBeGreaterThan(0);
  await signInTo(page, "manager", `/1/manage/unit-profiles/edit/${occupancyId}`);
  await expect(page.getByRole("heading", { name: "Edit unit profile 702" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Edit resident Avery Quill${stamp}` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Edit resident Avery Quill${stamp}` })).toBeVisible();
  // An end before the start is refused in place.
  await typeDate(page, "Lease end date", "01/01/2026");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The lease end date must be on or after the lease start date.")).toBeVisible();
  await typeDate(page, "Lease end date", "01/31/2027");
  await shot(page, "unit-profile-edit");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Unit profile updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/1/manage/unit-profiles/${occupancyId}$`));
  const saved = await apiGet<Occupancy>(page, `/api/v1/core/occupancies/${occupancyId}/`);
  expect(saved.lease_end_date).toBe("2027-01-31");
  expect(saved.lease_start_date).toBe("2026-01-15");
  // Untouched empty dates stay empty.
  expect(saved.move_in_date).toBeNull();
});

test("print directory: resident cards, 3 a row, 18 a printed page", async ({ page }) => {
  test.slow();
  await signInTo(page, "manager", "/1/manage/unit-profiles");
  await page.getByRole("link", { name: "Print directory" }).click();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/directory$/);
  await expect(page.getByRole("heading", { name: "Resident directory" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole("article", { name: `Avery Quill${stamp}, unit 702` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
  const firstPage = page.getByRole("region", { name: /^Directory page 1 of \d+$/ });
  expect(await firstPage.getByRole("article").count()).toBeLessThanOrEqual(18);
  await expectNoSeriousA11yViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Building navigation" })).toBeHidden();
  const columns = await firstPage.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(3);
  const breaks = await firstPage.evaluate((el) => getComputedStyle(el).breakAfter);
  const pages = await page.getByRole("region", { name: /^Directory page/ }).count();
  expect(breaks).toBe(pages > 1 ? "page" : "auto");
  await firstPage.screenshot({ path: `${SCREENSHOTS ?? "/tmp"}/directory-print-page1.png` });
  // Printed: one sheet per directory page of 18 cards.
  const pdf = (await page.pdf({ format: "Letter" })).toString("latin1");
  const sheets = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  expect(sheets).toBe(pages);
  await page.emulateMedia({ media: "screen" });
});

test("as manager: delete the new profile after the warning", async ({ page }) => {
  expect(occupancyId).toBeGreaterThan(0);
  await signInTo(page, "manager", `/1/manage/unit-profiles/delete/${occupancyId}`);
  await expect(page.getByRole("heading", { name: "Delete unit profile 702" })).toBeVisible();
  await expect(page.getByText("This permanently deletes the unit profile")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText("Unit Profile Deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);
  const status = await page.evaluate(async (id) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
    const token = key ? JSON.parse(localStorage.getItem(key) as string).access_token : "";
    return (await fetch(`/api/v1/core/occupancies/${id}/`, { headers: { authorization: `Bearer ${token}` } })).status;
  }, occupancyId);
  expect(status).toBe(404);
});

test("as front desk: no manager buttons, no e-mails, and create sends back to the list", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/manage");
  await expect(page.getByRole("heading", { name: "Manage", level: 1 })).toBeVisible();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Unit profiles/ })
    .click();
  await expect(page.getByRole("heading", { name: "Unit profiles", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(/\d+ results/);
  await expect(page.getByRole("link", { name: "Add new unit profile" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add new apartment" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Print directory" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Occupants (Excel)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Vacant unit report" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Emails" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the grid's arrow keys reach a unit's link; Enter opens its profile.
  const grid = page.getByRole("grid", { name: "Unit profiles" });
  await grid.getByRole("columnheader", { name: "Residents" }).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowLeft");
  await expect(grid.getByRole("link", { name: /^Unit \S+$/ }).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/\d+$/);

  await page.goto("/1/manage/unit-profiles/create?apartment_id=44&apartment_number=702");
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);
  await page.goto("/1/manage/apartment/create");
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);
});

test("list filters and sort change the rows; Export Table downloads unit_profiles.xlsx", async ({ page }) => {
  await signInTo(page, "manager", "/1/manage/unit-profiles");
  const status = page.getByRole("status");
  await expect(status).toContainText(/\d+ results/);
  const activeCount = Number((await status.innerText()).match(/\d+/)![0]);
  const ascending = await gridUnits(page);
  expect(ascending.length).toBeGreaterThan(1);

  // Sort by unit number, descending.
  await page.getByRole("columnheader", { name: "Unit #" }).click();
  await expect(page).toHaveURL(/ordering=-apartment_number/);
  // (The rows change once the new page arrives.)
  await expect.poll(async () => (await gridUnits(page))[0]).not.toBe(ascending[0]);

  // Vacant units add rows; a unit search narrows them.
  await page.getByRole("checkbox", { name: "Display vacant units" }).check();
  await expect(page).toHaveURL(/display_vacant=true/);
  await expect(page).toHaveURL(/offset=0/);
  await expect(status).not.toHaveText(`${activeCount} results`);
  await page.getByRole("searchbox", { name: "Unit, name or email" }).fill("1203");
  await page.getByRole("searchbox", { name: "Unit, name or email" }).press("Enter");
  await expect(page).toHaveURL(/search=1203/);
  await expect
    .poll(async () => {
      const found = await gridUnits(page);
      return found.length > 0 && found.every((u) => u.startsWith("1203"));
    })
    .toBe(true);
  await shot(page, "unit-list-desktop");
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Table" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("unit_profiles.xlsx");

  // Back to the defaults.
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(status).toHaveText(`${activeCount} results`);

  // A phone: 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/1/manage/unit-profiles");
  await expect(status).toContainText(/\d+ results/);
  await shot(page, "unit-list-mobile");
  await expectNoSeriousA11yViolations(page);
});

test("as manager: add an apartment, then edit it", async ({ page }) => {
  await signInTo(page, "manager", "/1/manage/unit-profiles");
  await page.getByRole("link", { name: "Add new apartment" }).click();
  await expect(page.getByRole("heading", { name: "Add apartment" })).toBeVisible();
  const number = `9${stamp.slice(-3).toUpperCase()}`;
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("This field is required.")).toBeVisible();
  await page.getByRole("textbox", { name: "Apartment number" }).fill(number);
  await choose(page, "Bedrooms", "2 bedrooms");
  await choose(page, "Bathrooms", "1.5");
  await page.getByRole("textbox", { name: "Floor" }).fill("9");
  await page.getByRole("checkbox", { name: "Balcony" }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Apartment was created")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);

  const units = await apiGet<Apartment[]>(page, "/api/v1/core/buildings/1/apartments/dropdown/");
  const made = units.find((u) => u.apartment_number === number)!;
  expect(made.is_vacant).toBe(true);
  await page.goto(`/1/manage/apartment/edit/${made.id}`);
  await expect(page.getByRole("heading", { name: `Edit apartment ${number}` })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Bathrooms" })).toHaveText("1.5");
  await page.getByRole("textbox", { name: "Line" }).fill("B");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Apartment was edited")).toBeVisible();
  // Vacant: back to the list.
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);

  // The same number again is refused under the field; what was typed stays.
  await page.goto("/1/manage/apartment/create");
  await page.getByRole("textbox", { name: "Apartment number" }).fill(number.toLowerCase());
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("An apartment with this number already exists in this building.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Apartment number" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Apartment number" })).toHaveValue(number.toLowerCase());
});
