import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Paginated, ShiftLogNote } from "@portico/contract";
import { eventually, type TestApp } from "../../test/app.ts";
import { postNote, type ShiftWorld, withShiftWorld } from "./test-fixtures.ts";

// The building's list pages are kept per user and URL until a note, unit or type of the
// building changes; every change shows on the next call, whoever made it and however.
const NOTES = "/api/v1/shift-logs/notes/";

let t: TestApp;
let w: ShiftWorld;
withShiftWorld((app, world) => ([t, w] = [app, world]));

const list = async (username: string, url = `${NOTES}?building=${w.b1}`, headers: Record<string, string> = {}) =>
  t.as(username).get(url, { headers });
const bodies = (res: { json: () => unknown }) => (res.json() as Paginated<ShiftLogNote>).results.map((n) => n.body);

describe("shift log pages", () => {
  it("shows a new, edited or deleted note on the next call", async () => {
    const first = await list("sl_fd");
    expect(first.statusCode).toBe(200);

    const note = await postNote(t, "sl_fd", {
      body: "Cache check: lobby door closer",
      building_id: w.b1,
      apartment_ids: [w.u.a2.id],
    });
    const second = await list("sl_fd");
    expect(second.statusCode).toBe(200);
    expect(bodies(second)[0]).toBe("Cache check: lobby door closer");
    expect((second.json() as Paginated<ShiftLogNote>).count).toBe((first.json() as Paginated<ShiftLogNote>).count + 1);

    const edited = await t.as("sl_manager").patch(`${NOTES}${note.id}/`, { body: "Cache check: closer adjusted" });
    expect(edited.statusCode).toBe(200);
    expect(bodies(await list("sl_fd"))[0]).toBe("Cache check: closer adjusted");
  });

  it("sees a change written straight to the database (another instance, a script)", async () => {
    await postNote(t, "sl_fd", { body: "Cache check: garage gate", building_id: w.b1, apartment_ids: [w.u.a3.id] });
    const top = ((await list("sl_fd")).json() as Paginated<ShiftLogNote>).results[0];
    await t.db.execute(sql`update shift_log_notes set body = 'Changed elsewhere' where id = ${top.id}`);
    // The notification comes back from the database; poll briefly (it takes milliseconds).
    let seen: string | undefined;
    for (let i = 0; i < 50 && seen !== "Changed elsewhere"; i++) {
      seen = bodies(await list("sl_fd"))[0];
      if (seen !== "Changed elsewhere") await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe("Changed elsewhere");
  });

  it("keeps each user's pages apart and refuses a building out of reach before any cache", async () => {
    const fd = await list("sl_fd");
    const mg = await list("sl_manager");
    expect(fd.statusCode).toBe(200);
    expect(mg.statusCode).toBe(200);
    const url = `${NOTES}?building=${w.b2}`;
    expect((await list("sl_manager", url)).statusCode).toBe(200);
    expect((await list("sl_fd", url)).statusCode).toBe(403);
  });

  it("shows a new note on the unit's own list (the profile panel) at once", async () => {
    const occ = w.u.a1.occupancy_id;
    const url = `/api/v1/core/occupancies/${occ}/shift-log-notes/`;
    const before = (await list("sl_fd", url)).json() as Paginated<ShiftLogNote>;
    await postNote(t, "sl_fd", { body: "Cache check: unit a1", building_id: w.b1, apartment_ids: [w.u.a1.id] });
    const after = (await list("sl_fd", url)).json() as Paginated<ShiftLogNote>;
    expect(after.count).toBe(before.count + 1);
    expect(after.results[0].body).toBe("Cache check: unit a1");
  });

  it("keeps pages over several buildings until a note of any of them, or a building, changes", async () => {
    const both = `${NOTES}?buildings=${w.b1}&buildings=${w.b2}`;
    const all = NOTES;
    expect((await list("sl_manager", both)).statusCode).toBe(200);
    expect((await list("sl_office", all)).statusCode).toBe(200);
    await postNote(t, "sl_manager", {
      body: "Cache check: annex boiler",
      building_id: w.b2,
      apartment_ids: [w.u.z1.id],
    });
    expect(bodies(await list("sl_manager", both))[0]).toBe("Cache check: annex boiler");
    expect(bodies(await list("sl_office", all))[0]).toBe("Cache check: annex boiler");

    await t.db.execute(sql`update shift_log_notes set body = 'Annex changed elsewhere'
      where body = 'Cache check: annex boiler'`);
    await eventually(async () => bodies(await list("sl_office", all))[0] === "Annex changed elsewhere");
    await t.db.execute(sql`update buildings set name = 'Shift Test Annex West' where id = ${w.b2}`);
    await eventually(
      async () =>
        ((await list("sl_office", all)).json() as Paginated<ShiftLogNote>).results[0].building.name ===
        "Shift Test Annex West",
    );
    // The building gate still runs first.
    expect((await list("sl_fd", both)).statusCode).toBe(403);
  });
});
