import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addDays,
  MAINTENANCE_EXPORT_COLUMNS,
  MAINTENANCE_MESSAGES as MM,
  type MaintenanceComment,
  type MaintenancePhoto,
  type MaintenanceRequest,
  type MaintenanceRequestListItem,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { ensureMaintenanceRequestTypes } from "../../db/seed/maintenance.ts";
import { multipart, otherUnits, smallPng, unit, type UnitInfo } from "../packages/test-fixtures.ts";

const TZ = "America/New_York";
const today = () => todayIn(TZ);
const BASE = "/api/v1/maintenance-requests/maintenance-requests/";
const ONE = (id: number, q = "") => `${BASE}${id}/${q}`;
const STATUS = (id: number) => `${BASE}${id}/update_status/`;
const COMMENTS = "/api/v1/maintenance-requests/comments/";
const PHOTOS = "/api/v1/maintenance-requests/photos/";
const STATUSES = "/api/v1/maintenance-requests/statuses/";

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
let other: UnitInfo;
let b3unit: UnitInfo;
/** employees.id of the demo maintenance user (MT in buildings 1 and 2), of tbecker (MT in 2 and 4), of frontdesk. */
let miguel: number;
let tbecker: number;
let frank: number;

const employeeId = async (username: string) =>
  Number(
    rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`,
      ),
    )[0].id,
  );

beforeAll(async () => {
  t = await createTestApp();
  await ensureMaintenanceRequestTypes(t.db);
  const rows = rowsOf<{ id: number; name: string }>(
    await t.db.execute(sql`select id, name from maintenance_request_types`),
  );
  ty = Object.fromEntries(rows.map((r) => [r.name, Number(r.id)]));
  u1203 = await unit(t, 1, "1203");
  [other] = await otherUnits(t, 1, 1, ["1203"]);
  [b3unit] = await otherUnits(t, 3, 1);
  miguel = await employeeId("maintenance");
  tbecker = await employeeId("tbecker");
  frank = await employeeId("frontdesk");
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from events where entity_type = 'maintenance_request'`);
  await t.db.execute(sql`delete from maintenance_requests`);
  await t.db.execute(sql`update maintenance_request_types set is_active = true`);
  await setBuildingSettings(t, 1, { maintenancerequestsettings: { has_signatures: true, status_set: "STANDARD" } });
  await setBuildingSettings(t, 2, { maintenancerequestsettings: { status_set: "EXTENDED" } });
});

const body = (extra: Record<string, unknown> = {}) => ({
  apartment_id: u1203.apartment_id,
  maintenance_request_type_id: ty.Plumbing,
  description: "Kitchen sink leaks",
  ...extra,
});

async function create(extra: Record<string, unknown> = {}, building = 1, user = "frontdesk") {
  const res = await t.as(user).post(`${BASE}?building=${building}`, body(extra));
  if (res.statusCode !== 201) throw new Error(`create ${res.statusCode}: ${res.body}`);
  return res.json() as MaintenanceRequest;
}

