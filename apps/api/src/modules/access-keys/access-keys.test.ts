import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  type AccessKey,
  FOOD_DELIVERY_TYPE_ID,
  type KeyEntity,
  type KeyJourney,
  type KeyLocation,
  KEY_MESSAGES as KM,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { multipart, otherUnits, smallPng, unit, type UnitInfo } from "../packages/test-fixtures.ts";

const P = "/api/v1/access-keys";
const KEYS = `${P}/keys/`;
const LOCATIONS = `${P}/locations/`;

let t: TestApp;
let u1203: UnitInfo;
let other: UnitInfo;
let b2unit: UnitInfo;
let b3unit: UnitInfo;
let loc1: KeyLocation;
let loc3: KeyLocation;
let n = 0;
let seeded: { building_id: number; status: string; n: number; photos: number }[] = [];

const apartmentOf = (u: UnitInfo) => u.apartment_id;
const tag = () => `TAG${++n}X${Date.now() % 100000}`;

beforeAll(async () => {
  t = await createTestApp();
  seeded = rowsOf(
    await t.db.execute(sql`select k.building_id, k.status, count(*)::int as n,
      count(j.photo_url)::int as photos from access_keys k
      left join key_journeys j on j.access_key_id = k.id and j.key_in_datetime is null
      group by 1, 2 order by 1, 2`),
  );
  for (const b of [1, 3]) await setBuildingSettings(t, b, { accesskeyssettings: { has_access_keys: true } });
  await setBuildingSettings(t, 2, { accesskeyssettings: { has_access_keys: false } });
  u1203 = await unit(t, 1, "1203");
  [other] = await otherUnits(t, 1, 1, ["1203"]);
  [b2unit] = await otherUnits(t, 2, 1);
  [b3unit] = await otherUnits(t, 3, 1);
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.db.execute(sql`delete from events where entity_type = 'access_key'`);
  await t.db.execute(sql`delete from access_keys`);
  await t.db.execute(sql`delete from key_locations`);
  await setBuildingSettings(t, 1, { accesskeyssettings: { has_access_keys: true, overdue_hours: 48 } });
  loc1 = await location(1, "Key box A");
  loc3 = await location(3, "Box 3");
});

async function location(building: number, name: string): Promise<KeyLocation> {
  const res = await t.as("office").post(LOCATIONS, { building, name });
  if (res.statusCode !== 201) throw new Error(`location ${res.statusCode}: ${res.body}`);
  return res.json() as KeyLocation;
}

async function register(u: UnitInfo = u1203, loc = loc1, extra: Record<string, unknown> = {}, who = "frontdesk") {
  const res = await t.as(who).post(KEYS, { rfid: tag(), apartment: apartmentOf(u), location: loc.id, ...extra });
  if (res.statusCode !== 201) throw new Error(`register ${res.statusCode}: ${res.body}`);
  return res.json() as AccessKey;
}

const entities = async (k: AccessKey) =>
  (await t.as("frontdesk").get(`${KEYS}${k.id}/entities/`)).json() as KeyEntity[];

async function outForm(fields: Record<string, string>, photo = true) {
  const parts: Parameters<typeof multipart>[0] = Object.entries(fields);
  if (photo) parts.push(["photo_url", { filename: "p.png", contentType: "image/png", data: await smallPng() }]);
  return multipart(parts);
}

async function signOut(k: AccessKey, fields: Record<string, string> = {}, photo = true, who = "frontdesk") {
  const occupant = u1203.occupants[0];
  const form = await outForm(
    { status: "OUT", entity_type: "occupant", entity_id: String(occupant.id), ...fields },
    photo,
  );
  return t.as(who).patch(`${KEYS}${k.id}/`, form.payload, { headers: form.headers });
}

const events = async (id: number) =>
  rowsOf<{ type: string; note: string }>(
    await t.db.execute(
      sql`select type, note from events where entity_type = 'access_key' and entity_id = ${id} order by id`,
    ),
  );

// -----------------------------------------------------------------------------------------------

describe("demo data", () => {
  it("two keys for 60 units of each building with keys, one out for 3 days, one missing", () => {
    const of = (b: number) => seeded.filter((r) => r.building_id === b);
    expect(of(1).reduce((a, r) => a + r.n, 0)).toBe(120);
    expect(of(1).map((r) => [r.status, r.n])).toEqual([
      ["IN", 118],
      ["MISSING", 1],
      ["OUT", 1],
    ]);
    expect(of(2)).toEqual([]);
    expect(of(4)).toEqual([]);
  });
});

