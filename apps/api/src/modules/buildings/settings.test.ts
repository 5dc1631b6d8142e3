import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { BuildingSettings, defaultBuildingSettings } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildingSettings, events } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (b: number) => `/api/v1/core/building-settings/${b}/`;
const settingsEvents = (b: number) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.entity_type, "building_settings"), eq(events.entity_id, b)))
    .orderBy(desc(events.id));

describe("GET /core/building-settings/{building}/", () => {
  it("gives every group of the full-featured building", async () => {
    const res = await t.as("frontdesk").get(url(1));
    expect(res.statusCode).toBe(200);
    const s = BuildingSettings.parse(res.json());
    expect(s.id).toBe(1);
    expect(s.building).toBe(1);
    expect(s.accesskeyssettings.has_access_keys).toBe(true);
    expect(s.parkingsettings.has_parking).toBe(true);
    expect(s.storagespacesettings.has_storage_space).toBe(true);
    expect(s.reservationsettings).toMatchObject({ has_reservations: true, is_staff_can_approve: true });
    expect(s.shiftlogsettings).toMatchObject({
      is_emailed_nightly: true,
      is_recordable_by_location: true,
      is_enable_end_of_shift_logging: true,
    });
    expect(s.lockoutsettings.has_lockouts).toBe(true);
    expect(s.condosettings.has_condos).toBe(true);
    expect(s.coresettings.enable_occupancy_notes).toBe(true);
    expect(s.marketplacesettings.has_marketplace).toBe(true);
    expect(s.fooddeliverysettings.has_food_delivery).toBe(true);
    expect(s.clubsettings.can_club_admin_manage_memberships).toBe(true);
    expect(s.idcardsettings.has_id_cards).toBe(true);
    expect(s.maintenancerequestsettings.has_signatures).toBe(true);
    expect(s.amenitysettings.has_amenities).toBe(true);
    expect(s.front_desk_number).not.toBe("");
  });

  it("gives the few-features building its two features, the second status vocabulary and defaults elsewhere", async () => {
    const s = (await t.as("frontdesk").get(url(2))).json();
    const d = defaultBuildingSettings();
    expect(s).toEqual({
      ...d,
      lockoutsettings: { has_lockouts: true },
      amenitysettings: { ...d.amenitysettings, has_amenities: true },
      maintenancerequestsettings: { ...d.maintenancerequestsettings, status_set: "EXTENDED" },
      front_desk_number: s.front_desk_number,
      id: 2,
      building: 2,
    });
  });

  it("fills defaults for a building without a stored document", async () => {
    await t.db.delete(buildingSettings).where(eq(buildingSettings.building_id, 4));
    const s = (await t.as("office").get(url(4))).json();
    expect(s).toEqual({ ...defaultBuildingSettings(), id: 4, building: 4 });
  });

  it("404s for a building that does not exist (office) and 403s for others", async () => {
    expect((await t.as("office").get(url(999))).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(url(999))).statusCode).toBe(403);
  });
});

describe("PATCH /core/building-settings/{building}/", () => {
  it("merges one field of one group, keeps the rest, stores it and records an event", async () => {
    const before = (await t.as("manager").get(url(2))).json();
    const res = await t.as("manager").patch(url(2), { shiftlogsettings: { is_emailed_nightly: true } });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toEqual({ ...before, shiftlogsettings: { ...before.shiftlogsettings, is_emailed_nightly: true } });
    expect((await t.as("frontdesk").get(url(2))).json()).toEqual(after);
    const [ev] = await settingsEvents(2);
    expect(ev).toMatchObject({
      building_id: 2,
      type_display: "Updated",
      note: "Changes: shiftlogsettings.is_emailed_nightly: false ==> true",
    });
    const manager = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "manager") });
    expect(ev.performed_by_id).toBe(manager!.id);
  });

  it("keeps earlier fields of a group when a later patch names others", async () => {
    await t.as("manager").patch(url(2), { shiftlogsettings: { email_recipients: "a@example.com;b@example.com" } });
    const res = await t.as("manager").patch(url(2), {
      shiftlogsettings: { is_email_high_priority_only: true },
      front_desk_number: "(312) 555-0999",
      parkingsettings: { has_parking: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shiftlogsettings).toMatchObject({
      email_recipients: "a@example.com;b@example.com",
      is_email_high_priority_only: true,
      is_emailed_nightly: true,
    });
    expect(res.json().front_desk_number).toBe("(312) 555-0999");
    expect(res.json().parkingsettings.has_parking).toBe(true);
    const [ev] = await settingsEvents(2);
    expect(ev.note).toBe(
      "Changes: parkingsettings.has_parking: false ==> true; shiftlogsettings.is_email_high_priority_only: false ==> true; front_desk_number: (312) 555-0200 ==> (312) 555-0999",
    );
  });

  it("records no event when nothing changes", async () => {
    const n = (await settingsEvents(2)).length;
    expect((await t.as("manager").patch(url(2), {})).statusCode).toBe(200);
    expect((await t.as("manager").patch(url(2), { lockoutsettings: { has_lockouts: true } })).statusCode).toBe(200);
    expect((await settingsEvents(2)).length).toBe(n);
  });

  it("refuses unknown groups, unknown fields and wrong types, field by field, and changes nothing", async () => {
    const before = (await t.as("manager").get(url(1))).json();
    const res = await t.as("manager").patch(url(1), {
      nosuchgroup: { a: 1 },
      shiftlogsettings: { is_emailed_nightly: "yes", nosuchfield: true },
      lockoutsettings: 5,
      front_desk_number: 12,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      nosuchgroup: ["Unknown setting."],
      "shiftlogsettings.is_emailed_nightly": ["Must be a valid boolean."],
      "shiftlogsettings.nosuchfield": ["Unknown setting."],
      lockoutsettings: ["Expected an object of settings."],
      front_desk_number: ["Not a valid string."],
    });
    expect((await t.as("manager").get(url(1))).json()).toEqual(before);
  });

  it("is for managers and office only", async () => {
    const fd = await t.as("frontdesk").patch(url(1), { lockoutsettings: { has_lockouts: false } });
    expect(fd.statusCode).toBe(403);
    expect(fd.json()).toEqual({ detail: "You do not have permission to perform this action." });
    expect((await t.as("maintenance").patch(url(1), {})).statusCode).toBe(403);
    expect((await t.as("clubadmin").patch(url(1), {})).statusCode).toBe(403);
    expect((await t.as("tenant").patch(url(1), {})).statusCode).toBe(403);
    const of = await t.as("office").patch(url(3), { idcardsettings: { has_id_cards: true } });
    expect(of.statusCode).toBe(200);
    expect(of.json().idcardsettings.has_id_cards).toBe(true);
  });

  it("creates the stored document for a building that had none", async () => {
    await t.db.delete(buildingSettings).where(eq(buildingSettings.building_id, 4));
    const res = await t.as("office").patch(url(4), { condosettings: { has_condos: true } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(buildingSettings).where(eq(buildingSettings.building_id, 4));
    expect(row.settings).toEqual({ ...defaultBuildingSettings(), condosettings: { has_condos: true } });
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const res = await t.as("manager").patch(url(1), "{nope", { headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
  });
});
