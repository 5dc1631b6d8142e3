import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// Demo portfolio: building 1 = 100 Riverside Drive, 2 = 245 Park Terrace, 3 = 37 Harbor Street.
// frontdesk reaches 1 and 2 only.

async function axeSeriousViolations(page: Page) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3),
    }));
  });
  return result.filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical");
}

test("front desk signs in, lands on the dashboard and switches building", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Riverside/);

  await page.getByRole("combobox", { name: "Building" }).click();
  await page.getByRole("option", { name: /245 Park Terrace/ }).click();
  await expect(page).toHaveURL(/\/2\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Park Terrace/);

  // The last building is remembered: the root now leads to building 2.
  await page.goto("/");
  await expect(page).toHaveURL(/\/2\/dashboard$/);
});

test("an inaccessible building shows the refusal and returns to an accessible dashboard", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await page.goto("/3/dashboard");
  await expect(page.getByText("You do not have access to this building")).toBeVisible();
  await expect(page).toHaveURL(/\/(1|2)\/dashboard$/);
});

test("the building query parameter selects the building", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await page.goto("/?building=2");
  await expect(page).toHaveURL(/\/2\/dashboard/);
});

test("quick search opens an occupied unit's profile; a vacant unit's create page sends the front desk to the unit list", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  const search = page.getByRole("combobox", { name: "Unit or name" });
  await search.fill("1203");
  await page
    .getByRole("option", { name: /^1203\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/91$/);

  await page.goto("/1/dashboard");
  await search.fill("702");
  await page.getByRole("option", { name: /^702\b.*Vacant/ }).click();
  // A vacant unit leads to its create page, which only managers may use: the front desk ends on
  // the unit list (document 1 section 6, "others redirected").
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("office enters admin mode and returns to user mode", async ({ page }) => {
  await signIn(page, "office");
  await expect(page).toHaveURL(/\/\d+\/dashboard$/);
  await page.getByRole("navigation", { name: "Building navigation" }).getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const adminNav = page.getByRole("navigation", { name: "Admin navigation" });
  await expect(adminNav.getByRole("link", { name: "Admin dashboard" })).toBeVisible();
  await adminNav.getByRole("link", { name: "User mode" }).click();
  await expect(page).toHaveURL(/\/\d+\/dashboard$/);
});

test("front desk is refused admin mode", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/(1|2)\/dashboard$/);
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toHaveCount(0);
});

test("unknown pages show the 404 page with a way back", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  for (const path of ["/1/no-such-page", "/not-found"]) {
    await page.goto(path);
    await expect(page.getByText("404 - Page not found.")).toBeVisible();
    await expect(page.getByText("Sorry, but this page doesn't exist.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/\d+\/dashboard$/);
});

test("a property owner sees only Sign out", async ({ page }) => {
  await signIn(page, "owner");
  // In the top bar and on the page that says what this account can do; nothing else to press.
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeVisible();
  await expect(page.getByText("This page is not part of your account")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Unit or name" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Building navigation" })).toHaveCount(0);
});

test("an amenity-only user is sent to amenity reservations", async ({ page }) => {
  await signIn(page, "amenity");
  await expect(page).toHaveURL(/\/\d+\/amenity-reservations$/);
});

test("a tenant, with no tenant site configured, is told where it is set and can sign out", async ({ page }) => {
  // The demo portfolio's tenant site is a placeholder under the reserved .example domain: none.
  await signIn(page, "tenant");
  await expect(page.getByRole("heading", { name: "Tenant site" })).toBeVisible();
  await expect(page.getByText(/Tenants use the tenant site, which is not configured here/)).toBeVisible();
  await expect(page.getByText("TENANT_SITE_URL")).toBeVisible();
  await page.screenshot({ path: "../test-results/tenant-site-not-configured.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 700 });
  await page.screenshot({ path: "../test-results/tenant-site-not-configured-mobile.png", fullPage: true });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("sign out ends the session", async ({ page }) => {
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out, the portal asks to sign in again; only then is the next navigation not cut short.
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/1/dashboard");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("the sign-in page refuses a wrong password with one generic message", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Username").fill("frontdesk");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid username or password.")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("frontdesk");
});

test("the shell has no serious or critical accessibility violations", async ({ page }) => {
  await signIn(page, "manager");
  await expect(page).toHaveURL(/\/\d+\/dashboard$/);
  await expect(page.getByRole("combobox", { name: "Unit or name" })).toBeVisible();
  // The widgets have loaded (their avatars and chips are checked too).
  await expect(page.getByRole("list", { name: "Active employees today" }).getByRole("listitem").first()).toBeVisible({
    timeout: 20_000,
  });
  expect(await axeSeriousViolations(page)).toEqual([]);
  await page.goto("/not-found");
  await expect(page.getByText("404 - Page not found.")).toBeVisible();
  expect(await axeSeriousViolations(page)).toEqual([]);
});

test("the mobile building picker lists buildings by address", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await page.getByRole("button", { name: "Choose building" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose building" });
  await expect(dialog).toBeVisible();
  await dialog.getByText(/245 Park Terrace/).click();
  await expect(page).toHaveURL(/\/2\/dashboard$/);
});

test("on a narrow desk screen the top buttons that do not fit go under 'More'; the bar keeps its brand and Sign out", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  const bar = page.getByRole("banner");
  const nav = bar.getByRole("navigation", { name: "Primary" });
  await expect(nav.getByRole("button", { name: "Food delivery" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Elevators" })).toHaveCount(0);
  for (const name of [/^Portico$/, /^Sign out$/]) {
    const box = (await bar.getByText(name).boundingBox())!;
    expect(box.width).toBeGreaterThan(20);
    expect(box.x + box.width).toBeLessThanOrEqual(1000);
  }
  await nav.getByRole("button", { name: "More" }).click();
  const menu = page.getByRole("menu", { name: "More" });
  await expect(menu.getByRole("menuitem", { name: "Elevators" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Keys" }).click();
  await expect(page.getByRole("dialog", { name: "Keys" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("top-bar-1000.png") });

  // Wide enough, every button is in the bar and there is no 'More'.
  await page.setViewportSize({ width: 1600, height: 800 });
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("button", { name: "Elevators" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "More" })).toHaveCount(0);
});
