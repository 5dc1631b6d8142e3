import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import sharp from "sharp";
import {
  AMENITY_INTERVALS,
  type AmenitySlot,
  type AmenityType,
  type Club,
  type ClubMember,
  CLUBS_MESSAGES as CM,
  MESSAGES,
  POOL_EXPORT_COLUMNS,
  type ScheduleEntry,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipart } from "../packages/test-fixtures.ts";
import { todayIn } from "../../lib/dates.ts";
import { DEMO_AMENITY_TYPES, DEMO_CLUBS } from "../../db/seed/clubs.ts";

const V = "/api/v1";
let t: TestApp;
const ids = { pool: 0, lounge: 0, elm: 0, tennis: 0, party: 0, elmGym: 0 };

const one = async (q: string, params: unknown[] = []) => Number((await t.database.query(q, params)).rows[0]?.id ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  ids.pool = await one("select id from clubs where name = $1", [DEMO_CLUBS.pool]);
  ids.lounge = await one("select id from clubs where name = $1", [DEMO_CLUBS.lounge]);
  ids.elm = await one("select id from clubs where name = $1", [DEMO_CLUBS.elmFitness]);
  ids.tennis = await one("select id from amenity_types where name = $1", [DEMO_AMENITY_TYPES.tennis]);
  ids.party = await one("select id from amenity_types where name = $1", [DEMO_AMENITY_TYPES.partyRoom]);
  ids.elmGym = await one("select id from amenity_types where name = $1 and building_id = 4", [DEMO_AMENITY_TYPES.gym]);
});
afterAll(async () => {
  await t?.close();
});

/** How many members the club has in the database (the demo's 24 pool members, and the new leases' residents who joined). */
const memberCount = (club: number) => one("select count(*)::int as id from club_members where club_id = $1", [club]);

/** A resident of a building who is not a member of the club. */
const nonMember = (club: number, building: number) =>
  one(
    `select oc.id from occupants oc join occupancies o on o.id = oc.occupancy_id where o.building_id = $2 and o.is_active and oc.is_active
     and not exists (select 1 from club_members m where m.club_id = $1 and m.occupant_id = oc.id) order by oc.id`,
    [club, building],
  );

