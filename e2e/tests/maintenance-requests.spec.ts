import { expect as baseExpect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, expectNoSeriousA11yViolations, otherUser, PNG, signInTo, unique } from "./helpers.ts";

/**
 * A maintenance request from start to end in the browser against the demo portfolio (building 1,
 * 100 Riverside Drive, takes signatures; unit 1203 is occupancy 91): the maintenance user files
 * it for 1203 with a photo, puts it on hold with a comment template, takes the resident's
 * signature and closes it (the closed date shows).
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(240_000);

interface Named {
  id: number;
  name: string;
  instruction_text?: string;
  is_active?: boolean;
}
type List<T> = T[] | { results: T[] };
const rowsOf = <T>(data: List<T>): T[] => (Array.isArray(data) ? data : data.results);

/** An active request type with instructions and a comment template of building 1 (made by Office when missing). */
async function setUp(office: Page, template: string) {
  const types = rowsOf(
    await apiGet<List<Named>>(office, "/api/v1/maintenance-requests/maintenance-request-types/?is_active=true"),
  );
  let type = types.find((t) => t.instruction_text);
  if (!type)
    type = await apiSend<Named>(office, "POST", "/api/v1/maintenance-requests/maintenance-request-types/", {
      name: unique("Plumbing "),
      display_order: 0,
      instruction_text: "Shut the water valve under the sink if there is a leak.",
    });
  await apiSend(office, "POST", "/api/v1/maintenance-requests/comment-templates/", {
    building_id: 1,
    title: template,
    template: "Waiting for the replacement part to arrive.",
    display_order: 0,
  });
  return type;
}

async function chooseOption(page: Page, combobox: RegExp, option: string | RegExp) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option }).first().click();
}

test("file a request with a photo, hold it with a template comment, sign, close", async ({ page, browser }) => {
  const template = unique("Parts ");
  const description = unique("Kitchen sink leaks ");
  const office = await otherUser(browser, "office");
  const type = await setUp(office, template);

  await signInTo(page, "maintenance", "/1/maintenance/requests/create?occupancy_id=91");
  await expect(page.getByRole("heading", { level: 1, name: "New maintenance request" })).toBeVisible();
  const form = page.getByRole("form", { name: "New maintenance request" });
  // The unit comes from the unit profile in the query.
  await expect(form.getByRole("combobox", { name: /^Unit/ })).toHaveValue("1203");
  await chooseOption(page, /^Request type/, type.name);
  await expect(form.getByTestId("type-instructions")).toHaveText(type.instruction_text!);
  await form.getByRole("textbox", { name: /^Description/ }).fill(description);
  await expect(form.getByText(`${description.length}/2000`)).toBeVisible();
  await form.getByRole("radio", { name: "High" }).check();
  await form.getByRole("radio", { name: "Yes" }).check();
  await form.getByRole("textbox", { name: /^Entry instructions/ }).fill("Key at the front desk");
  await chooseOption(page, /^Assigned to/, "Miguel Santos");
  await form.locator('input[type="file"]').setInputFiles({ name: "sink.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByText("sink.png")).toBeVisible();
  await page.screenshot({ path: "/tmp/mrd-create.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");
  await form.getByRole("button", { name: "Create request" }).click();

  await expect(page).toHaveURL(/\/1\/maintenance\/requests\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await expect(page.getByRole("heading", { level: 1, name: `Maintenance request #${id}` })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByRole("link", { name: "1203" })).toHaveAttribute("href", "/1/manage/unit-profiles/91");
  await expect(page.getByTestId("request-photo")).toHaveCount(1);
  await expect(page.getByRole("definition").filter({ hasText: /^Miguel Santos$/ })).toBeVisible();

  // On hold until today, with the template's comment.
  await page.getByRole("button", { name: "Update status" }).click();
  const status = page.getByRole("dialog", { name: "Update status" });
  await status.getByRole("radio", { name: "On Hold" }).check();
  await expect(status.getByRole("group", { name: /On hold until/ })).toBeVisible();
  await status.getByRole("combobox", { name: /Comment template/ }).click();
  await page.getByRole("option", { name: template }).click();
  await expect(status.getByRole("textbox", { name: "Comment" })).toHaveValue(
    "Waiting for the replacement part to arrive.",
  );
  await status.getByRole("button", { name: "Update status" }).click();
  await expect(status).toBeHidden();
  await expect(page.getByTestId("request-status")).toHaveText(/^On Hold until \d\d\/\d\d\/\d{4}$/);
  await expect(
    page.getByTestId("request-comment").filter({ hasText: "Waiting for the replacement part to arrive." }),
  ).toBeVisible();

  // The signature: an empty pad is refused, a drawn one saved.
  await page.getByRole("button", { name: "Get signature" }).click();
  const sign = page.getByRole("dialog", { name: "Get signature" });
  await sign.getByRole("button", { name: "Submit" }).click();
  await expect(sign.getByText("Please provide a signature before submitting.")).toBeVisible();
  const pad = sign.getByRole("img", { name: "Signature pad" });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 30 : -30));
  await page.mouse.up();
  await page.screenshot({ path: "/tmp/mrd-signature.png" });
  await sign.getByRole("button", { name: "Submit" }).click();
  await expect(sign).toBeHidden();
  await expect(page.getByRole("img", { name: "Signature", exact: true })).toBeVisible();

  // Closed: the closed date shows.
  await page.getByRole("button", { name: "Update status" }).click();
  await status.getByRole("radio", { name: "Closed" }).check();
  await status.getByRole("textbox", { name: "Comment" }).fill("Replaced the trap");
  await status.getByRole("button", { name: "Update status" }).click();
  await expect(status).toBeHidden();
  await expect(page.getByTestId("request-status")).toHaveText("Closed");
  await expect(page.getByTestId("closed-on")).toHaveText(/^Closed on \d\d\/\d\d\/\d{4}/);
  await expect(page.getByTestId("history-event").first()).toBeVisible();
  await page.screenshot({ path: "/tmp/mrd-detail.png", fullPage: true });
  await expectNoSeriousA11yViolations(page, "main");

  const saved = await apiGet<{ status: string; signature_url: string | null; date_closed: string | null }>(
    page,
    `/api/v1/maintenance-requests/maintenance-requests/${id}/?building=1`,
  );
  expect(saved.status).toBe("CLOSED");
  expect(saved.signature_url).toBeTruthy();
  expect(saved.date_closed).toBeTruthy();

  // Print mode: no edit button, the signature instead of the buttons.
  await page.goto(`/1/maintenance/requests/${id}?print=1`);
  await expect(page.getByRole("heading", { level: 1, name: `Maintenance request #${id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit request details" })).toHaveCount(0);

  // …/edit opens the form in a modal.
  await page.goto(`/1/maintenance/requests/${id}/edit`);
  const edit = page.getByRole("dialog", { name: "Edit request details" });
  await expect(edit.getByRole("textbox", { name: /^Description/ })).toHaveValue(description);
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/1/maintenance/requests/${id}$`));

  // A phone's view of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/mrd-detail-phone.png", fullPage: true });
  await page.goto("/1/maintenance/requests/create");
  await expect(page.getByRole("heading", { level: 1, name: "New maintenance request" })).toBeVisible();
  await page.screenshot({ path: "/tmp/mrd-create-phone.png", fullPage: true });
});

test("another building's or an unknown request is not found", async ({ page }) => {
  await signInTo(page, "maintenance", "/1/maintenance/requests/999999");
  await expect(page.getByRole("heading", { level: 1, name: "404 - Page not found." })).toBeVisible();
});
