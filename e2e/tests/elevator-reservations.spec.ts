import { expect as baseExpect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, signInTo, unique } from "./helpers.ts";

/**
 * Service elevator reservations in the browser against the demo portfolio (building 1, 100
 * Riverside Drive, has reservations and lets the front desk approve): Office adds a reservation
 * type for building 1; the front desk books two requests with it on one day; with
 * is_staff_can_approve off the front desk sees the status only; the manager approves one of them
 * with 'Approve selected' and denies the other with a reason.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

interface Reservation {
  id: number;
  status: string;
}
type Page_<T> = { results: T[] };

/** A day in a far month that no demo reservation uses (a fresh database each run). */
const DAY = `2028-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
const listOfDay = (b: number) => `/${b}/reservations/list?min_start_date=${DAY}&max_start_date=${DAY}`;

async function chooseOption(page: Page, combobox: RegExp, option: string | RegExp) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option }).first().click();
}

test("a type, two requests, the front desk without approval rights, approve selected and deny with a reason", async ({
  page,
  browser,
}) => {
  const typeName = unique("Piano ");

  // Office adds the type on the admin page.
  const office = await otherUser(browser, "office");
  await office.goto("/admin/settings/reservation-types/create");
  const typeForm = office.getByRole("form", { name: "Reservation type" });
  await typeForm.getByRole("button", { name: "Save" }).click();
  await expect(typeForm.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(typeForm.getByText("Please select one or more buildings")).toBeVisible();
  await typeForm.getByRole("textbox", { name: /^Name/ }).fill(typeName);
  await typeForm.getByRole("textbox", { name: /^Short name/ }).fill("PN");
  await typeForm.getByRole("textbox", { name: /^Display order/ }).fill("5");
  await chooseOption(office, /^Buildings/, "The Riverside");
  await office.keyboard.press("Escape");
  await typeForm.getByRole("textbox", { name: /^Instructions/ }).fill("Book two movers.");
  await typeForm.getByRole("button", { name: "Save" }).click();
  await expect(office).toHaveURL(/\/admin\/settings\/reservation-types$/);
  await expect(office.getByRole("row", { name: new RegExp(typeName) })).toBeVisible();

  // The front desk books a request on the form (the type's instructions show; the resident sets the unit).
  await signInTo(page, "frontdesk", `/1/reservations/create?date=${DAY}`);
  await expect(page.getByRole("heading", { level: 1, name: "New service elevator reservation" })).toBeVisible();
  const form = page.getByRole("form", { name: "Service elevator reservation" });
  await expect(form.getByRole("combobox", { name: /Start time/ })).toHaveText("9:00 AM");
  await expect(form.getByRole("combobox", { name: /End time/ })).toHaveText("10:00 AM");
  await chooseOption(page, /Reservation type/, typeName);
  await expect(form.getByText("Book two movers.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "main");
  await form.getByRole("combobox", { name: /Resident/ }).fill("a");
  await page.getByRole("option").first().click();
  await expect(form.getByRole("combobox", { name: /^Unit/ })).not.toHaveValue("");
  await form.getByRole("textbox", { name: /Details/ }).fill("Upright piano");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/1\/reservations\/list/);

  // A second request the same day, later.
  const mine = (
    await apiGet<Page_<Reservation & { apartment_id: number; reservation_type_id: number }>>(
      page,
      `/api/v1/core/buildings/1/reservations/?min_start_date=${DAY}&max_start_date=${DAY}`,
    )
  ).results;
  baseExpect(mine).toHaveLength(1);
  await apiSend(page, "POST", "/api/v1/reservations/reservations/?building=1", {
    reservation_type_id: mine[0].reservation_type_id,
    apartment_id: mine[0].apartment_id,
    reservation_date: DAY,
    start_time: "13:00",
    end_time: "14:30",
    custom_name: "Second mover",
  });

  // Without is_staff_can_approve the front desk sees the status only.
  const manager = await otherUser(browser, "manager");
  await apiSend(manager, "PATCH", "/api/v1/core/building-settings/1/", {
    reservationsettings: { is_staff_can_approve: false },
  });
  try {
    await page.goto(listOfDay(1));
    await expect(page.getByText("2 reservations")).toBeVisible();
    await expect(page.getByText("Requested")).toHaveCount(2);
    await expect(page.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  } finally {
    await apiSend(manager, "PATCH", "/api/v1/core/building-settings/1/", {
      reservationsettings: { is_staff_can_approve: true },
    });
  }

  // The manager approves the first with 'Approve selected' and denies the second with a reason.
  await manager.goto(listOfDay(1));
  await expect(manager.getByText("2 reservations")).toBeVisible();
  await expectNoSeriousA11yViolations(manager, "main");
  await manager.getByRole("checkbox", { name: /^Select .*9:00 AM/ }).check();
  await manager.getByRole("button", { name: /Approve selected/ }).click();
  await expect(manager.getByText("1 reservation approved")).toBeVisible();
  await expect(manager.getByRole("gridcell", { name: "Approved" })).toBeVisible();
  await manager.getByRole("button", { name: /^Deny .*1:00 PM/ }).click();
  const deny = manager.getByRole("dialog", { name: "Deny reservation" });
  await deny.getByRole("textbox").fill("The elevator is being serviced that afternoon.");
  await deny.getByRole("button", { name: "Deny" }).click();
  await expect(manager.getByText("Reservation denied")).toBeVisible();
  await expect(manager.getByRole("gridcell", { name: "Denied" })).toBeVisible();

  const after = (
    await apiGet<Page_<Reservation & { deny_reason: string }>>(
      manager,
      `/api/v1/core/buildings/1/reservations/?min_start_date=${DAY}&max_start_date=${DAY}`,
    )
  ).results;
  baseExpect(after.map((r) => r.status).sort()).toEqual(["APPROVED", "DENIED"]);
  baseExpect(after.find((r) => r.status === "DENIED")!.deny_reason).toBe(
    "The elevator is being serviced that afternoon.",
  );
});
