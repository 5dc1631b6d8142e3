import { createRequire } from "node:module";
import { expect, type Browser, type Page } from "@playwright/test";

export const PASSWORD = "Portico!demo1";

/** The smallest valid PNG (1×1, transparent), for photo uploads. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** How long signing in may take to reach the portal (the first sign-in starts the server's caches). */
const SIGNED_IN_WITHIN = { timeout: 30_000 };

export interface SignInOptions {
  /**
   * Let the notes from management ask the user to acknowledge them (their own spec). Otherwise
   * the browser context is told nothing is left to acknowledge, so the demo note that waits for
   * everyone's acknowledgement never covers the dashboard of the other suites.
   */
  managementNotes?: boolean;
}

const UNACKNOWLEDGED_NOTES = "**/api/v1/core/buildings/*/management-notes/get_unacknowledged/";

/** Signs in through the built-in provider's login page and waits for the portal. */
export async function signIn(page: Page, username: string, path = "/", opts: SignInOptions = {}) {
  if (!opts.managementNotes)
    await page.context().route(UNACKNOWLEDGED_NOTES, (route) => route.fulfill({ json: { unacknowledged_ids: [] } }));
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in and waits for the dashboard the portal lands on. */
export async function signInAs(page: Page, username: string, opts: SignInOptions = {}) {
  await signIn(page, username, "/", opts);
  await expect(page).toHaveURL(/\/\d+\/dashboard/, SIGNED_IN_WITHIN);
}

/** Signs in, then opens `path` and waits for its heading. */
export async function signInTo(page: Page, username: string, path: string) {
  await signInAs(page, username);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible(SIGNED_IN_WITHIN);
}

/** A second user: a page of its own browser context, signed in. */
export async function otherUser(browser: Browser, username: string, opts: SignInOptions = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, username, opts);
  return page;
}

/** A text no earlier run wrote: `prefix` and a stamp. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** GET of an API URL as the signed-in user (the token the portal keeps). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
    const token = key ? JSON.parse(localStorage.getItem(key) as string).access_token : "";
    const r = await fetch(u, { headers: { authorization: `Bearer ${token}` } });
    return r.json();
  }, url) as Promise<T>;
}

/** A write to an API URL as the signed-in user; its JSON answer (null for 204), an Error unless 2xx. */
export async function apiSend<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
      const token = key ? JSON.parse(localStorage.getItem(key) as string).access_token : "";
      const r = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
      return r.status === 204 ? null : r.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** No serious or critical accessibility finding (axe) on the page, or in the part `include` selects. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, include);
  expect(violations).toEqual([]);
}

/**
 * Opens a top-bar item (a drawer or a page) the way a user would: its button when the bar
 * shows it, else from the bar's 'More' menu (narrow windows keep only what fits).
 */
export async function openFromTopBar(page: Page, name: string) {
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Primary" });
  await nav.waitFor();
  const direct = nav.getByRole("button", { name, exact: true });
  if ((await direct.count()) > 0) return direct.click();
  await nav.getByRole("button", { name: "More" }).click();
  await page.getByRole("menu", { name: "More" }).getByRole("menuitem", { name, exact: true }).click();
}
