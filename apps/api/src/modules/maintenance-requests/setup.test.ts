import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  type CommentTemplate,
  MAINTENANCE_PERMISSION_TYPES,
  MAINTENANCE_SETTINGS_MESSAGES as M,
  type MaintenanceActivity,
  type MaintenanceNotificationSettings,
  type MaintenanceRequestType,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";

const BASE = "/api/v1/maintenance-requests";
const TYPES = `${BASE}/maintenance-request-types/`;
const TEMPLATES = `${BASE}/comment-templates/`;
const BUILDING_TEMPLATES = (b: number) => `/api/v1/core/buildings/${b}/comment-templates/`;
const SETTINGS = `${BASE}/notification-settings/`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STAFF = ["office", "manager", "frontdesk", "maintenance", "porter"];
const NOT_STAFF = ["clubadmin", "owner", "amenity", "tenant"];

async function addType(body: Record<string, unknown>, user = "office"): Promise<MaintenanceRequestType> {
  const res = await t.as(user).post(TYPES, { display_order: 50, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("maintenance request types", () => {
  it("every staff member reads them in display order; others are refused", async () => {
    const z = await addType({ name: "Zz Last", display_order: 900 });
    const a = await addType({ name: "Aa First", display_order: 900 });
    for (const user of STAFF) {
      const res = await t.as(user).get(`${TYPES}?limit=1000`);
      expect(res.statusCode, user).toBe(200);
      const ids = (res.json().results as MaintenanceRequestType[]).map((x) => x.id);
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(z.id));
      expect(ids.indexOf(a.id)).toBe(ids.length - 2);
    }
    for (const user of NOT_STAFF) expect((await t.as(user).get(TYPES)).statusCode, user).toBe(403);
    expect((await t.as(null).get(TYPES)).statusCode).toBe(401);
    expect((await t.as("frontdesk").get(`${TYPES}${a.id}/`)).json()).toEqual(a);
    expect((await t.as("frontdesk").get(`${TYPES}99999999/`)).statusCode).toBe(404);
  });

  it("Office adds one with every field; defaults; name and display_order required", async () => {
    const full = await addType({
      name: " Plumbing leak ",
      category: "Plumbing",
      display_order: "3",
      instruction_text: "Shut the valve under the sink first.",
      access_permissions: "RESIDENTS_AND_STAFF",
    });
    expect(full).toEqual({
      id: expect.any(Number),
      name: "Plumbing leak",
      category: "Plumbing",
      display_order: 3,
      instruction_text: "Shut the valve under the sink first.",
      access_permissions: "RESIDENTS_AND_STAFF",
      access_permissions_display: "Residents and staff",
      is_active: true,
      is_immutable: false,
    });
    const bare = await addType({ name: "Bare type", display_order: 0 });
    expect(bare).toMatchObject({
      category: "",
      instruction_text: "",
      access_permissions: "STAFF_ONLY",
      access_permissions_display: "Staff only",
    });
    const missing = await t.as("office").post(TYPES, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: [MESSAGES.fieldRequired], display_order: [MESSAGES.fieldRequired] });
    const bad = await t.as("office").post(TYPES, {
      name: "x".repeat(101),
      display_order: -1,
      instruction_text: "y".repeat(2001),
      access_permissions: "EVERYONE",
    });
    expect(bad.json()).toEqual({
      name: [MESSAGES.maxLength(100)],
      display_order: [MESSAGES.minValue(0)],
      instruction_text: [MESSAGES.maxLength(2000)],
      access_permissions: [MESSAGES.invalidChoice("EVERYONE")],
    });
    expect((await t.as("office").post(TYPES, { name: "Blank order", display_order: "" })).json()).toEqual({
      display_order: [MESSAGES.fieldRequired],
    });
    expect((await t.as("office").post(TYPES, { name: "Odd order", display_order: "two" })).json()).toEqual({
      display_order: [MESSAGES.integerRequired],
    });
    const dup = await t.as("office").post(TYPES, { name: "PLUMBING LEAK", display_order: 1 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [M.typeNameTaken] });
  });

  it("only Office writes: managers and the desk are refused before the body is read", async () => {
    const type = await addType({ name: "Office only" });
    for (const user of ["manager", "frontdesk", "maintenance", "porter"]) {
      expect((await t.as(user).post(TYPES, { bogus: true })).statusCode, user).toBe(403);
      expect((await t.as(user).patch(`${TYPES}${type.id}/`, { name: "x" })).statusCode, user).toBe(403);
      expect((await t.as(user).post(`${TYPES}${type.id}/toggle_active/`)).statusCode, user).toBe(403);
    }
  });

  it("edits, toggles and filters; an immutable type is locked", async () => {
    const type = await addType({ name: "Heating", category: "HVAC" });
    const edited = await t.as("office").patch(`${TYPES}${type.id}/`, {
      name: "Heating and cooling",
      access_permissions: "RESIDENTS_AND_STAFF",
    });
    expect(edited.json()).toMatchObject({ name: "Heating and cooling", category: "HVAC", display_order: 50 });
    const off = await t.as("office").post(`${TYPES}${type.id}/toggle_active/`);
    expect(off.json().is_active).toBe(false);
    const active = (await t.as("frontdesk").get(`${TYPES}?is_active=true&limit=1000`)).json().results;
    expect(active.map((x: MaintenanceRequestType) => x.id)).not.toContain(type.id);
    const inactive = (await t.as("frontdesk").get(`${TYPES}?is_active=false&limit=1000`)).json().results;
    expect(inactive.map((x: MaintenanceRequestType) => x.id)).toContain(type.id);
    const residents = (
      await t.as("frontdesk").get(`${TYPES}?access_permissions=RESIDENTS_AND_STAFF&limit=1000`)
    ).json();
    expect(residents.results.every((x: MaintenanceRequestType) => x.access_permissions === "RESIDENTS_AND_STAFF")).toBe(
      true,
    );
    expect((await t.as("office").patch(`${TYPES}${type.id}/`, { display_order: "" })).json()).toEqual({
      display_order: [MESSAGES.fieldRequired],
    });

    await t.db.execute(sql`update maintenance_request_types set is_immutable = true where id = ${type.id}`);
    const locked = await t.as("office").patch(`${TYPES}${type.id}/`, { name: "Changed" });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ detail: M.immutableType });
    expect((await t.as("office").post(`${TYPES}${type.id}/toggle_active/`)).statusCode).toBe(403);
    expect((await t.as("office").patch(`${TYPES}99999999/`, { name: "x" })).statusCode).toBe(404);
  });

  it("permission types: the two choices, under both paths, for staff", async () => {
    for (const path of [`${BASE}/permission_types/`, `${TYPES}permission_types/`]) {
      const res = await t.as("maintenance").get(path);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { value: "STAFF_ONLY", label: "Staff only" },
        { value: "RESIDENTS_AND_STAFF", label: "Residents and staff" },
      ]);
      expect(res.json()).toEqual(MAINTENANCE_PERMISSION_TYPES);
      expect((await t.as("tenant").get(path)).statusCode).toBe(403);
    }
  });
});

