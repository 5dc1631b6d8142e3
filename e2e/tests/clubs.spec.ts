import { expect as baseExpect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInTo, unique } from "./helpers.ts";

/**
 * Clubs in the browser against the demo portfolio (building 1 has amenities; its 'Riverside Pool
 * Club' runs a pool check-in): the manager sets up a party room needing approval (main settings,
 * a slot, selected hours), adds a member, checks them in at the pool with a guest, and removes them.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

const POOL_CLUB = "Riverside Pool Club";

/** The club card's link ('24 members', '2 amenity types'). */
const cardLink = (page: Page, name: RegExp) =>
  page.getByRole("listitem").filter({ hasText: POOL_CLUB }).getByRole("link", { name });

test("set up a party room needing approval, add a member, check them in at the pool with a guest", async ({ page }) => {
  const typeName = unique("Party room ");
  await signInTo(page, "manager", "/1/clubs");
  await expect(page.getByRole("heading", { level: 1, name: "Clubs" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A new amenity type: main settings in the drawer, then its page.
  await cardLink(page, /amenity type/).click();
  await expect(page.getByRole("heading", { level: 1, name: `${POOL_CLUB} amenity types` })).toBeVisible();
  await page.getByRole("button", { name: "Add amenity type" }).click();
  const drawer = page.getByRole("dialog", { name: "Add amenity type" });
  await drawer.getByRole("textbox", { name: /^Name/ }).fill(typeName);
  await drawer.getByRole("checkbox", { name: "Reservations need approval" }).check();
  await drawer.getByRole("checkbox", { name: "Allow guests" }).check();
  await drawer.getByRole("spinbutton", { name: "Maximum number of guests" }).fill("0");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer.getByText("At least 1 guest when guests are allowed.")).toBeVisible();
  await drawer.getByRole("spinbutton", { name: "Maximum number of guests" }).fill("4");
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Amenity type created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: typeName })).toBeVisible();

  // A slot, then its label edited in place.
  await page.getByRole("textbox", { name: "New slot label" }).fill("Room A");
  await page.getByRole("button", { name: "Add slot" }).click();
  await expect(page.getByText("Amenity slot created")).toBeVisible();
  const label = page.getByRole("textbox", { name: "Label of Room A" });
  await label.fill("Main room");
  await label.press("Enter");
  await expect(page.getByText("Main room successfully updated.")).toBeVisible();

  // Selected hours: closed on Sunday.
  await page.getByRole("tab", { name: "Schedule / hours" }).click();
  await page.getByRole("radio", { name: "Open on selected hours" }).check();
  await page.getByRole("checkbox", { name: "Sunday open" }).uncheck();
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("Schedule updated")).toBeVisible();
  // A special date needs its date.
  await page.getByRole("button", { name: "Add special date" }).click();
  await page.getByRole("button", { name: "Save special dates" }).click();
  await expect(page.getByText("A date is required.")).toBeVisible();

  // After a reload the settings are the server's.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Open on selected hours" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Sunday open" })).not.toBeChecked();
  await page.getByRole("tab", { name: "Main settings" }).click();
  await expect(page.getByRole("checkbox", { name: "Reservations need approval" })).toBeChecked();
  await page.getByRole("tab", { name: "Amenity slots" }).click();
  await expect(page.getByRole("textbox", { name: "Label of Main room" })).toHaveValue("Main room");

  // A new member from the quick search.
  await page.goto("/1/clubs");
  await cardLink(page, /members?$/).click();
  await expect(page.getByRole("heading", { level: 1, name: `${POOL_CLUB} members` })).toBeVisible();
  await page.getByRole("button", { name: "New member" }).click();
  const add = page.getByRole("dialog", { name: "New member" });
  await add.getByRole("combobox").click();
  const option = page.getByRole("option").first();
  const name = ((await option.textContent()) ?? "").split(" — ")[0]!.trim();
  await option.click();
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("New member added")).toBeVisible();
  await page.getByRole("textbox", { name: "Search apartment or resident" }).fill(name.split(" ").pop()!);
  await expect(page.getByRole("gridcell", { name, exact: true })).toBeVisible();

  // Pool check-in with one guest (at most one).
  await page.getByRole("link", { name: "Pool check in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${POOL_CLUB} pool check in` })).toBeVisible();
  await page.getByRole("textbox", { name: "Search apartment or resident" }).fill(name.split(" ").pop()!);
  const more = page.getByRole("button", { name: `More guests for ${name}` });
  await more.click();
  await expect(more).toBeDisabled();
  await page.getByRole("button", { name: `Check In ${name}` }).click();
  // Other residents may be checked in today already: look at this one's row.
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByText("Checked in with 1 guest")).toBeVisible();
  await expect(page.getByRole("button", { name: `Edit Check In of ${name}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Export check-ins" })).toBeVisible();

  // Removed again.
  await page.getByRole("link", { name: `${POOL_CLUB} members` }).click();
  await page.getByRole("textbox", { name: "Search apartment or resident" }).fill(name.split(" ").pop()!);
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Remove ${name}?` });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Member removed")).toBeVisible();
  await expect(page.getByRole("gridcell", { name, exact: true })).toHaveCount(0);
});
