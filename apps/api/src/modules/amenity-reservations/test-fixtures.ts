import { sql } from "drizzle-orm";
import { PNG } from "pngjs";
import jsQR from "jsqr";
import { amenities, amenitySchedules, amenityTypes, buildings, clubs } from "../../db/schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import type { TestApp } from "../../test/app.ts";

/** Amenity reservation test set-up: a club with two types and their amenities, days ahead, a mailed QR code read back. */

export const RES = "/api/v1/clubs/reservations/";
export const ONE = (id: number) => `${RES}${id}/`;
export const LIST = (b: number, q = "") => `/api/v1/core/buildings/${b}/amenity-reservations/${q ? `?${q}` : ""}`;
export const SCHEDULE = (b: number, date: string) =>
  `/api/v1/core/buildings/${b}/amenity-reservations/schedule/?date=${date}`;
export const GUESTS = (club: number) => `/api/v1/clubs/clubs/${club}/guest-list/`;

export interface Setup {
  clubId: number;
  /** Party Room: approval, payment, check-in, QR codes, up to 4 guests, 2 hours, 30-day window, open 08:00–23:00 daily. */
  party: { typeId: number; rooms: number[] };
  /** Tennis: always open, 1 hour, no guests, nothing required. */
  tennis: { typeId: number; courts: number[] };
  tz: string;
  today: string;
}

/** Days from the building's today (YYYY-MM-DD). */
export const dayPlus = (s: Pick<Setup, "today">, n: number) => dayjs(s.today).add(n, "day").format("YYYY-MM-DD");

export async function setUpAmenities(t: TestApp, buildingId: number, name = "Riverside Club"): Promise<Setup> {
  const [b] = await t.db
    .select({ tz: buildings.time_zone })
    .from(buildings)
    .where(sql`${buildings.id} = ${buildingId}`);
  const [club] = await t.db
    .insert(clubs)
    .values({ building_id: buildingId, name, is_open: true })
    .returning({ id: clubs.id });
  const [party] = await t.db
    .insert(amenityTypes)
    .values({
      club_id: club.id,
      building_id: buildingId,
      name: "Party Room",
      label: "Party Room",
      max_reservation_length: 120,
      reservation_window_days: 30,
      is_allow_guests: true,
      max_number_guests: 4,
      has_checkin: true,
      send_qr_codes: true,
      is_approval_required_for_reservation: true,
      is_payment_required_for_reservation: true,
      max_user_open_reservations: 5,
      max_user_weekly_reservations: 3,
      max_user_daily_reservations: 1,
    })
    .returning({ id: amenityTypes.id });
  const [tennis] = await t.db
    .insert(amenityTypes)
    .values({
      club_id: club.id,
      building_id: buildingId,
      name: "Tennis Court",
      label: "Tennis Court",
      max_reservation_length: 60,
      max_user_open_reservations: 0,
      max_user_weekly_reservations: 0,
      max_user_daily_reservations: 0,
    })
    .returning({ id: amenityTypes.id });
  const rooms = await t.db
    .insert(amenities)
    .values([
      { amenity_type_id: party.id, label: "Room A" },
      { amenity_type_id: party.id, label: "Room B" },
    ])
    .returning({ id: amenities.id });
  const courts = await t.db
    .insert(amenities)
    .values([{ amenity_type_id: tennis.id, label: "Court 1" }])
    .returning({ id: amenities.id });
  await t.db.insert(amenitySchedules).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      amenity_type_id: party.id,
      day_of_week: d,
      is_open: true,
      open_time: "08:00:00",
      close_time: "23:00:00",
    })),
  );
  const today = todayIn(b.tz);
  return {
    clubId: club.id,
    party: { typeId: party.id, rooms: rooms.map((r) => r.id) },
    tennis: { typeId: tennis.id, courts: courts.map((c) => c.id) },
    tz: b.tz,
    today,
  };
}

/** A special date of a type (closed, or other hours). */
export async function specialDate(t: TestApp, typeId: number, date: string, open?: [string, string]) {
  await t.db.insert(amenitySchedules).values({
    amenity_type_id: typeId,
    specific_date: date,
    is_open: !!open,
    open_time: open?.[0] ?? null,
    close_time: open?.[1] ?? null,
  });
}

export interface Resident {
  occupant_id: number;
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** Residents of a building with a real e-mail, one per unit. */
export async function residents(t: TestApp, buildingId: number, count: number): Promise<Resident[]> {
  return rowsOf<Resident>(
    await t.db.execute(sql`select distinct on (o.id) oc.id as occupant_id, o.id as occupancy_id, a.id as apartment_id,
        a.apartment_number, u.first_name, u.last_name, u.email
      from occupants oc join occupancies o on o.id = oc.occupancy_id join apartments a on a.id = o.apartment_id
      join users u on u.id = oc.user_id
      where o.building_id = ${buildingId} and o.is_active and oc.is_active and u.email like '%@example.com'
      order by o.id, oc.id limit ${count}`),
  );
}

/** The inline part of a raw MIME message with this Content-ID, decoded. */
export function inlinePart(raw: string, cid: string): { contentType: string; data: Buffer } | null {
  const unfolded = raw.replace(/\r\n/g, "\n");
  const parts = unfolded.split(/\n--[^\n]+\n/);
  for (const part of parts) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!new RegExp(`^content-id:\\s*<${cid}>`, "im").test(head)) continue;
    const type = /^content-type:\s*([^;\n]+)/im.exec(head)?.[1].trim() ?? "";
    const body = part.slice(split + 2).split(/\n--/)[0];
    return { contentType: type, data: Buffer.from(body.replace(/\s+/g, ""), "base64") };
  }
  return null;
}

/** The text a QR code PNG encodes. */
export function readQr(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}
