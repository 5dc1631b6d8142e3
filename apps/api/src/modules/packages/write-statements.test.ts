import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Package } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { statementsOf } from "../../test/statements.ts";
import { rowsOf } from "../../lib/sql.ts";
import {
  BULK,
  CLOSE,
  createPackagesApp,
  LIST,
  logOne,
  multipart,
  packageBasics,
  type UnitInfo,
} from "./test-fixtures.ts";

/**
 * The statements the desk's package writes send: each one is a round trip that waits for the
 * database under load. The packages and their events are written in one statement (atomic
 * without BEGIN/COMMIT), logging reads its rows' units and types in one query, closing reads its
 * packages with their units' residents at once, and a unit nobody tracks needs no look-up of its trackers. The notices
 * (mail, texts) and the answer take the rest.
 */

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;

beforeAll(async () => {
  t = await createPackagesApp();
  ({ ty, u1203 } = await packageBasics(t));
});
afterAll(async () => {
  await t?.close();
});

const packageEvents = async (id: number) =>
  rowsOf<{ type: string; note: string; data: unknown }>(
    await t.db.execute(sql`select type, note, data from events
      where entity_type = 'package' and entity_id = ${id} order by id`),
  );

const row = () => ({
  occupancy: u1203.occupancy_id,
  package_type: ty["Small box"],
  opening_comment: "",
  send_notification_occupants: [u1203.occupants[0].id],
});

describe("statements of the package writes", () => {
  it("logging one package: 6 (was 11)", async () => {
    await t.as("frontdesk").post(`${BULK}?building=1`, [row()]); // the user and the building are then in memory
    const { result: res, texts } = await statementsOf(t.database, () =>
      t.as("frontdesk").post(`${BULK}?building=1`, [row()]),
    );
    expect(res.statusCode, res.body).toBe(201);
    // 1 the unit (residents, tracked or not) and the type; 2 packages + events; 3–4 the notice
    // (mail, text); 5 the notice recorded on the package; 6 the answer.
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(6);
    expect(texts.some((s) => /insert into "packages"/.test(s))).toBe(true);
    expect(texts.some((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s))).toBe(false);
    const [p] = res.json().results as Package[];
    expect(await packageEvents(p.id)).toEqual([
      { type: "PACKAGE_OPENED", note: "Package opened: Small box", data: null },
    ]);
  });

  it("logging several: each package its own event, in the order of the rows", async () => {
    const res = await t.as("frontdesk").post(`${BULK}?building=1`, [
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "first" },
      { occupancy: u1203.occupancy_id, package_type: ty["Envelope"], opening_comment: "second" },
      { occupancy: u1203.occupancy_id, package_type: ty["Large box"] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const results = res.json().results as Package[];
    const notes = await Promise.all(results.map(async (p) => (await packageEvents(p.id)).map((e) => e.note)));
    expect(notes).toEqual([
      ["Package opened: Small box – first"],
      ["Package opened: Envelope – second"],
      ["Package opened: Large box"],
    ]);
  });

  it("closing one package: 4 (was 9)", async () => {
    const p = await logOne(t, "frontdesk", row(), 1);
    const form = multipart([
      ["packages[]", String(p.id)],
      ["closing_comment", "Picked up"],
    ]);
    const { result: res, texts } = await statementsOf(t.database, () =>
      t.as("frontdesk").post(`${CLOSE}?building=1`, form.payload, { headers: form.headers }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "1 package closed", count: 1, ids: [p.id] });
    // 1 the package with its unit's residents and tracking; 2 close + event; 3–4 the notice.
    expect(texts.length, texts.join("\n")).toBeLessThanOrEqual(4);
    expect(texts.some((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s))).toBe(false);
    expect((await packageEvents(p.id)).map((e) => e.note)).toEqual([
      "Package opened: Small box",
      "Package closed: Picked up",
    ]);
    expect((await t.as("frontdesk").get(`${LIST}${p.id}/`)).json()).toMatchObject({
      status: "CLOSED",
      closing_comment: "Picked up",
    });
  });

  it("a package found closed by the write: several close none, one records nothing", async () => {
    const a = await logOne(t, "frontdesk", row(), 1);
    const b = await logOne(t, "frontdesk", row(), 1);
    // b is passed over by the write as if another desk had closed it after the checks.
    await t.db.execute(sql`create function pass_over_b() returns trigger language plpgsql as $$
      begin
        if old.id = ${sql.raw(String(b.id))} and new.closing_comment = 'Race' then return null; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger pass_over_b before update on packages for each row execute function pass_over_b()`,
    );
    try {
      const both = await t.as("frontdesk").post(CLOSE, { packages: [a.id, b.id], closing_comment: "Race" });
      expect(both.statusCode).toBe(400);
      expect(both.json()).toEqual({ packages: [`Package ${b.id} is already closed.`] });
      const one = await t.as("frontdesk").post(CLOSE, { packages: [b.id], closing_comment: "Race" });
      expect(one.statusCode).toBe(400);
      expect(one.json()).toEqual({ packages: [`Package ${b.id} is already closed.`] });
    } finally {
      await t.db.execute(sql`drop trigger if exists pass_over_b on packages`);
      await t.db.execute(sql`drop function if exists pass_over_b()`);
    }
    expect((await t.as("frontdesk").get(`${LIST}${a.id}/`)).json().status).toBe("OPEN");
    expect((await packageEvents(a.id)).map((e) => e.type)).toEqual(["PACKAGE_OPENED"]);
    expect((await packageEvents(b.id)).map((e) => e.type)).toEqual(["PACKAGE_OPENED"]);
  });
});
