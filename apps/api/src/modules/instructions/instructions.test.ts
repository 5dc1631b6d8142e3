import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  addDays,
  FOOD_DELIVERY_TYPE_ID,
  type Instruction,
  INSTRUCTION_MESSAGES as IM,
  type InstructionType,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { emailMessages } from "../../db/schema/index.ts";
import { seedInstructions } from "../../db/seed/instructions.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { multipart, otherUnits, smallPng, unit, type UnitInfo } from "../packages/test-fixtures.ts";

const API = "/api/v1/instructions";
const LIST = `${API}/instructions/`;
const TYPES = `${API}/instruction-types/`;
const TZ = "America/New_York";
const today = () => todayIn(TZ);
const day = (offset: number) => addDays(today(), offset);

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
let other: UnitInfo;
let b2unit: UnitInfo;
let b3unit: UnitInfo;

beforeAll(async () => {
  t = await createTestApp();
  const types = (await t.as("frontdesk").get(`${TYPES}?limit=100`)).json().results as InstructionType[];
  ty = Object.fromEntries(types.map((x) => [x.name, x.id]));
  u1203 = await unit(t, 1, "1203");
  [other] = await otherUnits(t, 1, 1, ["1203"]);
  [b2unit] = await otherUnits(t, 2, 1);
  [b3unit] = await otherUnits(t, 3, 1);
});
afterAll(async () => {
  await t?.close();
});

async function clear() {
  await t.db.execute(sql`delete from events where entity_type = 'instruction'`);
  await t.db.execute(sql`delete from instructions`);
}

