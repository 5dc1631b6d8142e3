import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { changeNote, type ShiftLogNote } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { statementsOf } from "../../test/statements.ts";
import { rowsOf } from "../../lib/sql.ts";
import { type ShiftWorld, withShiftWorld } from "./test-fixtures.ts";

/**
 * The statements a note's write sends: each one is a round trip that waits for the database under
 * load. A write reads what it checks in one query and writes the note, its unit links and its
 * event in one statement (atomic without BEGIN/COMMIT), which answers the note as a list reads
 * it; the trackers of a unit are looked up only when someone tracks it (mail-jobs.test.ts).
 */

const NOTES = "/api/v1/shift-logs/notes/";

let t: TestApp;
let w: ShiftWorld;

withShiftWorld((app, world) => ([t, w] = [app, world]));

const links = async (noteId: number) =>
  rowsOf<{ apartment_id: number; occupancy_id: number | null }>(
    await t.db.execute(sql`select apartment_id, occupancy_id from shift_log_note_apartments
      where note_id = ${noteId} order by apartment_id`),
  );
const noteEvents = async (noteId: number) =>
  rowsOf<{ type: string; note: string }>(
    await t.db.execute(sql`select type, note from events
      where entity_type = 'shift_log_note' and entity_id = ${noteId} order by id`),
  );

describe("statements of the shift log writes", () => {
  it("POST: the checks and the write (2, was 11); the answer is what a read answers", async () => {
    const payload = {
      body: "Checked on 101: all quiet",
      apartment_ids: [w.u.a1.id],
      is_high_priority: false,
      shift_log_type_id: w.type.Maintenance,
      building_id: w.b1,
    };
    await t.as("sl_fd").post(NOTES, payload); // the user and the building are then in memory
    const { result: res, texts } = await statementsOf(t.database, () => t.as("sl_fd").post(NOTES, payload));
    expect(res.statusCode).toBe(201);
    // 1 the type, units, their current leases and whether they are tracked; 2 note + links + event.
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(2);
    expect(texts.some((s) => /insert into "shift_log_notes"/.test(s))).toBe(true);
    expect(texts.some((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s))).toBe(false);

    const note = res.json() as ShiftLogNote;
    expect(note.apartments).toEqual([
      { id: w.u.a1.id, apartment_number: "101", current_occupancy_id: w.u.a1.occupancy_id },
    ]);
    expect(await links(note.id)).toEqual([{ apartment_id: w.u.a1.id, occupancy_id: w.u.a1.occupancy_id }]);
    expect(await noteEvents(note.id)).toEqual([{ type: "CREATED", note: "Note created" }]);
    expect(res.body).toBe((await t.as("sl_fd").get(`${NOTES}${note.id}/`)).body);
  });

  it("POST without units or type: the write alone (1, was 6)", async () => {
    const { result: res, texts } = await statementsOf(t.database, () =>
      t.as("sl_fd").post(NOTES, { body: "Lobby lights", apartment_ids: [], no_apartment: true, building_id: w.b1 }),
    );
    expect(res.statusCode).toBe(201);
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(1);
    expect(res.body).toBe((await t.as("sl_fd").get(`${NOTES}${res.json().id}/`)).body);
  });

  it("PATCH of units: the note, the checks, the write (3, was 12); kept links keep their lease", async () => {
    const created = (
      await t
        .as("sl_fd")
        .post(NOTES, { body: "Two units", apartment_ids: [w.u.a1.id, w.u.vacant.id], building_id: w.b1 })
    ).json() as ShiftLogNote;
    // A lease chosen by hand on the kept unit stays; the unit dropped goes; the new one takes its current lease.
    await t.db.execute(sql`update shift_log_note_apartments set occupancy_id = null
      where note_id = ${created.id} and apartment_id = ${w.u.a1.id}`);
    const { result: res, texts } = await statementsOf(t.database, () =>
      t
        .as("sl_fd")
        .patch(`${NOTES}${created.id}/`, { body: "Two units, changed", apartment_ids: [w.u.a1.id, w.u.a2.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // 1 the note (access); 2 type, units, leases, tracking and the note's links; 3 note + links + event.
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(3);
    expect(texts.some((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s))).toBe(false);

    const note = res.json() as ShiftLogNote;
    expect(note.body).toBe("Two units, changed");
    expect(note.apartments.map((a) => a.apartment_number)).toEqual(["101", "1203"]);
    expect(await links(note.id)).toEqual(
      [
        { apartment_id: w.u.a1.id, occupancy_id: null },
        { apartment_id: w.u.a2.id, occupancy_id: w.u.a2.occupancy_id },
      ].sort((a, b) => a.apartment_id - b.apartment_id),
    );
    expect(note.occupancy_ids).toEqual([w.u.a2.occupancy_id]);
    expect(await noteEvents(note.id)).toEqual([
      { type: "CREATED", note: "Note created" },
      {
        type: "UPDATED",
        note: changeNote([
          { field: "body", from: "Two units", to: "Two units, changed" },
          { field: "apartments", from: "101, 305", to: "101, 1203" },
        ]),
      },
    ]);
    expect(res.body).toBe((await t.as("sl_fd").get(`${NOTES}${note.id}/`)).body);
  });

  it("PATCH of the body alone: the note and the write (2, was 6); None clears the units", async () => {
    const created = (
      await t.as("sl_fd").post(NOTES, { body: "One unit", apartment_ids: [w.u.a1.id], building_id: w.b1 })
    ).json() as ShiftLogNote;
    const { result: res, texts } = await statementsOf(t.database, () =>
      t.as("sl_fd").patch(`${NOTES}${created.id}/`, { body: "One unit, seen" }),
    );
    expect(res.statusCode).toBe(200);
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(2);
    expect(res.json().apartments).toEqual(created.apartments);
    expect(res.body).toBe((await t.as("sl_fd").get(`${NOTES}${created.id}/`)).body);

    const cleared = await t.as("sl_fd").patch(`${NOTES}${created.id}/`, { apartment_ids: [], no_apartment: true });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().apartments).toEqual([]);
    expect(await links(created.id)).toEqual([]);
  });

  it("DELETE: the note and the event with the delete (2, was 5)", async () => {
    const created = (
      await t.as("sl_fd").post(NOTES, { body: "To go", apartment_ids: [w.u.a1.id], building_id: w.b1 })
    ).json() as ShiftLogNote;
    await t.as("sl_office").get(`${NOTES}${created.id}/`);
    const { result: res, texts } = await statementsOf(t.database, () =>
      t.as("sl_office").delete(`${NOTES}${created.id}/`),
    );
    expect(res.statusCode).toBe(204);
    // 1 the note (access); 2 event + delete.
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(2);
    expect((await t.as("sl_office").get(`${NOTES}${created.id}/`)).statusCode).toBe(404);
    expect(await links(created.id)).toEqual([]);
    const [gone] = rowsOf<{ type: string; note: string; data: unknown; building_id: number }>(
      await t.db.execute(sql`select type, note, data, building_id from events
        where entity_type = 'shift_log_note' and entity_id = ${created.id} and type = 'DELETED'`),
    );
    expect(gone).toMatchObject({ type: "DELETED", note: "Note deleted", building_id: w.b1 });
    expect(typeof gone.data === "string" ? JSON.parse(gone.data) : gone.data).toEqual({
      body: "To go",
      shift_log_type_id: null,
      owner_id: w.users.sl_fd,
    });
  });
});
