import { expect as baseExpect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, PNG, signInTo, unique } from "./helpers.ts";

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
  await signInTo(page, "manager", "/1/communication?tab=memo");
  await expect(page.getByRole("heading", { level: 1, name: "Communication" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Send tenant memo", selected: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Templates" })).toBeVisible();

  // A template into the editor, then an image after it.
  await page.getByRole("button", { name: "Insert template" }).click();
  const picker = page.getByRole("dialog", { name: "Insert template" });
  const templates = picker.getByRole("navigation", { name: "Templates" });
  await templates.getByRole("button", { expanded: false }).first().click();
  await templates.getByRole("button").filter({ hasNot: page.locator("[aria-expanded]") }).first().click();
  await expect(picker).toBeHidden();
  const editor = page.getByRole("textbox", { name: "Message" });
  await expect(editor).not.toBeEmpty();
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
  await page.getByRole("option").first().click();
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
});
