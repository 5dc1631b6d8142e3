import { expect, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

/**
 * Accounts without staff screens: a staff URL typed by a property owner, an amenity-only user or
 * a club admin shows what the account can do, never staff actions nor a raw "Forbidden".
 */
test("a property owner on a staff URL sees only Sign out and what the account can do", async ({ page }) => {
  await signIn(page, "owner", "/1/packages");
  await expect(page.getByRole("heading", { name: "This page is not part of your account" })).toBeVisible();
  await expect(page.getByText(/the only thing this account can do here is sign out/)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("button")).toHaveText(["Sign out"]);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("owner-staff-url.png"), fullPage: true });
});

test("a club admin on a staff URL is pointed to amenity reservations", async ({ page }) => {
  await signIn(page, "clubadmin", "/1/manage/unit-profiles");
  await expect(page.getByRole("heading", { name: "This page is not part of your account" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to amenity reservations" }).click();
  await expect(page).toHaveURL(/\/1\/amenity-reservations$/);
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
});

test("an amenity-only user typing a staff URL lands on amenity reservations", async ({ page }) => {
  await signIn(page, "amenity", "/1/packages/log");
  await expect(page).toHaveURL(/\/1\/amenity-reservations$/);
  await expect(page.getByRole("heading", { name: "Amenity reservations" })).toBeVisible();
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
});
