import { expect, test } from "@playwright/test";
import crypto from "node:crypto";
import { apiGet, signInAs } from "./helpers.ts";
import { E2E_MAIL_EVENTS_SECRET } from "../playwright.config.ts";

/**
 * Delivery events: a provider reports a hard bounce (a generic event signed per Standard
 * Webhooks with the server's test secret); the resident's address is suppressed and the unit
 * profile marks the resident 'Email bounced'.
 */

interface Resident {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  has_email: boolean;
  occupancy_id: number;
}

/** Units other browser tests work on. */
const BUSY_UNITS = new Set([91, 15, 63, 116]);

test("a signed hard bounce marks the resident 'Email bounced' on the unit profile", async ({ page, request }) => {
  await signInAs(page, "manager");
  const list = await apiGet<{ results: Resident[] }>(page, "/api/v1/core/buildings/1/occupants/?limit=60");
  const resident = list.results.find((r) => r.has_email && r.email && !BUSY_UNITS.has(r.occupancy_id));
  expect(resident, "a resident with an e-mail address").toBeTruthy();
  const { email, occupancy_id, first_name, last_name } = resident!;

  const body = JSON.stringify({
    type: "hard_bounce",
    data: { message_id: 1, email, reason: "550 5.1.1 user unknown" },
  });
  const id = `msg_e2e_${Date.now()}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  // Standard Webhooks: HMAC-SHA256 of "id.timestamp.body" with the secret's base64 key.
  const key = Buffer.from(E2E_MAIL_EVENTS_SECRET.replace(/^whsec_/, ""), "base64");
  const signature = `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  const headers = { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": timestamp };
  const forged = await request.post("/api/v1/emails/events/generic/", {
    headers: { ...headers, "webhook-signature": "v1,Zm9yZ2Vk" },
    data: body,
  });
  expect(forged.status()).toBe(401);
  const res = await request.post("/api/v1/emails/events/generic/", {
    headers: { ...headers, "webhook-signature": signature },
    data: body,
  });
  expect(res.status()).toBe(200);

  await page.goto(`/1/manage/unit-profiles/${occupancy_id}`);
  const card = page.getByRole("article", { name: `${first_name} ${last_name}`.trim() });
  await expect(card.getByText(email)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("Email bounced")).toBeVisible();
});
