import { expect as baseExpect, test } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, PNG, signInTo, unique } from "./helpers.ts";

/**
 * Memos in the browser against the demo portfolio: a manager writes a memo with an inline image
 * and a template, picks the residents of a floor and a memo group, sends a preview, then sends
 * it with an attachment and finds it in the memo history (without SMTP the states are 'sent').
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

test("compose with an image and a template, pick a floor and a memo group, preview, send, see it in history", async ({
  page,
}) => {
  const subject = unique("Water shut-off ");
  const categoryTitle = unique("Building notices ");
  const templateTitle = unique("Water shut-off notice ");
  const groupName = unique("Two homes ");
  await signInTo(page, "manager", "/1/communication?tab=memo");
  // A template of the library and a memo group of two units, made beforehand.
  const category = await apiSend<{ id: number }>(page, "POST", "/api/v1/emails/categories/", { title: categoryTitle });
  await apiSend(page, "POST", "/api/v1/emails/templates/", {
    title: templateTitle,
    content: "<p>The water will be shut off on Tuesday.</p>",
    category: category.id,
  });
  const residents = await apiGet<{ results: { apartment_id: number }[] }>(
    page,
    "/api/v1/emails/memo-recipients/?building_id=1&limit=10",
  );
  const units = [...new Set(residents.results.map((r) => r.apartment_id))].slice(0, 2);
  await apiSend(page, "POST", "/api/v1/core/buildings/1/memo-groups/", { name: groupName, apartment_ids: units });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Communication" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Send tenant memo", selected: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Templates" })).toBeVisible();

  // A template into the editor, then an image after it.
  await page.getByRole("button", { name: "Insert template" }).click();
  const picker = page.getByRole("dialog", { name: "Insert template" });
  const templates = picker.getByRole("navigation", { name: "Templates" });
  const categoryButton = templates.getByRole("button", { name: categoryTitle });
  await expect(categoryButton).toBeVisible();
  if ((await categoryButton.getAttribute("aria-expanded")) === "false") await categoryButton.click();
  await templates.getByRole("button", { name: templateTitle }).click();
  await expect(picker).toBeHidden();
  const editor = page.getByRole("textbox", { name: "Message" });
  await expect(editor).toContainText("The water will be shut off on Tuesday.");
  await expect(page.getByRole("textbox", { name: /^Subject/ })).toHaveValue(templateTitle);
  await page.getByLabel("Image file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(editor.locator("img[src^='data:image/png']")).toBeVisible();

  await page.getByRole("textbox", { name: /^Subject/ }).fill(subject);
  await page.getByRole("radio", { name: "Memo" }).check();

  // Recipients: every resident of a floor, and a memo group.
  const location = page.getByRole("group", { name: "Add by location" });
  await expect(location.getByRole("button", { name: "Add" })).toBeDisabled();
  await location.getByRole("combobox", { name: "Floor" }).click();
  await page.getByRole("option").nth(1).click();
  await location.getByRole("button", { name: "Add" }).click();
  await expect(location.getByRole("status")).toContainText("residents matched");
  const groups = page.getByRole("group", { name: "Memo groups" });
  await groups.getByRole("combobox", { name: "Memo group" }).click();
  await page.getByRole("option", { name: new RegExp(groupName) }).click();
  await groups.getByRole("button", { name: "Add group" }).click();
  await expect(groups.getByRole("status")).toContainText("added");
  await expect(page.getByText(/[1-9]\d* recipients? chosen/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send preview" }).click();
  await expect(page.getByText(/^A test memo has been sent to .+\.$/)).toBeVisible();

  await page.getByLabel("Attachments").setInputFiles({
    name: "notice.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("The water is off on Tuesday from 10 to 12."),
  });
  await expect(page.getByRole("list", { name: "Attached files" })).toContainText("notice.txt");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(/Memo has been sent to \d+ email\(s\)\./)).toBeVisible();

  await expect(page).toHaveURL(/tab=history/);
  await expect(page.getByRole("tab", { name: "Memos", selected: true })).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();

  // The memo in Email history: its attachment, and every recipient's delivery state (the
  // embedded outbox delivers: 'Sent'; an address suppressed after a bounce: 'Rejected').
  await page.getByRole("link", { name: subject }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("link", { name: "notice.txt" })).toBeVisible();
  const grid = page.getByRole("grid");
  await grid.scrollIntoViewIfNeeded();
  const rows = grid.getByRole("row").filter({ has: page.getByRole("gridcell") });
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(1);
  await expect(grid.getByText(/^(Sent|Rejected)$/)).toHaveCount(shown);
  await expect(grid.getByText("Sent", { exact: true }).first()).toBeVisible();
});
