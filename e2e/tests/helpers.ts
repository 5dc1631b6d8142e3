import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Portico!demo1";

/** Signs in through the built-in provider's login page and waits for the portal. */
export async function signIn(page: Page, username: string, path = "/") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Building ids of the demo portfolio in address order (read from the API as the user). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
    const token = key ? JSON.parse(localStorage.getItem(key) as string).access_token : "";
    const r = await fetch(u, { headers: { authorization: `Bearer ${token}` } });
    return r.json();
  }, url) as Promise<T>;
}
