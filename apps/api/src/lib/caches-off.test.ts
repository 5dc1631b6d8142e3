import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/app.ts";
import { LARGE_COUNT } from "./count-cache.ts";

/**
 * CACHES=0: every read goes to the database. Each check reads twice around a change written
 * with the row triggers off (`session_replication_role = replica`: no notification, as if it
 * came from an instance whose feed never reaches this one). With the caches on, the second read
 * is served from memory and misses the change — which shows the check reaches a cache; with
 * CACHES=0 it must see it.
 */
const quietly = (t: TestApp, statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

interface Check {
  name: string;
  /** The value the change alters, as read through the API. */
  read: (t: TestApp) => Promise<unknown>;
  change: (t: TestApp) => Promise<void>;
}

const FD = "frontdesk";
let building: number;
let unit: { id: number; number: string };

const checks: Check[] = [
  {
    name: "the signed-in user (current-user)",
    read: async (t) => (await t.as(FD).get("/api/v1/me/")).json().first_name,
    change: (t) => quietly(t, sql`update users set first_name = first_name || ' Jr' where username = ${FD}`),
  },
  {
    name: "the building and its settings (building-scope)",
    read: async (t) => {
      const res = await t.as(FD).get(`/api/v1/core/building-settings/${building}/`);
      expect(res.statusCode).toBe(200);
      return res.body;
    },
    change: (t) =>
      quietly(
        t,
        sql`update building_settings set settings = settings || jsonb_build_object('accesskeyssettings',
          jsonb_build_object('has_access_keys', not coalesce((settings->'accesskeyssettings'->>'has_access_keys')::boolean, false)))
          where building_id = ${building}`,
      ),
  },
  {
    name: "the lists of buildings (building-lists)",
    read: async (t) => (await t.as(FD).get("/api/v1/core/buildings/")).body,
    change: (t) => quietly(t, sql`update buildings set name = name || ' East' where id = ${building}`),
  },
  {
    name: "quick search (a whole-building view)",
    read: async (t) => (await t.as(FD).get(`/api/v1/core/quick-search/?building=${building}`)).body,
    change: (t) =>
      quietly(t, sql`update apartments set apartment_number = apartment_number || 'Q' where id = ${unit.id}`),
  },
  {
    name: "the package grid (a whole-building view)",
    read: async (t) => (await t.as(FD).get(`/api/v1/core/buildings/${building}/package-grid/`)).body,
    change: (t) =>
      quietly(
        t,
        sql`update packages set status = 'CLOSED', date_closed = now()
          where id = (select min(id) from packages where building_id = ${building} and status = 'OPEN')`,
      ),
  },
  {
    name: "combo search's index of units and residents",
    read: async (t) =>
      (await t.as(FD).get(`/api/v1/core/buildings/${building}/combo-search/?search=${encodeURIComponent(unit.number)}`))
        .body,
    change: (t) =>
      quietly(t, sql`update apartments set apartment_number = apartment_number || 'C' where id = ${unit.id}`),
  },
  {
    // A filtered list: a building's whole list is counted by the database (package_counts,
    // shift_log_note_counts), not kept in memory.
    name: "a large list's count (list-counts)",
    read: async (t) =>
      (
        await t.as(FD).get(`/api/v1/shift-logs/notes/?building=${building}&is_high_priority=false&limit=1&offset=1`)
      ).json().count,
    change: (t) =>
      quietly(
        t,
        sql`insert into shift_log_notes (building_id, owner_id, body)
          select ${building}, id, 'Counted quietly' from users where username = ${FD}`,
      ),
  },
];

for (const caches of [true, false]) {
  describe(`CACHES=${caches ? 1 : 0}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ caches });
      const me = (await t.as(FD).get("/api/v1/me/")).json();
      building = me.buildings?.[0]?.id ?? (await t.as(FD).get("/api/v1/core/buildings/")).json().results[0].id;
      const rows = (await t.db.execute(
        sql`select id, apartment_number as number from apartments where building_id = ${building} and not is_management
          order by id limit 1`,
      )) as unknown as { rows?: { id: number; number: string }[] };
      unit = (rows.rows ?? (rows as unknown as { id: number; number: string }[]))[0];
      // Enough notes for a count the caches would keep.
      await t.db.execute(sql`insert into shift_log_notes (building_id, owner_id, body)
        select ${building}, u.id, 'Filler ' || g from users u, generate_series(1, ${LARGE_COUNT}) g where u.username = ${FD}`);
    });
    afterAll(async () => {
      await t?.close();
    });

    for (const check of checks)
      it(`${caches ? "keeps" : "reads afresh"} ${check.name}`, async () => {
        const before = await check.read(t);
        expect(before).toBeDefined();
        await check.change(t);
        const after = await check.read(t);
        if (caches) expect(after).toEqual(before);
        else expect(after).not.toEqual(before);
      });
  });
}
