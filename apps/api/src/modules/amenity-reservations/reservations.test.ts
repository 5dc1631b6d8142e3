import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  AMENITY_RESERVATION_MESSAGES as M,
  type AmenityGuestList,
  type AmenityReservation,
  type AmenitySchedule,
  MESSAGES,
  reservationQrText,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings, startSmtp, waitFor } from "../../test/fixtures.ts";
import { emailMessages } from "../../db/schema/index.ts";
import {
  dayPlus,
  GUESTS,
  inlinePart,
  LIST,
  ONE,
  readQr,
  RES,
  type Resident,
  residents,
  SCHEDULE,
  type Setup,
  setUpAmenities,
  specialDate,
} from "./test-fixtures.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let s: Setup;
let people: Resident[];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  await setBuildingSettings(t, 1, { amenitysettings: { has_amenities: true, is_viewable_by_all_employees: true } });
  s = await setUpAmenities(t, 1);
  people = await residents(t, 1, 4);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from amenity_reservations`);
});

const resident = (i = 0) => people[i];
const partyBody = (over: Record<string, unknown> = {}) => ({
  amenity_id: s.party.rooms[0],
  amenity_reservation_type: "TR",
  occupant_id: resident().occupant_id,
  date: dayPlus(s, 2),
  start_time: "12:00",
  end_time: "13:00",
  guests: 2,
  ...over,
});

const admin = (amenity_id: number, day: number, start_time: string, end_time: string, over = {}) => ({
  amenity_id,
  amenity_reservation_type: "ER",
  date: dayPlus(s, day),
  start_time,
  end_time,
  ...over,
});
const blockBody = (
  amenity_id: number,
  reason: string,
  day: number,
  start_time: string,
  end_time: string,
  last = day,
) => ({
  amenity_id,
  amenity_reservation_type: "CR",
  reason,
  start_date: dayPlus(s, day),
  end_date: dayPlus(s, last),
  start_time,
  end_time,
});

async function book(body: Record<string, unknown>, user = "amenity"): Promise<AmenityReservation> {
  const res = await t.as(user).post(RES, body);
  if (res.statusCode !== 201) throw new Error(`book ${res.statusCode}: ${res.body}`);
  return res.json() as AmenityReservation;
}
const refused = async (body: Record<string, unknown>, user = "amenity") => {
  const res = await t.as(user).post(RES, body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as Record<string, string[]>;
};

describe("booking", () => {
  it("the amenity desk books a resident: pending and not paid where the type requires them", async () => {
    const r = await book(partyBody());
    expect(r).toMatchObject({
      building_id: 1,
      amenity_id: s.party.rooms[0],
      amenity: {
        id: s.party.rooms[0],
        label: "Room A",
        amenity_type: s.party.typeId,
        amenity_type_name: "Party Room",
        club_id: s.clubId,
        has_checkin: true,
        is_approval_required_for_reservation: true,
        is_payment_required_for_reservation: true,
        send_qr_codes: true,
      },
      occupant_id: resident().occupant_id,
      occupancy_id: resident().occupancy_id,
      apartment_id: resident().apartment_id,
      apartment: { building_id: 1, apartment_number: resident().apartment_number },
      occupant: { first_name: resident().first_name, last_name: resident().last_name },
      guests: 2,
      date: dayPlus(s, 2),
      approval_status: "PENDING",
      approval_status_display: "Pending",
      payment_status: "NOT_PAID",
      payment_status_display: "Not paid",
      amenity_reservation_type: "TR",
      amenity_reservation_type_display: "Resident",
      is_checked_in: false,
      is_cancelled: false,
      entered_by: { username: "amenity" },
    });
    // 12:00 building time.
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: s.tz, hour: "2-digit", minute: "2-digit" });
    expect(local.format(new Date(r.start_time))).toBe("12:00");
    expect(new Date(r.end_time).getTime() - new Date(r.start_time).getTime()).toBe(3600_000);

    const one = await t.as("frontdesk").get(ONE(r.id));
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(r);
  });

  it("approval and payment: APPROVED at create, nothing where the type does not require them", async () => {
    const r = await book(partyBody({ approval_status: "APPROVED", payment_status: "DEPOSIT_PAID" }));
    expect(r).toMatchObject({ approval_status: "APPROVED", payment_status: "DEPOSIT_PAID" });
    expect((await refused(partyBody({ date: dayPlus(s, 3), approval_status: "DENIED" }))).approval_status).toBeTruthy();
    const tennis = {
      amenity_id: s.tennis.courts[0],
      amenity_reservation_type: "TR",
      occupant_id: resident(1).occupant_id,
      date: dayPlus(s, 2),
      start_time: "09:00",
      end_time: "10:00",
    };
    const plain = await book(tennis);
    expect(plain).toMatchObject({ approval_status: null, payment_status: null, guests: 0 });
    expect(await refused({ ...tennis, start_time: "10:00", end_time: "11:00", approval_status: "APPROVED" })).toEqual({
      approval_status: [M.approvalNotRequired],
    });
    expect(await refused({ ...tennis, start_time: "10:00", end_time: "11:00", payment_status: "NOT_PAID" })).toEqual({
      payment_status: [M.paymentNotRequired],
    });
  });

  it("an admin reservation takes a contact; an unavailable block a reason, and neither status", async () => {
    const er = await book(admin(s.party.rooms[1], 4, "18:00", "20:00", { contact: "Board meeting" }));
    expect(er).toMatchObject({
      amenity_reservation_type: "ER",
      amenity_reservation_type_display: "Admin",
      contact: "Board meeting",
      occupant: null,
      apartment: null,
    });
    const cr = await book(blockBody(s.party.rooms[1], "Floor refinishing", 5, "09:00", "10:00", 6));
    expect(cr).toMatchObject({
      amenity_reservation_type: "CR",
      amenity_reservation_type_display: "Unavailable",
      reason: "Floor refinishing",
      approval_status: null,
      payment_status: null,
      guests: 0,
    });
    expect(new Date(cr.end_time).getTime() - new Date(cr.start_time).getTime()).toBeGreaterThan(24 * 3600_000);
    const later = blockBody(s.party.rooms[1], "x", 8, "09:00", "10:00");
    expect(await refused({ ...later, approval_status: "APPROVED" })).toEqual({ approval_status: [M.notOnBlock] });
  });

  it("the form's required fields, in the spec's words", async () => {
    expect(
      await refused({
        amenity_id: s.party.rooms[0],
        amenity_reservation_type: "TR",
        occupant_id: resident().occupant_id,
        start_time: "12:00",
        end_time: "13:00",
      }),
    ).toEqual({
      date: [M.dateRequired],
    });
    expect(
      await refused({
        amenity_id: s.party.rooms[0],
        amenity_reservation_type: "CR",
        start_time: "09:00",
        end_time: "10:00",
      }),
    ).toEqual({
      start_date: [M.startDateRequired],
      end_date: [M.endDateRequired],
      reason: [M.reasonRequired],
    });
    expect((await refused({ amenity_reservation_type: "TR" })).amenity_id).toEqual([MESSAGES.fieldRequired]);
    expect((await refused({ amenity_id: s.party.rooms[0] })).amenity_reservation_type).toEqual([
      MESSAGES.fieldRequired,
    ]);
    expect(await refused(partyBody({ occupant_id: null }))).toEqual({ occupant_id: [M.residentRequired] });
    expect((await refused(partyBody({ start_time: "7pm" }))).start_time).toEqual([M.invalidTime]);
    expect(await refused(partyBody({ amenity_id: 999999 }))).toEqual({ amenity_id: [M.amenityNotInBuilding] });
  });
});

describe("rules", () => {
  it("inside the schedule (special dates win), 30-minute steps, start before end", async () => {
    expect(await refused(partyBody({ start_time: "07:00", end_time: "08:00" }))).toEqual({
      non_field_errors: [M.closed],
    });
    expect(await refused(partyBody({ start_time: "22:30", end_time: "23:30" }))).toEqual({
      non_field_errors: [M.closed],
    });
    await specialDate(t, s.party.typeId, dayPlus(s, 20));
    expect(await refused(partyBody({ date: dayPlus(s, 20) }))).toEqual({ non_field_errors: [M.closed] });
    await specialDate(t, s.party.typeId, dayPlus(s, 21), ["06:00:00", "09:00:00"]);
    await book(partyBody({ date: dayPlus(s, 21), start_time: "06:00", end_time: "07:00" }));
    expect(await refused(partyBody({ start_time: "12:15", end_time: "13:00" }))).toEqual({
      non_field_errors: [M.timeStep],
    });
    expect((await refused(partyBody({ start_time: "13:00", end_time: "12:00" }))).non_field_errors).toContain(
      M.endBeforeStart,
    );
  });

  it("length, window and guests", async () => {
    expect(await refused(partyBody({ start_time: "12:00", end_time: "14:30" }))).toEqual({
      non_field_errors: [M.tooLong(120)],
    });
    expect(await refused(partyBody({ date: dayPlus(s, 31) }))).toEqual({ non_field_errors: [M.outsideWindow(30)] });
    await book(partyBody({ date: dayPlus(s, 30), guests: 4 }));
    expect(await refused(partyBody({ guests: 5 }))).toEqual({ non_field_errors: [M.tooManyGuests(4)] });
    const tennis = admin(s.tennis.courts[0], 40, "09:00", "10:00");
    expect(await refused({ ...tennis, guests: 1 })).toEqual({ non_field_errors: [M.guestsNotAllowed] });
    // Tennis: always open, no window.
    await book({ ...tennis, start_time: "02:00", end_time: "03:00" });
  });

  it("no overlap with another reservation or a block of the same amenity; cancelled ones free the time", async () => {
    const first = await book(partyBody());
    expect(
      await refused(partyBody({ occupant_id: resident(1).occupant_id, start_time: "12:30", end_time: "13:30" })),
    ).toEqual({
      non_field_errors: [M.overlap],
    });
    // Another room, back to back: fine.
    await book(partyBody({ amenity_id: s.party.rooms[1], occupant_id: resident(1).occupant_id }));
    await book(partyBody({ occupant_id: resident(2).occupant_id, start_time: "13:00", end_time: "14:00" }));
    expect((await t.as("amenity").post(`${ONE(first.id)}cancel/`)).statusCode).toBe(200);
    await book(partyBody({ occupant_id: resident(3).occupant_id, start_time: "11:30", end_time: "12:30" }));
  });

  it("a resident's daily, weekly and open limits (TR only)", async () => {
    const who = { occupant_id: resident().occupant_id };
    // Find a Monday at least 2 days ahead, so a week holds days 0..6 after it.
    let monday = 2;
    while (new Date(`${dayPlus(s, monday)}T12:00:00Z`).getUTCDay() !== 1) monday++;
    await book(partyBody({ ...who, date: dayPlus(s, monday) }));
    expect(
      await refused(partyBody({ ...who, date: dayPlus(s, monday), start_time: "15:00", end_time: "16:00" })),
    ).toEqual({
      non_field_errors: [M.dailyLimit(1)],
    });
    // An admin reservation for the same resident is not counted.
    await book(
      partyBody({
        ...who,
        amenity_reservation_type: "ER",
        date: dayPlus(s, monday),
        start_time: "15:00",
        end_time: "16:00",
      }),
    );
    await book(partyBody({ ...who, date: dayPlus(s, monday + 1) }));
    await book(partyBody({ ...who, date: dayPlus(s, monday + 2) }));
    expect(await refused(partyBody({ ...who, date: dayPlus(s, monday + 3) }))).toEqual({
      non_field_errors: [M.weeklyLimit(3)],
    });
    await book(partyBody({ ...who, date: dayPlus(s, monday + 7) }));
    await book(partyBody({ ...who, date: dayPlus(s, monday + 8) }));
    expect(await refused(partyBody({ ...who, date: dayPlus(s, monday + 9) }))).toEqual({
      non_field_errors: [M.openLimit(5)],
    });
  });
});

describe("status, payment, check-in, cancel", () => {
  it("approval changes mail the tenant except to PENDING; payment is recorded; blocks refuse both", async () => {
    const r = await book(partyBody());
    const before = (
      await t.db
        .select()
        .from(emailMessages)
        .where(sql`${emailMessages.kind} = 'amenity_reservation_status'`)
    ).length;
    const approve = await t.as("manager").patch(ONE(r.id), { approval_status: "APPROVED" });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ approval_status: "APPROVED", payment_status: "NOT_PAID" });
    const back = await t.as("manager").patch(ONE(r.id), { approval_status: "PENDING" });
    expect(back.json().approval_status).toBe("PENDING");
    const paid = await t.as("amenity").patch(ONE(r.id), { payment_status: "RENTAL_AND_DEPOSIT_PAID" });
    expect(paid.json()).toMatchObject({ payment_status: "RENTAL_AND_DEPOSIT_PAID", approval_status: "PENDING" });
    const status = await t.db
      .select()
      .from(emailMessages)
      .where(sql`${emailMessages.kind} = 'amenity_reservation_status'`);
    expect(status.length - before).toBe(1);
    expect(status.at(-1)!.recipients).toEqual([
      { email: resident().email, name: `${resident().first_name} ${resident().last_name}` },
    ]);
    expect(status.at(-1)!.subject).toContain("Approved");

    const denied = await t.as("manager").patch(ONE(r.id), { approval_status: "DENIED" });
    expect(denied.json()).toMatchObject({ approval_status: "DENIED", is_cancelled: false });
    // A denied booking frees the time.
    await book(partyBody({ occupant_id: resident(1).occupant_id }));
    expect((await t.as("manager").patch(ONE(r.id), { approval_status: "APPROVED" })).json()).toEqual({
      non_field_errors: [M.overlap],
    });

    const block = await book(blockBody(s.party.rooms[1], "Repairs", 3, "09:00", "10:00"));
    expect((await t.as("manager").patch(ONE(block.id), { payment_status: "DEPOSIT_PAID" })).json()).toEqual({
      payment_status: [M.notOnBlock],
    });
  });

  it("check-in toggles where the type has it; a checked-in reservation cannot be saved or cancelled", async () => {
    const r = await book(partyBody());
    const on = await t.as("frontdesk").post(`${ONE(r.id)}toggle_checkin/`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().is_checked_in).toBe(true);
    expect((await t.as("amenity").patch(ONE(r.id), { guests: 1 })).json()).toEqual({
      non_field_errors: [M.checkedInLocked],
    });
    expect((await t.as("amenity").post(`${ONE(r.id)}cancel/`)).json()).toEqual({
      non_field_errors: [M.checkedInLocked],
    });
    // Payment may still be recorded.
    expect((await t.as("amenity").patch(ONE(r.id), { payment_status: "RENTAL_FEE_PAID" })).statusCode).toBe(200);
    const off = await t.as("amenity").post(`${ONE(r.id)}toggle_checkin/`);
    expect(off.json().is_checked_in).toBe(false);

    const tennis = await book(admin(s.tennis.courts[0], 2, "09:00", "10:00"));
    expect((await t.as("amenity").post(`${ONE(tennis.id)}toggle_checkin/`)).json()).toEqual({
      non_field_errors: [M.checkinNotAvailable],
    });
  });

  it("a full edit re-runs the rules without counting itself; cancel is once", async () => {
    const r = await book(partyBody());
    const moved = await t.as("amenity").patch(ONE(r.id), { start_time: "12:30", end_time: "14:00", guests: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ guests: 3, approval_status: "PENDING" });
    expect((await t.as("amenity").patch(ONE(r.id), { end_time: "15:00" })).json()).toEqual({
      non_field_errors: [M.tooLong(120)],
    });
    const other = await t.as("amenity").patch(ONE(r.id), { amenity_id: s.party.rooms[1] });
    expect(other.json().amenity.label).toBe("Room B");
    const cancelled = await t.as("amenity").post(`${ONE(r.id)}cancel/`);
    expect(cancelled.json()).toMatchObject({ is_cancelled: true, approval_status: "CANCELLED" });
    expect((await t.as("amenity").post(`${ONE(r.id)}cancel/`)).json()).toEqual({
      non_field_errors: [M.alreadyCancelled],
    });
    expect((await t.as("amenity").patch(ONE(r.id), { guests: 1 })).json()).toEqual({
      non_field_errors: [M.alreadyCancelled],
    });
  });
});

describe("mails over a real SMTP server", () => {
  it("the confirmation carries the QR code PNG of reservation_{id}", async () => {
    const r = await book(partyBody({ occupant_id: resident(2).occupant_id }));
    const got = await waitFor(() =>
      smtp.received.find((m) => m.to.includes(resident(2).email) && m.raw.includes(`Reservation number: ${r.id}`)),
    );
    const part = inlinePart(got.raw, "qrcode");
    expect(part?.contentType).toBe("image/png");
    expect(readQr(part!.data)).toBe(reservationQrText(r.id));
  });

  it("a block cancels the overlapping bookings and mails those residents the reason", async () => {
    const a = await book(partyBody({ occupant_id: resident(1).occupant_id, start_time: "10:00", end_time: "11:00" }));
    const b = await book(partyBody({ occupant_id: resident(3).occupant_id, start_time: "15:00", end_time: "16:00" }));
    const block = await book(blockBody(s.party.rooms[0], "Pipe burst in the party room", 2, "09:00", "12:00"));
    expect((await t.as("frontdesk").get(ONE(a.id))).json()).toMatchObject({ is_cancelled: true });
    expect((await t.as("frontdesk").get(ONE(b.id))).json()).toMatchObject({ is_cancelled: false });
    const got = await waitFor(() =>
      smtp.received.find((m) => m.to.includes(resident(1).email) && m.raw.includes("Pipe burst in the party room")),
    );
    expect(got.raw).toContain("was cancelled");
    expect(smtp.received.some((m) => m.to.includes(resident(3).email) && m.raw.includes("Pipe burst"))).toBe(false);
    // A second block over it is refused; a resident booking over it too.
    expect(await refused(blockBody(s.party.rooms[0], "x", 2, "11:00", "12:00"))).toEqual({
      non_field_errors: [M.overlap],
    });
    expect(
      await refused(partyBody({ occupant_id: resident(2).occupant_id, start_time: "11:00", end_time: "12:00" })),
    ).toEqual({
      non_field_errors: [M.overlap],
    });
    expect(block.is_cancelled).toBe(false);
  });
});

describe("reads", () => {
  it("the list: upcoming, date, type, search, occupancy, start dates, kinds, cancelled, ordering, pages", async () => {
    const a = await book(partyBody());
    const b = await book(partyBody({ occupant_id: resident(1).occupant_id, date: dayPlus(s, 3) }));
    const c = await book(admin(s.tennis.courts[0], 3, "09:00", "10:00", { contact: "Coach Lee" }));
    const d = await book(blockBody(s.party.rooms[1], "Paint", 4, "09:00", "10:00"));
    const old = await book(partyBody({ occupant_id: resident(2).occupant_id, date: dayPlus(s, 5) }));
    await t.db.execute(
      sql`update amenity_reservations set start_time = start_time - interval '20 days', end_time = end_time - interval '20 days' where id = ${old.id}`,
    );
    const x = await book(partyBody({ occupant_id: resident(3).occupant_id, date: dayPlus(s, 6) }));
    await t.as("amenity").post(`${ONE(x.id)}cancel/`);

    const ids = async (q: string, user = "frontdesk") => {
      const res = await t.as(user).get(LIST(1, q));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as AmenityReservation[]).map((r) => r.id);
    };
    expect(await ids("upcoming=1")).toEqual([a.id, c.id, b.id, d.id]);
    expect(await ids("")).toEqual([old.id, a.id, c.id, b.id, d.id]);
    expect(await ids(`date=${dayPlus(s, 3)}`)).toEqual([c.id, b.id]);
    expect(await ids(`upcoming=1&amenity_type=${s.tennis.typeId}`)).toEqual([c.id]);
    expect(await ids(`upcoming=1&amenity=${s.party.rooms[1]}`)).toEqual([d.id]);
    expect(await ids(`search=${encodeURIComponent(resident(1).last_name.toLowerCase())}`)).toContain(b.id);
    expect(await ids(`search=${encodeURIComponent(resident().apartment_number)}`)).toContain(a.id);
    expect(await ids("search=coach")).toEqual([c.id]);
    expect(await ids(`occupancy=${resident().occupancy_id}`)).toEqual([a.id]);
    expect(
      await ids(`min_start_date=${dayPlus(s, -30)}&max_start_date=${dayPlus(s, -1)}&ordering=-start_time`),
    ).toEqual([old.id]);
    expect(await ids("upcoming=1&amenity_reservation_type=TR,ER")).toEqual([a.id, c.id, b.id]);
    expect(await ids("upcoming=1&include_cancelled=1")).toEqual([a.id, c.id, b.id, d.id, x.id]);
    expect(await ids("upcoming=1&ordering=-start_time")).toEqual([d.id, b.id, c.id, a.id]);
    const page = (await t.as("frontdesk").get(LIST(1, "upcoming=1&limit=2&offset=2"))).json();
    expect(page.count).toBe(4);
    expect(page.results.map((r: AmenityReservation) => r.id)).toEqual([b.id, d.id]);
    expect(page.previous).toContain("limit=2");
    expect(page.next).toBeNull();

    const bad = await t.as("frontdesk").get(LIST(1, `min_start_date=${dayPlus(s, 3)}&max_start_date=${dayPlus(s, 1)}`));
    expect(bad.statusCode).toBe(400);
    expect((await t.as("frontdesk").get(LIST(1, "amenity_reservation_type=XX"))).statusCode).toBe(400);
  });

  it("the day schedule: every active amenity, its open hours and its reservations", async () => {
    const a = await book(partyBody());
    await specialDate(t, s.party.typeId, dayPlus(s, 22));
    const day = (await t.as("frontdesk").get(SCHEDULE(1, dayPlus(s, 2)))).json() as AmenitySchedule;
    expect(day.date).toBe(dayPlus(s, 2));
    expect(day.time_zone).toBe(s.tz);
    const room = day.amenities.find((x) => x.amenity.id === s.party.rooms[0])!;
    expect(room).toMatchObject({
      has_schedule: true,
      open_hours: [{ start_time: "08:00", end_time: "23:00" }],
      max_number_guests: 4,
    });
    expect(room.reservations.map((r) => r.id)).toEqual([a.id]);
    const court = day.amenities.find((x) => x.amenity.id === s.tennis.courts[0])!;
    expect(court).toMatchObject({
      has_schedule: false,
      open_hours: [{ start_time: "00:00", end_time: "24:00" }],
      max_number_guests: 0,
    });
    const closed = (await t.as("frontdesk").get(SCHEDULE(1, dayPlus(s, 22)))).json() as AmenitySchedule;
    expect(closed.amenities.find((x) => x.amenity.id === s.party.rooms[0])!.open_hours).toEqual([]);
    const missing = await t.as("frontdesk").get("/api/v1/core/buildings/1/amenity-reservations/schedule/");
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ date: [M.dateRequired] });
  });

  it("the club's guest list: today's bookings with guests", async () => {
    await t.db.execute(sql`delete from amenity_schedules where amenity_type_id = ${s.party.typeId}`);
    const r = await book(partyBody({ date: s.today, start_time: "23:00", end_time: "24:00", guests: 3 }));
    await book(
      partyBody({
        amenity_id: s.party.rooms[1],
        occupant_id: resident(1).occupant_id,
        date: s.today,
        start_time: "23:00",
        end_time: "24:00",
        guests: 0,
      }),
    );
    const list = (await t.as("clubadmin").get(GUESTS(s.clubId))).json() as AmenityGuestList;
    expect(list.count).toBe(1);
    expect(list.results.map((x) => x.id)).toEqual([r.id]);
    expect((await t.as("clubadmin").get(GUESTS(999999))).statusCode).toBe(404);
  });
});

describe("roles and buildings", () => {
  it("front desk views and checks in, never books, edits or cancels", async () => {
    const r = await book(partyBody());
    expect((await t.as("frontdesk").post(RES, partyBody({ date: dayPlus(s, 3) }))).statusCode).toBe(403);
    expect((await t.as("frontdesk").patch(ONE(r.id), { guests: 1 })).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(`${ONE(r.id)}cancel/`)).statusCode).toBe(403);
    expect((await t.as("maintenance").get(LIST(1))).statusCode).toBe(200);
    expect((await t.as("porter").post(`${ONE(r.id)}toggle_checkin/`)).statusCode).toBe(200);
  });

  it("club admins, amenity-only users and managers book; an owner does nothing", async () => {
    for (const [i, user] of (["clubadmin", "manager", "office"] as const).entries())
      await book(
        partyBody({ occupant_id: resident(i + 1).occupant_id, start_time: `1${i}:00`, end_time: `1${i}:30` }),
        user,
      ).then((r) => expect(r.entered_by?.username).toBe(user));
    expect((await t.as("owner").get(LIST(1))).statusCode).toBe(403);
  });

  it("another building's reservation is 'Reservation not found!'; its amenity cannot be booked from here", async () => {
    await setBuildingSettings(t, 3, { amenitysettings: { has_amenities: true } });
    const other = await setUpAmenities(t, 3, "Harbor Club");
    const theirs = (await residents(t, 3, 1))[0];
    const r = await book(
      {
        amenity_id: other.tennis.courts[0],
        amenity_reservation_type: "TR",
        occupant_id: theirs.occupant_id,
        date: dayPlus(other, 2),
        start_time: "09:00",
        end_time: "10:00",
      },
      "manager",
    );
    for (const call of [
      t.as("amenity").get(ONE(r.id)),
      t.as("amenity").patch(ONE(r.id), { guests: 0 }),
      t.as("amenity").post(`${ONE(r.id)}cancel/`),
      t.as("frontdesk").post(`${ONE(r.id)}toggle_checkin/`),
    ]) {
      const res = await call;
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: M.notFound });
    }
    expect((await t.as("amenity").get(LIST(3))).statusCode).toBe(403);
    expect(await refused(admin(other.tennis.courts[0], 2, "09:00", "10:00"))).toEqual({
      amenity_id: [M.amenityNotInBuilding],
    });
    // A resident of building 3 cannot be booked into building 1's club.
    expect(await refused(partyBody({ occupant_id: theirs.occupant_id }), "manager")).toEqual({
      occupant_id: [M.residentNotInBuilding],
    });
    expect((await t.as("amenity").get(GUESTS(other.clubId))).statusCode).toBe(404);
  });

  it("without has_amenities every call is refused", async () => {
    await setBuildingSettings(t, 2, { amenitysettings: { has_amenities: false } });
    expect((await t.as("manager").get(LIST(2))).statusCode).toBe(403);
    await setBuildingSettings(t, 2, { amenitysettings: { has_amenities: true } });
  });
});