/** Creates through the API (JSON) as `username`; fails the test on a non-201. */
async function create(body: Record<string, unknown>, username = "frontdesk"): Promise<Instruction> {
  const res = await t.as(username).post(LIST, {
    instruction_type: ty["Permission to enter"],
    name: "Guest",
    occupancy: u1203.occupancy_id,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as Instruction;
}

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);
const list = async (query: string, username = "frontdesk") => {
  const res = await t.as(username).get(`${LIST}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: Instruction[] };
};
const events = async (id: number) =>
  (await t.as("frontdesk").get(`${API}/detailed-instructions/${id}/events/`)).json().results as {
    type: string;
    note: string;
    performed_by: string;
  }[];

// -----------------------------------------------------------------------------------------------

describe("instruction types", () => {
  it("lists food delivery (16, immutable) and the default types; colours and tenant permission choices", async () => {
    const res = await t.as("frontdesk").get(TYPES);
    expect(res.statusCode).toBe(200);
    const all = res.json().results as InstructionType[];
    expect(all.find((x) => x.id === FOOD_DELIVERY_TYPE_ID)).toMatchObject({
      name: "Food delivery",
      is_immutable: true,
      is_end_date_required: true,
    });
    expect(all.map((x) => x.name)).toEqual(
      expect.arrayContaining(["Registered guest", "Permission to enter", "Key release", "Security / do not allow"]),
    );
    expect(all.find((x) => x.name === "Registered guest")).toMatchObject({ is_end_date_required: true });
    expect(all.find((x) => x.name === "Security / do not allow")).toMatchObject({ is_security: true });
    const colors = (await t.as("frontdesk").get(`${TYPES}colors/`)).json();
    expect(colors[0]).toEqual({ name: "Red", color_hex: "#D32F2F", font_color_hex: "#FFFFFF" });
    for (const path of [`${API}/tenant_permission_types/`, `${TYPES}tenant_permission_types/`]) {
      const r = await t.as("frontdesk").get(path);
      expect(r.statusCode).toBe(200);
      expect(r.json().map((o: { value: string }) => o.value)).toEqual(["NONE", "VIEW", "CREATE"]);
    }
  });

  it("Office creates, edits and toggles types; others may not; immutable types are locked", async () => {
    const body = {
      name: "Contractor access",
      short_name: "CA",
      color: "teal",
      tenant_permissions: "VIEW",
      is_security: false,
    };
    expect((await t.as("manager").post(TYPES, body)).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(TYPES, body)).statusCode).toBe(403);
    const res = await t.as("office").post(TYPES, body);
    expect(res.statusCode).toBe(201);
    const created = res.json() as InstructionType;
    expect(created).toMatchObject({ color: "Teal", color_hex: "#00796B", tenant_permissions: "VIEW", is_active: true });
    const patched = await t.as("office").patch(`${TYPES}${created.id}/`, { is_end_date_required: true, color: "Red" });
    expect(patched.json()).toMatchObject({ is_end_date_required: true, color_hex: "#D32F2F" });
    expect((await t.as("manager").patch(`${TYPES}${created.id}/`, { name: "X" })).statusCode).toBe(403);
    expect((await t.as("office").post(`${TYPES}${created.id}/toggle_active/`)).json().is_active).toBe(false);
    expect((await t.as("office").post(TYPES, { ...body, name: "contractor ACCESS" })).json()).toEqual({
      name: [IM.typeNameTaken],
    });
    const locked = await t.as("office").patch(`${TYPES}${FOOD_DELIVERY_TYPE_ID}/`, { name: "Takeout" });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().detail).toBe(IM.immutableType);
    expect((await t.as("office").post(`${TYPES}${FOOD_DELIVERY_TYPE_ID}/toggle_active/`)).statusCode).toBe(403);
    // Inactive types are left out on ?is_active=true and refused on a form.
    const active = (await t.as("frontdesk").get(`${TYPES}?is_active=true`)).json().results as InstructionType[];
    expect(active.some((x) => x.id === created.id)).toBe(false);
    const refused = await t
      .as("frontdesk")
      .post(LIST, { instruction_type: created.id, name: "A", occupancy: u1203.occupancy_id });
    expect(refused.json()).toEqual({ instruction_type: [IM.inactiveType] });
  });
});

// -----------------------------------------------------------------------------------------------

describe("create", () => {
  beforeEach(clear);

  it("creates with today as the default start, records the event, and shows every field", async () => {
    const i = await create({
      instruction_type: ty["Registered guest"],
      name: "  Jane Guest ",
      instruction_text: "Weekend",
      expiration_date: day(2),
    });
    expect(i).toMatchObject({
      building_id: 1,
      occupancy: u1203.occupancy_id,
      apartment_number: "1203",
      occupancy_status: "CURRENT",
      occupancy_is_active: true,
      instruction_type: {
        id: ty["Registered guest"],
        name: "Registered guest",
        short_name: "RG",
        color_hex: "#1976D2",
      },
      name: "Jane Guest",
      instruction_text: "Weekend",
      start_date: today(),
      expiration_date: day(2),
      photo_url: null,
      is_manually_expired: false,
      is_management: false,
      status: "Active",
      is_food_delivery: false,
      photo_last_changed_datetime: null,
    });
    expect(i.entered_by).toMatchObject({ first_name: "Frank", last_name: "Delgado" });
    expect(i.occupants.length).toBeGreaterThan(0);
    const [e] = await events(i.id);
    expect(e).toMatchObject({
      type: "INSTRUCTION_CREATED",
      note: "Instruction created: Registered guest – Jane Guest",
    });
    expect((await create({ name: "By a manager" }, "manager")).is_management).toBe(true);
  });

  it("multipart with a photo records who changed the photo and when", async () => {
    const form = multipart([
      ["instruction_type", String(ty["Permission to enter"])],
      ["name", "Dog walker"],
      ["occupancy", String(u1203.occupancy_id)],
      ["start_date", day(-1)],
      ["expiration_date", ""],
      ["photo_url", { filename: "p.png", contentType: "image/png", data: await smallPng() }],
    ]);
    const res = await t.as("frontdesk").post(LIST, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    const i = res.json() as Instruction;
    expect(i.photo_url).toMatch(/^\/api\/v1\/files\//);
    expect(i).toMatchObject({
      start_date: day(-1),
      expiration_date: null,
      photo_last_changed_user: { last_name: "Delgado" },
    });
    expect(i.photo_last_changed_datetime).not.toBeNull();
    expect((await t.as("frontdesk").get(i.photo_url!)).statusCode).toBe(200);
  });

  it("refuses a missing end date for a type that requires one, an end before the start, missing fields", async () => {
    const guest = { instruction_type: ty["Registered guest"], name: "G", occupancy: u1203.occupancy_id };
    const r1 = await t.as("frontdesk").post(LIST, { ...guest, expiration_date: "" });
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toEqual({ expiration_date: [IM.expirationRequired] });
    const r2 = await t.as("frontdesk").post(LIST, { ...guest, start_date: day(3), expiration_date: day(2) });
    expect(r2.json()).toEqual({ expiration_date: [IM.endBeforeStart] });
    // Blank means no end for types that do not require one.
    expect((await create({ expiration_date: "" })).expiration_date).toBeNull();
    const r3 = await t.as("frontdesk").post(LIST, { occupancy: u1203.occupancy_id });
    expect(r3.json()).toMatchObject({ instruction_type: [MESSAGES.fieldRequired], name: [MESSAGES.fieldRequired] });
    const r4 = await t.as("frontdesk").post(LIST, { ...guest, expiration_date: "2026-02-30" });
    expect(Object.keys(r4.json())).toEqual(["expiration_date"]);
  });

  it("another building's unit profile is not named; a ?building that differs is refused", async () => {
    const r = await t
      .as("frontdesk")
      .post(LIST, { instruction_type: ty["Key release"], name: "A", occupancy: b3unit.occupancy_id });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json())).toEqual(["occupancy"]);
    const r2 = await t
      .as("frontdesk")
      .post(`${LIST}?building=2`, { instruction_type: ty["Key release"], name: "A", occupancy: u1203.occupancy_id });
    expect(Object.keys(r2.json())).toEqual(["occupancy"]);
  });

  it("writes follow is_write_manager_only both ways; views stay open to staff", async () => {
    const mine = await create({ name: "Before" });
    try {
      await setBuildingSettings(t, 1, { instructionsettings: { is_write_manager_only: true } });
      const body = { instruction_type: ty["Key release"], name: "A", occupancy: u1203.occupancy_id };
      expect((await t.as("frontdesk").post(LIST, body)).statusCode).toBe(403);
      expect((await t.as("porter").post(LIST, body)).statusCode).toBe(403);
      expect((await t.as("frontdesk").patch(`${LIST}${mine.id}/`, { name: "B" })).statusCode).toBe(403);
      expect((await t.as("frontdesk").post(`${LIST}${mine.id}/expire/`)).statusCode).toBe(403);
      const photo = await smallPng();
      const p = await t.as("frontdesk").patch(`${API}/instructions-photos/${mine.id}/`, photo, {
        headers: { "content-type": "image/png" },
      });
      expect(p.statusCode).toBe(403);
      expect((await t.as("frontdesk").get(`${API}/detailed-instructions/${mine.id}/`)).statusCode).toBe(200);
      expect((await list("building=1")).count).toBe(1);
      expect((await t.as("manager").post(LIST, body)).statusCode).toBe(201);
      expect((await t.as("office").patch(`${LIST}${mine.id}/`, { name: "B" })).statusCode).toBe(200);
    } finally {
      await setBuildingSettings(t, 1, { instructionsettings: { is_write_manager_only: false } });
    }
    expect((await t.as("frontdesk").patch(`${LIST}${mine.id}/`, { name: "C" })).statusCode).toBe(200);
    // Roles without instruction rights.
    const body = { instruction_type: ty["Key release"], name: "A", occupancy: u1203.occupancy_id };
    expect((await t.as("clubadmin").post(LIST, body)).statusCode).toBe(403);
    expect((await t.as("clubadmin").get(`${LIST}?building=1`)).statusCode).toBe(403);
  });

  it("a write reaches the live screens as its building's instructions topic", async () => {
    const seen: string[] = [];
    const off = t.app.changes.subscribe((topic) => void seen.push(topic));
    const i = await create({ name: "Live" });
    await t.as("frontdesk").post(`${LIST}${i.id}/expire/`);
    off();
    expect(seen.filter((x) => x === "instructions:1").length).toBeGreaterThanOrEqual(2);
  });

  it("tells staff who track the unit's instructions (not the author)", async () => {
    const [manager] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from users where username = 'manager'`));
    await t.db.execute(sql`insert into occupancy_tracking (occupancy_id, user_id, track_instructions)
      values (${u1203.occupancy_id}, ${manager.id}, true)
      on conflict (occupancy_id, user_id) do update set track_instructions = true`);
    const mails = () => t.db.select().from(emailMessages).where(eq(emailMessages.kind, "tracking_instructions"));
    const before = (await mails()).length;
    const i = await create({ name: "Tracked guest" });
    const after = await mails();
    expect(after.length).toBe(before + 1);
    const m = after[after.length - 1];
    expect(m.subject).toBe("Instruction added for unit 1203 – The Riverside");
    expect(m.body_text).toContain(`/1/front-desk/instructions/${i.id}`);
    await t.as("frontdesk").post(`${LIST}${i.id}/expire/`);
    expect((await mails()).length).toBe(before + 2);
    await create({ name: "By the tracker" }, "manager");
    expect((await mails()).length).toBe(before + 2);
    await create({ name: "Other unit", occupancy: other.occupancy_id });
    expect((await mails()).length).toBe(before + 2);
  });
});

