import { expect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, signInAs, unique } from "./helpers.ts";

/**
 * The unit profile page (/{b}/manage/unit-profiles/{occupancyId}) against the demo portfolio.
 * Building 1 (100 Riverside Drive) has internal office notes and ID cards enabled.
 * Occupancy 91 = unit 1203 (current, the tenant account lives there), 15 = 305 (lease expired
 * but active), 63 = 808 (do not disturb), 116 = 1504 (a move-out date).
 */

/** A text no earlier run wrote, its stamp a word of its own. */
const uniqueWords = (prefix: string) => unique(`${prefix} `);
const profile = (occupancyId: number, building = 1) => `/${building}/manage/unit-profiles/${occupancyId}`;

/** A 2×2 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

interface Occupancy {
  id: number;
  building_id: number;
  apartment_number: string;
  flag: { id: number } | null;
  tracking: { id: number } | null;
}
interface UnitRow {
  id: number | null;
  apartment_number: string;
  is_active: boolean;
  status: string | null;
  move_out_date: string | null;
}
interface Page_<T> {
  results: T[];
}

async function openProfile(page: Page, occupancyId: number, unit: string, building = 1) {
  await page.goto(profile(occupancyId, building));
  await expect(page.getByRole("heading", { level: 1, name: `Unit ${unit}` })).toBeVisible({ timeout: 30_000 });
}

async function removeFlagViaApi(page: Page, occupancyId: number) {
  const o = await apiGet<Occupancy>(page, `/api/v1/core/occupancies/${occupancyId}/`);
  if (o.flag) await apiSend(page, "DELETE", `/api/v1/core/occupancy-flags/${o.flag.id}/`);
}

test("the profile shows residents, lease information and the alerts of each unit", async ({ page }) => {
  await signInAs(page, "frontdesk");
  await openProfile(page, 91, "1203");
  await expect(page.getByRole("heading", { name: "Residents", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lease information" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent shift log notes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Adjacent units" }).getByRole("link")).toHaveCount(2);
  // Dates as MM/DD/YYYY.
  await expect(page.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  // Front desk does not see resident e-mails.
  await expect(page.getByText(/@example\./)).toHaveCount(0);

  await openProfile(page, 15, "305");
  await expect(page.getByTestId("alert-lease-expired")).toContainText("Lease expired but active occupants");
  await openProfile(page, 63, "808");
  await expect(page.getByTestId("alert-do-not-disturb")).toContainText("Do not disturb");
  await openProfile(page, 116, "1504");
  await expect(page.getByTestId("alert-vacated")).toContainText(/All tenants vacat/);
  await expect(page.getByRole("button", { name: "Move out" })).toHaveCount(0);

  // Previous / next occupied unit.
  await page
    .getByRole("navigation", { name: "Adjacent units" })
    .getByRole("link", { name: /^Next unit/ })
    .click();
  await expect(page).toHaveURL(/\/1\/manage\/unit-profiles\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Unit (?!1504)/ })).toBeVisible();
});

test("actions follow the role: front desk gets move out, history and photos only", async ({ page, browser }) => {
  await signInAs(page, "frontdesk");
  await openProfile(page, 91, "1203");
  const actions = page.getByRole("group", { name: "Unit actions" });
  await expect(actions.getByRole("button", { name: "View history" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Move out" })).toBeVisible();
  for (const name of ["Flag", "Subscriptions", /Internal office notes/, "Edit unit profile", "Delete"])
    await expect(page.getByRole("button", { name, exact: typeof name === "string" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add resident" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Impersonate/ })).toHaveCount(0);
  // No resident edits (the instructions panel's Edit links follow the instruction setting).
  await expect(page.getByTestId("profile-left").getByRole("link", { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Retake photo of/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "main");

  await actions.getByRole("button", { name: "View history" }).click();
  const history = page.getByRole("dialog", { name: "History of unit 1203" });
  await expect(history).toBeVisible();
  await history.getByRole("button", { name: "Close" }).click();
  await expect(history).toBeHidden();

  const manager = await otherUser(browser, "manager");
  await openProfile(manager, 91, "1203");
  const mgActions = manager.getByRole("group", { name: "Unit actions" });
  for (const name of ["Flag", "Subscriptions", "Move out", "View history"])
    await expect(mgActions.getByRole("button", { name, exact: true })).toBeVisible();
  await expect(mgActions.getByRole("button", { name: /^Internal office notes/ })).toBeVisible();
  await expect(mgActions.getByRole("link", { name: "Edit unit profile" })).toHaveAttribute(
    "href",
    "/1/manage/unit-profiles/edit/91",
  );
  await expect(mgActions.getByRole("link", { name: "Delete" })).toHaveAttribute(
    "href",
    "/1/manage/unit-profiles/delete/91",
  );
  await expect(manager.getByRole("link", { name: "Add resident" })).toHaveAttribute(
    "href",
    "/1/manage/occupant/create?occupancy_id=91",
  );
  await expect(
    manager
      .getByTestId("resident-card")
      .first()
      .getByRole("link", { name: /^Edit / }),
  ).toHaveAttribute("href", /\/1\/manage\/occupant\/edit\/\d+$/);
  await expect(manager.getByRole("button", { name: /^Impersonate / }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(manager, "main");
  await manager.context().close();
});

test("a managers-only flag is hidden from front desk, an all-staff flag is not", async ({ page, browser }) => {
  await signInAs(page, "manager");
  await removeFlagViaApi(page, 63);
  await openProfile(page, 63, "808");

  const secret = uniqueWords("Owner dispute");
  await page.getByRole("button", { name: "Flag", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Flag unit 808" });
  await expect(dialog).toBeVisible();
  // Required comment.
  await dialog.getByRole("button", { name: "Flag unit" }).click();
  await expect(dialog.getByText("This field is required.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Comment" }).fill(secret);
  await dialog.getByRole("checkbox", { name: "Managers only" }).check();
  await expectNoSeriousA11yViolations(page, "[role='dialog']");
  await dialog.getByRole("button", { name: "Flag unit" }).click();
  await expect(dialog).toBeHidden();
  const flag = page.getByTestId("profile-flag");
  await expect(flag).toContainText(secret);
  await expect(flag).toContainText("Managers only");
  await expect(page.getByRole("button", { name: "Remove flag" })).toBeVisible();

  const desk = await otherUser(browser, "frontdesk");
  await openProfile(desk, 63, "808");
  await expect(desk.getByTestId("alert-do-not-disturb")).toBeVisible();
  await expect(desk.getByTestId("profile-flag")).toHaveCount(0);
  await expect(desk.getByText(secret)).toHaveCount(0);

  // Remove it and flag for all staff.
  await page.getByRole("button", { name: "Remove flag" }).click();
  const remove = page.getByRole("dialog", { name: "Remove flag from unit 808" });
  await expect(remove).toContainText(secret);
  await remove.getByRole("button", { name: "Remove flag" }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByTestId("profile-flag")).toHaveCount(0);

  const open = uniqueWords("Water shut-off pending");
  await page.getByRole("button", { name: "Flag", exact: true }).click();
  const again = page.getByRole("dialog", { name: "Flag unit 808" });
  await again.getByRole("textbox", { name: "Comment" }).fill(open);
  // Meanwhile someone else flags the unit: the server's refusal shows under the form.
  await apiSend(page, "POST", "/api/v1/core/occupancies/63/flag/", {
    comment: "Set elsewhere",
    is_manager_only: false,
  });
  await again.getByRole("button", { name: "Flag unit" }).click();
  await expect(again.getByTestId("flag-form-error")).toHaveText("This unit already has a flag.");
  await again.getByRole("button", { name: "Cancel" }).click();
  await removeFlagViaApi(page, 63);
  await page.reload();
  await page.getByRole("button", { name: "Flag", exact: true }).click();
  // What was typed is still there.
  await expect(again.getByRole("textbox", { name: "Comment" })).toHaveValue(open);
  await again.getByRole("button", { name: "Flag unit" }).click();
  await expect(page.getByTestId("profile-flag")).toContainText(open);

  await desk.reload();
  await expect(desk.getByTestId("profile-flag")).toContainText(open);
  await expect(desk.getByTestId("profile-flag")).not.toContainText("Managers only");
  await desk.context().close();
  await removeFlagViaApi(page, 63);
});

test("add an internal office note with a link, see it listed, edit it", async ({ page }) => {
  await signInAs(page, "manager");
  await openProfile(page, 91, "1203");
  const before = await apiGet<{ count: number }>(page, "/api/v1/core/occupancies/91/notes/count/");
  const notesButton = page.getByRole("button", { name: /^Internal office notes/ });
  const notesName = (n: number) => `Internal office notes ${n} ${n === 1 ? "note" : "notes"}`;
  await expect(notesButton).toHaveAccessibleName(notesName(before.count));
  await notesButton.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAccessibleName("Internal office notes · Unit 1203");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Add note" }).click();
  await expect(dialog.getByRole("heading", { name: "Add internal note" })).toBeVisible();

  const text = uniqueWords("Renewal offer sent");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog.getByText("This field is required.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Note" }).fill(text);
  await dialog.getByRole("button", { name: "Add link" }).click();
  const link = dialog.getByRole("group", { name: "Link 1" });
  await link.getByRole("textbox", { name: "Link text" }).fill("Renewal letter");
  await link.getByRole("textbox", { name: "URL" }).fill("docs.example.com/renewal");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(link.getByText("URL must start with http:// or https://")).toBeVisible();
  await link.getByRole("textbox", { name: "URL" }).fill("https://docs.example.com/renewal");
  await expectNoSeriousA11yViolations(page, "[role='dialog']");
  await dialog.getByRole("button", { name: "Save note" }).click();

  const list = dialog.getByRole("list", { name: "Internal office notes" });
  const item = list.getByRole("listitem").filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item.getByRole("link", { name: "Renewal letter" })).toHaveAttribute(
    "href",
    "https://docs.example.com/renewal",
  );
  await expect(item.getByText("Edited")).toHaveCount(0);

  // Edit (only the note is sent); more than a second later it is marked Edited.
  await page.waitForTimeout(1200);
  await item.getByRole("button", { name: /^Edit note from/ }).click();
  await expect(dialog.getByRole("heading", { name: "Edit internal note" })).toBeVisible();
  const patch = page.waitForRequest((r) => r.method() === "PATCH" && /\/notes\/\d+\/$/.test(r.url()));
  await dialog.getByRole("textbox", { name: "Note" }).fill(`${text} (signed)`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  expect((await patch).postDataJSON()).toEqual({ note: `${text} (signed)` });
  const edited = list.getByRole("listitem").filter({ hasText: `${text} (signed)` });
  await expect(edited.getByText("Edited")).toBeVisible();

  await edited.getByRole("button", { name: /^History of note from/ }).click();
  const events = dialog.getByRole("list", { name: "Note history" }).getByTestId("history-event");
  await expect(events).toHaveCount(2);
  await expect(events.first()).toContainText("Updated");
  await expect(events.first()).toContainText(`${text} (signed)`);
  await dialog.getByRole("button", { name: "Back to notes" }).click();
  await expect(list).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // The count badge follows.
  await expect(notesButton).toHaveAccessibleName(notesName(before.count + 1));
});

test("move out as front desk sets today's date and shows the vacated alert", async ({ page }) => {
  await signInAs(page, "frontdesk");
  const rows = await apiGet<Page_<UnitRow>>(page, "/api/v1/core/buildings/1/unit-profiles/?limit=500");
  const fixed = new Set([91, 15, 63, 116]);
  const unit = rows.results
    .filter((r) => r.id !== null && !fixed.has(r.id) && r.is_active && r.status === "CURRENT" && !r.move_out_date)
    .at(-1);
  if (!unit || unit.id === null) throw new Error("no current unit without a move-out date");

  await openProfile(page, unit.id, unit.apartment_number);
  await expect(page.getByTestId("alert-vacated")).toHaveCount(0);
  await page.getByRole("button", { name: "Move out" }).click();
  const confirm = page.getByRole("dialog", { name: `Move out unit ${unit.apartment_number}?` });
  await expect(confirm).toContainText("sets the move-out date to today");
  await confirm.getByRole("button", { name: "Move out" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/^Moved out: the move-out date is now \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(page.getByTestId("alert-vacated")).toContainText("All tenants vacated");
  await expect(page.getByRole("button", { name: "Move out" })).toHaveCount(0);
  // The profile stays active.
  await expect(page.getByTestId("occupancy-status")).toHaveText("Current");
  await expect(page.getByRole("list", { name: "Activity" })).toContainText("Moved out");
});

test("subscriptions are saved and stay after a reload", async ({ page }) => {
  await signInAs(page, "manager");
  await openProfile(page, 91, "1203");
  const open = async () => {
    await page.getByRole("button", { name: "Subscriptions" }).click();
    const dialog = page.getByRole("dialog", { name: "Subscriptions for unit 1203" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await open();
  for (const name of ["Instructions", "Maintenance requests", "Packages", "Service elevators", "Shift log notes"])
    await expect(dialog.getByRole("switch", { name })).toBeVisible();
  const packages = dialog.getByRole("switch", { name: "Packages" });
  const start = await packages.isChecked();
  await packages.setChecked(!start);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Subscriptions saved", { exact: true })).toBeVisible();

  await page.reload();
  dialog = await open();
  await expect(dialog.getByRole("switch", { name: "Packages" })).toBeChecked({ checked: !start });
  // Change it back (the saved subscription is now patched).
  await dialog.getByRole("switch", { name: "Packages" }).setChecked(start);
  await dialog.getByRole("switch", { name: "Shift log notes" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  dialog = await open();
  await expect(dialog.getByRole("switch", { name: "Packages" })).toBeChecked({ checked: start });
  await expect(dialog.getByRole("switch", { name: "Shift log notes" })).toBeChecked();
});

test("retake a resident's photo by uploading a small PNG", async ({ page }) => {
  await signInAs(page, "frontdesk");
  await openProfile(page, 91, "1203");
  const retake = page.getByRole("button", { name: /^Retake photo of / }).first();
  const label = (await retake.getAttribute("aria-label")) ?? "";
  const name = label.replace(/^Retake photo of /, "");
  await retake.click();
  const dialog = page.getByRole("dialog", { name: `Retake photo of ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save photo" })).toBeDisabled();
  await dialog.getByLabel("Upload photo").setInputFiles({ name: "resident.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByRole("img", { name: "Photo preview" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save photo" }).click();
  await expect(dialog).toBeHidden();
  const photo = page.getByRole("img", { name: `Photo of ${name}` });
  await expect(photo).toHaveAttribute("src", /\/api\/v1\/files\/[^/]+\/.+/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("managers send a welcome email and replace an ID card", async ({ page }) => {
  await signInAs(page, "manager");
  await openProfile(page, 91, "1203");
  const menuButton = page.getByRole("button", { name: /^More actions for / }).first();
  await menuButton.click();
  await page.getByRole("menuitem", { name: "Send Welcome Email" }).click();
  const welcome = page.getByRole("dialog", { name: "Send Welcome Email?" });
  await welcome.getByRole("button", { name: "Send email" }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByText("Welcome email sent", { exact: true })).toBeVisible();

  await menuButton.click();
  await page.getByRole("menuitem", { name: "Replace ID card" }).click();
  const card = page.getByRole("dialog", { name: "Replace ID card?" });
  await card.getByRole("button", { name: "Replace ID card" }).click();
  await expect(card).toBeHidden();
  await expect(page.getByText("ID Card successfully replaced", { exact: true })).toBeVisible();
});

test("an unknown profile is not found; another building's profile redirects there", async ({ page }) => {
  await signInAs(page, "manager");
  await page.goto(profile(987654));
  await expect(page.getByText("404 - Page not found.")).toBeVisible();

  const rows = await apiGet<Page_<UnitRow>>(page, "/api/v1/core/buildings/2/unit-profiles/?limit=5");
  const other = rows.results.find((r) => r.id !== null);
  if (!other || other.id === null) throw new Error("no unit in building 2");
  await page.goto(profile(other.id, 1));
  await expect(page).toHaveURL(new RegExp(`/2/manage/unit-profiles/${other.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Unit ${other.apartment_number}` })).toBeVisible();
});

test("on a phone the columns stack and secondary actions move into a menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, "manager");
  await openProfile(page, 63, "808");
  const left = await page.getByTestId("profile-left").boundingBox();
  const right = await page.getByTestId("profile-right").boundingBox();
  expect(left && right && right.y >= left.y + left.height - 1).toBe(true);
  await page.getByRole("group", { name: "Unit actions" }).getByRole("button", { name: "More" }).click();
  await expect(page.getByRole("menuitem", { name: "Subscriptions" })).toBeVisible();
  await page.keyboard.press("Escape");
  // Impersonation is a menu item on small screens.
  await expect(page.getByRole("button", { name: /^Impersonate / })).toHaveCount(0);
  await page
    .getByRole("button", { name: /^More actions for / })
    .first()
    .click();
  await expect(page.getByRole("menuitem", { name: "Impersonate" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoSeriousA11yViolations(page, "main");
});