describe("register and read keys", () => {
  it("registers an unknown tag (trimmed, upper-cased) as IN; a known tag is refused", async () => {
    const res = await t.as("frontdesk").post(KEYS, {
      rfid: "  abc123 ",
      apartment: u1203.apartment_id,
      location: loc1.id,
      status: "IN",
      is_active: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const k = res.json() as AccessKey;
    expect(k).toMatchObject({
      rfid: "ABC123",
      status: "IN",
      status_display: "Complete",
      is_active: true,
      apartment: u1203.apartment_id,
      apartment_number: "1203",
      location: { id: loc1.id, label: "Key box A" },
      name: "1203-1",
      latest_open_journey: null,
      is_overdue: false,
    });
    const again = await t
      .as("frontdesk")
      .post(KEYS, { rfid: "ABC123", apartment: other.apartment_id, location: loc1.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ rfid: [KM.alreadyRegistered] });
    expect((await events(k.id)).map((e) => e.type)).toEqual(["KEY_REGISTERED"]);
  });

  it("refuses a missing apartment or location, another building's location", async () => {
    const res = await t.as("frontdesk").post(KEYS, { rfid: tag() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(["apartment", "location"]);
    const wrongLoc = await t.as("office").post(KEYS, { rfid: tag(), apartment: u1203.apartment_id, location: loc3.id });
    expect(wrongLoc.statusCode).toBe(400);
    expect(wrongLoc.json()).toHaveProperty("location");
  });

  it("lists with filters, reads one, by tag, and scans", async () => {
    const a = await register();
    const b = await register(other);
    await t.as("frontdesk").patch(`${KEYS}${b.id}/`, { status: "MISSING" });
    const all = (await t.as("frontdesk").get(`${KEYS}?building=1&limit=100`)).json();
    expect(all.count).toBe(2);
    const byApt = (await t.as("frontdesk").get(`${KEYS}?apartment=${u1203.apartment_id}`)).json();
    expect(byApt.results.map((k: AccessKey) => k.id)).toEqual([a.id]);
    const missing = (await t.as("frontdesk").get(`${KEYS}?building=1&status=MISSING`)).json();
    expect(missing.results.map((k: AccessKey) => k.id)).toEqual([b.id]);
    const atLoc = (await t.as("frontdesk").get(`${KEYS}?building=1&location=${loc1.id}&is_active=true`)).json();
    expect(atLoc.count).toBe(2);
    const ordered = (await t.as("frontdesk").get(`${KEYS}?building=1&ordering=-name`)).json();
    expect(ordered.results.map((k: AccessKey) => k.name)).toEqual([b.name, a.name].sort().reverse());
    expect((await t.as("frontdesk").get(`${KEYS}`)).statusCode).toBe(400);
    expect((await t.as("frontdesk").get(`${KEYS}?building=1&status=LOST`)).statusCode).toBe(400);

    expect((await t.as("frontdesk").get(`${KEYS}${a.id}/`)).json()).toMatchObject({ id: a.id });
    const byTag = await t.as("frontdesk").get(`${KEYS}rfid/${a.rfid.toLowerCase()}/`);
    expect(byTag.statusCode, byTag.body).toBe(200);
    expect(byTag.json().id).toBe(a.id);
    const unknown = await t.as("frontdesk").get(`${KEYS}rfid/NOPE/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: KM.notMapped });

    const scan = await t.as("frontdesk").post(`${P}/scan-rfid/`, { rfid: ` ${a.rfid} ` });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json()).toMatchObject({ detail: "Valid Key", access_key: { id: a.id } });
    const bad = await t.as("frontdesk").post(`${P}/scan-rfid/`, { rfid: "NOPE" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ rfid: [KM.notMapped] });
  });
});

describe("sign out and in", () => {
  it("OUT needs a photo and an allowed recipient; opens a journey; IN by scan closes it", async () => {
    const k = await register();
    const noPhoto = await signOut(k, {}, false);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json()).toEqual({ photo_url: [KM.photoRequired] });
    const noRecipient = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "OUT" });
    expect(noRecipient.statusCode).toBe(400);
    expect(noRecipient.json()).toMatchObject({ entity_id: [KM.recipientRequired] });
    const stranger = await signOut(k, { entity_id: String(other.occupants[0].id) });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ entity_id: [KM.invalidRecipient] });

    const res = await signOut(k);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as AccessKey;
    const occ = u1203.occupants[0];
    expect(out).toMatchObject({
      status: "OUT",
      status_display: "Active",
      entity_type: "occupant",
      entity_id: occ.id,
    });
    expect(out.photo_url).toMatch(/^\/api\/v1\/files\//);
    expect(out.latest_open_journey).toMatchObject({
      status: "OUT",
      readable_key_out_to_name: `${occ.first_name} ${occ.last_name}`,
      readable_key_out_to_entity_type: "Occupant",
      key_in_datetime: null,
    });
    expect(out.latest_open_journey!.readable_key_out_by_employee).not.toBe("");
    const twice = await signOut(k);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ status: [KM.alreadyOut] });

    // IN: a scan is needed, of this key.
    const noScan = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN" });
    expect(noScan.json()).toEqual({ rfid: [KM.scanRequired] });
    const otherKey = await register(other);
    const wrong = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN", rfid: otherKey.rfid });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      rfid: [KM.wrongKey(otherKey.name, other.apartment_number, "Key box A")],
      scanned_key: [String(otherKey.id)],
      scanned_key_apartment: [other.apartment_number],
      scanned_key_location: ["Key box A"],
    });
    const unknown = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN", rfid: "ZZZ" });
    expect(unknown.json()).toEqual({ rfid: [KM.notMapped] });
    const back = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN", rfid: k.rfid.toLowerCase() });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: "IN", latest_open_journey: null, away_since: null, photo_url: null });
    const inAgain = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN", rfid: k.rfid });
    expect(inAgain.json()).toEqual({ status: [KM.alreadyIn] });

    const journeys = (await t.as("frontdesk").get(`${P}/journeys/?access_key=${k.id}`)).json();
    expect(journeys.count).toBe(1);
    const j = journeys.results[0] as KeyJourney;
    expect(j).toMatchObject({ status: "IN", access_key: k.id, key_out_to_entity_type: "occupant" });
    expect(j.key_in_datetime).not.toBeNull();
    expect((await t.as("frontdesk").get(`${P}/journeys/${j.id}/`)).json()).toMatchObject({ id: j.id });
    expect((await t.as("frontdesk").get(`${P}/journeys/`)).statusCode).toBe(400);
    expect((await events(k.id)).map((e) => e.type)).toEqual(["KEY_REGISTERED", "KEY_OUT", "KEY_IN"]);
  });

  it("OUT with a scanned tag of another key is refused", async () => {
    const k = await register();
    const o = await register(other);
    const res = await signOut(k, { rfid: o.rfid });
    expect(res.statusCode).toBe(400);
    expect(res.json().rfid[0]).toBe(KM.wrongKey(o.name, other.apartment_number, "Key box A"));
  });

  it("recipients: occupants, guests in effect (no food delivery or security), verbal permissions", async () => {
    const k = await register();
    const today = todayIn("America/New_York");
    const types = rowsOf<{ id: number; name: string; is_security: boolean }>(
      await t.db.execute(sql`select id, name, is_security from instruction_types`),
    );
    const guestType = types.find((x) => x.name === "Registered guest")!.id;
    const secType = types.find((x) => x.is_security)!.id;
    const ins = async (type: number, name: string, start: string, end: string | null) =>
      rowsOf<{ id: number }>(
        await t.db.execute(sql`insert into instructions (building_id, occupancy_id, apartment_id, instruction_type_id,
          name, start_date, expiration_date) values (1, ${u1203.occupancy_id}, ${u1203.apartment_id}, ${type}, ${name},
          ${start}::date, ${end}::date) returning id`),
      )[0].id;
    await t.db.execute(sql`delete from instructions where apartment_id = ${u1203.apartment_id}`);
    const guest = await ins(guestType, "Guest Ok", today, null);
    await ins(guestType, "Guest Expired", "2020-01-01", "2020-01-02");
    await ins(guestType, "Guest Future", "2099-01-01", null);
    await ins(FOOD_DELIVERY_TYPE_ID, "Pizza", today, today);
    await ins(secType, "Nope", today, null);
    const vp = await t
      .as("frontdesk")
      .post(`${P}/verbal-permissions/`, { comment: "  Dog walker  ", access_key: k.id });
    expect(vp.statusCode, vp.body).toBe(201);
    expect(vp.json()).toMatchObject({ comment: "Dog walker", access_key: k.id });
    const list = await entities(k);
    expect(list.filter((e) => e.entity_type === "occupant").length).toBe(u1203.occupants.length);
    expect(list.filter((e) => e.entity_type === "instruction").map((e) => e.name)).toEqual(["Guest Ok"]);
    expect(list.find((e) => e.entity_type === "instruction")).toMatchObject({
      entity_id: guest,
      description: "Registered guest",
    });
    expect(list.filter((e) => e.entity_type === "verbal_permission").map((e) => e.name)).toEqual(["Dog walker"]);

    // Sign out to the guest: the journey names the type as subtype.
    const res = await signOut(k, { entity_type: "instruction", entity_id: String(guest) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().latest_open_journey).toMatchObject({
      readable_key_out_to_name: "Guest Ok",
      readable_key_out_to_entity_type: "Instruction",
      readable_key_out_to_entity_subtype: "Registered guest",
    });
    // An expired verbal permission no longer counts.
    await t.db.execute(sql`update verbal_permissions set expires_at = now() - interval '1 minute'`);
    expect((await entities(k)).some((e) => e.entity_type === "verbal_permission")).toBe(false);
  });

  it("verbal permission: comment trimmed and required; the key must be reachable", async () => {
    const k = await register();
    const blank = await t.as("frontdesk").post(`${P}/verbal-permissions/`, { comment: "   ", access_key: k.id });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ comment: [MESSAGES.mayNotBeBlank] });
    const b3 = await register(b3unit, loc3, {}, "office");
    const far = await t.as("frontdesk").post(`${P}/verbal-permissions/`, { comment: "x", access_key: b3.id });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toHaveProperty("access_key");
  });
});

describe("missing, rename, deactivate", () => {
  it("mark missing from IN and from OUT; refused when missing or inactive; scan in from MISSING", async () => {
    const k = await register();
    const res = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "MISSING" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "MISSING", status_display: "MISSING" });
    expect(res.json().latest_open_journey).toMatchObject({ status: "MISSING" });
    expect(res.json().away_since).not.toBeNull();
    const again = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "MISSING" });
    expect(again.json()).toEqual({ status: [KM.alreadyMissing] });
    const out = await signOut(k);
    expect(out.json()).toEqual({ status: [KM.reportedMissing] });
    const back = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "IN", rfid: k.rfid });
    expect(back.statusCode).toBe(200);

    const k2 = await register(other);
    expect((await signOut(k2, { entity_id: String(other.occupants[0].id) })).statusCode).toBe(200);
    const m2 = (await t.as("frontdesk").patch(`${KEYS}${k2.id}/`, { status: "MISSING" })).json() as AccessKey;
    expect(m2.latest_open_journey).toMatchObject({ status: "MISSING", readable_key_out_to_entity_type: "Occupant" });
    expect(m2.latest_open_journey!.key_declared_missing_datetime).not.toBeNull();

    const k3 = await register();
    expect((await t.as("manager").patch(`${KEYS}${k3.id}/`, { is_active: 0 })).statusCode).toBe(200);
    const inactive = await t.as("frontdesk").patch(`${KEYS}${k3.id}/`, { status: "MISSING" });
    expect(inactive.json()).toEqual({ status: [KM.inactive] });
    expect((await signOut(k3)).json()).toEqual({ status: [KM.inactive] });
  });

  it("rename (unchanged is no change), deactivate permanently (managers), one change at a time", async () => {
    const k = await register();
    const same = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { name: k.name });
    expect(same.statusCode).toBe(200);
    const renamed = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { name: "  Spare  " });
    expect(renamed.json().name).toBe("Spare");
    const blank = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { name: " " });
    expect(blank.statusCode).toBe(400);
    const both = await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { name: "x", status: "MISSING" });
    expect(both.json()).toEqual({ non_field_errors: [KM.oneChange] });
    expect((await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { is_active: 0 })).statusCode).toBe(403);
    const off = await t.as("manager").patch(`${KEYS}${k.id}/`, { is_active: "0" });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().is_active).toBe(false);
    const on = await t.as("manager").patch(`${KEYS}${k.id}/`, { is_active: 1 });
    expect(on.json()).toEqual({ is_active: [KM.permanentDeactivation] });
    expect((await events(k.id)).map((e) => e.type)).toEqual(["KEY_REGISTERED", "KEY_RENAMED", "KEY_DEACTIVATED"]);
    expect((await events(k.id))[1].note).toBe("Changes: name: 1203-1 ==> Spare");
    const active = (await t.as("frontdesk").get(`${KEYS}?building=1&is_active=false`)).json();
    expect(active.results.map((x: AccessKey) => x.id)).toEqual([k.id]);
  });
});

describe("overdue", () => {
  async function awayFor(k: AccessKey, ms: number) {
    await t.db.execute(
      sql`update access_keys set status = 'OUT', away_since = now() - (${ms} || ' milliseconds')::interval where id = ${k.id}`,
    );
  }
  it("OUT or MISSING longer than the building's limit; exactly the limit is not", async () => {
    const a = await register();
    const b = await register(other);
    const c = await register();
    const H = 3_600_000;
    await awayFor(a, 48 * H - 5_000); // just under the limit when the list runs
    await awayFor(b, 48 * H + 60_000); // a minute more
    await awayFor(c, 100 * H);
    await t.db.execute(sql`update access_keys set status = 'MISSING' where id = ${c.id}`);
    const list = (await t.as("frontdesk").get(`${KEYS}?building=1&overdue=true`)).json();
    expect(list.results.map((k: AccessKey) => k.id)).toEqual([c.id, b.id]);
    expect(list.results.every((k: AccessKey) => k.is_overdue && k.overdue_hours === 48)).toBe(true);
    expect((await t.as("frontdesk").get(`${KEYS}${a.id}/`)).json().is_overdue).toBe(false);
    await setBuildingSettings(t, 1, { accesskeyssettings: { has_access_keys: true, overdue_hours: 72 } });
    await t.as("office").patch(`${LOCATIONS}${loc1.id}/`, { display_order: 1 }); // any write of the building
    const later = (await t.as("frontdesk").get(`${KEYS}?building=1&overdue=1`)).json();
    expect(later.results.map((k: AccessKey) => k.id)).toContain(c.id);
  });
});

describe("locations", () => {
  it("managers add and edit; the desk reads; no_access_key lists free ones; names unique per building", async () => {
    const free = await location(1, "Key box B");
    await register();
    const list = (await t.as("frontdesk").get(`${LOCATIONS}?building=1`)).json();
    expect(list.results.map((l: KeyLocation) => [l.name, l.key_count])).toEqual([
      ["Key box A", 1],
      ["Key box B", 0],
    ]);
    const freeList = (await t.as("frontdesk").get(`${LOCATIONS}?building=1&no_access_key=true`)).json();
    expect(freeList.results.map((l: KeyLocation) => l.id)).toEqual([free.id]);
    expect((await t.as("frontdesk").get(`${LOCATIONS}${free.id}/`)).json()).toMatchObject({ label: "Key box B" });
    const dup = await t.as("manager").post(LOCATIONS, { building: 1, name: "key box b" });
    expect(dup.json()).toEqual({ name: [KM.locationNameTaken] });
    expect((await t.as("frontdesk").post(LOCATIONS, { building: 1, name: "C" })).statusCode).toBe(403);
    const edit = await t.as("manager").patch(`${LOCATIONS}${free.id}/`, { name: "Lobby box", is_active: false });
    expect(edit.json()).toMatchObject({ name: "Lobby box", is_active: false });
    const reg = await t.as("frontdesk").post(KEYS, { rfid: tag(), apartment: u1203.apartment_id, location: free.id });
    expect(reg.json()).toEqual({ location: [KM.invalidLocation] });
    expect((await t.as("frontdesk").get(LOCATIONS)).statusCode).toBe(400);
  });
});

describe("gates and buildings", () => {
  it("a building without access keys refuses every call (403 with a clear detail)", async () => {
    // With keys on in another of their buildings, the user hears why.
    const list = await t.as("frontdesk").get(`${KEYS}?building=2`);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ detail: KM.featureOff });
    const reg = await t.as("frontdesk").post(KEYS, { rfid: tag(), apartment: b2unit.apartment_id, location: loc1.id });
    expect(reg.statusCode).toBe(403);
    const k = await register();
    await setBuildingSettings(t, 1, { accesskeyssettings: { has_access_keys: false } });
    await t.db.execute(sql`update buildings set name = name where id = 1`); // the building scope cache hears it
    const calls = [
      () => t.as("frontdesk").get(`${KEYS}?building=1`),
      () => t.as("frontdesk").get(`${KEYS}${k.id}/`),
      () => t.as("frontdesk").get(`${LOCATIONS}?building=1`),
      () => t.as("frontdesk").post(`${P}/scan-rfid/`, { rfid: k.rfid }),
      () => t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "MISSING" }),
    ];
    for (const call of calls) {
      let res = await call();
      for (let i = 0; i < 20 && res.statusCode !== 403; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await call();
      }
      expect(res.statusCode, res.body).toBe(403);
    }
  });

  it("another building's key, journey and location are 404; roles without keys are refused", async () => {
    const k3 = await register(b3unit, loc3, {}, "office");
    const out = await t.as("office").patch(`${KEYS}${k3.id}/`, { status: "MISSING" });
    const j3 = out.json().latest_open_journey.id as number;
    for (const url of [
      `${KEYS}${k3.id}/`,
      `${KEYS}${k3.id}/entities/`,
      `${P}/journeys/${j3}/`,
      `${LOCATIONS}${loc3.id}/`,
    ]) {
      const res = await t.as("frontdesk").get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.as("frontdesk").get(`${P}/journeys/?access_key=${k3.id}`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").patch(`${KEYS}${k3.id}/`, { name: "x" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${KEYS}rfid/${k3.rfid}/`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").post(`${P}/scan-rfid/`, { rfid: k3.rfid })).statusCode).toBe(400);
    const k1 = await register();
    expect((await t.as("frontdesk").get(`${KEYS}${k1.id}/?building=2`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${KEYS}?building=3`)).statusCode).toBe(403);
    // Roles: the desk, porters and maintenance use keys (staff); club admins and owners do not.
    expect((await t.as("porter").get(`${KEYS}${k1.id}/`)).statusCode).toBe(200);
    expect((await t.as("clubadmin").get(`${KEYS}${k1.id}/`)).statusCode).toBe(403);
    expect((await t.as("owner").get(`${KEYS}?building=1`)).statusCode).toBe(403);
    expect((await t.as(null).get(`${KEYS}?building=1`)).statusCode).toBe(401);
  });
});

describe("API document and live topic", () => {
  it("every call is in the OpenAPI document under its tag", async () => {
    const doc = (await t.as(null).get("/api/v1/openapi.json")).json();
    const paths: [string, string][] = [
      ["/api/v1/access-keys/keys/", "get"],
      ["/api/v1/access-keys/keys/", "post"],
      ["/api/v1/access-keys/keys/{id}/", "get"],
      ["/api/v1/access-keys/keys/{id}/", "patch"],
      ["/api/v1/access-keys/keys/{id}/entities/", "get"],
      ["/api/v1/access-keys/keys/rfid/{rfid}/", "get"],
      ["/api/v1/access-keys/journeys/", "get"],
      ["/api/v1/access-keys/journeys/{id}/", "get"],
      ["/api/v1/access-keys/locations/", "get"],
      ["/api/v1/access-keys/locations/", "post"],
      ["/api/v1/access-keys/locations/{id}/", "get"],
      ["/api/v1/access-keys/locations/{id}/", "patch"],
      ["/api/v1/access-keys/scan-rfid/", "post"],
      ["/api/v1/access-keys/verbal-permissions/", "post"],
    ];
    for (const [p, m] of paths) expect(doc.paths[p]?.[m]?.tags, `${m} ${p}`).toEqual(["access-keys"]);
  });

  it("a change of a key touches the building's access_keys topic (live screens)", async () => {
    const seen: string[] = [];
    const off = t.app.changes.subscribe((topic) => seen.push(topic));
    try {
      const k = await register();
      await t.as("frontdesk").patch(`${KEYS}${k.id}/`, { status: "MISSING" });
    } finally {
      off();
    }
    expect(seen.filter((x) => x === "access_keys:1").length).toBeGreaterThanOrEqual(2);
  });
});