type Page = { count: number; next: string | null; results: MaintenanceRequestListItem[] };
async function list(query = "", user = "frontdesk", building = 1): Promise<Page> {
  const res = await t.as(user).get(`${BASE}?building=${building}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const ids = async (query = "") => (await list(query)).results.map((r) => r.id);

async function status(id: number, payload: Record<string, unknown>, user = "maintenance") {
  return t.as(user).post(STATUS(id), payload);
}

const png64 = async () => (await smallPng()).toString("base64");

describe("filing a request", () => {
  it("creates an OPEN request on the unit's current unit profile, with the entering user and an event", async () => {
    const r = await create({ is_high_priority: true, employee_id: miguel, additional_emails: "a@x.com, b@y.org" });
    expect(r).toMatchObject({
      building_id: 1,
      apartment_id: u1203.apartment_id,
      apartment_number: "1203",
      occupancy_id: u1203.occupancy_id,
      status: "OPEN",
      status_display: "Open",
      date_closed: null,
      date_on_hold_until: null,
      employee_id: miguel,
      employee_name: "Miguel Santos",
      maintenance_request_type_id: ty.Plumbing,
      maintenance_request_type_name: "Plumbing",
      is_high_priority: true,
      is_permission_to_enter: false,
      additional_emails: "a@x.com; b@y.org",
      signature_url: null,
      recurring_maintenance_request_id: null,
      entered_by: { first_name: "Frank", last_name: "Delgado", username: "frontdesk", role_display: "Front Desk" },
      comments: [],
      maintenancerequestphoto_set: [],
    });
    expect(r.occupant_set.map((o) => o.id).sort()).toEqual(u1203.occupants.map((o) => o.id).sort());
    // The desk sees residents' phones but not their e-mail addresses.
    expect(r.occupant_set.every((o) => o.email === "")).toBe(true);
    const managerView = (await t.as("manager").get(ONE(r.id))).json() as MaintenanceRequest;
    expect(managerView.occupant_set.some((o) => o.email !== "")).toBe(true);
    const ev = (await t.as("frontdesk").get(ONE(r.id, "events/"))).json();
    expect(ev.results.map((e: { type: string }) => e.type)).toEqual(["MAINTENANCE_REQUEST_CREATED"]);
  });

  it("takes base64 photos (a data URL too) and keeps them on the request", async () => {
    const content = await png64();
    const r = await create({
      photos: [
        { type: "image/png", name: "sink.png", content },
        { type: "image/png", name: "pipe.png", content: `data:image/png;base64,${content}` },
      ],
    });
    expect(r.maintenancerequestphoto_set).toHaveLength(2);
    expect(r.maintenancerequestphoto_set[0]).toMatchObject({ caption: "", is_private: false });
    const img = await t.as("frontdesk").get(r.maintenancerequestphoto_set[0].photo_url);
    expect(img.statusCode).toBe(200);
  });

  it("refuses photos over 10 MB (413, the spec's message) and files that are not images", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1).toString("base64");
    const res = await t
      .as("frontdesk")
      .post(`${BASE}?building=1`, body({ photos: [{ type: "image/png", name: "x", content: big }] }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ photos: [MM.photoTooLarge] });
    const bad = await t
      .as("frontdesk")
      .post(
        `${BASE}?building=1`,
        body({ photos: [{ type: "image/png", name: "x", content: Buffer.from("nope").toString("base64") }] }),
      );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().photos).toEqual([MM.notAnImage]);
    expect((await list()).count).toBe(0);
  });

  it("judges every field: required, 2000-character limits, the unit, unit profile, assignee and type", async () => {
    const post = (b: Record<string, unknown>) => t.as("frontdesk").post(`${BASE}?building=1`, b);
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      apartment_id: [MESSAGES.fieldRequired],
      maintenance_request_type_id: [MESSAGES.fieldRequired],
      description: [MESSAGES.fieldRequired],
    });
    const long = await post(body({ description: "x".repeat(2001), permission_to_enter_comments: "y".repeat(2001) }));
    expect(long.json()).toEqual({
      description: [MESSAGES.maxLength(2000)],
      permission_to_enter_comments: [MESSAGES.maxLength(2000)],
    });
    expect(
      (await post(body({ description: "x".repeat(2000), permission_to_enter_comments: "y".repeat(2000) }))).statusCode,
    ).toBe(201);
    expect((await post(body({ apartment_id: b3unit.apartment_id }))).json()).toEqual({
      apartment_id: [MM.apartmentNotInBuilding],
    });
    expect((await post(body({ occupancy_id: other.occupancy_id }))).json()).toEqual({
      occupancy_id: [MM.occupancyNotOfApartment],
    });
    // Assignees are maintenance employees of the building.
    expect((await post(body({ employee_id: frank }))).json()).toEqual({ employee_id: [MM.notMaintenanceEmployee] });
    expect((await post(body({ employee_id: tbecker }))).json()).toEqual({ employee_id: [MM.notMaintenanceEmployee] });
    expect((await post(body({ additional_emails: "not-an-email" }))).json()).toEqual({
      additional_emails: [MM.invalidEmails("not-an-email")],
    });
    await t.db.execute(sql`update maintenance_request_types set is_active = false where id = ${ty.General}`);
    expect((await post(body({ maintenance_request_type_id: ty.General }))).json()).toEqual({
      maintenance_request_type_id: [MM.typeInactive],
    });
    expect((await post(body({ maintenance_request_type_id: 999999 }))).json()).toEqual({
      maintenance_request_type_id: [MESSAGES.invalidChoice(999999)],
    });
  });

  it("starts in the building's vocabulary: NEW in a building on the extended set", async () => {
    const apt = (await otherUnits(t, 2, 1))[0];
    const r = await create({ apartment_id: apt.apartment_id }, 2);
    expect(r).toMatchObject({ status: "NEW", status_display: "New", building_id: 2 });
  });
});

describe("who may", () => {
  it("lets every staff role work on requests and refuses tenants and other roles", async () => {
    for (const user of ["office", "manager", "frontdesk", "maintenance", "porter"]) {
      const r = await create({}, 1, user);
      expect((await t.as(user).get(ONE(r.id))).statusCode).toBe(200);
    }
    for (const user of ["tenant", "clubadmin", "owner", "amenity"]) {
      expect((await t.as(user).get(`${BASE}?building=1`)).statusCode, user).toBe(403);
      expect((await t.as(user).post(`${BASE}?building=1`, body())).statusCode, user).toBe(403);
    }
    expect((await t.as(null).get(`${BASE}?building=1`)).statusCode).toBe(401);
  });

  it("answers 404 for another building's request and 403 for a building out of reach", async () => {
    const r3 = await create({ apartment_id: b3unit.apartment_id }, 3, "office");
    expect((await t.as("frontdesk").get(ONE(r3.id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").post(STATUS(r3.id), { status: "CLOSED" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").post(COMMENTS, { maintenance_request_id: r3.id, comment: "x" })).statusCode).toBe(
      404,
    );
    expect((await t.as("frontdesk").patch(ONE(r3.id), { description: "x" })).statusCode).toBe(404);
    // A building named that is not the request's: 404 even for office.
    expect((await t.as("office").get(ONE(r3.id, "?building=1"))).statusCode).toBe(404);
    expect((await t.as("office").get(ONE(r3.id, "?building=3"))).statusCode).toBe(200);
    expect((await t.as("frontdesk").get(`${BASE}?building=3`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(`${BASE}?building=3`, body())).statusCode).toBe(403);
  });
});

describe("the list", () => {
  it("filters by every filter of the spec and pages 30 at a time", async () => {
    const a = await create({ is_high_priority: true });
    const b = await create({
      apartment_id: other.apartment_id,
      maintenance_request_type_id: ty.Electrical,
      description: "Outlet sparks",
    });
    const c = await create({
      description: "Radiator noise",
      maintenance_request_type_id: ty["Heating / Cooling"],
      employee_id: miguel,
    });
    await status(c.id, { status: "CLOSED" });
    await t.db.execute(sql`update maintenance_requests set date_opened = now() - interval '10 days',
      date_created = now() - interval '10 days' where id = ${a.id}`);
    const schedule = Number(
      rowsOf<{ id: number }>(
        await t.db.execute(sql`insert into recurring_maintenance_requests
          (building_id, name, maintenance_request_type_id, apartment_id, interval, start_date)
          values (1, 'Weekly check', ${ty.Electrical}, ${other.apartment_id}, 'WEEKLY', current_date) returning id`),
      )[0].id,
    );
    await t.db.execute(
      sql`update maintenance_requests set recurring_maintenance_request_id = ${schedule} where id = ${b.id}`,
    );

    expect(await ids()).toEqual([c.id, b.id, a.id]);
    expect(await ids("statuses=OPEN,ON_HOLD")).toEqual([b.id, a.id]);
    expect(await ids("statuses=closed")).toEqual([c.id]);
    expect(await ids("status=CLOSED")).toEqual([c.id]);
    expect(await ids(`apartment=${other.apartment_id}`)).toEqual([b.id]);
    expect(await ids(`occupancy=${u1203.occupancy_id}`)).toEqual([c.id, a.id]);
    expect(await ids(`maintenance_request_type=${ty.Electrical}`)).toEqual([b.id]);
    expect(await ids("is_high_priority=true")).toEqual([a.id]);
    expect(await ids("is_high_priority=false")).toEqual([c.id, b.id]);
    expect(await ids("is_only_recurring=true")).toEqual([b.id]);
    expect(await ids(`recurring_maintenance_request=${schedule}`)).toEqual([b.id]);
    expect(await ids("search=sparks")).toEqual([b.id]);
    expect(await ids("search=RADIATOR")).toEqual([c.id]);
    expect(await ids("search=santos")).toEqual([c.id]);
    expect(await ids(`search=${a.id}`)).toContain(a.id);
    expect(await ids(`search=${other.apartment_number}`)).toContain(b.id);
    const d = today();
    expect(await ids(`min_date_opened=${d}`)).toEqual([c.id, b.id]);
    expect(await ids(`max_date_opened=${addDays(d, -1)}`)).toEqual([a.id]);
    expect(await ids(`min_date_closed=${d}&max_date_closed=${d}`)).toEqual([c.id]);
    expect(await ids("ordering=date_opened")).toEqual([a.id, b.id, c.id]);
    expect(await ids("ordering=-date_closed")).toEqual([c.id, b.id, a.id]);
    const reversed = await t
      .as("frontdesk")
      .get(`${BASE}?building=1&min_date_opened=${d}&max_date_opened=${addDays(d, -1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ max_date_opened: [MESSAGES.endBeforeStart] });
    expect((await t.as("frontdesk").get(`${BASE}?building=1&statuses=BOGUS`)).statusCode).toBe(400);
    expect((await t.as("frontdesk").get(`${BASE}`)).statusCode).toBe(400);

    // Past unit profiles are left out unless asked for.
    await t.db.execute(sql`update occupancies set is_active = false where id = ${other.occupancy_id}`);
    try {
      expect(await ids()).toEqual([c.id, a.id]);
      expect(await ids("is_include_past_occupancies=true")).toEqual([c.id, b.id, a.id]);
    } finally {
      await t.db.execute(sql`update occupancies set is_active = true where id = ${other.occupancy_id}`);
    }
  });

  it("pages in SQL with its count (30 by default)", async () => {
    await t.db
      .execute(sql`insert into maintenance_requests (building_id, apartment_id, occupancy_id, maintenance_request_type_id, description)
      select 1, ${u1203.apartment_id}, ${u1203.occupancy_id}, ${ty.General}, 'bulk ' || g from generate_series(1, 35) g`);
    const first = await list();
    expect(first.count).toBe(35);
    expect(first.results).toHaveLength(30);
    expect(first.next).toContain("offset=30");
    const second = await list("offset=30");
    expect(second.results).toHaveLength(5);
    expect((await list("limit=5")).results).toHaveLength(5);
  });

  it("exports the list's rows as a spreadsheet and refuses above 3000", async () => {
    await create({ is_high_priority: true, is_permission_to_enter: true });
    await create({ apartment_id: other.apartment_id, description: "Second" });
    const res = await t.as("frontdesk").get(`${BASE}as-excel/?building=1&statuses=OPEN`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))),
    );
    expect(rows[0]).toEqual([...MAINTENANCE_EXPORT_COLUMNS]);
    const listed = (await list("statuses=OPEN")).results;
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(listed.map((r) => r.id));
    expect(rows[2]).toEqual(
      expect.arrayContaining(["1203", "Plumbing", "Frank Delgado", "Yes", "High", "Open", "Kitchen sink leaks"]),
    );
    await t.db
      .execute(sql`insert into maintenance_requests (building_id, apartment_id, maintenance_request_type_id, description)
      select 1, ${u1203.apartment_id}, ${ty.General}, 'bulk' from generate_series(1, 3000) g`);
    const over = await t.as("frontdesk").get(`${BASE}as-excel/?building=1`);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: MM.exportLimit });
  });
});