describe("clubs", () => {
  it("lists a building's clubs; include_external_clubs adds those shared with it", async () => {
    const own = (await t.as("manager").get(`${V}/core/buildings/1/clubs/`)).json();
    expect(own.results.map((c: Club) => c.name)).toEqual([DEMO_CLUBS.lounge, DEMO_CLUBS.pool]);
    const pool = own.results.find((c: Club) => c.id === ids.pool) as Club;
    expect(pool).toMatchObject({ has_open_checkin: true, is_open: true, building: 1, amenity_count: 2 });
    expect(pool.member_count).toBeGreaterThan(0);
    const lounge = own.results.find((c: Club) => c.id === ids.lounge) as Club;
    expect(lounge.additional_buildings).toEqual([{ id: 2, name: "Park Terrace" }]);
    expect((await t.as("manager").get(`${V}/core/buildings/2/clubs/`)).json().count).toBe(0);
    const shared = (await t.as("manager").get(`${V}/core/buildings/2/clubs/?include_external_clubs=1`)).json();
    expect(shared.results.map((c: Club) => c.id)).toEqual([ids.lounge]);
    // Front desk sees them (is_viewable_by_all_employees), amenity-only and club admins too.
    for (const u of ["frontdesk", "amenity", "clubadmin"])
      expect((await t.as(u).get(`${V}/core/buildings/1/clubs/`)).statusCode, u).toBe(200);
    expect((await t.as("tenant").get(`${V}/core/buildings/1/clubs/`)).statusCode).toBe(403);
  });

  it("a club of another building is 404; a shared one is reached through the additional building", async () => {
    expect((await t.as("manager").get(`${V}/clubs/clubs/${ids.elm}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${V}/clubs/clubs/${ids.elm}/members/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${V}/clubs/amenity-types/${ids.elmGym}`)).statusCode).toBe(404);
    expect((await t.as("office").get(`${V}/clubs/clubs/${ids.elm}/`)).statusCode).toBe(200);
    expect((await t.as("manager").get(`${V}/clubs/clubs/999999/`)).statusCode).toBe(404);
  });

  it("managers create and edit clubs (multipart, additional_buildings as JSON, photo); others are refused", async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#39c" } })
      .png()
      .toBuffer();
    const form = multipart([
      ["building", "1"],
      ["name", "  Chess Club "],
      ["description", "Tuesdays"],
      ["is_open", "false"],
      ["has_open_checkin", "false"],
      ["additional_buildings", "[2]"],
      ["photo", { filename: "club.png", contentType: "image/png", data: photo }],
    ]);
    const res = await t.as("manager").post(`${V}/clubs/clubs/`, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    const club = res.json() as Club;
    expect(club).toMatchObject({ name: "Chess Club", is_open: false, member_count: 0, amenity_count: 0 });
    expect(club.additional_buildings.map((b) => b.id)).toEqual([2]);
    expect(club.photo_url).toMatch(/^\/api\/v1\/files\//);

    const patched = await t
      .as("office")
      .patch(`${V}/clubs/clubs/${club.id}/`, { is_open: true, additional_buildings: [] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ is_open: true, additional_buildings: [], name: "Chess Club" });

    expect((await t.as("manager").post(`${V}/clubs/clubs/`, { building: 1, name: " " })).json()).toEqual({
      name: [MESSAGES.fieldRequired],
    });
    expect((await t.as("manager").post(`${V}/clubs/clubs/`, { name: "X" })).json()).toEqual({
      building: [CM.buildingRequired],
    });
    expect(
      (await t.as("manager").post(`${V}/clubs/clubs/`, { building: 1, name: "X", additional_buildings: "[4]" })).json(),
    ).toEqual({ additional_buildings: [CM.unknownBuilding] });
    const notImage = multipart([
      ["building", "1"],
      ["name", "Y"],
      ["photo", { filename: "a.png", contentType: "image/png", data: Buffer.from("not an image") }],
    ]);
    expect(
      (await t.as("manager").post(`${V}/clubs/clubs/`, notImage.payload, { headers: notImage.headers })).statusCode,
    ).toBe(400);
    for (const u of ["frontdesk", "clubadmin", "amenity"]) {
      expect((await t.as(u).post(`${V}/clubs/clubs/`, { building: 1, name: "Nope" })).statusCode, u).toBe(403);
      expect((await t.as(u).patch(`${V}/clubs/clubs/${club.id}/`, { name: "Nope" })).statusCode, u).toBe(403);
    }
    // Another building's club: 404 before the body is judged.
    expect((await t.as("manager").patch(`${V}/clubs/clubs/${ids.elm}/`, { name: "" })).statusCode).toBe(404);
    // 403 before 400: a building the manager lacks.
    expect((await t.as("manager").post(`${V}/clubs/clubs/`, { building: 4, name: "" })).statusCode).toBe(403);
  });
});

describe("members and pool check-ins", () => {
  it("lists and searches members; quick search offers residents who are not members", async () => {
    const all = (await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.pool}/members/?limit=999999`)).json();
    expect(all.count).toBe(await memberCount(ids.pool));
    expect(all.count).toBeGreaterThanOrEqual(24);
    const m = all.results[0] as ClubMember;
    expect(m).toMatchObject({ club_id: ids.pool, building_id: 1, building_name: "The Riverside" });
    const found = (
      await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.pool}/members/?search=${encodeURIComponent(m.last_name)}`)
    ).json();
    expect(found.results.map((r: ClubMember) => r.id)).toContain(m.id);
    expect((await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.pool}/members/?limit=1000000`)).statusCode).toBe(400);

    const cands = (await t.as("manager").get(`${V}/clubs/clubs/${ids.pool}/quick-search/`)).json();
    expect(cands.length).toBeGreaterThan(0);
    expect(cands.map((c: { occupant_id: number }) => c.occupant_id)).not.toContain(m.occupant_id);
    // Lounge (shared with Park Terrace): candidates of both buildings.
    const lounge = (await t.as("manager").get(`${V}/clubs/clubs/${ids.lounge}/quick-search/?limit=100`)).json();
    expect(new Set(lounge.map((c: { building_id: number }) => c.building_id))).toEqual(new Set([1, 2]));
    expect((await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.pool}/quick-search/`)).statusCode).toBe(403);
    // The amenity desk books for residents who are not members yet.
    expect((await t.as("amenity").get(`${V}/clubs/clubs/${ids.pool}/quick-search/`)).statusCode).toBe(200);
  });

  it("adds and removes members ('New member added'); club admins may where the building allows it", async () => {
    const before = await memberCount(ids.pool);
    const occ = await nonMember(ids.pool, 1);
    const add = await t.as("clubadmin").post(`${V}/clubs/clubs/${ids.pool}/add_member/`, { occupant_id: occ });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ detail: CM.memberAdded, occupant_id: occ });
    expect(
      (await t.as("manager").post(`${V}/clubs/clubs/${ids.pool}/add_member/`, { occupant_id: occ })).json(),
    ).toEqual({
      occupant_id: [CM.alreadyMember],
    });
    // A resident of a building the club is not in.
    const other = await nonMember(ids.pool, 2);
    expect(
      (await t.as("manager").post(`${V}/clubs/clubs/${ids.pool}/add_member/`, { occupant_id: other })).json(),
    ).toEqual({
      occupant_id: [CM.occupantNotInClubBuildings],
    });
    expect((await t.as("manager").post(`${V}/clubs/clubs/${ids.pool}/add_member/`, {})).statusCode).toBe(400);
    const rm = await t.as("manager").post(`${V}/clubs/clubs/${ids.pool}/remove_member/`, { occupant_id: occ });
    expect(rm.json()).toEqual({ detail: CM.memberRemoved, occupant_id: occ });
    // Again: nothing to remove, same answer.
    expect(
      (await t.as("manager").post(`${V}/clubs/clubs/${ids.pool}/remove_member/`, { occupant_id: occ })).json(),
    ).toEqual({ detail: CM.memberRemoved, occupant_id: occ });
    expect((await t.as("manager").get(`${V}/clubs/clubs/${ids.pool}/members/`)).json().count).toBe(before);
    for (const u of ["frontdesk", "amenity"])
      expect((await t.as(u).post(`${V}/clubs/clubs/${ids.pool}/add_member/`, { occupant_id: occ })).statusCode, u).toBe(
        403,
      );
  });

  it("records a check-in with 0 or 1 guest (note '{guests+1}:'); again the same day edits it", async () => {
    const member = (await t.as("amenity").get(`${V}/clubs/clubs/${ids.pool}/members/`)).json().results[5] as ClubMember;
    const url = `${V}/clubs/clubs/${ids.pool}/record_open_checkin/`;
    const first = await t.as("amenity").post(url, { occupant_id: member.occupant_id, guests: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      occupant_id: member.occupant_id,
      guests: 1,
      note: "2:",
      content_type: "occupant",
    });
    const again = (await t.as("frontdesk").post(url, { occupant_id: member.occupant_id, guests: 0 })).json();
    expect(again).toMatchObject({ id: first.json().id, guests: 0, note: "1:" });
    expect((await t.as("amenity").post(url, { occupant_id: member.occupant_id, guests: 2 })).json()).toEqual({
      guests: [CM.tooManyGuests],
    });
    const today = (await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.pool}/members/open_checkins/`)).json();
    const mine = today.results.filter((c: { occupant_id: number }) => c.occupant_id === member.occupant_id);
    expect(mine).toHaveLength(1);
    expect(mine[0].note).toBe("1:");
    // A resident of another building; a club without open check-in.
    const outsider = await nonMember(ids.pool, 2);
    expect((await t.as("amenity").post(url, { occupant_id: outsider })).json()).toEqual({
      occupant_id: [CM.occupantNotInClubBuildings],
    });
    expect(
      (
        await t.as("manager").post(`${V}/clubs/clubs/${ids.lounge}/record_open_checkin/`, { occupant_id: outsider })
      ).json(),
    ).toEqual({ non_field_errors: [CM.noOpenCheckin] });
    expect((await t.as("tenant").post(url, { occupant_id: member.occupant_id })).statusCode).toBe(403);
  });

  it("exports check-ins as xlsx for managers only; both dates required", async () => {
    const tz = "America/New_York";
    const today = todayIn(tz);
    const url = `${V}/clubs/clubs/${ids.pool}/pool_checkins_report/`;
    expect((await t.as("manager").get(`${url}?start_date=${today}`)).json()).toEqual({
      end_date: [CM.exportDatesRequired],
    });
    expect((await t.as("manager").get(url)).json()).toEqual({
      start_date: [CM.exportDatesRequired],
      end_date: [CM.exportDatesRequired],
    });
    for (const u of ["frontdesk", "clubadmin", "amenity"])
      expect((await t.as(u).get(`${url}?start_date=${today}&end_date=${today}`)).statusCode, u).toBe(403);
    const res = await t.as("manager").get(`${url}?start_date=2000-01-01&end_date=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((r) =>
      rows.push(POOL_EXPORT_COLUMNS.map((_c, i) => String(r.getCell(i + 1).value ?? ""))),
    );
    expect(rows[0]).toEqual([...POOL_EXPORT_COLUMNS]);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.slice(1).every((r) => r[7] === `${Number(r[6]) + 1}:`)).toBe(true);
  });

  it("removes all members", async () => {
    expect((await t.as("frontdesk").post(`${V}/clubs/clubs/${ids.lounge}/bulk_delete/`, {})).statusCode).toBe(403);
    const occ = await nonMember(ids.lounge, 1);
    await t.as("manager").post(`${V}/clubs/clubs/${ids.lounge}/add_member/`, { occupant_id: occ });
    const res = await t.as("manager").post(`${V}/clubs/clubs/${ids.lounge}/bulk_delete/`, {});
    expect(res.json()).toEqual({ detail: CM.allMembersRemoved(1), count: 1 });
    expect((await t.as("manager").get(`${V}/clubs/clubs/${ids.lounge}/members/`)).json().count).toBe(0);
  });
});

