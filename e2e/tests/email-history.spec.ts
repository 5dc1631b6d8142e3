import { expect as baseExpect, test } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, signInTo, unique } from "./helpers.ts";

/**
 * Email history in the browser against the demo portfolio: the manager opens the memo history
 * of building 1, filters it by a recipient, opens a memo (a demo memo whose recipients are in
 * several delivery states, or one the manager sends through the API when the demo has none) and
 * sees each recipient's state and address; the front desk opens the same memo and sees the
 * states but no e-mail address.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

interface Record_ {
  id: number;
  subject: string;
  recipient_count: number;
  state_counts: Record<string, number>;
}
interface Recipient {
  name: string;
  email: string | null;
  mandrill_state_display: string | null;
}
type Page_<T> = { count: number; results: T[] };

test("the manager filters the memos, opens one and sees its recipients' states; the front desk sees no addresses", async ({
  page,
  browser,
}) => {
  await signInTo(page, "manager", "/1/communication?tab=history");
  const memosOf = () => apiGet<Page_<Record_>>(page, "/api/v1/emails/records/?building_id=1&type=MEMO&limit=50");
  let memo = (await memosOf()).results.find((r) => r.recipient_count > 1 && Object.keys(r.state_counts).length > 1);
  if (!memo) {
    const picker = await apiGet<Page_<{ occupant_id: number; email: string | null }>>(
      page,
      "/api/v1/emails/memo-recipients/?building_id=1",
    );
    const subject = unique("Boiler service ");
    await apiSend(page, "POST", "/api/v1/emails/records/send_memo/", {
      building_id: 1,
      sender_name: "Building Management",
      sender_email: "manager@portico.example",
      subject,
      body: "<p>Hot water is off on <strong>Friday</strong>.</p>",
      type: "memo",
      occupant_ids: picker.results
        .filter((r) => r.email)
        .slice(0, 3)
        .map((r) => r.occupant_id),
    });
    memo = (await memosOf()).results.find((r) => r.subject === subject);
  }
  expect(memo, "a demo memo with recipients").toBeTruthy();
  const recipients = await apiGet<Page_<Recipient>>(page, `/api/v1/emails/recipients/?record_id=${memo!.id}&limit=50`);
  const someone = recipients.results.find((r) => r.name && r.email)!;
  expect(someone, "a recipient with an address").toBeTruthy();

  // The memo history, filtered by one recipient's name (in the URL).
  await expect(page.getByRole("tab", { name: "Memos", selected: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Sender or recipient" }).fill(someone.name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/sender_or_recipient=/);
  const link = page.getByRole("link", { name: memo!.subject }).first();
  await expect(link).toBeVisible();
  // The grid has finished loading (its progress bar gone) before it is checked.
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await link.click();

  // The memo: its body in an empty sandbox, its recipients with their states and addresses.
  await expect(page).toHaveURL(new RegExp(`/1/communication/records/${memo!.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: memo!.subject })).toBeVisible();
  await expect(page.locator('iframe[title="Email body"]')).toHaveAttribute("sandbox", "");
  const grid = page.getByRole("grid");
  const row = grid.getByRole("row").filter({ hasText: someone.name }).first();
  await expect(row).toContainText(someone.email!);
  if (someone.mandrill_state_display) await expect(row).toContainText(someone.mandrill_state_display);
  for (const state of new Set(recipients.results.map((r) => r.mandrill_state_display).filter(Boolean)))
    await expect(grid.getByText(state!, { exact: true }).first()).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "Current email" })).toBeVisible();

  // The front desk: the same states, no e-mail address and no address columns.
  const fd = await otherUser(browser, "frontdesk");
  await fd.goto(`/1/communication/records/${memo!.id}`);
  const fdGrid = fd.getByRole("grid");
  await expect(fdGrid.getByRole("row").filter({ hasText: someone.name }).first()).toBeVisible();
  await expect(fdGrid.getByRole("columnheader", { name: "Email", exact: true })).toHaveCount(0);
  await expect(fdGrid.getByRole("columnheader", { name: "Current email" })).toHaveCount(0);
  expect(await fdGrid.textContent()).not.toContain("@");
});
