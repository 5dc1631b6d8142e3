import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  Event,
  Occupancy,
  OccupancyEvent,
  OccupancyFlag,
  OccupancyNote,
  OccupancyTracking,
  paginated,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailMessages, occupancyNotes, users } from "../../db/schema/index.ts";
import { findTrackers, notifyTrackers } from "../../lib/notifications.ts";
import { API, currentUnits, eventsOf, occupancyOf } from "./test-helpers.ts";

let t: TestApp;
let u1: string[];
let u3: string[];
const occ = (id: number) => `${API}/core/occupancies/${id}/`;

beforeAll(async () => {
  t = await createTestApp();
  u1 = await currentUnits(t, 1);
  u3 = await currentUnits(t, 3);
});
afterAll(() => t.close());

describe("flags", () => {
  it("are added and removed by managers and shown to all staff", async () => {
    const id = await occupancyOf(t, 1, u1[0]);
    const url = `${API}/core/occupancies/${id}/flag/`;
    expect((await t.as("frontdesk").post(url, { comment: "Loud parties" })).statusCode).toBe(403);
    const missing = await t.as("manager").post(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ comment: ["This field is required."] });
    expect((await t.as("manager").post(url, { comment: "   " })).json()).toEqual({
      comment: ["This field is required."],
    });

    const res = await t.as("manager").post(url, { comment: "Loud parties", is_manager_only: false });
    expect(res.statusCode).toBe(201);
    const flag = OccupancyFlag.parse(res.json());
    expect(flag).toMatchObject({ occupancy_id: id, comment: "Loud parties", is_manager_only: false });
    expect(flag.entered_by).toMatchObject({ username: "manager", first_name: "Marcus", last_name: "Reed" });

    const seen = Occupancy.parse((await t.as("frontdesk").get(occ(id))).json());
    expect(seen.flag).toEqual(flag);

    const second = await t.as("manager").post(url, { comment: "Another" });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: "This unit already has a flag." });

    expect((await t.as("frontdesk").delete(`${API}/core/occupancy-flags/${flag.id}/`)).statusCode).toBe(403);
    expect((await t.as("manager").delete(`${API}/core/occupancy-flags/${flag.id}/`)).statusCode).toBe(204);
    expect((await t.as("manager").get(occ(id))).json().flag).toBeNull();
    expect((await t.as("manager").delete(`${API}/core/occupancy-flags/${flag.id}/`)).statusCode).toBe(404);

    const ev = await eventsOf(t, "occupancy_flag", flag.id);
    expect(ev.map((e) => [e.type, e.type_display, e.note])).toEqual([
      ["FLAG_ADDED", "Flag added", "Loud parties"],
      ["FLAG_REMOVED", "Flag removed", "Loud parties"],
    ]);
    // After removal a new flag may be added.
    expect((await t.as("manager").post(url, { comment: "Again" })).statusCode).toBe(201);
  });

  it("managers-only flags never reach other roles", async () => {
    const id = await occupancyOf(t, 1, u1[1]);
    const res = await t.as("manager").post(`${API}/core/occupancies/${id}/flag/`, {
      comment: "Legal matter",
      is_manager_only: true,
    });
    expect(res.statusCode).toBe(201);
    const flag = OccupancyFlag.parse(res.json());
    expect((await t.as("manager").get(occ(id))).json().flag).toMatchObject({ id: flag.id, is_manager_only: true });
    expect((await t.as("office").get(occ(id))).json().flag).toMatchObject({ id: flag.id });
    for (const who of ["frontdesk", "maintenance", "porter"]) {
      const o = await t.as(who).get(occ(id));
      expect(o.statusCode).toBe(200);
      expect(o.json().flag).toBeNull();
      expect(o.body).not.toContain("Legal matter");
      const ev = await t.as(who).get(`${API}/core/occupancies/${id}/events/`);
      expect(ev.statusCode).toBe(200);
      expect(ev.body).not.toContain("Legal matter");
    }
    const mgrEvents = paginated(OccupancyEvent).parse(
      (await t.as("manager").get(`${API}/core/occupancies/${id}/events/`)).json(),
    );
    expect(mgrEvents.results.find((e) => e.entity_type === "occupancy_flag")).toMatchObject({
      type_display: "Flag added",
      note: "Legal matter (managers only)",
      subject: "Flag",
      performed_by: "Marcus Reed",
    });
    // The front desk never handles flags: refused whatever the id (nothing about the flag leaks).
    expect((await t.as("frontdesk").delete(`${API}/core/occupancy-flags/${flag.id}/`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").delete(`${API}/core/occupancy-flags/99999999/`)).statusCode).toBe(403);
  });

  it("of other buildings are not found", async () => {
    const id = await occupancyOf(t, 3, u3[0]);
    const res = await t.as("manager").post(`${API}/core/occupancies/${id}/flag/`, { comment: "Harbor" });
    expect(res.statusCode).toBe(201);
    expect((await t.as("frontdesk").delete(`${API}/core/occupancy-flags/${res.json().id}/`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(`${API}/core/occupancies/${id}/flag/`, { comment: "x" })).statusCode).toBe(
      403,
    );
    expect((await t.as("salvarez").delete(`${API}/core/occupancy-flags/${res.json().id}/`)).statusCode).toBe(204);
  });
});

describe("internal office notes", () => {
  const notes = (id: number) => `${API}/core/occupancies/${id}/notes/`;

  it("are created with links and listed for managers and office", async () => {
    const id = await occupancyOf(t, 1, u1[2]);
    const res = await t.as("manager").post(notes(id), {
      note: "Renewal discussed with the tenant.",
      links: [{ link_text: "Lease", link_url: "https://docs.example.com/lease/1" }],
    });
    expect(res.statusCode).toBe(201);
    const n = OccupancyNote.parse(res.json());
    expect(n).toMatchObject({
      occupancy_id: id,
      note: "Renewal discussed with the tenant.",
      is_edited: false,
      entered_by: {
        username: "manager",
        email: "manager@portico.example",
        first_name: "Marcus",
        last_name: "Reed",
        is_active: true,
        role_display: "Manager",
      },
      links: [{ link_text: "Lease", link_url: "https://docs.example.com/lease/1" }],
    });
    expect(n.dateCreated).toBe(n.lastModified);
    await t.as("office").post(notes(id), { note: "Second note" });
    const list = paginated(OccupancyNote).parse((await t.as("office").get(notes(id))).json());
    expect(list.count).toBe(2);
    expect(list.results.map((x) => x.note)).toEqual(["Second note", "Renewal discussed with the tenant."]);
    expect(list.results[0].entered_by?.role_display).toBe("Office");
    expect((await t.as("manager").get(`${notes(id)}count/`)).json()).toEqual({ count: 2 });
  });

  it("validate the note and every link, word for word", async () => {
    const id = await occupancyOf(t, 1, u1[2]);
    const empty = await t.as("manager").post(notes(id), { note: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ note: ["This field is required."] });
    expect((await t.as("manager").post(notes(id), {})).json()).toEqual({ note: ["This field is required."] });
    const links = await t.as("manager").post(notes(id), {
      note: "With links",
      links: [
        { link_text: "Good", link_url: "http://example.com" },
        { link_text: "", link_url: "ftp://files.example.com" },
        { link_text: "No URL" },
        { link_text: "Bare", link_url: "www.example.com" },
      ],
    });
    expect(links.statusCode).toBe(400);
    expect(links.json()).toEqual({
      links: [
        {},
        { link_text: ["This field is required."], link_url: ["URL must start with http:// or https://"] },
        { link_url: ["This field is required."] },
        { link_url: ["URL must start with http:// or https://"] },
      ],
    });
  });

  it("are edited (note only) with a history, and flagged Edited after a second", async () => {
    const id = await occupancyOf(t, 1, u1[3]);
    const created = OccupancyNote.parse(
      (
        await t
          .as("manager")
          .post(notes(id), { note: "First text", links: [{ link_text: "A", link_url: "https://a.example" }] })
      ).json(),
    );
    await t.db
      .update(occupancyNotes)
      .set({ date_created: sql`now() - interval '5 seconds'`, last_modified: sql`now() - interval '5 seconds'` })
      .where(eq(occupancyNotes.id, created.id));
    expect((await t.as("manager").patch(`${notes(id)}${created.id}/`, { note: "" })).json()).toEqual({
      note: ["This field is required."],
    });
    const res = await t.as("office").patch(`${notes(id)}${created.id}/`, { note: "Second text", links: [] });
    expect(res.statusCode).toBe(200);
    const n = OccupancyNote.parse(res.json());
    expect(n).toMatchObject({ note: "Second text", is_edited: true });
    expect(n.links).toHaveLength(1);
    const ev = paginated(Event).parse((await t.as("manager").get(`${notes(id)}${created.id}/events/`)).json());
    expect(ev.results.map((e) => [e.type_display, e.note, e.performed_by])).toEqual([
      ["Updated", "Changes: note: First text ==> Second text", "Olivia Bennett"],
      ["Created", "First text", "Marcus Reed"],
    ]);
    // Another occupancy's note is not found through this one.
    const other = await occupancyOf(t, 1, u1[2]);
    expect((await t.as("manager").patch(`${notes(other)}${created.id}/`, { note: "x" })).statusCode).toBe(404);
    expect((await t.as("manager").get(`${notes(other)}${created.id}/events/`)).statusCode).toBe(404);
  });

  it("never reach other roles, nor buildings that do not enable them", async () => {
    const id = await occupancyOf(t, 1, u1[2]);
    for (const who of ["frontdesk", "maintenance", "porter", "clubadmin"]) {
      expect((await t.as(who).get(notes(id))).statusCode).toBe(403);
      expect((await t.as(who).get(`${notes(id)}count/`)).statusCode).toBe(403);
      expect((await t.as(who).post(notes(id), { note: "x" })).statusCode).toBe(403);
    }
    const fdEvents = await t.as("frontdesk").get(`${API}/core/occupancies/${id}/events/`);
    expect(fdEvents.statusCode).toBe(200);
    expect(fdEvents.body).not.toContain("Renewal discussed");
    const mgrEvents = paginated(OccupancyEvent).parse(
      (await t.as("manager").get(`${API}/core/occupancies/${id}/events/`)).json(),
    );
    expect(mgrEvents.results.some((e) => e.entity_type === "occupancy_note" && e.subject === "Internal note")).toBe(
      true,
    );
    // Building 2 does not enable occupancy notes.
    const b2 = await occupancyOf(t, 2, (await currentUnits(t, 2))[0]);
    expect((await t.as("manager").get(notes(b2))).statusCode).toBe(403);
    expect((await t.as("office").post(notes(b2), { note: "x" })).statusCode).toBe(403);
    // The front desk never reads office notes, in any building.
    const b3 = await occupancyOf(t, 3, u3[0]);
    expect((await t.as("frontdesk").get(notes(b3))).statusCode).toBe(403);
  });
});

describe("tracking (subscriptions)", () => {
  it("is each manager's own, per unit, and feeds the notification service", async () => {
    const id = await occupancyOf(t, 1, u1[4]);
    const url = `${API}/core/occupancies/${id}/track/`;
    expect((await t.as("frontdesk").post(url, { track_packages: true })).statusCode).toBe(403);
    expect((await t.as("manager").post(url, { track_packages: "yes" })).json()).toEqual({
      track_packages: ["Must be a valid boolean."],
    });
    const res = await t.as("manager").post(url, { track_packages: true, track_shift_log_notes: true });
    expect(res.statusCode).toBe(201);
    const mine = OccupancyTracking.parse(res.json());
    expect(mine).toMatchObject({
      occupancy_id: id,
      track_instructions: false,
      track_maintenance_requests: false,
      track_packages: true,
      track_service_elevators: false,
      track_shift_log_notes: true,
    });
    // Posting again changes the same subscription.
    const again = OccupancyTracking.parse((await t.as("manager").post(url, { track_instructions: true })).json());
    expect(again).toMatchObject({ id: mine.id, track_instructions: true, track_packages: true });

    const o = Occupancy.parse((await t.as("manager").get(occ(id))).json());
    expect(o.tracking).toEqual(again);
    expect(o.tracking_employees).toEqual([{ ...again, first_name: "Marcus", last_name: "Reed", username: "manager" }]);
    const fd = Occupancy.parse((await t.as("frontdesk").get(occ(id))).json());
    expect(fd.tracking).toBeNull();
    expect(fd.tracking_employees).toEqual([]);

    const office = OccupancyTracking.parse(
      (await t.as("office").post(url, { track_maintenance_requests: true })).json(),
    );
    expect(office.id).not.toBe(mine.id);
    expect((await t.as("manager").get(occ(id))).json().tracking_employees).toHaveLength(2);
    // One's own only.
    expect((await t.as("manager").patch(`${url}${office.id}/`, { track_packages: true })).statusCode).toBe(404);
    const patched = await t.as("manager").patch(`${url}${mine.id}/`, { track_packages: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: mine.id, track_packages: false, track_shift_log_notes: true });

    // The notification service reads these rows.
    const [manager] = await t.db.select().from(users).where(eq(users.username, "manager"));
    expect((await findTrackers(t.app, { occupancy_id: id, area: "shift_log_notes" })).map((x) => x.id)).toEqual([
      manager.id,
    ]);
    expect(await findTrackers(t.app, { occupancy_id: id, area: "packages" })).toEqual([]);
    expect((await findTrackers(t.app, { occupancy_id: id, area: "maintenance_requests" })).map((x) => x.email)).toEqual(
      ["office@portico.example"],
    );
    const sent = await notifyTrackers(t.app, {
      building_id: 1,
      occupancy_id: id,
      area: "shift_log_notes",
      subject: "Shift log note",
      text: "A note was logged.",
    });
    expect(sent.recipients).toBe(1);
    const [msg] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, sent.message_id!));
    expect(msg.recipients).toEqual([{ email: "manager@portico.example", name: "Marcus Reed" }]);
  });

  it("of another building's unit is not found", async () => {
    const id = await occupancyOf(t, 3, u3[0]);
    expect(
      (await t.as("frontdesk").post(`${API}/core/occupancies/${id}/track/`, { track_packages: true })).statusCode,
    ).toBe(403);
    // A manager is told a unit of a building they do not reach does not exist.
    const b4 = await occupancyOf(t, 4, (await currentUnits(t, 4))[0]);
    expect(
      (await t.as("manager").post(`${API}/core/occupancies/${b4}/track/`, { track_packages: true })).statusCode,
    ).toBe(404);
  });
});
