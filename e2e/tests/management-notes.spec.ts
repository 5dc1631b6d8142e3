import { expect as baseExpect, test } from "@playwright/test";
import { apiGet, otherUser, signInAs, unique } from "./helpers.ts";

/**
 * Notes from management, live: a manager adds a note requiring acknowledgement while a front-desk
 * user sits on the dashboard (another browser context); it pops up for them without reloading,
 * they acknowledge it, and the manager sees the acknowledgement. Building 1.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

const TITLE = "Notes from management";

test("a manager's note pops up live for the front desk, who acknowledges; the manager sees it", async ({
  page,
  browser,
}) => {
  // The front desk on the dashboard with its live stream open; the demo note waiting for their
  // acknowledgement pops up first and is left for later.
  const live = page.waitForResponse((r) => r.url().includes("/api/v1/live/?building=1") && r.status() === 200);
  await signInAs(page, "frontdesk", { managementNotes: true });
  await expect(page).toHaveURL(/\/1\/dashboard$/);
  await live;
  const desk = await apiGet<{ first_name: string; last_name: string }>(page, "/api/v1/me/");
  const popup = page.getByRole("dialog", { name: new RegExp(TITLE) });
  const pending = await apiGet<{ unacknowledged_ids: number[] }>(
    page,
    "/api/v1/core/buildings/1/management-notes/get_unacknowledged/",
  );
  for (let i = 0; i < pending.unacknowledged_ids.length; i++) {
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close and read later" }).click();
  }
  await expect(popup).toBeHidden();

  // The manager adds a note requiring acknowledgement.
  const manager = await otherUser(browser, "manager");
  await manager.goto("/1/dashboard");
  const notes = manager.getByRole("region", { name: TITLE });
  await notes.getByRole("button", { name: "Add note" }).click();
  const form = manager.getByRole("form", { name: "Add note" });
  const body = unique("Please read the new fire drill procedure ");
  await form.getByRole("textbox", { name: /Note/ }).fill(body);
  await form.getByRole("checkbox", { name: "Require acknowledgement" }).check();
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(manager.getByText("Note added")).toBeVisible();
  const card = notes.getByRole("listitem").filter({ hasText: body });
  await expect(card.getByText("Requires acknowledgement")).toBeVisible();

  // The front desk gets it without reloading and acknowledges.
  await expect(popup).toBeVisible();
  await expect(popup.getByText(body)).toBeVisible();
  await page.screenshot({ path: "/tmp/management-notes-popup.png" });
  await popup.getByRole("button", { name: "Acknowledge" }).click();
  await expect(popup).toBeHidden();
  const deskCard = page.getByRole("region", { name: TITLE }).getByRole("listitem").filter({ hasText: body });
  await expect(deskCard.getByText("Acknowledged", { exact: true })).toBeVisible();

  // The manager sees who acknowledged.
  await card.getByRole("button", { name: "Acknowledgements" }).click();
  const acks = manager.getByRole("dialog", { name: "Acknowledgements" });
  await expect(acks.getByText(`${desk.first_name} ${desk.last_name}`)).toBeVisible();
  await manager.screenshot({ path: "/tmp/management-notes-acknowledgements.png" });
  await acks.getByRole("button", { name: "Close" }).click();

  // Expired after confirming, it leaves both dashboards.
  await card.getByRole("button", { name: "Expire" }).click();
  const confirm = manager.getByRole("dialog", { name: "Expire this note?" });
  await confirm.getByRole("button", { name: "Expire" }).click();
  await expect(card).toHaveCount(0);
  await expect(deskCard).toHaveCount(0);
});
