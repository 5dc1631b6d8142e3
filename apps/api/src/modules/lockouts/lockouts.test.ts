import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addDays,
  FOOD_DELIVERY_TYPE_ID,
  type InstructionType,
  type Lockout,
  LOCKOUT_EXPORT_COLUMNS,
  LOCKOUT_MESSAGES as LM,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { multipart, otherUnits, smallPng, unit, type UnitInfo } from "../packages/test-fixtures.ts";

const TZ = "America/New_York";
const today = () => todayIn(TZ);
const day = (offset: number) => addDays(today(), offset);
const CREATE = (occ: number) => `/api/v1/core/occupancies/${occ}/lockouts/`;
const LIST = (b: number) => `/api/v1/core/buildings/${b}/lockouts/`;
const EXCEL = (b: number) => `/api/v1/core/buildings/${b}/lockouts/as_excel/`;
const DELETE = (id: number) => `/api/v1/lockouts/lockouts/${id}/delete/`;
const INSTRUCTIONS = "/api/v1/instructions/instructions/";

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
let other: UnitInfo;
let b3unit: UnitInfo;
let b4unit: UnitInfo;
/** A unit profile of building 1 without residents. */
let empty: number;

beforeAll(async () => {
  t = await createTestApp();
  const types = (await t.as("frontdesk").get("/api/v1/instructions/instruction-types/?limit=100")).json()
    .results as InstructionType[];
  ty = Object.fromEntries(types.map((x) => [x.name, x.id]));
  u1203 = await unit(t, 1, "1203");
  [other] = await otherUnits(t, 1, 1, ["1203"]);
  [b3unit] = await otherUnits(t, 3, 1);
  [b4unit] = await otherUnits(t, 4, 1);
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into occupancies (building_id, apartment_id, is_active)
      values (1, ${other.apartment_id}, false) returning id`),
  );
  empty = Number(row.id);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from events where entity_type in ('lockout', 'instruction')`);
  await t.db.execute(sql`delete from lockouts`);
  await t.db.execute(sql`delete from instructions`);
});

