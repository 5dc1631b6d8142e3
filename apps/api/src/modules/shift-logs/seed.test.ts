import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { TestApp } from "../../test/app.ts";
import { seedShiftLogs } from "../../db/seed/shift-logs.ts";
import { setBuildingSettings, type ShiftWorld, withShiftWorld } from "./test-fixtures.ts";

let t: TestApp;
let w: ShiftWorld;
withShiftWorld(async (app, world) => {
  [t, w] = [app, world];
  await setBuildingSettings(t, w.b1, {
    shiftlogsettings: { is_enable_end_of_shift_logging: true, is_recordable_by_location: true },
  });
});

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

describe("demo shift log", () => {
  it("gives every building without notes a few hundred notes over recent weeks; deterministic and idempotent", async () => {
    const now = new Date("2025-06-15T18:00:00Z");
    const first = await seedShiftLogs(t.db, { now });
    expect(first.notes).toBeGreaterThan(0);
    expect((await seedShiftLogs(t.db, { now })).notes).toBe(0);

    const [b1] = await rows<{
      n: number;
      shiftend: number;
      high: number;
      edited: number;
      linked: number;
      located: number;
      min: Date;
      max: Date;
    }>(sql`
      select count(*)::int as n,
        count(*) filter (where t.code = 'SHIFTEND')::int as shiftend,
        count(*) filter (where n.is_high_priority)::int as high,
        count(*) filter (where n.last_modified > n.date_created + interval '1 second')::int as edited,
        count(*) filter (where exists (select 1 from shift_log_note_apartments na where na.note_id = n.id))::int as linked,
        count(*) filter (where n.location is not null)::int as located,
        min(n.date_created) as min, max(n.date_created) as max
      from shift_log_notes n left join shift_log_types t on t.id = n.shift_log_type_id where n.building_id = ${w.b1}`);
    expect(b1.n).toBeGreaterThan(200);
    expect(b1.shiftend).toBeGreaterThanOrEqual(28 * 3 - 3);
    expect(b1.high).toBeGreaterThan(0);
    expect(b1.edited).toBeGreaterThan(0);
    expect(b1.linked).toBeGreaterThan(b1.n / 3);
    expect(b1.located).toBeGreaterThan(0);
    expect(new Date(b1.max).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(b1.min).getTime()).toBeGreaterThan(now.getTime() - 29 * 86400_000);

    // No end-of-shift notes where the building does not log them; edits have their history.
    const [b2] = await rows<{ shiftend: number }>(sql`select count(*)::int as shiftend from shift_log_notes n
      join shift_log_types t on t.id = n.shift_log_type_id where n.building_id = ${w.b2} and t.code = 'SHIFTEND'`);
    expect(b2.shiftend).toBe(0);
    const [ev] = await rows<{ missing: number }>(sql`select count(*)::int as missing from shift_log_notes n
      where n.building_id = ${w.b1} and not exists (select 1 from events e where e.entity_type = 'shift_log_note' and e.entity_id = n.id and e.type = 'CREATED')`);
    expect(ev.missing).toBe(0);

    // The same moment gives the same log.
    const digest = async () =>
      (
        await rows<{
          h: string;
        }>(sql`select md5(string_agg(body || date_created::text || is_high_priority::text, '|' order by date_created, body)) as h
          from shift_log_notes where building_id = ${w.b1}`)
      )[0].h;
    const before = await digest();
    await t.db.execute(sql`delete from shift_log_notes where building_id = ${w.b1}`);
    expect((await seedShiftLogs(t.db, { now })).notes).toBe(b1.n);
    expect(await digest()).toBe(before);

    // Seen through the API like any other note.
    const list = await t
      .as("sl_fd")
      .get(`/api/v1/shift-logs/notes/?building=${w.b1}&include_end_of_shift_notes=true&limit=1`);
    expect(list.json().count).toBe(b1.n);
  });
});
