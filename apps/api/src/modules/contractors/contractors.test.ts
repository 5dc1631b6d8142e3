import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addDays,
  CONTRACTOR_MESSAGES as CM,
  CONTRACTOR_PLACEHOLDER_PHOTO_URL,
  type ContractorNote,
  type ContractorType,
  type ContractorVisit,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { multipart, otherUnits, smallPng, unit, type UnitInfo } from "../packages/test-fixtures.ts";

const TZ = "America/New_York";
const day = (offset: number) => addDays(todayIn(TZ), offset);
const TYPES = "/api/v1/contractors/types/";
const VISITS = "/api/v1/contractors/visits/";
const NOTES = "/api/v1/contractors/notes/";
const LIST = (b: number) => `/api/v1/core/buildings/${b}/contractor-visits/`;
const CLOSE = (id: number) => `${VISITS}${id}/close/`;
const VISIT_NOTES = (id: number) => `${VISITS}${id}/notes/`;

let t: TestApp;
let u1203: UnitInfo;
let other: UnitInfo;
let b3unit: UnitInfo;
let plumbing: ContractorType;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  u1203 = await unit(t, 1, "1203");
  [other] = await otherUnits(t, 1, 1, ["1203"]);
  [b3unit] = await otherUnits(t, 3, 1);
  png = await smallPng();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from events where entity_type = 'contractor_visit'`);
  await t.db.execute(sql`delete from contractor_visits`);
  await t.db.execute(sql`delete from contractor_types`);
  const res = await t.as("manager").post(TYPES, { company_name: "Acme Plumbing" });
  expect(res.statusCode, res.body).toBe(201);
  plumbing = res.json();
});

/** Logs a visit (multipart with a photo) as `user`; fails on a non-201. */
async function log(fields: Record<string, string> = {}, user = "frontdesk", photo = true): Promise<ContractorVisit> {
  const form = multipart([
    ...Object.entries({ building: "1", contractor_type_id: String(plumbing.id), name: "Joe Pipes", ...fields }),
    ...(photo ? [["photo_url", { filename: "c.png", contentType: "image/png", data: png }] as [string, never]] : []),
  ]);
  const res = await t.as(user).post(VISITS, form.payload, { headers: form.headers });
  if (res.statusCode !== 201) throw new Error(`visit ${res.statusCode}: ${res.body}`);
  return res.json() as ContractorVisit;
}

const list = async (b: number, query = "", user = "frontdesk") => {
  const res = await t.as(user).get(`${LIST(b)}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: ContractorVisit[] };
};

describe("contractor companies", () => {
  it("the desk reads active companies by name; managers add, rename and toggle them; names are unique", async () => {
    expect((await t.as("frontdesk").post(TYPES, { company_name: "Desk Co" })).statusCode).toBe(403);
    const b = (await t.as("office").post(TYPES, { company_name: "Bolt Electric" })).json() as ContractorType;
    expect(b).toEqual({ id: expect.any(Number), company_name: "Bolt Electric", is_active: true, is_immutable: false });
    const dup = await t.as("manager").post(TYPES, { company_name: "acme PLUMBING" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ company_name: [CM.companyNameTaken] });
    const blank = await t.as("manager").post(TYPES, { company_name: " " });
    expect(blank.json()).toEqual({ company_name: [MESSAGES.fieldRequired] });
    expect(
      (await t.as("manager").patch(`${TYPES}${b.id}/`, { company_name: "Bolt Electric Co" })).json(),
    ).toMatchObject({ company_name: "Bolt Electric Co" });
    expect((await t.as("manager").post(`${TYPES}${b.id}/toggle_active/`)).json().is_active).toBe(false);
    const names = (await t.as("frontdesk").get(TYPES)).json().results.map((x: ContractorType) => x.company_name);
    expect(names).toEqual(["Acme Plumbing"]);
    const all = (await t.as("manager").get(`${TYPES}?show_all=true`))
      .json()
      .results.map((x: ContractorType) => x.company_name);
    expect(all).toEqual(["Acme Plumbing", "Bolt Electric Co"]);
    expect((await t.as("clubadmin").get(TYPES)).statusCode).toBe(403);
  });
});

