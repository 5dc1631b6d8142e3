import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ShiftLogNote } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { postNote, setBuildingSettings, type ShiftWorld, withShiftWorld } from "./test-fixtures.ts";

const NOTES = "/api/v1/shift-logs/notes/";

let t: TestApp;
let w: ShiftWorld;

withShiftWorld((app, world) => ([t, w] = [app, world]));

describe("POST /shift-logs/notes/", () => {
  it("creates a note with units, the occupancy current then, and a creation event", async () => {
    const res = await t.as("sl_fd").post(NOTES, {
      body: "  Water leak under the sink  ",
      building_id: w.b1,
      apartment_ids: [w.u.a2.id, w.u.a1.id],
      shift_log_type_id: w.type.Maintenance,
      is_high_priority: true,
    });
    expect(res.statusCode).toBe(201);
    const n = res.json() as ShiftLogNote;
    expect(n).toMatchObject({
      body: "Water leak under the sink",
      owner: { id: w.users.sl_fd, first_name: "Fred", last_name: "Desk", username: "sl_fd" },
      shift_log_type_id: w.type.Maintenance,
      shift_log_type_name: "Maintenance",
      shift_log_type_short_name: "MAINT",
      is_high_priority: true,
      is_end_of_shift: false,
      building: { id: w.b1, name: "Shift Test Tower" },
      location: null,
      is_edited: false,
    });
    // Units in apartment order (101 before 1203), each with its current occupancy.
    expect(n.apartments).toEqual([
      { id: w.u.a1.id, apartment_number: "101", current_occupancy_id: w.u.a1.occupancy_id },
      { id: w.u.a2.id, apartment_number: "1203", current_occupancy_id: w.u.a2.occupancy_id },
    ]);
    expect(n.occupancy_ids.sort()).toEqual([w.u.a1.occupancy_id, w.u.a2.occupancy_id].sort());
    expect(new Date(n.date_created).toISOString()).toBe(n.date_created);

    const ev = await t.as("sl_fd").get(`${NOTES}${n.id}/events/`);
    expect(ev.statusCode).toBe(200);
    expect(ev.json()).toMatchObject({
      count: 1,
      results: [{ type: "CREATED", type_display: "Created", note: "Note created", performed_by: "Fred Desk" }],
    });
  });

  it("accepts the 'None' choice: apartment_ids [] with no_apartment true", async () => {
    const n = await postNote(t, "sl_fd", {
      body: "Lobby flowers replaced",
      building_id: w.b1,
      apartment_ids: [],
      no_apartment: true,
    });
    expect(n.apartments).toEqual([]);
    expect(n.occupancy_ids).toEqual([]);
    expect(n.shift_log_type_id).toBeNull();
  });

  it("takes the building from the query parameter too", async () => {
    const res = await t.as("sl_fd").post(`${NOTES}?building=${w.b1}`, { body: "x", apartment_ids: [w.u.a1.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().building.id).toBe(w.b1);
  });

  it("records a vacant unit with no occupancy, and a chosen occupancy when given", async () => {
    const n = await postNote(t, "sl_fd", { body: "Vacant check", building_id: w.b1, apartment_ids: [w.u.vacant.id] });
    expect(n.apartments).toEqual([{ id: w.u.vacant.id, apartment_number: "305", current_occupancy_id: null }]);
    expect(n.occupancy_ids).toEqual([]);
    const m = await postNote(t, "sl_fd", {
      body: "Chosen lease",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      occupancy_ids: [w.u.a1.occupancy_id],
    });
    expect(m.occupancy_ids).toEqual([w.u.a1.occupancy_id]);
    const bad = await t.as("sl_fd").post(NOTES, {
      body: "Wrong lease",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      occupancy_ids: [w.u.a2.occupancy_id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ occupancy_ids: ["Each occupancy must belong to one of the selected units."] });
  });

  describe("validation messages, word for word", () => {
    it("body required: 'This field is required' (missing, empty, blank)", async () => {
      for (const body of [undefined, "", "   ", null]) {
        const res = await t.as("sl_fd").post(NOTES, { body, building_id: w.b1, apartment_ids: [w.u.a1.id] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ body: ["This field is required"] });
      }
    });

    it("body at most 5000 characters (after trimming): 'Ensure this field has no more than 5000 characters.'", async () => {
      const long = "a".repeat(5001);
      const res = await t.as("sl_fd").post(NOTES, { body: long, building_id: w.b1, apartment_ids: [w.u.a1.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ body: ["Ensure this field has no more than 5000 characters."] });
      const atLimit = await t
        .as("sl_fd")
        .post(NOTES, { body: `  ${"b".repeat(5000)}  `, building_id: w.b1, apartment_ids: [w.u.a1.id] });
      expect(atLimit.statusCode).toBe(201);
      expect(atLimit.json().body).toHaveLength(5000);
      const edit = await t.as("sl_fd").patch(`${NOTES}${atLimit.json().id}/`, { body: long });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toEqual({ body: ["Ensure this field has no more than 5000 characters."] });
    });

    it("location at most 255 characters, a text: the catalogue's words", async () => {
      const post = (location: unknown) =>
        t.as("sl_fd").post(NOTES, { body: "Lobby", location, building_id: w.b1, apartment_ids: [w.u.a1.id] });
      const long = await post("l".repeat(256));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ location: ["Ensure this field has no more than 255 characters."] });
      const notText = await post(12);
      expect(notText.statusCode).toBe(400);
      expect(notText.json()).toEqual({ location: ["Not a valid string."] });
    });

    it("units required on create: 'This field is required.' (missing, null, empty without None)", async () => {
      for (const extra of [
        {},
        { apartment_ids: null },
        { apartment_ids: [] },
        { apartment_ids: [], no_apartment: false },
      ]) {
        const res = await t.as("sl_fd").post(NOTES, { body: "x", building_id: w.b1, ...extra });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ apartment_ids: ["This field is required."] });
      }
    });

    it("'None' with units: 'If ‘None’ is selected, you must remove all other units'", async () => {
      const res = await t.as("sl_fd").post(NOTES, {
        body: "x",
        building_id: w.b1,
        apartment_ids: [w.u.a1.id],
        no_apartment: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        apartment_ids: ["If \u2018None\u2019 is selected, you must remove all other units"],
      });
    });

    it("reports every field at once", async () => {
      const res = await t
        .as("sl_fd")
        .post(NOTES, { building_id: w.b1, apartment_ids: [w.u.a1.id], no_apartment: true });
      expect(res.json()).toEqual({
        body: ["This field is required"],
        apartment_ids: ["If \u2018None\u2019 is selected, you must remove all other units"],
      });
    });

    it("building_id required; units and types must exist (units in the building)", async () => {
      const a = await t.as("sl_fd").post(NOTES, { body: "x", apartment_ids: [w.u.a1.id] });
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual({ building_id: ["This field is required."] });
      const b = await t.as("sl_fd").post(NOTES, { body: "x", building_id: w.b1, apartment_ids: [w.u.z1.id] });
      expect(b.statusCode).toBe(400);
      expect(b.json()).toEqual({ apartment_ids: [`Invalid pk "${w.u.z1.id}" - object does not exist.`] });
      const c = await t
        .as("sl_fd")
        .post(NOTES, { body: "x", building_id: w.b1, apartment_ids: [w.u.a1.id], shift_log_type_id: 999999 });
      expect(c.statusCode).toBe(400);
      expect(c.json()).toEqual({ shift_log_type_id: ['Invalid pk "999999" - object does not exist.'] });
    });

    it("refuses an inactive type", async () => {
      await t.db.execute(sql`update shift_log_types set is_active = false where id = ${w.type.Visitor}`);
      const res = await t
        .as("sl_fd")
        .post(NOTES, { body: "x", building_id: w.b1, apartment_ids: [w.u.a1.id], shift_log_type_id: w.type.Visitor });
      await t.db.execute(sql`update shift_log_types set is_active = true where id = ${w.type.Visitor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ shift_log_type_id: ["This shift log type is not active."] });
    });
  });

  it("keeps location only when the building records locations", async () => {
    const a = await postNote(t, "sl_fd", {
      body: "Loc off",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      location: "Lobby",
    });
    expect(a.location).toBeNull();
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_recordable_by_location: true } });
    const b = await postNote(t, "sl_fd", {
      body: "Loc on",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      location: " Lobby ",
    });
    expect(b.location).toBe("Lobby");
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_recordable_by_location: false } });
  });

  it("end-of-shift notes only when the building enables them", async () => {
    const off = await t.as("sl_fd").post(NOTES, { body: "Handover", building_id: w.b1, is_end_of_shift: true });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ shift_log_type_id: ["End of shift logging is not enabled for this building."] });
    const offById = await t.as("sl_fd").post(NOTES, {
      body: "Handover",
      building_id: w.b1,
      shift_log_type_id: w.shiftEnd,
      apartment_ids: [],
      no_apartment: true,
    });
    expect(offById.statusCode).toBe(400);

    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_enable_end_of_shift_logging: true } });
    const on = await t
      .as("sl_fd")
      .post(NOTES, { body: "Handover: quiet night", building_id: w.b1, is_end_of_shift: true });
    expect(on.statusCode).toBe(201);
    expect(on.json()).toMatchObject({
      shift_log_type_id: w.shiftEnd,
      shift_log_type_short_name: "SHIFTEND",
      is_end_of_shift: true,
      apartments: [],
    });
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_enable_end_of_shift_logging: false } });
  });

  it("refuses roles without the shift log and buildings out of reach", async () => {
    const ca = await t.as("sl_ca").post(NOTES, { body: "x", building_id: w.b1, apartment_ids: [w.u.a1.id] });
    expect(ca.statusCode).toBe(403);
    const other = await t.as("sl_fd").post(NOTES, { body: "x", building_id: w.b2, apartment_ids: [w.u.z1.id] });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: "You do not have access to this building" });
    const anon = await t.as(null).post(NOTES, { body: "x", building_id: w.b1, apartment_ids: [w.u.a1.id] });
    expect(anon.statusCode).toBe(401);
    const missing = await t.as("sl_office").post(NOTES, { body: "x", building_id: 999999, apartment_ids: [1] });
    expect(missing.statusCode).toBe(404);
  });
});

describe("GET /shift-logs/notes/{id}/", () => {
  it("returns the note; 404 for a note in a building out of reach or missing", async () => {
    const n = await postNote(t, "sl_fd3", { body: "Annex note", building_id: w.b2, apartment_ids: [w.u.z1.id] });
    const ok = await t.as("sl_manager").get(`${NOTES}${n.id}/`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(n);
    expect((await t.as("sl_office").get(`${NOTES}${n.id}/`)).statusCode).toBe(200);
    const hidden = await t.as("sl_fd").get(`${NOTES}${n.id}/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: "Not found." });
    expect((await t.as("sl_fd").get(`${NOTES}${n.id}/events/`)).statusCode).toBe(404);
    expect((await t.as("sl_fd").patch(`${NOTES}${n.id}/`, { body: "y" })).statusCode).toBe(404);
    expect((await t.as("sl_fd").get(`${NOTES}99999999/`)).statusCode).toBe(404);
    // A role that never reads shift logs is refused whatever the id (nothing about the note leaks).
    expect((await t.as("sl_ca").get(`${NOTES}${n.id}/`)).statusCode).toBe(403);
    expect((await t.as("sl_ca").get(`${NOTES}99999999/`)).statusCode).toBe(403);
  });
});

describe("edit and delete permissions", () => {
  let note: ShiftLogNote;
  beforeAll(async () => {
    note = await postNote(t, "sl_fd", {
      body: "Original",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      shift_log_type_id: w.type.General,
    });
  });

  it("the owner (FD) may edit their own note; the change is in the history", async () => {
    const res = await t.as("sl_fd").patch(`${NOTES}${note.id}/`, { body: "Edited by owner", is_high_priority: true });
    expect(res.statusCode).toBe(200);
    const n = res.json() as ShiftLogNote;
    expect(n).toMatchObject({ body: "Edited by owner", is_high_priority: true });
    expect(new Date(n.last_modified).getTime()).toBeGreaterThanOrEqual(new Date(n.date_created).getTime());
    const ev = (await t.as("sl_fd").get(`${NOTES}${note.id}/events/`)).json();
    expect(ev.count).toBe(2);
    expect(ev.results[0]).toMatchObject({
      type: "UPDATED",
      type_display: "Updated",
      performed_by: "Fred Desk",
      note: "Changes: body: Original ==> Edited by owner; is_high_priority: false ==> true",
    });
  });

  it("another FD may not edit it", async () => {
    const res = await t.as("sl_fd2").patch(`${NOTES}${note.id}/`, { body: "Not mine" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "You do not have permission to perform this action." });
  });

  it("a manager may edit it (type and units, recorded as names and numbers)", async () => {
    const res = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, {
      shift_log_type_id: w.type.Security,
      apartment_ids: [w.u.a1.id, w.u.a3.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().apartments.map((a: { apartment_number: string }) => a.apartment_number)).toEqual(["101", "PH1"]);
    expect(res.json().shift_log_type_name).toBe("Security");
    const ev = (await t.as("sl_manager").get(`${NOTES}${note.id}/events/`)).json();
    expect(ev.results[0]).toMatchObject({
      performed_by: "Mona Manager",
      note: "Changes: shift_log_type: General ==> Security; apartments: 101 ==> 101, PH1",
    });
  });

  it("PATCH validates like create: None with units, blank body; None alone clears the units", async () => {
    const a = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { apartment_ids: [w.u.a1.id], no_apartment: true });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toEqual({ apartment_ids: ["If \u2018None\u2019 is selected, you must remove all other units"] });
    const b = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { body: " " });
    expect(b.json()).toEqual({ body: ["This field is required"] });
    const c = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { apartment_ids: [] });
    expect(c.json()).toEqual({ apartment_ids: ["This field is required."] });
    const d = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { apartment_ids: [], no_apartment: true });
    expect(d.statusCode).toBe(200);
    expect(d.json().apartments).toEqual([]);
    const e = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { shift_log_type_id: w.shiftEnd });
    expect(e.statusCode).toBe(400);
    expect(e.json()).toEqual({ shift_log_type_id: ["A note cannot be changed to or from the end of shift type."] });
  });

  it("an unchanged PATCH records nothing", async () => {
    const before = (await t.as("sl_fd").get(`${NOTES}${note.id}/events/`)).json().count;
    const res = await t.as("sl_fd").patch(`${NOTES}${note.id}/`, { body: "Edited by owner" });
    expect(res.statusCode).toBe(200);
    expect((await t.as("sl_fd").get(`${NOTES}${note.id}/events/`)).json().count).toBe(before);
  });

  it("OF edits any note; is_edited follows last_modified > date_created + 1 s", async () => {
    await t.db.execute(
      sql`update shift_log_notes set date_created = now() - interval '1 hour', last_modified = now() - interval '1 hour' where id = ${note.id}`,
    );
    expect((await t.as("sl_office").get(`${NOTES}${note.id}/`)).json().is_edited).toBe(false);
    const res = await t.as("sl_office").patch(`${NOTES}${note.id}/`, { body: "Edited by office" });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_edited).toBe(true);
  });

  it("only OF deletes: FD (even the owner) and MG may not", async () => {
    expect((await t.as("sl_fd").delete(`${NOTES}${note.id}/`)).statusCode).toBe(403);
    expect((await t.as("sl_manager").delete(`${NOTES}${note.id}/`)).statusCode).toBe(403);
    const res = await t.as("sl_office").delete(`${NOTES}${note.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await t.as("sl_office").get(`${NOTES}${note.id}/`)).statusCode).toBe(404);
    expect((await t.as("sl_office").delete(`${NOTES}${note.id}/`)).statusCode).toBe(404);
    // The deletion stays in the event log.
    const rows = (await t.db.execute(
      sql`select type from events where entity_type = 'shift_log_note' and entity_id = ${note.id} order by id`,
    )) as unknown as { rows: { type: string }[] };
    expect(rows.rows.map((r) => r.type).at(-1)).toBe("DELETED");
  });

  it("a note of an immutable type cannot be edited, by anyone", async () => {
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_enable_end_of_shift_logging: true } });
    const eos = await postNote(t, "sl_fd", { body: "Handover", building_id: w.b1, is_end_of_shift: true });
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_enable_end_of_shift_logging: false } });
    for (const who of ["sl_fd", "sl_manager", "sl_office"]) {
      const res = await t.as(who).patch(`${NOTES}${eos.id}/`, { body: "Changed" });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Notes of this type cannot be edited." });
    }
    expect((await t.as("sl_office").delete(`${NOTES}${eos.id}/`)).statusCode).toBe(204);
  });
});

describe("demo accounts across demo buildings", () => {
  it("frontdesk (buildings 1, 2) is refused building 3 and cannot see its notes", async () => {
    const hasDemo = (await t.db.execute(sql`select 1 from users where username = 'frontdesk'`)) as unknown as {
      rows: unknown[];
    };
    if (!hasDemo.rows.length) return;
    const list = await t.as("frontdesk").get(`${NOTES}?building=3`);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ detail: "You do not have access to this building" });
    const apt = (await t.db.execute(
      sql`select id from apartments where building_id = 3 order by id limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const n = await postNote(t, "manager", {
      body: "Building 3 only",
      building_id: 3,
      apartment_ids: [apt.rows[0].id],
    });
    expect((await t.as("frontdesk").get(`${NOTES}${n.id}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${NOTES}${n.id}/`)).statusCode).toBe(200);
  });
});