describe("status updates", () => {
  it("holds (until today by default, or the date given), closes, reopens; each with its comment and event", async () => {
    const r = await create();
    const held = await status(r.id, {
      status: "ON_HOLD",
      comment: { comment: "Waiting for parts", is_private: false },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      status: "ON_HOLD",
      status_display: "On Hold",
      date_on_hold_until: today(),
      date_closed: null,
    });
    const later = addDays(today(), 5);
    const moved = await status(r.id, { status: "OPEN" });
    expect(moved.json()).toMatchObject({ status: "OPEN", date_on_hold_until: null });
    expect((await status(r.id, { status: "ON_HOLD", date_on_hold_until: later })).json().date_on_hold_until).toBe(
      later,
    );
    const closed = (await status(r.id, { status: "CLOSED", comment: { comment: "Fixed", is_private: true } })).json();
    expect(closed.status).toBe("CLOSED");
    expect(closed.date_closed).not.toBeNull();
    expect(closed.date_on_hold_until).toBeNull();
    const reopened = (await status(r.id, { status: "open" })).json() as MaintenanceRequest;
    expect(reopened).toMatchObject({ status: "OPEN", date_closed: null });
    expect(reopened.comments.map((c) => [c.change_status_to, c.comment, c.is_private])).toEqual([
      ["ON_HOLD", "Waiting for parts", false],
      ["OPEN", "", false],
      ["ON_HOLD", "", false],
      ["CLOSED", "Fixed", true],
      ["OPEN", "", false],
    ]);
    expect(reopened.comments[0]).toMatchObject({
      change_status_to_display: "On Hold",
      entered_by: { username: "maintenance" },
    });
    const ev = (await t.as("frontdesk").get(ONE(r.id, "events/"))).json();
    expect(ev.results.filter((e: { type: string }) => e.type === "MAINTENANCE_REQUEST_STATUS_CHANGED")).toHaveLength(5);
    expect(ev.results[0].note).toBe("Closed ==> Open");
  });

  it("refuses the same status, a status outside the building's set, and a bad date", async () => {
    const r = await create();
    expect((await status(r.id, { status: "OPEN" })).json()).toEqual({ status: [MM.sameStatus("Open")] });
    expect((await status(r.id, { status: "RESOLVED" })).json()).toEqual({
      status: [MESSAGES.invalidChoice("RESOLVED")],
    });
    expect((await status(r.id, { status: "NOPE" })).statusCode).toBe(400);
    expect((await status(r.id, {})).json()).toEqual({ status: [MESSAGES.fieldRequired] });
    expect((await status(r.id, { status: "ON_HOLD", date_on_hold_until: "2026-02-30" })).json()).toEqual({
      date_on_hold_until: [MESSAGES.invalidDate],
    });
    expect((await status(r.id, { status: "CLOSED", comment: { comment: "x".repeat(2001) } })).json()).toEqual({
      comment: [MESSAGES.maxLength(2000)],
    });
  });

  it("speaks the extended vocabulary in a building on it", async () => {
    const opts = (await t.as("frontdesk").get(`${STATUSES}?building=2`)).json();
    expect(opts).toEqual([
      { value: "NEW", label: "New" },
      { value: "IN_PROGRESS", label: "In Progress" },
      { value: "ON_HOLD", label: "On Hold" },
      { value: "CANCELED", label: "Canceled" },
      { value: "RESOLVED", label: "Resolved" },
    ]);
    expect((await t.as("frontdesk").get(`${STATUSES}?building=1`)).json()).toEqual([
      { value: "OPEN", label: "Open" },
      { value: "ON_HOLD", label: "On Hold" },
      { value: "CLOSED", label: "Closed" },
    ]);
    const apt = (await otherUnits(t, 2, 1))[0];
    const r = await create({ apartment_id: apt.apartment_id }, 2);
    expect((await status(r.id, { status: "CLOSED" })).json()).toEqual({ status: [MESSAGES.invalidChoice("CLOSED")] });
    expect((await status(r.id, { status: "IN_PROGRESS" })).json().date_closed).toBeNull();
    const resolved = (await status(r.id, { status: "RESOLVED" })).json();
    expect(resolved.date_closed).not.toBeNull();
    // From one closed status to another keeps the closing date.
    const canceled = (await status(r.id, { status: "CANCELED" })).json();
    expect(canceled.date_closed).toBe(resolved.date_closed);
    const ids2 = (await list("statuses=NEW,IN_PROGRESS,ON_HOLD", "frontdesk", 2)).results.map((x) => x.id);
    expect(ids2).not.toContain(r.id);
  });
});

