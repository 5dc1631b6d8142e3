import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAs } from "./helpers.ts";

/**
 * Bad input gets its message where it belongs: a reversed date range in the shift log search
 * (under 'To', nothing searched) and an over-long note (the length message under the body,
 * the text kept).
 */

/** Where screenshots go when SHOTS_DIR is set (to look at the screens at 1440 and 390 px). */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Types a date (MM/DD/YYYY) into a date picker field. */
async function typeDate(scope: Locator, label: string, mmddyyyy: string) {
  const group = scope.getByRole("group", { name: label });
  await group.getByRole("spinbutton").first().click();
  await scope.page().keyboard.type(mmddyyyy.replace(/\D/g, ""));
}

const END_BEFORE_START = "The end date must be on or after the start date.";

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("a reversed date range in the shift log search is refused under 'To'", async ({ page }) => {
      await signInAs(page, "frontdesk");
      await page.goto("/1/dashboard/shift-logs-search");
      await expect(page).toHaveURL(/offset=0/);
      const filters = page.getByRole("search", { name: "Shift log filters" });
      await typeDate(filters, "From", "03/10/2026");
      await typeDate(filters, "To", "03/01/2026");
      const message = filters.getByText(END_BEFORE_START);
      await expect(message).toBeVisible();
      // Under 'To' (its helper text), not somewhere else on the page.
      const to = filters.getByRole("group", { name: "To" });
      const [toBox, msgBox] = [await to.boundingBox(), await message.boundingBox()];
      expect(msgBox!.y).toBeGreaterThan(toBox!.y);
      expect(Math.abs(msgBox!.x - toBox!.x)).toBeLessThan(40);
      await expect(filters.getByRole("button", { name: "Search" })).toBeDisabled();
      await shot(page, `shift-log-search-reversed-${width}`);

      // A reversed range in the URL is not searched either, and the server refuses it too.
      let listed = false;
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/shift-logs/notes/")) listed = true;
      });
      await page.goto(
        "/1/dashboard/shift-logs-search?offset=0&limit=30&min_date_created=2026-03-10&max_date_created=2026-03-01",
      );
      await expect(page.getByText(END_BEFORE_START)).toBeVisible();
      await expect(page.getByText("Correct the dates above to search.")).toBeVisible();
      expect(listed).toBe(false);
      const status = await page.evaluate(async () => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
        const token = key ? JSON.parse(localStorage.getItem(key) as string).access_token : "";
        const r = await fetch(
          "/api/v1/shift-logs/notes/?building=1&min_date_created=2026-03-10&max_date_created=2026-03-01",
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        return { status: r.status, body: await r.json() };
      });
      expect(status).toEqual({ status: 400, body: { max_date_created: [END_BEFORE_START] } });
    });

    test("an over-long note shows the length message under the body and keeps the text", async ({ page }) => {
      await signInAs(page, "frontdesk");
      await page.goto("/1/dashboard");
      const drawer = page.getByRole("dialog", { name: "Shift log" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Narrow screens keep the top buttons in the navigation drawer.
      if (width < 991) await page.getByRole("button", { name: "Open navigation" }).click();
      await page.getByRole("button", { name: "Shift log", exact: true }).click();
      const body = drawer.getByRole("textbox", { name: "Note" });
      const long = "Water in the lobby again. ".repeat(240).trim();
      expect(long.length).toBeGreaterThan(5000);
      await body.fill(long);
      await expect(drawer.getByText("Ensure this field has no more than 5000 characters.")).toBeVisible();
      await expect(body).toHaveAttribute("aria-invalid", "true");
      await expect(drawer.getByText(`${long.length.toLocaleString("en-US")} / 5,000`)).toBeVisible();
      await expect(drawer.getByRole("button", { name: "Add note" })).toBeDisabled();
      await expect(body).toHaveValue(long);
      await shot(page, `note-too-long-${width}`);
      // Trimmed under the limit, the message goes.
      await body.fill(long.slice(0, 5000));
      await expect(drawer.getByText("Ensure this field has no more than 5000 characters.")).toBeHidden();
    });
  });
}
