import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { apiGet, apiSend, otherUser, signIn, unique } from "./helpers.ts";

/**
 * Amenity reservations in the browser against the demo portfolio (building 1 has amenities):
 * the amenity desk user (AO) books a resident into a party room needing approval, then books
 * until the daily limit refuses; the front desk's calendar shows the booking without a reload
 * and offers no way to book; a manager approves it in 'Change Reservation Status'; the desk
 * checks it in by scanning its QR code on Chromium's fake camera.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(300_000);

// Chromium's fake camera plays this file; the test writes the reservation's QR code into it
// before scanning (the file is opened when the camera starts).
const CAMERA_FILE = path.join(os.tmpdir(), `portico-amenity-qr-${process.pid}.y4m`);
const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M video (a few identical frames) of a black-on-white QR code of `text`. */
function writeQrVideo(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (n + 2 * quiet));
  const x0 = Math.floor((WIDTH - n * scale) / 2);
  const y0 = Math.floor((HEIGHT - n * scale) / 2);
  const y = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++) y.fill(16, (y0 + r * scale + dy) * WIDTH + x0 + c * scale, (y0 + r * scale + dy) * WIDTH + x0 + (c + 1) * scale);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(CAMERA_FILE, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}
writeQrVideo("nothing yet");

test.use({
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

interface Named {
  id: number;
  name: string;
}
interface TypeRow extends Named {
  club: number;
  is_approval_required_for_reservation: boolean;
  has_checkin: boolean;
  send_qr_codes: boolean;
  max_user_daily_reservations: number;
  schedule_set: unknown[];
}
interface Slot {
  id: number;
  label: string;
  is_active: boolean;
}
type List<T> = T[] | { results: T[] };
const rowsOf = <T>(data: List<T>): T[] => (Array.isArray(data) ? data : data.results);

/** A party room of building 1 needing approval, with check-in and QR codes, one booking a day, always open. */
async function partyRoom(manager: Page) {
  const clubs = rowsOf(await apiGet<List<Named>>(manager, "/api/v1/core/buildings/1/clubs/"));
  const club = clubs[0] ?? (await apiSend<Named>(manager, "POST", "/api/v1/clubs/clubs/", { name: unique("Club "), building: 1, is_open: true }));
  const type = await apiSend<TypeRow>(manager, "POST", "/api/v1/clubs/amenity-types/", {
    club: club.id,
    name: unique("Party room "),
    max_reservation_length: 240,
    max_user_daily_reservations: 1,
    is_approval_required_for_reservation: true,
    has_checkin: true,
    send_qr_codes: true,
    is_allow_guests: true,
    max_number_guests: 4,
  });
  const label = unique("Room ");
  const slot = await apiSend<Slot>(manager, "POST", "/api/v1/clubs/amenities/", {
    amenity_type: type.id,
    label,
    is_active: true,
  });
  // A member of the club to book for (the amenity desk picks among the club's members).
  type Person = { occupant_id: number; first_name: string; last_name: string; apartment_number: string };
  let member = rowsOf(await apiGet<List<Person>>(manager, `/api/v1/clubs/clubs/${club.id}/members/?limit=5`))[0];
  if (!member) {
    member = rowsOf(await apiGet<List<Person>>(manager, `/api/v1/clubs/clubs/${club.id}/quick-search/?limit=5`))[0];
    await apiSend(manager, "POST", `/api/v1/clubs/clubs/${club.id}/add_member/`, { occupant_id: member.occupant_id });
  }
  return { type, slot, member };
}

/** A day some weeks ahead (no earlier run booked it; inside any window). */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function bookResident(page: Page, slotLabel: string, time: string, resident: string) {
  await page.getByRole("gridcell", { name: new RegExp(`^Book ${slotLabel} ${time} free`) }).click();
  await page.getByRole("button", { name: "Resident reservation" }).click();
  const drawer = page.getByRole("dialog", { name: "New resident reservation" });
  await drawer.getByRole("combobox", { name: /^Resident/ }).fill(resident);
  await page.getByRole("option").first().click();
  await drawer.getByRole("button", { name: "Save" }).click();
  return drawer;
}

test("book for a resident, hit the daily limit, approve, see it live, check in by QR", async ({ page, browser }) => {
  const manager = await otherUser(browser, "manager");
  const { slot, member } = await partyRoom(manager);
  const day = dayAhead(20 + Math.floor(Math.random() * 40));
  const calendar = `/1/amenity-reservations?view=calendar&date=${day}`;

  // The front desk watches the calendar of that day: no booking controls.
  const desk = await otherUser(browser, "frontdesk");
  await desk.goto(calendar);
  await expect(desk.getByRole("rowheader", { name: new RegExp(slot.label) })).toBeVisible();
  await expect(desk.getByRole("button", { name: "Add new reservation" })).toHaveCount(0);
  await expect(desk.getByRole("gridcell", { name: /^Book / })).toHaveCount(0);

  // The amenity desk user books a resident at 12:00.
  // Amenity-only users land on the amenity reservations.
  await signIn(page, "amenity");
  await expect(page).toHaveURL(/\/1\/amenity-reservations/);
  await page.goto(calendar);
  await expect(page.getByRole("button", { name: "Add new reservation" })).toBeVisible();
  const drawer = await bookResident(page, slot.label, "12:00 PM", member.last_name);
  await expect(page.getByText("Reservation created")).toBeVisible();
  await expect(drawer).toBeHidden();
  const booking = page.getByTestId("calendar-booking").filter({ hasText: /\w/ }).first();
  await expect(booking).toBeVisible();
  const who = (await booking.textContent()) ?? "";

  // The front desk sees it without a reload.
  await expect(desk.getByTestId("calendar-booking").filter({ hasText: who })).toBeVisible();

  // The same resident again that day: the daily limit refuses (the server's words in the form).
  const again = await bookResident(page, slot.label, "3:00 PM", member.last_name);
  await expect(again.getByRole("alert")).toContainText(/reservations this day/);
  await page.keyboard.press("Escape");

  // The manager approves it through 'Change Reservation Status'.
  await manager.goto(calendar);
  await manager.getByTestId("calendar-booking").filter({ hasText: who }).click();
  const edit = manager.getByRole("dialog", { name: /Edit resident reservation/ });
  await edit.getByRole("combobox", { name: "Approval status" }).click();
  await manager.getByRole("option", { name: "Approved" }).click();
  const confirm = manager.getByRole("dialog", { name: "Change Reservation Status" });
  await expect(confirm).toContainText("An email will be sent to the tenant.");
  await confirm.getByRole("button", { name: "Confirm Status Change" }).click();
  await expect(manager.getByText("Reservation status has been changed")).toBeVisible();

  // The desk scans the reservation's QR code and checks it in.
  const reservations = rowsOf(
    await apiGet<List<{ id: number; amenity_id: number }>>(desk, `/api/v1/core/buildings/1/amenity-reservations/?date=${day}`),
  );
  const mine = reservations.find((r) => r.amenity_id === slot.id);
  expect(mine).toBeTruthy();
  writeQrVideo(`reservation_${mine!.id}`);
  await desk.goto("/1/amenity-reservations");
  await desk.getByRole("button", { name: "Scan" }).click();
  const opened = desk.getByRole("dialog", { name: /resident reservation/ });
  await expect(opened).toBeVisible({ timeout: 60_000 });
  await opened.getByRole("button", { name: "Check in" }).click();
  await expect(desk.getByText("Reservation checked in!")).toBeVisible();
});