describe("comments, photos, edits and the signature", () => {
  it("adds public and private comments", async () => {
    const r = await create();
    const pub = await t.as("porter").post(COMMENTS, { maintenance_request_id: r.id, comment: "On my way" });
    expect(pub.statusCode, pub.body).toBe(201);
    expect(pub.json() as MaintenanceComment).toMatchObject({
      maintenance_request_id: r.id,
      comment: "On my way",
      is_private: false,
      change_status_to: null,
      entered_by: { username: "porter", role_display: "Porter" },
    });
    const priv = await t
      .as("porter")
      .post(`${COMMENTS}?building=1`, { maintenance_request_id: r.id, comment: "Tenant rude", is_private: true });
    expect(priv.json().is_private).toBe(true);
    expect((await t.as("porter").post(COMMENTS, { maintenance_request_id: r.id, comment: " " })).json()).toEqual({
      comment: [MESSAGES.fieldRequired],
    });
    expect((await t.as("porter").post(COMMENTS, { comment: "x" })).json()).toEqual({
      maintenance_request_id: [MESSAGES.fieldRequired],
    });
    expect((await t.as("porter").post(COMMENTS, { maintenance_request_id: 999999, comment: "x" })).statusCode).toBe(
      404,
    );
    const got = (await t.as("frontdesk").get(ONE(r.id))).json() as MaintenanceRequest;
    expect(got.comments.map((c) => c.comment)).toEqual(["On my way", "Tenant rude"]);
  });

  it("adds captioned photos (multipart); over 10 MB is 413 under photo_url; non-images 400", async () => {
    const r = await create();
    const form = multipart([
      ["maintenance_request_id", String(r.id)],
      ["caption", "Under the sink"],
      ["is_private", "true"],
      ["photo_url", { filename: "sink.png", contentType: "image/png", data: await smallPng() }],
    ]);
    const res = await t.as("maintenance").post(PHOTOS, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json() as MaintenancePhoto).toMatchObject({
      maintenance_request_id: r.id,
      caption: "Under the sink",
      is_private: true,
      entered_by: { username: "maintenance" },
    });
    const big = multipart([
      ["maintenance_request_id", String(r.id)],
      ["photo_url", { filename: "big.png", contentType: "image/png", data: Buffer.alloc(10 * 1024 * 1024 + 1) }],
    ]);
    const tooBig = await t.as("maintenance").post(PHOTOS, big.payload, { headers: big.headers });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ photo_url: [MM.photoTooLarge] });
    const text = multipart([
      ["maintenance_request_id", String(r.id)],
      ["photo_url", { filename: "a.png", contentType: "image/png", data: Buffer.from("not an image") }],
    ]);
    const bad = await t.as("maintenance").post(PHOTOS, text.payload, { headers: text.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().photo_url).toHaveLength(1);
    const none = multipart([["maintenance_request_id", String(r.id)]]);
    expect((await t.as("maintenance").post(PHOTOS, none.payload, { headers: none.headers })).json()).toEqual({
      photo_url: [MESSAGES.fieldRequired],
    });
    expect(
      ((await t.as("frontdesk").get(ONE(r.id))).json() as MaintenanceRequest).maintenancerequestphoto_set,
    ).toHaveLength(1);
  });

  it("edits fields with a change event and adds photos", async () => {
    const r = await create();
    const res = await t.as("frontdesk").patch(ONE(r.id, "?building=1"), {
      description: "Sink and faucet leak",
      employee_id: miguel,
      is_permission_to_enter: true,
      permission_to_enter_comments: "Key at the desk",
      photos: [{ type: "image/png", name: "a.png", content: await png64() }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: "Sink and faucet leak",
      employee_name: "Miguel Santos",
      is_permission_to_enter: true,
      permission_to_enter_comments: "Key at the desk",
    });
    expect(res.json().maintenancerequestphoto_set).toHaveLength(1);
    const ev = (await t.as("frontdesk").get(ONE(r.id, "events/"))).json();
    const updated = ev.results.find((e: { type: string }) => e.type === "MAINTENANCE_REQUEST_UPDATED");
    expect(updated.note).toContain("description: Kitchen sink leaks ==> Sink and faucet leak");
    // Moving the request to another unit takes that unit's current unit profile.
    const moved = (await t.as("frontdesk").patch(ONE(r.id), { apartment_id: other.apartment_id })).json();
    expect(moved).toMatchObject({ apartment_id: other.apartment_id, occupancy_id: other.occupancy_id });
    expect((await t.as("frontdesk").patch(ONE(r.id), { description: "" })).json()).toEqual({
      description: [MESSAGES.fieldRequired],
    });
    expect((await t.as("frontdesk").patch(ONE(r.id), { employee_id: null })).json().employee_id).toBeNull();
  });

  it("takes a signature (base64 or multipart) only with has_signatures", async () => {
    const r = await create();
    const signed = await t
      .as("maintenance")
      .patch(ONE(r.id), { signature_url: `data:image/png;base64,${await png64()}` });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().signature_url).toMatch(/^\/api\/v1\/files\//);
    const form = multipart([
      ["signature_url", { filename: "sig.png", contentType: "image/png", data: await smallPng() }],
    ]);
    const again = await t.as("maintenance").patch(ONE(r.id), form.payload, { headers: form.headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().signature_url).not.toBe(signed.json().signature_url);
    expect((await t.as("maintenance").patch(ONE(r.id), { signature_url: "" })).json()).toEqual({
      signature_url: [MM.signatureRequired],
    });
    await setBuildingSettings(t, 1, { maintenancerequestsettings: { has_signatures: false } });
    expect((await t.as("maintenance").patch(ONE(r.id), { signature_url: await png64() })).json()).toEqual({
      signature_url: [MM.signaturesOff],
    });
    const ev = (await t.as("frontdesk").get(ONE(r.id, "events/"))).json();
    expect(ev.results.filter((e: { type: string }) => e.type === "MAINTENANCE_REQUEST_SIGNED")).toHaveLength(2);
  });
});