describe("GET /core/occupancies/{id}/shift-log-notes/", () => {
  it("lists the notes of that occupancy, newest first, 10 by default", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const n = await postNote(t, "sl_fd", { body: `Occ note ${i}`, building_id: w.b1, apartment_ids: [w.u.a3.id] });
      ids.push(n.id);
      await t.db.execute(
        sql`update shift_log_notes set date_created = now() - make_interval(mins => ${100 - i}) where id = ${n.id}`,
      );
    }
    const res = await t.as("sl_fd").get(`/api/v1/core/occupancies/${w.u.a3.occupancy_id}/shift-log-notes/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Notes edited earlier onto PH1 count too, when still linked.
    expect(body.count).toBeGreaterThanOrEqual(12);
    expect(body.results).toHaveLength(10);
    expect(body.results[0].body).toBe("Occ note 11");
    expect(body.next).toContain("offset=10");
    const limited = (
      await t.as("sl_fd").get(`/api/v1/core/occupancies/${w.u.a3.occupancy_id}/shift-log-notes/?limit=3`)
    ).json();
    expect(limited.results.map((n: ShiftLogNote) => n.body)).toEqual(["Occ note 11", "Occ note 10", "Occ note 9"]);
  });

  it("404 for an occupancy out of reach or missing", async () => {
    expect(
      (await t.as("sl_fd").get(`/api/v1/core/occupancies/${w.u.z1.occupancy_id}/shift-log-notes/`)).statusCode,
    ).toBe(404);
    expect((await t.as("sl_fd").get(`/api/v1/core/occupancies/99999999/shift-log-notes/`)).statusCode).toBe(404);
    expect(
      (await t.as("sl_fd3").get(`/api/v1/core/occupancies/${w.u.z1.occupancy_id}/shift-log-notes/`)).statusCode,
    ).toBe(200);
  });
});