describe("comment templates", () => {
  beforeEach(async () => {
    await t.db.execute(sql`delete from maintenance_comment_templates`);
  });

  async function addTemplate(body: Record<string, unknown>, user = "manager"): Promise<CommentTemplate> {
    const res = await t.as(user).post(TEMPLATES, { building_id: 1, display_order: 1, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("managers add them; every staff member reads them by display order, then title", async () => {
    const c = await addTemplate({ title: "Parts ordered", template: "We ordered the parts.", display_order: 2 });
    expect(c).toEqual({
      id: expect.any(Number),
      building_id: 1,
      title: "Parts ordered",
      template: "We ordered the parts.",
      display_order: 2,
    });
    const b = await addTemplate({ title: "Visit scheduled", template: "A visit is scheduled.", display_order: 1 });
    const a = await addTemplate(
      { title: "Access needed", template: "Please leave access.", display_order: 1 },
      "office",
    );
    await addTemplate({ building_id: 2, title: "Other building", template: "Elsewhere." });
    for (const user of STAFF) {
      const res = await t.as(user).get(`${TEMPLATES}?building=1`);
      expect(res.statusCode, user).toBe(200);
      expect(res.json().results.map((x: CommentTemplate) => x.id)).toEqual([a.id, b.id, c.id]);
      const core = await t.as(user).get(BUILDING_TEMPLATES(1));
      expect(core.json()).toMatchObject({ count: 3, results: [a, b, c] });
    }
    for (const user of NOT_STAFF) expect((await t.as(user).get(BUILDING_TEMPLATES(1))).statusCode, user).toBe(403);
    // Without a building: every building the user sees.
    expect((await t.as("frontdesk").get(TEMPLATES)).json().count).toBe(4);
  });

  it("title, template and display_order are checked, in the spec's limits", async () => {
    const missing = await t.as("manager").post(TEMPLATES, { building_id: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      title: [MESSAGES.fieldRequired],
      template: [MESSAGES.fieldRequired],
      display_order: [MESSAGES.fieldRequired],
    });
    const long = await t.as("manager").post(TEMPLATES, {
      building_id: 1,
      title: "t".repeat(101),
      template: "x".repeat(2001),
      display_order: 1.5,
    });
    expect(long.json()).toEqual({
      title: [MESSAGES.maxLength(100)],
      template: [MESSAGES.maxLength(2000)],
      display_order: [MESSAGES.integerRequired],
    });
    expect(
      (await t.as("manager").post(TEMPLATES, { building_id: 1, title: "t", template: "x", display_order: -1 })).json(),
    ).toEqual({ display_order: [MESSAGES.minValue(0)] });
    const noBuilding = await t.as("manager").post(TEMPLATES, { title: "t", template: "x", display_order: 0 });
    expect(noBuilding.statusCode).toBe(400);
    expect(Object.keys(noBuilding.json())).toEqual(["building_id"]);
    const max = await addTemplate({ title: "t".repeat(100), template: "x".repeat(2000), display_order: 0 });
    expect(max.title).toHaveLength(100);
  });

  it("the desk and maintenance may not write; managers only in their buildings", async () => {
    const mine = await addTemplate({ title: "Mine", template: "Text" });
    for (const user of ["frontdesk", "maintenance", "porter"]) {
      expect((await t.as(user).post(TEMPLATES, { building_id: 1 })).statusCode, user).toBe(403);
      expect((await t.as(user).patch(`${TEMPLATES}${mine.id}/`, { title: "x" })).statusCode, user).toBe(403);
      expect((await t.as(user).delete(`${TEMPLATES}${mine.id}/`)).statusCode, user).toBe(403);
    }
    // Building 4 is out of the manager's reach: writing there is 403, its template is 404.
    const res = await t.as("manager").post(TEMPLATES, { building_id: 4, title: "", template: "" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MESSAGES.noBuildingAccess });
    const theirs = await addTemplate({ building_id: 4, title: "Theirs", template: "Text" }, "office");
    expect((await t.as("manager").patch(`${TEMPLATES}${theirs.id}/`, { title: "" })).statusCode).toBe(404);
    expect((await t.as("manager").delete(`${TEMPLATES}${theirs.id}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${TEMPLATES}?building=4`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(BUILDING_TEMPLATES(3))).statusCode).toBe(403);
    expect((await t.as("manager").get(TEMPLATES)).json().results.map((x: CommentTemplate) => x.id)).toEqual([mine.id]);
    // Moving a template to a building out of reach is refused too.
    expect((await t.as("manager").patch(`${TEMPLATES}${mine.id}/`, { building_id: 4 })).statusCode).toBe(403);
  });

  it("edits any subset, moves it between the manager's buildings, deletes it", async () => {
    const tpl = await addTemplate({ title: "Old", template: "Old text", display_order: 5 });
    const edited = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { title: " New ", display_order: "7" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...tpl, title: "New", display_order: 7 });
    expect((await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { template: "" })).json()).toEqual({
      template: [MESSAGES.fieldRequired],
    });
    const moved = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { building_id: 3 });
    expect(moved.json().building_id).toBe(3);
    expect((await t.as("manager").get(BUILDING_TEMPLATES(3))).json().count).toBe(1);
    const del = await t.as("manager").delete(`${TEMPLATES}${tpl.id}/`);
    expect(del.statusCode).toBe(204);
    expect((await t.as("manager").delete(`${TEMPLATES}${tpl.id}/`)).statusCode).toBe(404);
    expect((await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { title: "x" })).statusCode).toBe(404);
  });
});