// -----------------------------------------------------------------------------------------------

describe("edit, expire, photo", () => {
  beforeEach(clear);

  it("edits with a change note; start_date cannot change; the type's end-date rule applies", async () => {
    const i = await create({ name: "Old", start_date: day(-1), expiration_date: day(3) });
    const res = await t.as("frontdesk").patch(`${LIST}${i.id}/`, {
      name: "New",
      expiration_date: day(5),
      start_date: day(-1),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "New", expiration_date: day(5), start_date: day(-1) });
    const [e] = await events(i.id);
    expect(e).toMatchObject({
      type: "INSTRUCTION_EDITED",
      note: `Changes: name: Old ==> New; expiration_date: ${day(3)} ==> ${day(5)}`,
      performed_by: "Frank Delgado",
    });
    const locked = await t.as("frontdesk").patch(`${LIST}${i.id}/`, { start_date: day(0) });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ start_date: [IM.startDateLocked] });
    expect((await t.as("frontdesk").patch(`${LIST}${i.id}/`, { expiration_date: day(-2) })).json()).toEqual({
      expiration_date: [IM.endBeforeStart],
    });
    const toGuest = await t
      .as("frontdesk")
      .patch(`${LIST}${i.id}/`, { instruction_type: ty["Registered guest"], expiration_date: null });
    expect(toGuest.json()).toEqual({ expiration_date: [IM.expirationRequired] });
    const typeChange = await t.as("frontdesk").patch(`${LIST}${i.id}/`, { instruction_type: ty["Registered guest"] });
    expect(typeChange.json().instruction_type.name).toBe("Registered guest");
    expect((await events(i.id))[0].note).toBe("Changes: instruction_type: Permission to enter ==> Registered guest");
    // Nothing changed: no event.
    await t.as("frontdesk").patch(`${LIST}${i.id}/`, { name: "New" });
    expect((await events(i.id)).length).toBe(3);
    // Multipart edit.
    const form = multipart([
      ["instruction_text", "Via form"],
      ["occupancy", String(other.occupancy_id)],
    ]);
    const mp = await t.as("frontdesk").patch(`${LIST}${i.id}/`, form.payload, { headers: form.headers });
    expect(mp.statusCode, mp.body).toBe(200);
    expect(mp.json()).toMatchObject({ instruction_text: "Via form", occupancy: other.occupancy_id });
    expect((await events(i.id))[0].note).toBe(
      `Changes: occupancy: 1203 ==> ${other.apartment_number}; instruction_text: None ==> Via form`,
    );
  });

  it("expires an active instruction once; ends it today; 'Arrived' for a food delivery", async () => {
    const i = await create({ expiration_date: day(10) });
    const res = await t.as("frontdesk").post(`${LIST}${i.id}/expire/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_manually_expired: true,
      status: "Manually expired",
      expiration_date: today(),
    });
    expect((await events(i.id))[0]).toMatchObject({
      type: "INSTRUCTION_EXPIRED",
      note: `Changes: is_manually_expired: False ==> True; expiration_date: ${day(10)} ==> ${today()}`,
    });
    const again = await t.as("frontdesk").post(`${LIST}${i.id}/expire/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [IM.notActive] });
    const ended = await create({ start_date: day(-5), expiration_date: day(-1) });
    expect((await t.as("frontdesk").post(`${LIST}${ended.id}/expire/`)).statusCode).toBe(400);
    const fd = await create({ instruction_type: FOOD_DELIVERY_TYPE_ID, name: "Pizza", expiration_date: today() });
    expect(fd).toMatchObject({ is_food_delivery: true, status: "Active" });
    expect((await t.as("frontdesk").post(`${LIST}${fd.id}/expire/`)).json().status).toBe("Manually expired");
  });

  it("replaces the photo (raw body or multipart), recording who and when", async () => {
    const i = await create({});
    const url = `${API}/instructions-photos/${i.id}/`;
    const raw = await t.as("frontdesk").patch(url, await smallPng(), { headers: { "content-type": "image/png" } });
    expect(raw.statusCode, raw.body).toBe(200);
    const first = raw.json() as Instruction;
    expect(first.photo_url).toMatch(/^\/api\/v1\/files\//);
    expect(first.photo_last_changed_user).toMatchObject({ last_name: "Delgado" });
    const form = multipart([["photo_url", { filename: "x.png", contentType: "image/png", data: await smallPng() }]]);
    const mp = await t.as("manager").patch(url, form.payload, { headers: form.headers });
    expect(mp.statusCode, mp.body).toBe(200);
    expect(mp.json().photo_url).not.toBe(first.photo_url);
    expect(mp.json().photo_last_changed_user).toMatchObject({ first_name: "Marcus" });
    expect((await events(i.id)).map((e) => e.note).slice(0, 2)).toEqual(["Photo replaced.", "Photo added."]);
    const none = await t.as("frontdesk").patch(url, multipart([["x", "y"]]).payload, {
      headers: multipart([["x", "y"]]).headers,
    });
    expect(none.statusCode).toBe(400);
    const bad = await t.as("frontdesk").patch(url, Buffer.from("not an image"), {
      headers: { "content-type": "image/png" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("another building's instruction is 404 for every call; a building out of reach is 403 on lists", async () => {
    const theirs = await create({ occupancy: b3unit.occupancy_id }, "manager");
    const mine = await create({});
    for (const res of [
      await t.as("frontdesk").get(`${API}/detailed-instructions/${theirs.id}/`),
      await t.as("frontdesk").get(`${API}/instructions/detailed-instructions/${theirs.id}/events/`),
      await t.as("frontdesk").patch(`${LIST}${theirs.id}/`, { name: "X" }),
      await t.as("frontdesk").post(`${LIST}${theirs.id}/expire/`),
      await t.as("frontdesk").get(`${API}/detailed-instructions/${mine.id}/?building=2`),
      await t.as("frontdesk").post(`${LIST}${mine.id}/expire/?building=2`),
      await t.as("frontdesk").get(`${API}/detailed-instructions/999999/`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${LIST}?building=3`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(`${LIST}?occupancy=${b3unit.occupancy_id}`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(LIST)).json()).toEqual({ building: [MESSAGES.fieldRequired] });
    // Both detail prefixes answer the same.
    const a = (await t.as("frontdesk").get(`${API}/detailed-instructions/${mine.id}/`)).json();
    const b = (await t.as("frontdesk").get(`${API}/instructions/detailed-instructions/${mine.id}/`)).json();
    expect(a).toEqual(b);
  });
});

// -----------------------------------------------------------------------------------------------

describe("lists", () => {
  let w: Record<string, Instruction>;
  beforeAll(async () => {
    await clear();
    w = {
      tonight: await create({
        instruction_type: ty["Registered guest"],
        name: "Tonight Guest",
        start_date: day(-2),
        expiration_date: today(),
      }),
      open: await create({ name: "Dog walker", start_date: day(-40), instruction_text: "weekdays noon" }),
      future: await create({
        name: "Cleaner",
        start_date: day(3),
        expiration_date: day(7),
        occupancy: other.occupancy_id,
      }),
      yesterday: await create({ name: "Painter", start_date: day(-5), expiration_date: day(-1) }),
      edge30: await create({ name: "Edge thirty", start_date: day(-40), expiration_date: day(-30) }),
      edge31: await create({ name: "Edge thirtyone", start_date: day(-40), expiration_date: day(-31) }),
      manual: await create({ name: "Manual", expiration_date: day(20) }),
      food: await create({ instruction_type: FOOD_DELIVERY_TYPE_ID, name: "Luigi Pizza", expiration_date: today() }),
      security: await create({
        instruction_type: ty["Security / do not allow"],
        name: "Kevin Doyle",
        start_date: day(-100),
      }),
      b2: await create({ name: "Other building", occupancy: b2unit.occupancy_id }),
    };
    await t.as("frontdesk").post(`${LIST}${w.manual.id}/expire/`);
    await t.as("frontdesk").post(`${LIST}${w.security.id}/expire/`);
    w.security2 = await create({
      instruction_type: ty["Security / do not allow"],
      name: "Ex partner",
      start_date: day(-1),
    });
  });

  it("status: active by default (today's end included), expired, all; latest end first with no end first", async () => {
    const active = await list("building=1");
    expect(ids(active)).toEqual([w.security2.id, w.open.id, w.future.id, w.food.id, w.tonight.id]);
    const tonight = active.results.find((r) => r.id === w.tonight.id)!;
    expect(tonight.status).toBe("Active");
    const expired = await list("building=1&status=expired");
    expect(ids(expired)).toEqual([w.security.id, w.manual.id, w.yesterday.id, w.edge30.id, w.edge31.id]);
    expect(expired.results.map((r) => r.status)).toEqual([
      "Manually expired",
      "Manually expired",
      "Expired",
      "Expired",
      "Expired",
    ]);
    expect((await list("building=1&status=all")).count).toBe(10);
    expect((await t.as("frontdesk").get(`${LIST}?building=1&status=soon`)).statusCode).toBe(400);
  });

  it("recently expired covers the past 30 days (today − 30 in, today − 31 out)", async () => {
    const res = await t.as("frontdesk").get(`${LIST}expired/?building=1`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([w.security.id, w.manual.id, w.yesterday.id, w.edge30.id]);
  });

  it("the security list holds active instructions of is_security types", async () => {
    const res = await t.as("frontdesk").get(`${LIST}security/?building=1`);
    expect(ids(res.json())).toEqual([w.security2.id]);
  });

  it("filters: food delivery, type, unit, occupancy, unit profile state, search, date range", async () => {
    expect(ids(await list("building=1&food_delivery=true"))).toEqual([w.food.id]);
    expect(ids(await list("building=1&exclude_food_delivery=true&status=all"))).not.toContain(w.food.id);
    expect(ids(await list(`building=1&status=all&instruction_type=${ty["Registered guest"]}`))).toEqual([w.tonight.id]);
    expect(ids(await list(`building=1&apartment=${other.apartment_id}`))).toEqual([w.future.id]);
    expect(ids(await list(`occupancy=${other.occupancy_id}&status=all&limit=5000`))).toEqual([w.future.id]);
    expect((await list("building=1&occupancy__is_active=false")).count).toBe(0);
    expect((await list("building=1&occupancy__is_active=true")).count).toBe(5);
    expect((await list("building=1&occupant_status=CURRENT")).count).toBe(5);
    expect((await list("building=1&occupant_status=FUTURE,INACTIVE")).count).toBe(0);
    expect(ids(await list("building=1&search=luigi"))).toEqual([w.food.id]);
    expect(ids(await list("building=1&search=weekdays"))).toEqual([w.open.id]);
    expect(ids(await list(`building=1&search=${other.apartment_number}`))).toEqual([w.future.id]);
    const last = u1203.occupants[0].last_name;
    expect(ids(await list(`building=1&status=all&search=${encodeURIComponent(last)} painter`))).toEqual([
      w.yesterday.id,
    ]);
    expect(ids(await list(`building=1&status=all&search=${encodeURIComponent("do not allow")}`))).toEqual([
      w.security2.id,
      w.security.id,
    ]);
    // In effect during the range.
    expect(ids(await list(`building=1&status=all&date_range_min=${day(4)}&date_range_max=${day(5)}`))).toEqual([
      w.security2.id,
      w.open.id,
      w.future.id,
    ]);
    const bad = await t.as("frontdesk").get(`${LIST}?building=1&date_range_min=${day(2)}&date_range_max=${day(1)}`);
    expect(bad.json()).toEqual({ date_range_max: [MESSAGES.endBeforeStart] });
    expect((await t.as("frontdesk").get(`${LIST}?building=1&date_range_min=nope`)).statusCode).toBe(400);
  });

  it("pages 50 by default, up to 5000; orders by any listed field", async () => {
    const page = await list("building=1&status=all&limit=3&ordering=name");
    expect(page.count).toBe(10);
    expect(page.results.map((r) => r.name)).toEqual(["Cleaner", "Dog walker", "Edge thirty"]);
    expect(page.next).toContain("offset=3");
    const past = await list("building=1&status=all&limit=3&offset=30");
    expect(past).toMatchObject({ count: 10, results: [] });
    expect((await t.as("frontdesk").get(`${LIST}?building=1&limit=5001`)).statusCode).toBe(400);
    expect((await t.as("frontdesk").get(`${LIST}?building=1&ordering=-apartment_number`)).statusCode).toBe(200);
    expect((await t.as("frontdesk").get(`${LIST}?building=1&ordering=bogus`)).statusCode).toBe(400);
  });
});

describe("demo data", () => {
  it("seeds instructions in every state for every building (idempotent)", async () => {
    await clear();
    const { instructions } = await seedInstructions(t.db);
    expect(instructions).toBeGreaterThan(20);
    expect((await seedInstructions(t.db)).instructions).toBe(0);
    const all = await list("building=1&status=all&limit=5000");
    const statuses = new Set(all.results.map((r) => r.status));
    expect([...statuses].sort()).toEqual(["Active", "Expired", "Manually expired"]);
    expect(all.results.some((r) => r.is_food_delivery && r.status === "Active")).toBe(true);
    expect(all.results.some((r) => r.expiration_date === today() && r.status === "Active")).toBe(true);
    expect(all.results.some((r) => r.expiration_date === null)).toBe(true);
    expect((await t.as("frontdesk").get(`${LIST}security/?building=1`)).json().count).toBeGreaterThan(0);
  });
});
