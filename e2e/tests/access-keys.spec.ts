import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, PNG, signInTo, unique } from "./helpers.ts";

/**
 * Access keys in the browser against the demo portfolio (building 1, 100 Riverside Drive, has
 * access keys): a key registered for unit 1203 is signed out with the Keys drawer's wizard (a
 * typed RFID, a photo, a verbal permission), found under Check Key, scanned back in; two keys
 * signed out together on the Multi-OUT page. The keys and their key box are made through the API
 * by a manager (key-box locations are the managers').
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

interface Apartment {
  id: number;
  apartment_number: string;
}

/** A fresh key box and a key for each of `count` units (1203 first), registered as a manager. */
async function registerKeys(manager: Page, count: number) {
  const apartments = await apiGet<Apartment[]>(manager, "/api/v1/core/buildings/1/apartments/dropdown/");
  const units = [
    "1203",
    ...apartments
      .map((a) => a.apartment_number)
      .filter((n) => n !== "1203")
      .slice(0, count - 1),
  ];
  const location = await apiSend<{ id: number; label: string }>(manager, "POST", "/api/v1/access-keys/locations/", {
    building: 1,
    name: unique("Key box "),
  });
  const keys: { name: string; rfid: string; unit: string }[] = [];
  for (const unit of units) {
    const apartment = apartments.find((a) => a.apartment_number === unit);
    if (!apartment) throw new Error(`no unit ${unit}`);
    const name = unique(`${unit}-`);
    const rfid = unique("E2E").toUpperCase();
    await apiSend(manager, "POST", "/api/v1/access-keys/keys/?building=1", {
      rfid,
      apartment: apartment.id,
      location: location.id,
      name,
      status: "IN",
      is_active: true,
    });
    keys.push({ name, rfid, unit });
  }
  return { location: location.label, keys };
}

async function pickUnit(page: Page, scope: Locator, unit: string) {
  const box = scope.getByRole("combobox", { name: /^Unit/ });
  await box.click();
  await box.fill(unit);
  await page.getByRole("option", { name: unit, exact: true }).click();
}

/** Types a tag the way a reader does (here with spaces around it, lower case) and presses Enter. */
async function scan(scope: Locator, rfid: string) {
  const box = scope.getByRole("textbox", { name: "Scan key (RFID)" });
  await box.fill(`  ${rfid.toLowerCase()} `);
  await box.press("Enter");
}