describe("notification settings", () => {
  it("the building's row is made on first read and kept", async () => {
    const first = await t.as("manager").get(`${SETTINGS}?building=2`);
    expect(first.statusCode).toBe(200);
    const row = first.json() as MaintenanceNotificationSettings;
    expect(row).toEqual({ id: expect.any(Number), building_id: 2, email_recipients: expect.any(String) });
    expect((await t.as("office").get(`${SETTINGS}?building=2`)).json().id).toBe(row.id);
    const other = (await t.as("manager").get(`${SETTINGS}?building=3`)).json();
    expect(other.id).not.toBe(row.id);
    expect((await t.as("manager").get(SETTINGS)).statusCode).toBe(400);
  });

  it("managers set the recipients: each address checked, joined by semicolons", async () => {
    const { id } = (await t.as("manager").get(`${SETTINGS}?building=1`)).json();
    const res = await t.as("manager").patch(`${SETTINGS}${id}/`, {
      building_id: 1,
      email_recipients: " super@example.com ; chief@example.org;super@example.com;",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, building_id: 1, email_recipients: "super@example.com;chief@example.org" });
    expect((await t.as("manager").get(`${SETTINGS}?building=1`)).json().email_recipients).toBe(
      "super@example.com;chief@example.org",
    );
    const bad = await t.as("manager").patch(`${SETTINGS}${id}/`, { email_recipients: "ok@example.com;not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email_recipients: [M.invalidEmail("not-an-address")] });
    expect((await t.as("manager").patch(`${SETTINGS}${id}/`, { email_recipients: 5 })).json()).toEqual({
      email_recipients: [MESSAGES.notAString],
    });
    expect((await t.as("manager").patch(`${SETTINGS}${id}/`, { building_id: 2, email_recipients: "" })).json()).toEqual(
      {
        building_id: [M.otherBuilding],
      },
    );
    const cleared = await t.as("manager").patch(`${SETTINGS}${id}/`, { email_recipients: "" });
    expect(cleared.json().email_recipients).toBe("");
  });

  it("is the managers': the desk is refused; another building's row is 404", async () => {
    const { id } = (await t.as("office").get(`${SETTINGS}?building=4`)).json();
    for (const user of ["frontdesk", "maintenance", "porter", "tenant"]) {
      expect((await t.as(user).get(`${SETTINGS}?building=1`)).statusCode, user).toBe(403);
      expect((await t.as(user).patch(`${SETTINGS}${id}/`, { email_recipients: "x" })).statusCode, user).toBe(403);
    }
    expect((await t.as("manager").get(`${SETTINGS}?building=4`)).statusCode).toBe(403);
    expect((await t.as("manager").patch(`${SETTINGS}${id}/`, { email_recipients: "bad" })).statusCode).toBe(404);
    expect((await t.as("manager").patch(`${SETTINGS}99999999/`, { email_recipients: "" })).statusCode).toBe(404);
  });
});

describe("activity", () => {
  const ACTIVITY = `${BASE}/activity/`;
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(q))[0];

  /** A request of the building (straight into the table), with its unit and type. */
  async function request(building: number) {
    const apt = await one<{ id: number; apartment_number: string }>(
      sql`select id, apartment_number from apartments where building_id = ${building} order by id limit 1`,
    );
    const type = await addType({ name: `Activity type ${building}-${Math.random()}` });
    const r = await one<{ id: number }>(
      sql`insert into maintenance_requests (building_id, apartment_id, maintenance_request_type_id, description)
        values (${building}, ${apt.id}, ${type.id}, 'Leaking tap') returning id`,
    );
    return { id: Number(r.id), apartment: { id: Number(apt.id), number: apt.apartment_number }, type };
  }

  async function event(
    building: number,
    entityId: number,
    type: string,
    display: string,
    hoursAgo: number,
    note = "",
    entity = "maintenance_request",
  ) {
    const user = await one<{ id: number }>(sql`select id from users where username = 'maintenance'`);
    const at = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
    const e = await one<{ id: number }>(
      sql`insert into events (building_id, entity_type, entity_id, type, type_display, note, performed_by_id, date_created)
        values (${building}, ${entity}, ${entityId}, ${type}, ${display}, ${note}, ${user.id}, ${at}::timestamptz)
        returning id`,
    );
    return { id: Number(e.id), at, user: Number(user.id) };
  }

  it("the building's events of the last 48 hours, newest first, with unit, type, what happened and who", async () => {
    await t.db.execute(sql`delete from events where entity_type = 'maintenance_request'`);
    const r = await request(1);
    const created = await event(
      1,
      r.id,
      "MAINTENANCE_REQUEST_CREATED",
      "Request created",
      5,
      `Request #${r.id} created`,
    );
    const status = await event(1, r.id, "MAINTENANCE_REQUEST_STATUS_CHANGED", "Status changed", 3, "Open ==> On Hold");
    await t.db.execute(
      sql`insert into maintenance_request_comments (maintenance_request_id, comment, change_status_to, entered_by_id, date_created)
        values (${r.id}, 'Waiting for parts', 'ON_HOLD', ${status.user}, ${status.at}::timestamptz)`,
    );
    const comment = await event(
      1,
      r.id,
      "MAINTENANCE_REQUEST_COMMENT_ADDED",
      "Comment added",
      1,
      "Parts arrive Monday",
    );
    await event(1, r.id, "MAINTENANCE_REQUEST_CREATED", "Request created", 49);
    const elsewhere = await request(2);
    await event(2, elsewhere.id, "MAINTENANCE_REQUEST_CREATED", "Request created", 1);
    await event(1, r.id, "LOCKOUT_CREATED", "Lockout created", 1, "", "lockout");

    for (const user of STAFF) {
      const res = await t.as(user).get(`${ACTIVITY}?building=1`);
      expect(res.statusCode, user).toBe(200);
      const body = res.json() as { count: number; results: MaintenanceActivity[] };
      expect(body.count).toBe(3);
      expect(body.results.map((a) => a.id)).toEqual([comment.id, status.id, created.id]);
    }
    const [c, s, n] = (await t.as("frontdesk").get(`${ACTIVITY}?building=1`)).json().results as MaintenanceActivity[];
    const common = {
      maintenance_request_id: r.id,
      apartment_id: r.apartment.id,
      apartment_number: r.apartment.number,
      maintenance_request_type_id: r.type.id,
      maintenance_request_type_name: r.type.name,
      performed_by: expect.any(String),
    };
    expect(n).toEqual({
      ...common,
      id: created.id,
      type: "MAINTENANCE_REQUEST_CREATED",
      type_display: "Request created",
      status: null,
      description: "Request created",
      note: `Request #${r.id} created`,
      date_created: created.at,
    });
    expect(s).toMatchObject({ ...common, status: "ON_HOLD", description: M.statusChangedTo("On Hold") });
    expect(c).toMatchObject({ ...common, status: null, description: "Comment added", note: "Parts arrive Monday" });
    const paged = (await t.as("frontdesk").get(`${ACTIVITY}?building=1&limit=1&offset=1`)).json();
    expect(paged).toMatchObject({ count: 3, results: [{ id: status.id }] });
    expect(paged.next).toContain("offset=2");
    expect((await t.as("frontdesk").get(`${ACTIVITY}?building=1&offset=10`)).json()).toMatchObject({
      count: 3,
      results: [],
    });
  });

  it("follows the requests' own writes: created, status changed to On Hold, comment", async () => {
    await t.db.execute(sql`delete from events where entity_type = 'maintenance_request'`);
    const apt = await one<{ id: number }>(sql`select id from apartments where building_id = 1 order by id limit 1`);
    const type = await addType({ name: `Activity flow ${Date.now()}` });
    const REQUESTS = `${BASE}/maintenance-requests/`;
    const created = await t.as("frontdesk").post(`${REQUESTS}?building=1`, {
      apartment_id: Number(apt.id),
      maintenance_request_type_id: type.id,
      description: "Door sticks",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const held = await t.as("maintenance").post(`${REQUESTS}${id}/update_status/?building=1`, {
      status: "ON_HOLD",
      comment: { comment: "Waiting for a part", is_private: false },
    });
    expect(held.statusCode, held.body).toBe(200);
    const comment = await t.as("porter").post(`${BASE}/comments/`, { maintenance_request_id: id, comment: "Seen it" });
    expect(comment.statusCode, comment.body).toBe(201);
    const feed = (await t.as("frontdesk").get(`${ACTIVITY}?building=1`)).json().results as MaintenanceActivity[];
    expect(feed.map((a) => [a.maintenance_request_id, a.type, a.status, a.description])).toEqual([
      [id, "MAINTENANCE_REQUEST_COMMENT_ADDED", null, "Comment added"],
      [id, "MAINTENANCE_REQUEST_STATUS_CHANGED", "ON_HOLD", M.statusChangedTo("On Hold")],
      [id, "MAINTENANCE_REQUEST_CREATED", null, "Request created"],
    ]);
    expect(feed[0].maintenance_request_type_name).toBe(type.name);
  });

  it("needs a building the user may see; staff only", async () => {
    expect((await t.as("frontdesk").get(ACTIVITY)).statusCode).toBe(400);
    expect((await t.as("frontdesk").get(`${ACTIVITY}?building=3`)).statusCode).toBe(403);
    expect((await t.as("tenant").get(`${ACTIVITY}?building=1`)).statusCode).toBe(403);
    expect((await t.as("office").get(`${ACTIVITY}?building=99999`)).statusCode).toBe(404);
  });
});

describe("live", () => {
  it("writes of types, templates and notification settings touch the maintenance_setup topic", async () => {
    const seen: string[] = [];
    const stop = t.app.changes.subscribe((topic) => seen.push(topic));
    try {
      const writes = [
        () => t.as("office").post(TYPES, { name: `Live type ${Date.now()}`, display_order: 1 }),
        () => t.as("manager").post(TEMPLATES, { building_id: 1, title: "Live", template: "Live", display_order: 0 }),
        async () => {
          const { id } = (await t.as("manager").get(`${SETTINGS}?building=1`)).json();
          return t.as("manager").patch(`${SETTINGS}${id}/`, { email_recipients: `live${Date.now()}@example.com` });
        },
      ];
      for (const write of writes) {
        seen.length = 0;
        const res = await write();
        expect(res.statusCode, res.body).toBeLessThan(300);
        expect(seen).toContain("maintenance_setup:all");
      }
    } finally {
      stop();
    }
  });
});
