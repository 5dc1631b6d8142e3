import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, PNG, signIn, signInTo, unique } from "./helpers.ts";

/**
 * Front-desk instructions in the browser against the demo portfolio: register a guest with a
 * photo and find it on the grid, the dashboard and the unit profile, then expire it; a food
 * delivery added and marked Arrived from the navigation's drawer; the advanced search's URL
 * state; an instruction type toggled by the office; the manager-only setting. Building 1 is
 * 100 Riverside Drive (food deliveries on); unit 1203 is occupancy 91.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

interface Type {
  id: number;
  name: string;
  is_active: boolean;
}

async function typeDate(scope: Page | Locator, label: string, mmddyyyy: string) {
  const group = scope.getByRole("group", { name: label });
  await group.getByRole("spinbutton").first().click();
  const page = "keyboard" in scope ? scope : scope.page();
  await page.keyboard.type(mmddyyyy.replace(/\D/g, ""));
}

async function typeId(page: Page, name: string): Promise<number> {
  const data = await apiGet<{ results: Type[] } | Type[]>(page, "/api/v1/instructions/instruction-types/?limit=100");
  const t = (Array.isArray(data) ? data : data.results).find((x) => x.name === name);
  if (!t) throw new Error(`no type ${name}`);
  return t.id;
}

test("register a guest with a photo, find it on the grid, the dashboard and the profile, expire it", async ({
  page,
}) => {
  const guest = unique("Guest ");
  await signInTo(page, "frontdesk", "/1/front-desk/instructions/create?occupancy_id=91");
  await expect(page.getByRole("heading", { level: 1, name: "Create instruction" })).toBeVisible();
  await expect(page.getByText("1203")).toBeVisible();
  await page.getByRole("combobox", { name: /^Type/ }).click();
  await page.getByRole("option", { name: /Registered guest/ }).click();
  await page.getByRole("textbox", { name: /^Name/ }).fill(guest);
  await page.getByRole("textbox", { name: "Instructions" }).fill("Staying the weekend; has a small dog.");
  // Registered guests need an expiration date.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("An expiration date is required for this instruction type.")).toBeVisible();
  await typeDate(page, "Expiration date (required)", "12/31/2030");
  await page.getByLabel("Upload photo").setInputFiles({ name: "guest.png", mimeType: "image/png", buffer: PNG });
  await expectNoSeriousA11yViolations(page, "main");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Data has been saved")).toBeVisible();
  await expect(page).toHaveURL(/\/1\/front-desk\/instructions\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: guest })).toBeVisible();
  await expect(page.getByRole("img", { name: `Photo of ${guest}` })).toBeVisible();
  await expect(page.getByText("Instruction created", { exact: true })).toBeVisible();
  await expect(page.getByText("Long term")).toBeVisible();
  await page.screenshot({ path: "/tmp/instruction-detail.png", fullPage: true });

  // The grid of active instructions.
  await page.goto("/1/front-desk/instructions");
  await page.getByRole("textbox", { name: "Search apartment or resident" }).fill(guest);
  const card = page.getByTestId("instruction-card").filter({ hasText: guest });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: "Registered guest" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "main");
  await page.screenshot({ path: "/tmp/instructions-grid.png", fullPage: true });

  // The dashboard's Instructions tab, and its drawer.
  await page.goto("/1/dashboard");
  await expect(page.getByRole("tab", { name: "Instructions" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tabpanel").getByRole("textbox", { name: "Search apartment or resident" }).fill(guest);
  await page.getByRole("button", { name: guest }).click();
  const drawer = page.getByRole("dialog", { name: guest });
  await expect(drawer.getByRole("link", { name: "Open instruction page" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The unit profile's Instructions panel.
  await page.goto("/1/manage/unit-profiles/91");
  const panel = page.getByRole("region", { name: "Instructions" });
  await expect(panel.getByRole("link", { name: guest, exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: "All instructions" })).toHaveAttribute(
    "href",
    "/1/front-desk/instructions/list?occupancy=91&limit=5000&status=all",
  );

  // Expire it from its page.
  await page.goto(detailUrl);
  await page.getByRole("button", { name: "Expire" }).click();
  await page.getByRole("dialog", { name: "Expire instruction" }).getByRole("button", { name: "Expire" }).click();
  await expect(page.getByText("Manually expired").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Expire" })).toHaveCount(0);
  await page.goto("/1/front-desk/instructions");
  await page.getByRole("textbox", { name: "Search apartment or resident" }).fill(guest);
  await expect(page.getByText("No matching results for this search criteria")).toBeVisible();
});

test("a food delivery added from the navigation's drawer, then marked Arrived", async ({ page }) => {
  const restaurant = unique("Noodles ");
  await signInTo(page, "frontdesk", "/1/dashboard");
  await page.getByRole("button", { name: "Food delivery" }).click();
  const drawer = page.getByRole("dialog", { name: "Expected food deliveries" });
  await drawer.getByRole("button", { name: "Add food delivery" }).click();
  const unit = drawer.getByRole("combobox", { name: /^Unit/ });
  await unit.click();
  await unit.fill("1203");
  await page.getByRole("option", { name: "1203", exact: true }).click();
  await drawer.getByRole("textbox", { name: /^Restaurant/ }).fill(restaurant);
  await drawer.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Data has been saved")).toBeVisible();
  const card = drawer.getByTestId("instruction-card").filter({ hasText: restaurant });
  await expect(card).toBeVisible();
  await expect(card.getByText("New")).toBeVisible();
  await expect(card.getByText("Expires tonight at midnight")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "[role=dialog]");
  await page.screenshot({ path: "/tmp/food-deliveries.png", fullPage: true });
  await card.getByRole("button", { name: /^Arrived/ }).click();
  await expect(page.getByText(`Marked arrived: ${restaurant}`)).toBeVisible();
  await expect(drawer.getByTestId("instruction-card").filter({ hasText: restaurant })).toHaveCount(0);
});

test("the advanced search keeps its filters in the URL", async ({ page }) => {
  await signInTo(page, "frontdesk", "/1/dashboard");
  const name = unique("Painter ");
  const pte = await typeId(page, "Permission to enter");
  await apiSend(page, "POST", "/api/v1/instructions/instructions/?building=1", {
    instruction_type: pte,
    name,
    instruction_text: "Paint the hallway",
    occupancy: 91,
  });
  await page.goto("/1/front-desk/instructions/list?occupancy=91&limit=5000&status=all");
  await expect(page.getByRole("grid", { name: "Instructions" })).toBeVisible();
  await page.getByRole("textbox", { name: /^Search/ }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=Painter/);
  await expect(page.getByText("1 instruction", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: /^Search/ })).toHaveValue(name);
  await expect(page.getByRole("link", { name })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get("occupancy")).toBe("91");
  expect(url.searchParams.get("status")).toBe("all");
  await expectNoSeriousA11yViolations(page, "main");
  await page.screenshot({ path: "/tmp/instructions-list.png", fullPage: true });
});

test("office toggles an instruction type; food delivery is locked", async ({ page }) => {
  await signIn(page, "office");
  await expect(page).toHaveURL(/\/\d+\/dashboard/);
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Instruction types/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/instruction-types$/);
  await expect(page.getByText("Changes to instruction types apply to all buildings.")).toBeVisible();
  const key = page.getByRole("switch", { name: "Active: Key release" });
  await expect(key).toBeChecked();
  await key.click();
  await expect(key).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Active: Key release" })).not.toBeChecked();
  await page.getByRole("switch", { name: "Active: Key release" }).click();
  await expect(page.getByRole("switch", { name: "Active: Key release" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Active: Food delivery" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "main");
});

test("in a manager-only building front desk cannot create an instruction", async ({ browser, page }) => {
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, "manager");
  await expect(manager).toHaveURL(/\/\d+\/dashboard/);
  await apiSend(manager, "PATCH", "/api/v1/core/building-settings/2/", {
    instructionsettings: { is_write_manager_only: true },
  });
  try {
    await signInTo(page, "frontdesk", "/2/front-desk/instructions");
    await expect(page.getByRole("heading", { level: 1, name: "Front desk instructions" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Advanced search" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create" })).toHaveCount(0);
  } finally {
    await apiSend(manager, "PATCH", "/api/v1/core/building-settings/2/", {
      instructionsettings: { is_write_manager_only: false },
    });
  }
});