test("sign a key out with the wizard (typed RFID, photo), find its holder under Check Key, scan it in", async ({
  page,
  browser,
}) => {
  const manager = await otherUser(browser, "manager");
  const { location, keys } = await registerKeys(manager, 1);
  const [key] = keys;
  const holder = unique("Locksmith ");

  // The dashboard flags the demo key out past the building's limit (48 hours); its list is a click away.
  await signInTo(page, "frontdesk", "/1/dashboard");
  await expect(page.getByTestId("overdue-key").first()).toBeVisible();
  await page.getByRole("link", { name: /^All overdue keys/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overdue keys" })).toBeVisible();
  await expect(page.getByTestId("overdue-key").first()).toBeVisible();

  await page.goto("/1/keys/grid");
  await expect(page.getByRole("heading", { level: 1, name: "Keys" })).toBeVisible();
  await expect(page.getByTestId("key-card").filter({ hasText: key.name })).toHaveAttribute("data-status", "IN");

  await page.getByRole("banner").getByRole("button", { name: "Keys" }).click();
  const drawer = page.getByRole("dialog", { name: "Keys" });
  await drawer.getByRole("button", { name: "OUT", exact: true }).click();
  const next = drawer.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  await pickUnit(page, drawer, "1203");
  const picker = drawer.getByRole("combobox", { name: "Key" });
  if (await picker.isEnabled()) {
    await picker.click();
    await page.getByRole("option", { name: new RegExp(key.name) }).click();
  }
  await expect(picker).toContainText(key.name);
  await next.click();

  // A recipient by free text: a temporary verbal permission, after a confirmation.
  await expect(next).toBeDisabled();
  await drawer.getByRole("textbox", { name: "Someone else" }).fill(holder);
  await drawer.getByRole("button", { name: "Use" }).click();
  await page.getByRole("dialog", { name: "Verbal permission" }).getByRole("button", { name: "Create" }).click();
  await expect(drawer.getByRole("radio", { name: `${holder} (Verbal permission)` })).toBeChecked();
  await next.click();

  await expect(next).toBeDisabled();
  await drawer.getByLabel("Upload photo").setInputFiles({ name: "holder.png", mimeType: "image/png", buffer: PNG });
  await expect(drawer.getByRole("img", { name: "Photo preview" })).toBeVisible();
  await next.click();
  await expect(drawer.getByRole("textbox", { name: "Scan key (RFID)" })).toBeFocused();
  await expectNoSeriousA11yViolations(page, "[role=dialog]");
  await page.screenshot({ path: "/tmp/keys-wizard.png" });
  await scan(drawer, key.rfid);
  await expect(page.getByText(`Key ${key.name} signed out to ${holder}`)).toBeVisible();

  // Check Key: who has it.
  await drawer.getByRole("button", { name: "Check Key" }).click();
  await scan(drawer, key.rfid);
  const journey = drawer.getByRole("region", { name: "Current Key Journey" });
  await expect(journey).toContainText(holder);
  await expect(journey).toContainText("Verbal permission");
  await expect(journey.getByRole("img", { name: `Photo of ${holder}` })).toBeVisible();
  await page.screenshot({ path: "/tmp/keys-check.png" });
  await drawer.getByRole("button", { name: "Scan another key" }).click();
  await expect(drawer.getByRole("textbox", { name: "Scan key (RFID)" })).toBeVisible();

  // The grid shows it out (live, or on its next load).
  await expect(page.getByTestId("key-card").filter({ hasText: key.name })).toHaveAttribute("data-status", "OUT");

  // IN: scanned back in, and where it goes.
  await drawer.getByRole("button", { name: "IN", exact: true }).click();
  await scan(drawer, key.rfid);
  await expect(drawer.getByText(`Key ${key.name} of apartment 1203 is in. Return it to ${location}.`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("key-card").filter({ hasText: key.name })).toHaveAttribute("data-status", "IN");
  await page.screenshot({ path: "/tmp/keys-grid.png", fullPage: true });

  // Its page: the journey, closed.
  await page.getByRole("link", { name: `Key ${key.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Key ${key.name}` })).toBeVisible();
  await expect(page.getByRole("grid", { name: "Key journeys" })).toContainText(holder);
  await page.screenshot({ path: "/tmp/keys-detail.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");
});

test("Multi-OUT: two keys signed out together, then scanned one by one", async ({ page, browser }) => {
  const manager = await otherUser(browser, "manager");
  const { location, keys } = await registerKeys(manager, 2);
  await signInTo(page, "frontdesk", "/1/keys/batch-out");
  await expect(page.getByRole("heading", { level: 1, name: "Multi-OUT" })).toBeVisible();
  await expect(page.getByTestId("batch-row")).toHaveCount(4);
  const submit = page.getByRole("button", { name: "Submit" });
  for (const [i, key] of keys.entries()) {
    const row = page.getByRole("group", { name: `Row ${i + 1}` });
    await pickUnit(page, row, key.unit);
    await row.getByRole("combobox", { name: "Key" }).click();
    await page.getByRole("option", { name: key.name }).click();
    await row.getByRole("textbox", { name: "Or comment" }).fill(unique("Mover "));
  }
  await expect(submit).toBeDisabled();
  await page.getByLabel("Upload photo").setInputFiles({ name: "mover.png", mimeType: "image/png", buffer: PNG });
  await expect(submit).toBeEnabled();
  await submit.click();

  const cards = page.getByTestId("scan-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(location);
  await page.screenshot({ path: "/tmp/keys-batch-scan.png", fullPage: true });
  const main = page.getByRole("main");
  await scan(main, keys[1].rfid);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("status", { name: "Last scanned" })).toContainText(keys[1].name);
  await scan(main, keys[0].rfid);
  await expect(page.getByText("All keys scanned!")).toBeVisible();

  const out = await apiGet<{ results: { name: string; status: string }[] }>(
    page,
    "/api/v1/access-keys/keys/?building=1&status=OUT&limit=5000",
  );
  expect(out.results.map((k) => k.name)).toEqual(expect.arrayContaining(keys.map((k) => k.name)));
});
