import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signIn } from "./helpers.ts";

// The portal's Content-Security-Policy is enforced here (the other specs bypass it to inject axe).
test.use({ bypassCSP: false });

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Records every Content-Security-Policy violation and failed request of the page. */
function watch(page: Page) {
  const violations: string[] = [];
  const missing: string[] = [];
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  return { violations, missing };
}

test("the built app runs under its Content-Security-Policy without a violation", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const seen = watch(page);
  const first = await page.request.get("/");
  expect(first.headers()["content-security-policy"]).toContain("script-src 'self';");
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");

  await signIn(page, "frontdesk");
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Riverside/);
  // MUI and the data grid inject their styles at run time.
  await page.goto("/1/packages");
  await expect(page.getByRole("heading", { name: "Packages" })).toBeVisible();
  await page.goto("/1/dashboard/shift-logs-search");
  await expect(page.getByRole("grid").first()).toBeVisible();

  expect(seen.violations).toEqual([]);
  expect(seen.missing.filter((u) => u.includes("favicon"))).toEqual([]);
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("signing in from 127.0.0.1 ends signed in at PUBLIC_URL", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/1/dashboard`);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(new URL(page.url()).host).toBe(`localhost:${PORT}`);
  await page.getByLabel("Username").fill("frontdesk");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`http://localhost:${PORT}/1/dashboard`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Riverside/);
  await expect(page.getByText(/redirect_uri did not match/)).toHaveCount(0);
});
