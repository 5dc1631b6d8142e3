import { expect as baseExpect, test } from "@playwright/test";
import { apiGet, signIn } from "./helpers.ts";

/**
 * The dashboard widgets of document 3 in the browser: a manager sees Action items, Upcoming
 * occupancies, Upcoming move outs and Active employees today at 100 Riverside Drive (building 1),
 * invites a move-out ('Invite sent') and invites all (then none is left: the spec's message).
 * The front desk at Park Terrace (building 2: no service elevator approvals for it) sees who
 * signed in today and no action item.
 */

const expect = baseExpect.configure({ timeout: 20_000 });

const NO_INVITES =
  "No invites may be sent at this time; either all occupancies are ready or all remaining occupancies have been invited within the last three days.";

interface MoveOuts {
  occupancies_expiring_with_reservations: { id: number }[];
  occupancies_expiring_without_reservations: { id: number; move_out_invite_sent_time: string | null }[];
}

test("a manager sees the widgets, invites one move-out and then all", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, "manager", "/1/dashboard");
  await expect(page).toHaveURL(/\/1\/dashboard$/);

  const items = page.getByRole("region", { name: "Action items" });
  await expect(items.getByRole("link", { name: /service elevator requests? to approve$/ })).toBeVisible();
  await expect(items.getByRole("link", { name: /amenity reservations? pending approval$/ })).toBeVisible();

  const occupancies = page.getByRole("region", { name: "Upcoming occupancies" });
  await expect(occupancies.getByRole("list", { name: "Upcoming occupancies" }).getByRole("link").first()).toBeVisible();

  const employees = page.getByRole("region", { name: "Active employees today" });
  await expect(employees.getByText("Marcus Reed")).toBeVisible();

  const moveOuts = page.getByRole("region", { name: "Upcoming move outs" });
  const notReady = moveOuts.getByRole("region", { name: "Not ready" });
  const ready = moveOuts.getByRole("region", { name: "Move-out reserved" });
  await expect(ready.getByRole("link").first()).toBeVisible();
  const data = await apiGet<MoveOuts>(page, "/api/v1/core/buildings/1/occupancies/upcoming_move_outs/");
  expect(data.occupancies_expiring_with_reservations.length).toBeGreaterThan(0);
  expect(data.occupancies_expiring_without_reservations.length).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath("dashboard-widgets-manager.png"), fullPage: true });

  // Invite one (a unit whose residents have no e-mail address is refused: try the next).
  const sentBefore = await notReady.getByText("Invite sent").count();
  const buttons = notReady.getByRole("button", { name: /^Invite unit / });
  let invited = false;
  for (let i = 0; i < (await buttons.count()) && !invited; i++) {
    await buttons.first().click();
    await expect
      .poll(
        async () =>
          (await notReady.getByText("Invite sent").count()) > sentBefore ||
          (await moveOuts.getByRole("alert").count()) > 0,
      )
      .toBe(true);
    invited = (await notReady.getByText("Invite sent").count()) > sentBefore;
    if (!invited) await moveOuts.getByRole("alert").getByRole("button", { name: "Close" }).click();
  }
  expect(invited).toBe(true);

  // Invite all: the eligible ones (if any), then none is left.
  const all = moveOuts.getByRole("button", { name: "Invite all" });
  await all.click();
  await expect(moveOuts.getByRole("alert")).toBeVisible();
  await expect(all).toBeEnabled();
  await all.click();
  await expect(moveOuts.getByRole("alert")).toContainText(
    /No invites may be sent at this time|invites? sent|no e-mail/,
  );
  const remaining = await apiGet<MoveOuts>(page, "/api/v1/core/buildings/1/occupancies/upcoming_move_outs/");
  const open = remaining.occupancies_expiring_without_reservations.filter((o) => !o.move_out_invite_sent_time);
  if (!open.length) await expect(moveOuts.getByRole("alert")).toHaveText(NO_INVITES);
  await page.getByTestId("dashboard-side").screenshot({ path: test.info().outputPath("dashboard-widgets-side.png") });
});

test("the front desk sees who signed in today and, without staff approvals, no action item", async ({ page }) => {
  await signIn(page, "frontdesk", "/2/dashboard");
  await expect(page).toHaveURL(/\/2\/dashboard$/);
  const employees = page.getByRole("region", { name: "Active employees today" });
  await expect(employees.getByText("Frank Delgado")).toBeVisible();
  await expect(employees.getByText("Front Desk Concierge").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Upcoming occupancies" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Action items" })).toHaveCount(0);
  await expect(page.getByText(/service elevator requests? to approve/)).toHaveCount(0);
  await page
    .getByTestId("dashboard-side")
    .screenshot({ path: test.info().outputPath("dashboard-widgets-frontdesk.png") });
});
