import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addDays,
  ELEVATOR_MESSAGES as M,
  type ElevatorReservation,
  isEarlyMoveOut,
  isOutsideLease,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { rowsOf } from "../../lib/sql.ts";
import { todayIn } from "../../lib/dates.ts";
import { multipart, otherUnits, type UnitInfo } from "../packages/test-fixtures.ts";

const BASE = "/api/v1/reservations/reservations/";
const ONE = (id: number, b = 1) => `${BASE}${id}/?building=${b}`;
const ACT = (id: number, action: string, b = 1) => `${BASE}${id}/${action}/?building=${b}`;
const LIST = (b: number, q = "") => `/api/v1/core/buildings/${b}/reservations/${q ? `?${q}` : ""}`;

let t: TestApp;
let types: Record<string, number>;
let units: UnitInfo[];
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  types = Object.fromEntries(
    rowsOf<{ id: number; short_name: string }>(
      await t.db.execute(sql`select id, short_name from reservation_types`),
    ).map((r) => [r.short_name, Number(r.id)]),
  );
  units = await otherUnits(t, 1, 3);
  day = addDays(todayIn("America/New_York"), 3);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from elevator_reservations`);
  await setBuildingSettings(t, 1, { reservationsettings: { has_reservations: true, is_staff_can_approve: true } });
});

async function book(fields: Record<string, unknown> = {}, user = "frontdesk", b = 1): Promise<ElevatorReservation> {
  const res = await t.as(user).post(`${BASE}?building=${b}`, {
    reservation_type_id: types.MI,
    apartment_id: units[0].apartment_id,
    reservation_date: day,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`book ${res.statusCode}: ${res.body}`);
  return res.json() as ElevatorReservation;
}

describe("service elevator reservations", () => {
  it("staff book one (defaults 9:00–10:00), read it in both lists and the one-reservation call", async () => {
    const r = await book({ custom_name: "Swift Movers", custom_email: "ops@swift.example", details_text: "Sofa" });
    expect(r).toMatchObject({
      building_id: 1,
      status: "REQUESTED",
      status_display: "Requested",
      status_event: null,
      reservation_type_id: types.MI,
      reservation_type_name: "Move-In",
      apartment_id: units[0].apartment_id,
      apartment_number: units[0].apartment_number,
      occupancy_id: units[0].occupancy_id,
      occupant_id: null,
      reservation_date: day,
      start_clock: "09:00",
      end_clock: "10:00",
      custom_name: "Swift Movers",
      custom_email: "ops@swift.example",
      custom_phone: "",
      details_text: "Sofa",
      entered_by: "Frank Delgado",
      deny_reason: "",
    });
    expect(new Date(r.end_time).getTime() - new Date(r.start_time).getTime()).toBe(3_600_000);
    const a = (await t.as("maintenance").get(LIST(1))).json();
    const b = (await t.as("manager").get(`${BASE}?building=1`)).json();
    expect(a.results.map((x: ElevatorReservation) => x.id)).toEqual([r.id]);
    expect(b).toEqual(a);
    expect((await t.as("frontdesk").get(ONE(r.id))).json()).toEqual(r);
    expect((await t.as("frontdesk").get(`${BASE}${r.id}/`)).statusCode).toBe(200);
  });

  it("an occupant sets the unit and unit profile (their unit wins); a resident of another building is refused", async () => {
    const o = units[1].occupants[0];
    const r = await book({ occupant_id: o.id, apartment_id: "" });
    expect(r).toMatchObject({
      occupant_id: o.id,
      occupant: `${o.first_name} ${o.last_name}`,
      apartment_id: units[1].apartment_id,
      occupancy_id: units[1].occupancy_id,
    });
    const unitWins = await book({ occupant_id: o.id, apartment_id: units[0].apartment_id });
    expect(unitWins).toMatchObject({ apartment_id: units[1].apartment_id, occupancy_id: units[1].occupancy_id });
    const [far] = await otherUnits(t, 3, 1);
    const foreign = await t.as("manager").post(`${BASE}?building=1`, {
      reservation_type_id: types.MI,
      occupant_id: far.occupants[0].id,
      reservation_date: day,
    });
    expect(foreign.json()).toEqual({ occupant_id: [M.occupantNotInBuilding] });
    const noUnit = await t
      .as("manager")
      .post(`${BASE}?building=1`, { reservation_type_id: types.MI, reservation_date: day });
    expect(noUnit.json()).toEqual({ apartment_id: [M.unitRequired] });
    const farUnit = await t.as("manager").post(`${BASE}?building=1`, {
      reservation_type_id: types.MI,
      apartment_id: far.apartment_id,
      reservation_date: day,
    });
    expect(farUnit.json()).toEqual({ apartment_id: [M.apartmentNotInBuilding] });
  });

  it("times: not before 8:00, 30-minute steps, end after start; date required; e-mail valid when given", async () => {
    const post = (f: Record<string, unknown>) =>
      t.as("frontdesk").post(`${BASE}?building=1`, {
        reservation_type_id: types.MI,
        apartment_id: units[0].apartment_id,
        reservation_date: day,
        ...f,
      });
    expect((await post({ start_time: "07:30", end_time: "09:00" })).json()).toEqual({ start_time: [M.startTooEarly] });
    expect((await post({ start_time: "09:15", end_time: "10:00" })).json()).toEqual({ start_time: [M.halfHourSteps] });
    expect((await post({ start_time: "09:00", end_time: "10:10" })).json()).toEqual({ end_time: [M.halfHourSteps] });
    expect((await post({ start_time: "10:00", end_time: "10:00" })).json()).toEqual({ end_time: [M.endNotAfterStart] });
    expect((await post({ start_time: "nine", end_time: "10:00" })).json()).toEqual({ start_time: [M.invalidTime] });
    expect((await post({ reservation_date: "" })).json()).toEqual({ reservation_date: [M.dateRequired] });
    expect((await post({ reservation_date: "2026-02-30" })).json()).toEqual({
      reservation_date: [MESSAGES.invalidDate],
    });
    expect((await post({ custom_email: "nobody" })).json()).toEqual({ custom_email: [M.invalidEmail] });
    expect((await post({ reservation_type_id: "" })).json()).toEqual({ reservation_type_id: [MESSAGES.fieldRequired] });
    const ok = await post({ start_time: "08:00", end_time: "08:30" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ start_clock: "08:00", end_clock: "08:30" });
  });

  it("the type must be offered in the building and active", async () => {
    await t.db.execute(sql`update reservation_types set is_active = false where id = ${types.DL}`);
    try {
      const inactive = await t.as("frontdesk").post(`${BASE}?building=1`, {
        reservation_type_id: types.DL,
        apartment_id: units[0].apartment_id,
        reservation_date: day,
      });
      expect(inactive.json()).toEqual({ reservation_type_id: [M.typeInactive] });
    } finally {
      await t.db.execute(sql`update reservation_types set is_active = true where id = ${types.DL}`);
    }
    const [{ id: other }] = rowsOf<{ id: number }>(
      await t.db.execute(sql`insert into reservation_types (name, short_name) values ('Only Park', 'OP') returning id`),
    );
    await t.db.execute(sql`insert into reservation_type_buildings values (${other}, 2)`);
    const elsewhere = await t.as("frontdesk").post(`${BASE}?building=1`, {
      reservation_type_id: other,
      apartment_id: units[0].apartment_id,
      reservation_date: day,
    });
    expect(elsewhere.json()).toEqual({ reservation_type_id: [M.typeNotInBuilding] });
  });

  it("multipart create and edit; an edit is judged with the stored date and times", async () => {
    const form = multipart([
      ["reservation_type_id", String(types.DL)],
      ["apartment_id", String(units[0].apartment_id)],
      ["reservation_date", day],
      ["start_time", "13:00"],
      ["end_time", "15:30"],
      ["custom_phone", "555-0101"],
    ]);
    const created = await t.as("frontdesk").post(`${BASE}?building=1`, form.payload, { headers: form.headers });
    expect(created.statusCode).toBe(201);
    const r = created.json() as ElevatorReservation;
    expect(r).toMatchObject({
      reservation_type_name: "Delivery",
      start_clock: "13:00",
      end_clock: "15:30",
      custom_phone: "555-0101",
    });
    const edit = multipart([
      ["end_time", "16:00"],
      ["details_text", "Two trips"],
    ]);
    const patched = await t.as("maintenance").patch(ONE(r.id), edit.payload, { headers: edit.headers });
    expect(patched.json()).toMatchObject({ start_clock: "13:00", end_clock: "16:00", details_text: "Two trips" });
    const bad = await t.as("maintenance").patch(ONE(r.id), { end_time: "12:00" });
    expect(bad.json()).toEqual({ end_time: [M.endNotAfterStart] });
    const moved = await t.as("maintenance").patch(ONE(r.id), { occupant_id: units[2].occupants[0].id });
    expect(moved.json()).toMatchObject({ apartment_id: units[2].apartment_id, occupancy_id: units[2].occupancy_id });
  });

  it("approve, deny (a reason), cancel: from REQUESTED only, with the decision recorded", async () => {
    const a = await book();
    const approved = await t.as("manager").post(ACT(a.id, "approve"));
    expect(approved.json()).toMatchObject({ status: "APPROVED", status_display: "Approved" });
    expect(approved.json().status_event).toMatchObject({ performed_by: "Marcus Reed" });
    const again = await t.as("manager").post(ACT(a.id, "cancel"));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [M.notRequested("Approved")] });

    const d = await book({ start_time: "11:00", end_time: "12:00" });
    const noReason = await t.as("manager").post(ACT(d.id, "deny"), { deny_reason: "  " });
    expect(noReason.json()).toEqual({ deny_reason: [M.reasonRequired] });
    expect((await t.as("manager").post(ACT(d.id, "deny"), {})).json()).toEqual({ deny_reason: [M.reasonRequired] });
    const denied = await t.as("manager").post(ACT(d.id, "deny"), { deny_reason: "Dock closed" });
    expect(denied.json()).toMatchObject({ status: "DENIED", deny_reason: "Dock closed" });
    expect((await t.as("manager").post(ACT(d.id, "approve"))).json()).toEqual({
      non_field_errors: [M.notRequested("Denied")],
    });

    const c = await book({ start_time: "12:00", end_time: "13:00" });
    expect((await t.as("office").post(ACT(c.id, "cancel"))).json()).toMatchObject({ status: "CANCELLED" });
    expect((await t.as("office").post(ACT(c.id, "deny"), { deny_reason: "x" })).json()).toEqual({
      non_field_errors: [M.notRequested("Cancelled")],
    });
  });

  it("approving over an approved reservation is refused; edits cannot move an approved one onto another", async () => {
    const first = await book({ start_time: "09:00", end_time: "11:00" });
    const second = await book({ start_time: "10:30", end_time: "12:00" });
    const third = await book({ start_time: "11:00", end_time: "12:00" });
    await t.as("manager").post(ACT(first.id, "approve"));
    const clash = await t.as("manager").post(ACT(second.id, "approve"));
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ non_field_errors: [M.overlap] });
    expect((await t.as("manager").post(ACT(third.id, "approve"))).json()).toMatchObject({ status: "APPROVED" });
    const onto = await t.as("frontdesk").patch(ONE(third.id), { start_time: "10:00" });
    expect(onto.json()).toEqual({ non_field_errors: [M.overlap] });
  });

  it("two overlapping approvals at the same moment: exactly one wins", async () => {
    const a = await book({ start_time: "09:00", end_time: "11:00" });
    const b = await book({ start_time: "10:00", end_time: "12:00" });
    const answers = await Promise.all([
      t.as("manager").post(ACT(a.id, "approve")),
      t.as("office").post(ACT(b.id, "approve")),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const approved = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from elevator_reservations where status = 'APPROVED'`),
    );
    expect(Number(approved[0].n)).toBe(1);
  });

  it("approve_all approves the requested ones and refuses each overlap, decided or unknown one with its reason", async () => {
    const a = await book({ start_time: "09:00", end_time: "10:00" });
    const b = await book({ start_time: "09:30", end_time: "10:30" });
    const c = await book({ start_time: "14:00", end_time: "15:00" });
    const d = await book({ start_time: "16:00", end_time: "17:00" });
    await t.as("manager").post(ACT(d.id, "cancel"));
    const res = await t
      .as("frontdesk")
      .post(`${BASE}approve_all/?building=1`, { reservation_id: [a.id, b.id, c.id, d.id, 999999], building_id: 1 });
    expect(res.json()).toEqual({
      approved: [a.id, c.id],
      refused: [
        { id: b.id, reason: M.overlap },
        { id: d.id, reason: M.notRequested("Cancelled") },
        { id: 999999, reason: M.notFound },
      ],
    });
    const empty = await t.as("manager").post(`${BASE}approve_all/?building=1`, { reservation_id: [], building_id: 1 });
    expect(empty.json()).toEqual({ reservation_id: [M.selectAtLeastOne] });
    const mismatch = await t
      .as("manager")
      .post(`${BASE}approve_all/?building=1`, { reservation_id: [a.id], building_id: 3 });
    expect(mismatch.statusCode).toBe(400);
  });

  it("ready_to_approve_count counts requested reservations not over yet", async () => {
    await book();
    const b = await book({ start_time: "11:00", end_time: "12:00" });
    await t.as("manager").post(ACT(b.id, "approve"));
    await t.db
      .execute(sql`insert into elevator_reservations (building_id, apartment_id, reservation_type_id, start_time, end_time)
      values (1, ${units[0].apartment_id}, ${types.MI}, now() - interval '2 days', now() - interval '2 days' + interval '1 hour')`);
    expect((await t.as("maintenance").get(`${BASE}ready_to_approve_count/?building=1`)).json()).toEqual({ count: 1 });
  });

  it("list filters: dates (building days), status, apartment, reservation_type, occupancy, ordering, paging", async () => {
    const a = await book();
    const b = await book({
      reservation_date: addDays(day, 2),
      reservation_type_id: types.DL,
      apartment_id: units[1].apartment_id,
    });
    const c = await book({ reservation_date: addDays(day, 4), start_time: "17:00", end_time: "18:00" });
    await t.as("manager").post(ACT(c.id, "cancel"));
    const ids = async (q: string) =>
      (await t.as("frontdesk").get(LIST(1, q))).json().results.map((r: ElevatorReservation) => r.id);
    expect(await ids("")).toEqual([a.id, b.id, c.id]);
    expect(await ids("ordering=-start_time")).toEqual([c.id, b.id, a.id]);
    expect(await ids(`min_start_date=${addDays(day, 1)}&max_start_date=${addDays(day, 2)}`)).toEqual([b.id]);
    expect(await ids(`max_start_date=${day}`)).toEqual([a.id]);
    expect(await ids("status=CANCELLED")).toEqual([c.id]);
    expect(await ids("status=requested,cancelled")).toEqual([a.id, b.id, c.id]);
    expect(await ids(`apartment=${units[1].apartment_id}`)).toEqual([b.id]);
    expect(await ids(`reservation_type=${types.DL}`)).toEqual([b.id]);
    expect(await ids(`occupancy=${units[0].occupancy_id}`)).toEqual([a.id, c.id]);
    const page = (await t.as("frontdesk").get(LIST(1, "limit=2&offset=2"))).json();
    expect(page).toMatchObject({ count: 3, next: null });
    expect(page.results.map((r: ElevatorReservation) => r.id)).toEqual([c.id]);
    const bad = await t
      .as("frontdesk")
      .get(LIST(1, `status=LOST&min_start_date=${day}&max_start_date=${addDays(day, -1)}`));
    expect(bad.statusCode).toBe(400);
  });

  it("flags: an early Move-Out and a reservation outside the lease", async () => {
    const mo = await book({ reservation_type_id: types.MO });
    await t.db
      .execute(sql`update occupancies set lease_start_date = ${addDays(day, 1)}, lease_end_date = ${addDays(day, 40)}
      where id = ${units[0].occupancy_id}`);
    const r = (await t.as("frontdesk").get(ONE(mo.id))).json() as ElevatorReservation;
    expect(r).toMatchObject({ lease_start_date: addDays(day, 1), lease_end_date: addDays(day, 40) });
    expect(isEarlyMoveOut(r)).toBe(true);
    expect(isOutsideLease(r)).toBe(true);
    await t.db
      .execute(sql`update occupancies set lease_start_date = ${addDays(day, -100)}, lease_end_date = ${addDays(day, 10)}
      where id = ${units[0].occupancy_id}`);
    const later = (await t.as("frontdesk").get(ONE(mo.id))).json() as ElevatorReservation;
    expect(isEarlyMoveOut(later)).toBe(false);
    expect(isOutsideLease(later)).toBe(false);
  });

  it("roles: staff use; managers and the approving front desk decide; others are refused", async () => {
    const r = await book();
    for (const who of ["maintenance", "porter", "manager", "office"])
      expect((await t.as(who).get(ONE(r.id))).statusCode, who).toBe(200);
    for (const who of ["amenity", "clubadmin", "owner"]) {
      expect((await t.as(who).get(ONE(r.id))).statusCode, who).toBe(403);
      expect((await t.as(who).post(`${BASE}?building=1`, {})).statusCode, who).toBe(403);
    }
    expect((await t.as("maintenance").post(ACT(r.id, "approve"))).statusCode).toBe(403);
    expect((await t.as("porter").post(ACT(r.id, "cancel"))).statusCode).toBe(403);
    await setBuildingSettings(t, 1, { reservationsettings: { has_reservations: true, is_staff_can_approve: false } });
    expect((await t.as("frontdesk").post(ACT(r.id, "approve"))).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(ACT(r.id, "deny"), {})).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(`${BASE}approve_all/?building=1`, {})).statusCode).toBe(403);
    await setBuildingSettings(t, 1, { reservationsettings: { has_reservations: true, is_staff_can_approve: true } });
    expect((await t.as("frontdesk").post(ACT(r.id, "approve"))).statusCode).toBe(200);
    // A building without reservations: nobody uses them there.
    expect((await t.as("manager").get(LIST(2))).statusCode).toBe(403);
  });

  it("another building's reservation is 404; a building out of reach is 403", async () => {
    const r = await book();
    expect((await t.as("manager").get(ONE(r.id, 3))).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(r.id, 3), { details_text: "x" })).statusCode).toBe(404);
    expect((await t.as("manager").post(ACT(r.id, "approve", 3))).statusCode).toBe(404);
    expect((await t.as("joconnor").get(`${BASE}${r.id}/`)).statusCode).toBe(404);
    expect((await t.as("salvarez").post(`${BASE}${r.id}/cancel/`)).statusCode).toBe(404);
    // A front desk that may decide nowhere is refused before the reservation is looked up.
    expect((await t.as("joconnor").post(`${BASE}${r.id}/cancel/`)).statusCode).toBe(403);
    expect((await t.as("joconnor").get(LIST(1))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(`${BASE}999999/`)).statusCode).toBe(404);
  });
});