describe("amenity types, schedules and slots", () => {
  it("reads types of a club and of a building (shared ones included), intervals and one type", async () => {
    const club = (await t.as("frontdesk").get(`${V}/clubs/clubs/${ids.lounge}/amenity-types/`)).json();
    expect(club.results.map((x: AmenityType) => x.name)).toEqual(["BBQ", "Party Room"]);
    const party = club.results[1] as AmenityType;
    expect(party).toMatchObject({
      is_approval_required_for_reservation: true,
      is_payment_required_for_reservation: true,
      is_allow_guests: true,
      max_number_guests: 10,
      amenity_count: 1,
    });
    expect(party.schedule_set.filter((s) => s.day_of_week !== null)).toHaveLength(7);
    expect(party.schedule_set.find((s) => s.specific_date)).toMatchObject({ is_open: false, open_time: null });
    const b2 = (await t.as("frontdesk").get(`${V}/core/buildings/2/amenity-types/`)).json();
    expect(b2.results.map((x: AmenityType) => x.name)).toEqual(["BBQ", "Party Room"]);
    expect((await t.as("amenity").get(`${V}/clubs/amenity-types/intervals/`)).json()).toEqual(AMENITY_INTERVALS);
    for (const path of [`${V}/clubs/amenity-types/${ids.party}`, `${V}/clubs/amenity-types/${ids.party}/`])
      expect((await t.as("frontdesk").get(path)).json().name).toBe("Party Room");
    expect((await t.as("tenant").get(`${V}/clubs/amenity-types/${ids.party}/`)).statusCode).toBe(403);
  });

  it("creates a type with the defaults and the rules; patches with the guests rule on merged values", async () => {
    const res = await t.as("manager").post(`${V}/clubs/amenity-types/`, { club: ids.pool, name: "Sauna" });
    expect(res.statusCode, res.body).toBe(201);
    const sauna = res.json() as AmenityType;
    expect(sauna).toMatchObject({
      club: ids.pool,
      building: 1,
      max_user_open_reservations: 5,
      max_user_weekly_reservations: 3,
      max_user_daily_reservations: 1,
      reservation_window_days: 0,
      max_reservation_length: AMENITY_INTERVALS[0].value,
      is_allow_guests: false,
      max_number_guests: 0,
      schedule_set: [],
    });
    const bad = await t.as("manager").post(`${V}/clubs/amenity-types/`, {
      club: ids.pool,
      name: "X",
      is_allow_guests: true,
      max_number_guests: 0,
      max_user_daily_reservations: -1,
      max_reservation_length: 7,
    });
    expect(bad.json()).toEqual({
      max_number_guests: [CM.guestsAtLeastOne],
      max_user_daily_reservations: [MESSAGES.minValue(0)],
      max_reservation_length: [CM.invalidInterval],
    });
    const url = `${V}/clubs/amenity-types/${sauna.id}/`;
    expect((await t.as("manager").patch(url, { is_allow_guests: true })).json()).toEqual({
      max_number_guests: [CM.guestsAtLeastOne],
    });
    expect((await t.as("manager").patch(url, { is_allow_guests: true, max_number_guests: 2 })).json()).toMatchObject({
      is_allow_guests: true,
      max_number_guests: 2,
    });
    expect((await t.as("manager").patch(url, { is_allow_guests: false })).json()).toMatchObject({
      max_number_guests: 0,
    });
    const form = multipart([
      ["name", "Sauna & Steam"],
      ["is_active", "false"],
    ]);
    expect((await t.as("manager").patch(url, form.payload, { headers: form.headers })).json()).toMatchObject({
      name: "Sauna & Steam",
      is_active: false,
    });
    for (const u of ["frontdesk", "clubadmin", "amenity"]) {
      expect((await t.as(u).post(`${V}/clubs/amenity-types/`, { club: ids.pool, name: "N" })).statusCode, u).toBe(403);
      expect((await t.as(u).patch(url, { name: "N" })).statusCode, u).toBe(403);
    }
    expect((await t.as("manager").post(`${V}/clubs/amenity-types/`, { club: ids.elm, name: "" })).statusCode).toBe(404);
  });

  it("update-schedule replaces the weekly set or the special dates", async () => {
    const url = `${V}/clubs/amenity-types/${ids.tennis}/update-schedule/`;
    const weekly = await t.as("manager").patch(url, {
      is_special: false,
      schedules: [
        { day_of_week: 0, is_open: true, open_time: "08:00", close_time: "12:00" },
        { day_of_week: 6, is_open: false },
      ],
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json().map((s: ScheduleEntry) => [s.day_of_week, s.open_time, s.close_time])).toEqual([
      [0, "08:00:00", "12:00:00"],
      [6, null, null],
    ]);
    const special = await t.as("manager").patch(url, {
      is_special: true,
      schedules: [{ specific_date: "2030-01-01", is_open: true, open_time: "10:00:00", close_time: "14:00:00" }],
    });
    const all = special.json() as ScheduleEntry[];
    expect(all.filter((s) => s.day_of_week !== null)).toHaveLength(2);
    expect(all.filter((s) => s.specific_date)).toMatchObject([{ specific_date: "2030-01-01", open_time: "10:00:00" }]);
    // Special again replaces the dates only; weekly [] = 'Always open' keeps the dates.
    await t
      .as("manager")
      .patch(url, { is_special: true, schedules: [{ specific_date: "2030-02-02", is_open: false }] });
    const always = (await t.as("manager").patch(url, { is_special: false, schedules: [] })).json() as ScheduleEntry[];
    expect(always.map((s) => s.specific_date)).toEqual(["2030-02-02"]);
    expect((await t.as("frontdesk").get(`${V}/clubs/amenity-types/${ids.tennis}/schedules/`)).json()).toEqual(always);
    const missing = await t.as("manager").patch(url, { is_special: true, schedules: [{ is_open: false }] });
    expect(missing.json()).toEqual({ "schedules.0.specific_date": [CM.dateRequired] });
    expect((await t.as("frontdesk").patch(url, { is_special: false, schedules: [] })).statusCode).toBe(403);
  });

  it("slots: create, inline edit, filters", async () => {
    const res = await t.as("manager").post(`${V}/clubs/amenities/`, { amenity_type: ids.tennis, label: "Court 3" });
    expect(res.statusCode, res.body).toBe(201);
    const slot = res.json() as AmenitySlot;
    expect(slot).toMatchObject({
      label: "Court 3",
      is_active: true,
      amenity_type: ids.tennis,
      club_id: ids.pool,
      has_checkin: true,
    });
    const patched = await t.as("office").patch(`${V}/clubs/amenities/${slot.id}/`, { is_active: false });
    expect(patched.json()).toMatchObject({ is_active: false, label: "Court 3" });
    expect((await t.as("manager").patch(`${V}/clubs/amenities/${slot.id}/`, { label: "" })).json()).toEqual({
      label: [MESSAGES.fieldRequired],
    });
    const ofType = (await t.as("frontdesk").get(`${V}/clubs/amenities/?amenity_type=${ids.tennis}`)).json();
    expect(ofType.results.map((s: AmenitySlot) => s.label)).toEqual(["Court 1", "Court 2", "Court 3"]);
    const active = (
      await t.as("frontdesk").get(`${V}/core/buildings/1/amenities/?is_active=true&amenity_type=${ids.tennis}`)
    ).json();
    expect(active.results.map((s: AmenitySlot) => s.label)).toEqual(["Court 1", "Court 2"]);
    const b1 = (await t.as("frontdesk").get(`${V}/core/buildings/1/amenities/?amenity_type_is_active=true`)).json();
    expect(b1.count).toBeGreaterThan(3);
    expect((await t.as("manager").get(`${V}/clubs/amenities/`)).statusCode).toBe(400);
    expect(
      (await t.as("frontdesk").post(`${V}/clubs/amenities/`, { amenity_type: ids.tennis, label: "N" })).statusCode,
    ).toBe(403);
    expect(
      (await t.as("manager").post(`${V}/clubs/amenities/`, { amenity_type: ids.elmGym, label: "N" })).statusCode,
    ).toBe(404);
  });
});
