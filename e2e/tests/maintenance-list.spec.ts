import fs from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, signInTo, unique } from "./helpers.ts";

/**
 * The maintenance request list in the browser against the demo portfolio (building 1): two
 * requests filed through the API are found by a search kept in the URL, narrowed by High
 * priority, printed (the print table), bulk printed (select mode) and exported to Excel.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

interface Named {
  id: number;
  name: string;
  is_active: boolean;
}
interface Apartment {
  id: number;
  apartment_number: string;
  current_occupancy_id: number | null;
}

const pageOrList = <T>(data: T[] | { results: T[] }) => (Array.isArray(data) ? data : data.results);

/** An active request type (one is added when the demo has none). */
async function requestType(page: Page): Promise<number> {
  const types = pageOrList(
    await apiGet<Named[] | { results: Named[] }>(page, "/api/v1/maintenance-requests/maintenance-request-types/"),
  );
  const active = types.find((t) => t.is_active);
  if (active) return active.id;
  const made = await apiSend<Named>(page, "POST", "/api/v1/maintenance-requests/maintenance-request-types/", {
    name: unique("Plumbing "),
    category: "Plumbing",
    display_order: 1,
    access_permissions: "STAFF_ONLY",
  });
  return made.id;
}

async function unit(page: Page, number: string): Promise<Apartment> {
  const list = await apiGet<Apartment[]>(page, "/api/v1/core/buildings/1/apartments/dropdown/");
  const apt = list.find((a) => a.apartment_number === number);
  if (!apt) throw new Error(`no unit ${number}`);
  return apt;
}

test("search in the URL, high priority, print, bulk print and export to Excel", async ({ page }) => {
  const word = unique("Quokka");
  await signInTo(page, "office", "/1/dashboard");
  const type = await requestType(page);
  const apt = await unit(page, "1203");
  const file = (description: string, is_high_priority: boolean) =>
    apiSend<{ id: number }>(page, "POST", "/api/v1/maintenance-requests/maintenance-requests/?building=1", {
      apartment_id: apt.id,
      occupancy_id: apt.current_occupancy_id,
      maintenance_request_type_id: type,
      description,
      is_high_priority,
      is_permission_to_enter: true,
      permission_to_enter_comments: "Key at the desk",
    });
  const first = await file(`${word} kitchen sink leaks`, true);
  const second = await file(`${word} hall light flickers`, false);
  await apiSend(
    page,
    "POST",
    `/api/v1/maintenance-requests/maintenance-requests/${second.id}/update_status/?building=1`,
    {
      status: "ON_HOLD",
      date_on_hold_until: "2030-01-15",
      comment: { comment: "Waiting for the bulb", is_private: false },
    },
  );

  // The list: the search goes into the URL and survives a reload.
  await page.goto("/1/maintenance/requests/list");
  await expect(page.getByRole("heading", { level: 1, name: "Maintenance requests" })).toBeVisible();
  const filters = page.getByRole("search", { name: "Maintenance request filters" });
  await filters.getByRole("textbox", { name: "Search" }).fill(word);
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  const status = page.getByRole("status").filter({ hasText: /requests?$/ });
  await expect(status).toHaveText("2 requests");
  await expect(page.getByText("On Hold until 01/15/2030")).toBeVisible();
  await page.reload();
  await expect(status).toHaveText("2 requests");

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/tmp/mr-list-desktop.png", fullPage: true });

  // High priority only.
  await filters.getByRole("checkbox", { name: "High priority only" }).check();
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/is_high_priority=true/);
  await expect(status).toHaveText("1 request");
  await filters.getByRole("checkbox", { name: "High priority only" }).uncheck();
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(status).toHaveText("2 requests");

  // Export to Excel: the list's query, as an xlsx.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export to Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("maintenance-requests.xlsx");
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  // Print: the same filters, the print table.
  await page.getByRole("link", { name: "Print", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/1/maintenance/requests/print\\?.*search=${word}`));
  const table = page.getByRole("table", { name: "Maintenance requests" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByText(`${word} kitchen sink leaks`)).toBeVisible();
  await page.screenshot({ path: "/tmp/mr-print.png", fullPage: true });
  await page.goBack();

  // Bulk print: nothing chosen says so; select all prints both.
  await page.getByRole("button", { name: "Bulk print" }).click();
  await page.getByRole("button", { name: "Bulk Print (0)" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please select at least one request");
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await page.getByRole("button", { name: "Bulk Print (2)" }).click();
  await expect(page).toHaveURL(/\/1\/maintenance\/requests\/bulk-print\?ids=/);
  expect(new URL(page.url()).searchParams.get("ids")!.split(",").map(Number).sort()).toEqual(
    [first.id, second.id].sort(),
  );
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: `Request #${first.id} – Unit 1203` })).toBeVisible();
  await page.screenshot({ path: "/tmp/mr-bulk-print.png", fullPage: true });

  // Phones: one card a row.
  await page.goto(`/1/maintenance/requests/list?search=${word}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(status).toHaveText("2 requests");
  await page.screenshot({ path: "/tmp/mr-list-phone.png", fullPage: true });
});