async function instruction(body: Record<string, unknown>, occupancy = u1203.occupancy_id): Promise<number> {
  const res = await t.as("frontdesk").post(INSTRUCTIONS, {
    instruction_type: ty["Registered guest"],
    name: "Gina Guest",
    occupancy,
    start_date: day(-1),
    expiration_date: day(2),
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`instruction ${res.statusCode}: ${res.body}`);
  return res.json().id as number;
}

async function create(body: Record<string, unknown> = {}, occ = u1203.occupancy_id, user = "frontdesk") {
  const res = await t.as(user).post(CREATE(occ), body);
  if (res.statusCode !== 201) throw new Error(`lockout ${res.statusCode}: ${res.body}`);
  return res.json() as Lockout;
}

const list = async (b: number, query = "", user = "frontdesk") => {
  const res = await t.as(user).get(`${LIST(b)}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null; results: Lockout[] };
};

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const values: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      const v = row.getCell(c).value;
      values.push(v == null ? "" : String(v));
    }
    rows.push(values);
  });
  return rows;
}

describe("creating a lockout", () => {
  it("records a resident lockout (the unit's first active resident by default, or the one named)", async () => {
    const l = await create();
    expect(l).toMatchObject({
      requester_type: "resident",
      occupancy_id: u1203.occupancy_id,
      apartment_number: "1203",
      occupancy: { id: u1203.occupancy_id, apartment_number: "1203", status: "CURRENT", is_active: true },
      instruction_id: null,
      guest: null,
      photo_url: null,
      entered_by: { last_name: expect.any(String) },
    });
    expect(u1203.occupants.map((o) => o.id)).toContain(l.occupant_id);
    const chosen = u1203.occupants.at(-1)!;
    const named = await create({ requester_type: "resident", occupant_id: chosen.id });
    expect(named.occupant).toEqual({ id: chosen.id, first_name: chosen.first_name, last_name: chosen.last_name });
    const evs = rowsOf<{ type: string; note: string }>(
      await t.db.execute(sql`select type, note from events where entity_type = 'lockout' and entity_id = ${named.id}`),
    );
    expect(evs).toEqual([{ type: "LOCKOUT_CREATED", note: expect.stringContaining("Lockout of unit 1203: resident") }]);
  });

  it("refuses a resident of another unit, and a unit without residents", async () => {
    const res = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), { occupant_id: other.occupants[0].id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ occupant_id: [LM.notAResidentOfUnit] });
    const none = await t.as("frontdesk").post(CREATE(empty), { requester_type: "resident" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ occupant_id: [LM.noResidents] });
  });

  it("a guest needs an unexpired registered guest of the unit", async () => {
    const refused = async (body: Record<string, unknown> = {}) => {
      const res = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), { requester_type: "guest", ...body });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await refused()).toEqual({ instruction_id: [LM.noRegisteredGuests] });
    // Not started yet, expired, a food delivery, a security entry, another unit's guest: none counts.
    await instruction({ start_date: day(1), expiration_date: day(3) });
    const expired = await instruction({ name: "Old guest" });
    expect((await t.as("frontdesk").post(`${INSTRUCTIONS}${expired}/expire/`)).statusCode).toBe(200);
    await instruction({ instruction_type: FOOD_DELIVERY_TYPE_ID, name: "Pizza" });
    await instruction({ instruction_type: ty["Security / do not allow"], name: "Banned", expiration_date: null });
    await instruction({ name: "Elsewhere" }, other.occupancy_id);
    expect(await refused()).toEqual({ instruction_id: [LM.noRegisteredGuests] });
    // requesterType (the form's name) works too.
    const gina = await instruction({ expiration_date: day(0) });
    expect(await refused()).toEqual({ instruction_id: [MESSAGES.fieldRequired] });
    expect(await refused({ instruction_id: expired })).toEqual({ instruction_id: [LM.notAGuestOfUnit] });
    const l = await create({ requesterType: "guest", instruction_id: gina });
    expect(l).toMatchObject({
      requester_type: "guest",
      instruction_id: gina,
      guest: { instruction_id: gina, name: "Gina Guest", instruction_type_name: "Registered guest" },
      occupant_id: null,
      occupant: null,
    });
  });

  it("takes a multipart form with the photo; over 48 MB is 413 with the spec's message", async () => {
    const form = multipart([
      ["requester_type", "resident"],
      ["photo_url", { filename: "door.png", contentType: "image/png", data: await smallPng() }],
    ]);
    const res = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photo_url).toMatch(/^\/api\/v1\/files\//);
    const big = multipart([
      ["requester_type", "resident"],
      ["photo_url", { filename: "big.png", contentType: "image/png", data: Buffer.alloc(48 * 1024 * 1024 + 10) }],
    ]);
    const tooBig = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), big.payload, { headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: MESSAGES.fileTooLarge });
    expect((await list(1)).count).toBe(1);
  });

  it("refuses an unknown requester type and another unit profile's id in the form", async () => {
    const res = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), { requester_type: "visitor" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(["requester_type"]);
    const wrong = await t.as("frontdesk").post(CREATE(u1203.occupancy_id), { occupancy_id: other.occupancy_id });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(["occupancy_id"]);
  });
});

describe("gates, roles and buildings", () => {
  it("every call needs the building's lockouts (403 without)", async () => {
    expect((await t.as("office").get(LIST(4))).statusCode).toBe(403);
    expect((await t.as("office").get(EXCEL(4))).statusCode).toBe(403);
    expect((await t.as("office").post(CREATE(b4unit.occupancy_id), {})).statusCode).toBe(403);
    expect((await t.as("office").get(CREATE(b4unit.occupancy_id))).statusCode).toBe(403);
    const l = await create();
    await setBuildingSettings(t, 1, { lockoutsettings: { has_lockouts: false } });
    try {
      expect((await t.as("frontdesk").get(LIST(1))).statusCode).toBe(403);
      expect((await t.as("frontdesk").post(CREATE(u1203.occupancy_id), {})).statusCode).toBe(403);
      expect((await t.as("frontdesk").get(CREATE(u1203.occupancy_id))).statusCode).toBe(403);
      expect((await t.as("frontdesk").post(DELETE(l.id), { delete_reason: "x" })).statusCode).toBe(403);
    } finally {
      await setBuildingSettings(t, 1, { lockoutsettings: { has_lockouts: true } });
    }
  });

  it("staff of every tier may; other roles and strangers may not", async () => {
    for (const user of ["office", "manager", "frontdesk", "maintenance", "porter"])
      expect((await t.as(user).get(LIST(1))).statusCode, user).toBe(200);
    for (const user of ["clubadmin", "owner", "amenity"])
      expect((await t.as(user).get(LIST(1))).statusCode, user).toBe(403);
    expect((await t.as(null).get(LIST(1))).statusCode).toBe(401);
    const porter = await create({}, u1203.occupancy_id, "porter");
    expect(porter.id).toBeGreaterThan(0);
    expect((await t.as("clubadmin").post(CREATE(u1203.occupancy_id), {})).statusCode).toBe(403);
  });

  it("another building's unit profile or lockout is 404; its list is 403", async () => {
    const mine = await create({}, b3unit.occupancy_id, "manager");
    expect((await t.as("frontdesk").post(CREATE(b3unit.occupancy_id), {})).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(CREATE(b3unit.occupancy_id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").post(DELETE(mine.id), { delete_reason: "x" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(LIST(3))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(EXCEL(3))).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(CREATE(999999), {})).statusCode).toBe(404);
    expect((await t.as("frontdesk").post(DELETE(999999), { delete_reason: "x" })).statusCode).toBe(404);
    // Building 1's list does not show building 3's.
    expect((await list(1, "", "manager")).results.map((l) => l.id)).not.toContain(mine.id);
  });
});

describe("lists", () => {
  async function backdate(id: number, days: number) {
    await t.db.execute(
      sql`update lockouts set date_created = date_created - make_interval(days => ${days}) where id = ${id}`,
    );
  }

  it("the building's list: newest first, 30 a page, dates and apartment filters; the profile's latest 4", async () => {
    const made: Lockout[] = [];
    for (let i = 0; i < 33; i++) made.push(await create({}, i % 3 === 0 ? other.occupancy_id : u1203.occupancy_id));
    const first = await list(1);
    expect(first.count).toBe(33);
    expect(first.results).toHaveLength(30);
    expect(first.results[0].id).toBe(made.at(-1)!.id);
    expect(first.next).toContain("offset=30");
    const second = await list(1, "offset=30");
    expect(second.results).toHaveLength(3);
    const apt = await list(1, `occupancy__apartment=${other.apartment_id}&limit=100`);
    expect(apt.count).toBe(11);
    expect(apt.results.every((l) => l.apartment_id === other.apartment_id)).toBe(true);
    await backdate(made[0].id, 5);
    await backdate(made[1].id, 3);
    expect((await list(1, `until=${day(-3)}`)).results.map((l) => l.id).sort()).toEqual(
      [made[0].id, made[1].id].sort(),
    );
    expect((await list(1, `from=${day(-4)}&until=${day(-4)}`)).count).toBe(0);
    expect((await list(1, `from=${day(-3)}&until=${day(-3)}`)).results.map((l) => l.id)).toEqual([made[1].id]);
    expect((await list(1, `from=${day(0)}`)).count).toBe(31);
    const reversed = await t.as("frontdesk").get(`${LIST(1)}?from=${day(0)}&until=${day(-1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ until: [MESSAGES.endBeforeStart] });
    expect((await t.as("frontdesk").get(`${LIST(1)}?from=soon`)).statusCode).toBe(400);
    const profile = await t.as("frontdesk").get(`${CREATE(u1203.occupancy_id)}?limit=4`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().count).toBe(22);
    expect(profile.json().results).toHaveLength(4);
    expect(profile.json().results.every((l: Lockout) => l.occupancy_id === u1203.occupancy_id)).toBe(true);
    // Default page of the profile list is 4 too.
    expect((await t.as("frontdesk").get(CREATE(u1203.occupancy_id))).json().results).toHaveLength(4);
  });

  it("the spreadsheet: the filter's rows with the list's columns", async () => {
    const gina = await instruction({});
    const guest = await create({ requester_type: "guest", instruction_id: gina });
    const resident = await create({}, other.occupancy_id);
    const old = await create();
    await backdate(old.id, 10);
    const res = await t.as("frontdesk").get(`${EXCEL(1)}?from=${day(-1)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain("lockouts.xlsx");
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...LOCKOUT_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    const occupant = resident.occupant!;
    expect(rows[1]).toEqual([
      expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
      expect.stringMatching(/^\d{1,2}:\d\d [AP]M$/),
      `${resident.entered_by!.first_name} ${resident.entered_by!.last_name}`,
      other.apartment_number,
      "CURRENT",
      `${occupant.first_name} ${occupant.last_name}`,
      "",
      "",
    ]);
    expect(rows[2].slice(3, 7)).toEqual(["1203", "CURRENT", "", "Gina Guest"]);
    expect(guest.id).toBeLessThan(resident.id);
    const apt = await readXlsx(
      (await t.as("frontdesk").get(`${EXCEL(1)}?occupancy_apartment=${u1203.apartment_id}`)).rawPayload,
    );
    expect(apt).toHaveLength(3);
  });
});

describe("deleting a lockout", () => {
  it("needs a reason; keeps the lockout for audit and takes it off every list", async () => {
    const l = await create();
    for (const body of [{}, { delete_reason: "   " }, { delete_reason: 5 }]) {
      const res = await t.as("frontdesk").post(DELETE(l.id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ delete_reason: [LM.reasonRequired] });
    }
    const res = await t.as("porter").post(DELETE(l.id), { delete_reason: " Entered twice " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: l.id, detail: LM.deleted });
    expect(res.json().detail).toBe("Lockout deleted!");
    expect((await list(1)).count).toBe(0);
    expect((await t.as("frontdesk").get(CREATE(u1203.occupancy_id))).json().count).toBe(0);
    const [row] = rowsOf<{ is_deleted: boolean; delete_reason: string; deleted_by_id: number | null }>(
      await t.db.execute(sql`select is_deleted, delete_reason, deleted_by_id from lockouts where id = ${l.id}`),
    );
    expect(row).toMatchObject({ is_deleted: true, delete_reason: "Entered twice" });
    expect(row.deleted_by_id).not.toBeNull();
    const evs = rowsOf<{ type: string; note: string }>(
      await t.db.execute(
        sql`select type, note from events where entity_type = 'lockout' and entity_id = ${l.id} order by id`,
      ),
    );
    expect(evs.map((e) => e.type)).toEqual(["LOCKOUT_CREATED", "LOCKOUT_DELETED"]);
    expect(evs[1].note).toContain("Entered twice");
    // Twice: it is gone.
    expect((await t.as("frontdesk").post(DELETE(l.id), { delete_reason: "again" })).statusCode).toBe(404);
    // `reason` is accepted too.
    const l2 = await create();
    expect((await t.as("frontdesk").post(DELETE(l2.id), { reason: "Mistake" })).statusCode).toBe(200);
  });
});