describe("logging a visit", () => {
  it("logs with a company, the contractor, a unit, a note and the photo", async () => {
    const v = await log({ apartment_id: String(u1203.apartment_id), note: " Fixing the sink " });
    expect(v).toMatchObject({
      building: 1,
      contractor_type_id: plumbing.id,
      company_name: "Acme Plumbing",
      name: "Joe Pipes",
      note: "Fixing the sink",
      apartment_id: u1203.apartment_id,
      apartment_number: "1203",
      occupancy_id: u1203.occupancy_id,
      in_building: true,
      date_closed: null,
      closed_by: null,
      opened_by: { last_name: expect.any(String) },
      notes_count: 0,
    });
    expect(v.photo_url).toMatch(/^\/api\/v1\/files\//);
    const evs = rowsOf<{ type: string }>(
      await t.db.execute(sql`select type from events where entity_type = 'contractor_visit' and entity_id = ${v.id}`),
    );
    expect(evs.map((e) => e.type)).toEqual(["CONTRACTOR_VISIT_OPENED"]);
  });

  it("a typed company name is the existing company (any case) or a new one on the list", async () => {
    const same = await log({ contractor_type_id: "", company_name: "ACME plumbing" });
    expect(same.contractor_type_id).toBe(plumbing.id);
    const fresh = await log({ contractor_type_id: "", company_name: "Zed Locksmiths" });
    expect(fresh.company_name).toBe("Zed Locksmiths");
    expect((await t.as("frontdesk").get(TYPES)).json().results.map((x: ContractorType) => x.company_name)).toContain(
      "Zed Locksmiths",
    );
    const none = await t.as("frontdesk").post(VISITS, { building: 1, name: "X" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ company_name: [CM.companyRequired] });
  });

  it("the photo is required unless the building waives it (then the placeholder is stored)", async () => {
    const res = await t.as("frontdesk").post(VISITS, { building: 1, contractor_type_id: plumbing.id, name: "No Pic" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ photo_url: [CM.photoRequired] });
    await setBuildingSettings(t, 1, { contractorsettings: { is_photo_required: false } });
    try {
      const v = await log({}, "frontdesk", false);
      expect(v.photo_url).toBe(CONTRACTOR_PLACEHOLDER_PHOTO_URL);
    } finally {
      await setBuildingSettings(t, 1, { contractorsettings: { is_photo_required: true } });
    }
    const big = multipart([
      ["building", "1"],
      ["contractor_type_id", String(plumbing.id)],
      ["name", "Big"],
      ["photo_url", { filename: "big.png", contentType: "image/png", data: Buffer.alloc(48 * 1024 * 1024 + 10) }],
    ]);
    const tooBig = await t.as("frontdesk").post(VISITS, big.payload, { headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: MESSAGES.fileTooLarge });
  });

  it("refuses a missing name, another building's unit, an inactive company", async () => {
    const noName = await t.as("frontdesk").post(VISITS, { building: 1, contractor_type_id: plumbing.id });
    expect(noName.json()).toMatchObject({ name: [MESSAGES.fieldRequired] });
    await expect(log({ apartment_id: String(b3unit.apartment_id) })).rejects.toThrow(/apartment_id/);
    await expect(log({ occupancy_id: String(b3unit.occupancy_id) })).rejects.toThrow(/occupancy_id/);
    await expect(
      log({ apartment_id: String(u1203.apartment_id), occupancy_id: String(other.occupancy_id) }),
    ).rejects.toThrow(/occupancy_id/);
    await t.as("manager").post(`${TYPES}${plumbing.id}/toggle_active/`);
    await expect(log()).rejects.toThrow(CM.inactiveType);
  });

  it("roles and buildings: staff may; another building is 403; a stranger's visit is 404", async () => {
    for (const user of ["manager", "maintenance", "porter"]) expect((await log({}, user)).id).toBeGreaterThan(0);
    await expect(log({}, "clubadmin")).rejects.toThrow(/403/);
    await expect(log({ building: "3" })).rejects.toThrow(/403/);
    const theirs = await log({ building: "3" }, "manager");
    expect((await t.as("frontdesk").post(CLOSE(theirs.id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(VISIT_NOTES(theirs.id))).statusCode).toBe(404);
    const note = await t.as("frontdesk").post(NOTES, { text: "hi", contractor_visit_id: theirs.id });
    expect(note.statusCode).toBe(404);
    expect((await t.as("frontdesk").get(LIST(3))).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(CLOSE(999999))).statusCode).toBe(404);
    // Contractors need no building feature: building 4 (no keys, no lockouts) takes them.
    expect((await log({ building: "4" }, "office")).building).toBe(4);
  });
});

describe("lists", () => {
  it("the building's list: newest first, 30 a page; company, dates, apartment and in-building filters", async () => {
    const bolt = (await t.as("manager").post(TYPES, { company_name: "Bolt Electric" })).json() as ContractorType;
    const made: ContractorVisit[] = [];
    for (let i = 0; i < 32; i++)
      made.push(
        await log(
          i % 4 === 0
            ? { contractor_type_id: String(bolt.id), apartment_id: String(other.apartment_id) }
            : { apartment_id: String(u1203.apartment_id) },
        ),
      );
    const first = await list(1);
    expect(first.count).toBe(32);
    expect(first.results).toHaveLength(30);
    expect(first.results[0].id).toBe(made.at(-1)!.id);
    expect((await list(1, "offset=30")).results).toHaveLength(2);
    expect((await list(1, `contractor_type_id=${bolt.id}`)).count).toBe(8);
    expect((await list(1, `apartment=${other.apartment_id}`)).count).toBe(8);
    await t.as("frontdesk").post(CLOSE(made[0].id));
    await t.as("frontdesk").post(CLOSE(made[1].id));
    expect((await list(1, "in_building=true")).count).toBe(30);
    expect((await list(1, "in_building=false")).results.map((v) => v.id).sort()).toEqual(
      [made[0].id, made[1].id].sort(),
    );
    await t.db.execute(
      sql`update contractor_visits set date_created = now() - interval '3 days' where id = ${made[2].id}`,
    );
    expect((await list(1, `from=${day(-3)}&until=${day(-3)}`)).results.map((v) => v.id)).toEqual([made[2].id]);
    expect((await list(1, `from=${day(0)}`)).count).toBe(31);
    const reversed = await t.as("frontdesk").get(`${LIST(1)}?from=${day(0)}&until=${day(-1)}`);
    expect(reversed.json()).toEqual({ until: [MESSAGES.endBeforeStart] });
  });

  it("the admin-scope list: every building the user sees, or one; UTC days", async () => {
    const one = await log();
    const three = await log({ building: "3" }, "manager");
    const four = await log({ building: "4" }, "office");
    const ids = async (user: string, query = "") => {
      const res = await t.as(user).get(`${VISITS}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as ContractorVisit[]).map((v) => v.id);
    };
    expect(await ids("office")).toEqual([four.id, three.id, one.id]);
    expect(await ids("manager")).toEqual([three.id, one.id]);
    expect(await ids("frontdesk")).toEqual([one.id]);
    expect(await ids("office", "building=3")).toEqual([three.id]);
    expect((await t.as("frontdesk").get(`${VISITS}?building=3`)).statusCode).toBe(403);
    await t.as("office").post(CLOSE(four.id));
    expect(await ids("office", "in_building=true")).toEqual([three.id, one.id]);
    const utc = new Date().toISOString().slice(0, 10);
    expect(await ids("office", `from=${utc}&until=${utc}`)).toHaveLength(3);
    expect(await ids("office", `until=${addDays(utc, -1)}`)).toEqual([]);
    const res = await t.as("office").get(VISITS);
    expect(res.json().results[0]).toMatchObject({ building: 4, building_name: expect.any(String) });
  });
});

describe("check out and notes", () => {
  it("closes once ('This contractor visit is already closed.' the second time)", async () => {
    const v = await log();
    const res = await t.as("porter").post(CLOSE(v.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ in_building: false, closed_by: { last_name: expect.any(String) } });
    expect(Date.parse(res.json().date_closed)).toBeGreaterThan(0);
    const again = await t.as("frontdesk").post(CLOSE(v.id));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [CM.alreadyClosed] });
    const evs = rowsOf<{ type: string }>(
      await t.db.execute(
        sql`select type from events where entity_type = 'contractor_visit' and entity_id = ${v.id} order by id`,
      ),
    );
    expect(evs.map((e) => e.type)).toEqual(["CONTRACTOR_VISIT_OPENED", "CONTRACTOR_VISIT_CLOSED"]);
  });

  it("notes: text required ('Please enter a note'); listed oldest first; counted on the visit", async () => {
    const v = await log();
    for (const text of [undefined, "", "   "]) {
      const res = await t.as("frontdesk").post(NOTES, { text, contractor_visit_id: v.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ text: [CM.noteRequired] });
    }
    const missing = await t.as("frontdesk").post(NOTES, { text: "Hi" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(["contractor_visit_id"]);
    const a = await t.as("frontdesk").post(NOTES, { text: " Arrived with a ladder ", contractor_visit_id: v.id });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ contractor_visit_id: v.id, text: "Arrived with a ladder" });
    await t.as("porter").post(NOTES, { text: "Left the key at the desk", contractor_visit_id: String(v.id) });
    const notes = (await t.as("frontdesk").get(VISIT_NOTES(v.id))).json();
    expect(notes.count).toBe(2);
    expect(notes.results.map((n: ContractorNote) => n.text)).toEqual([
      "Arrived with a ladder",
      "Left the key at the desk",
    ]);
    expect(notes.results[0].entered_by).toMatchObject({ last_name: expect.any(String) });
    expect((await list(1)).results[0].notes_count).toBe(2);
  });
});
