import { expect as baseExpect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, openFromTopBar, PNG, signInTo, unique } from "./helpers.ts";

/**
 * Lockouts and contractors in the browser against the demo portfolio (building 1, 100 Riverside
 * Drive, has lockouts; unit 1203 is occupancy 91): a guest lockout recorded from the
 * navigation's drawer and deleted from the list with a reason; a contractor visit logged from
 * the drawer with a new company, a note added, and the contractor checked out.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

interface Type {
  id: number;
  name: string;
}

/** A registered guest of unit 1203 (the guest requester needs one). */
async function registerGuest(page: Page, name: string) {
  const data = await apiGet<{ results: Type[] }>(page, "/api/v1/instructions/instruction-types/?limit=100");
  const type = data.results.find((t) => t.name === "Registered guest");
  if (!type) throw new Error("no Registered guest type");
  await apiSend(page, "POST", "/api/v1/instructions/instructions/?building=1", {
    occupancy: 91,
    instruction_type: type.id,
    name,
    instruction_text: "Visiting for the week",
    start_date: "2020-01-01",
    expiration_date: "2030-12-31",
  });
}

async function chooseOption(page: Page, combobox: string | RegExp, option: string) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("record a guest lockout from the drawer, find it on the list, delete it with a reason", async ({ page }) => {
  const guest = unique("Guest ");
  await signInTo(page, "frontdesk", "/1/dashboard");
  await registerGuest(page, guest);

  await openFromTopBar(page, "Lockouts");
  const drawer = page.getByRole("dialog", { name: "Create lockout" });
  await expect(drawer).toBeVisible();
  await chooseOption(page, /^Unit/, "1203");
  await drawer.getByRole("radio", { name: "Guest" }).check();
  await drawer.getByRole("combobox", { name: /^Registered guest/ }).click();
  await page.getByRole("option", { name: new RegExp(`^${guest}`) }).click();
  await drawer.getByLabel("Upload photo").setInputFiles({ name: "door.png", mimeType: "image/png", buffer: PNG });
  await page.screenshot({ path: "/tmp/lc-lockout-drawer.png" });
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await drawer.getByRole("button", { name: "Create lockout" }).click();
  const created = page.getByText("Lockout created, click to View all lockouts");
  await expect(created).toBeVisible();
  await created.click();
  await expect(page).toHaveURL(/\/1\/lockouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lockouts" })).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: guest });
  await expect(row.getByRole("link", { name: guest })).toHaveAttribute("href", /\/1\/front-desk\/instructions\/\d+$/);
  await page.screenshot({ path: "/tmp/lc-lockouts-list.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");

  await row.getByRole("button", { name: /^Delete the lockout/ }).click();
  const del = page.getByRole("dialog", { name: "Delete lockout" });
  await del.getByRole("button", { name: "Delete" }).click();
  await expect(del.getByText("Please enter a reason.")).toBeVisible();
  await del.getByRole("textbox", { name: /^Reason/ }).fill("Entered by mistake");
  await del.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Lockout deleted!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: guest })).toHaveCount(0);
});

test("log a contractor visit with a new company, add a note, check the contractor out", async ({ page }) => {
  const company = unique("Roofing ");
  const contractor = unique("Ray ");
  await signInTo(page, "frontdesk", "/1/dashboard");

  await openFromTopBar(page, "Contractors");
  const drawer = page.getByRole("dialog", { name: "Log contractor visit" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Log visit" }).click();
  await expect(drawer.getByText("Please choose a contractor company or type a new one.")).toBeVisible();
  await drawer.getByRole("combobox", { name: /^Contractor company/ }).fill(company);
  await drawer
    .getByRole("textbox", { name: /^Contractor/ })
    .first()
    .fill(contractor);
  await chooseOption(page, /^Unit/, "1203");
  await drawer.getByRole("textbox", { name: "Note" }).fill("Roof hatch inspection");
  await drawer.getByLabel("Upload photo").setInputFiles({ name: "ray.png", mimeType: "image/png", buffer: PNG });
  await page.screenshot({ path: "/tmp/lc-contractor-drawer.png" });
  await drawer.getByRole("button", { name: "Log visit" }).click();
  await expect(page.getByText("Contractor visit logged")).toBeVisible();
  await drawer.getByRole("button", { name: "Close" }).click();

  // The dashboard's Contractors tab shows the visit under its company.
  await page.getByRole("tab", { name: "Contractors" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: company })).toBeVisible();
  await expect(panel.getByRole("listitem", { name: `${contractor} (${company})` })).toBeVisible();

  await page.goto("/1/contractors?in_building=true");
  const row = page.getByRole("row").filter({ hasText: contractor });
  await expect(row).toBeVisible();
  await page.screenshot({ path: "/tmp/lc-contractors-list.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");

  await row.getByRole("button", { name: /^Notes \(\d+\): / }).click();
  const notes = page.getByRole("dialog", { name: `Notes: ${contractor} (${company})` });
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByText("Please enter a note")).toBeVisible();
  await notes.getByRole("textbox", { name: "Note" }).fill("Left the ladder in the service corridor");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added")).toBeVisible();
  await expect(notes.getByText("Left the ladder in the service corridor")).toBeVisible();
  await notes.getByRole("button", { name: "Close" }).click();

  await row.getByRole("button", { name: `Check out ${contractor} (${company})` }).click();
  const confirm = page.getByRole("dialog", { name: "Check out" });
  await confirm.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByText("Contractor visit closed")).toBeVisible();
  // Checked out, the visit leaves the 'in building' list; on the full list it shows when it left.
  await page.goto("/1/contractors");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: contractor })
      .getByText(/^Exited \d/),
  ).toBeVisible();
});

test("the portfolio dashboard shows the contractors in every building, by company, with Check out", async ({
  page,
}) => {
  await signInTo(page, "office", "/admin/dashboard");
  const panel = page.getByRole("region", { name: "Contractors in the buildings" });
  await expect(panel).toBeVisible();
  const card = panel.getByRole("listitem").first();
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: /^Check out / })).toBeVisible();
  await page.screenshot({ path: "/tmp/lc-admin-dashboard.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");
});
