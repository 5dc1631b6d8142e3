import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { PackageSummary } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { startOfDayIn, todayIn } from "../../lib/dates.ts";
import {
  backdate,
  clearPackages,
  CLOSE,
  core,
  createPackagesApp,
  logOne,
  logPackages,
  otherUnits,
  types,
  unit,
  type UnitInfo,
} from "./test-fixtures.ts";

let t: TestApp;
let ty: Record<string, number>;
/** Unit 1203 and two other current units of building 1; a current unit of building 3. */
let u1203: UnitInfo, others: UnitInfo[], b3unit: UnitInfo;

beforeAll(async () => {
  t = await createPackagesApp();
  [ty] = await Promise.all([types(t), clearPackages(t)]);
  u1203 = await unit(t, 1, "1203");
  others = await otherUnits(t, 1, 2, ["1203"]);
  [b3unit] = await otherUnits(t, 3, 1);
});
afterAll(async () => {
  await t?.close();
});

const path = (b: number) => core(b, "package-summary/");
async function summary(b = 1, user = "frontdesk"): Promise<PackageSummary> {
  const res = await t.as(user).get(path(b));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PackageSummary;
}
const countOf = (s: PackageSummary, type: string) => s.open_by_type.find((r) => r.package_type.name === type)?.count;

describe("GET /core/buildings/{b}/package-summary/", () => {
  it("is empty without packages, dated the building's local day", async () => {
    const s = await summary();
    expect(s).toEqual({
      building_id: 1,
      today: todayIn("America/New_York"),
      open_count: 0,
      open_by_type: [],
      logged_today: 0,
      oldest_waiting: null,
    });
    // Another building, another zone.
    expect((await summary(2)).today).toBe(todayIn("America/Chicago"));
  });

  it("counts open packages per type in display order, logged today and the oldest waiting", async () => {
    const logged = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: u1203.occupancy_id, package_type: ty["Envelope"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: others[0].occupancy_id, package_type: ty["Small box"] },
        { occupancy: others[1].occupancy_id, package_type: ty["Keys"] },
      ],
      1,
    );
    let s = await summary();
    expect(s.open_count).toBe(5);
    expect(s.logged_today).toBe(5);
    expect(countOf(s, "Small box")).toBe(3);
    expect(countOf(s, "Envelope")).toBe(1);
    expect(countOf(s, "Keys")).toBe(1);
    expect(s.open_by_type).toHaveLength(3);
    expect(s.open_by_type[0].package_type).toMatchObject({
      id: ty["Small box"],
      name: "Small box",
      abbreviation: "SB",
      group: "INCOMING_DELIVERY",
      group_display: expect.any(String),
    });
    const order = (
      await t.db.execute(sql`select name from package_types where name in ('Small box', 'Envelope', 'Keys')
        order by display_order, lower(name), id`)
    ).rows.map((r) => (r as { name: string }).name);
    expect(s.open_by_type.map((r) => r.package_type.name)).toEqual(order);

    // The oldest waiting: a package opened three days ago, until it is closed.
    const [envelope, box] = logged.results;
    await backdate(t, [box.id], 3);
    s = await summary();
    expect(s.oldest_waiting).toEqual({
      id: box.id,
      apartment_number: "1203",
      occupancy_id: u1203.occupancy_id,
      package_type: expect.objectContaining({ id: ty["Small box"], name: "Small box" }),
      date_opened: expect.any(String),
    });
    expect(Date.now() - Date.parse(s.oldest_waiting!.date_opened)).toBeGreaterThan(3 * 86_400_000 - 60_000);
    // Opened before today: still open, no longer logged today.
    expect(s).toMatchObject({ open_count: 5, logged_today: 4 });

    // Closing counts out of the open figures, not out of what was logged today.
    expect((await t.as("frontdesk").post(CLOSE, { packages: [box.id, envelope.id] })).statusCode).toBe(200);
    s = await summary();
    expect(s).toMatchObject({ open_count: 3, logged_today: 4 });
    expect(countOf(s, "Envelope")).toBeUndefined();
    expect(countOf(s, "Small box")).toBe(2);
    expect(s.oldest_waiting!.id).not.toBe(box.id);
    const firstOpen = logged.results.filter((p) => p.id !== box.id && p.id !== envelope.id).sort((a, b) => a.id - b.id)[0];
    expect(s.oldest_waiting!.id).toBe(firstOpen.id);
  });

  it("counts today from the building's local midnight", async () => {
    await clearPackages(t);
    const [before, after] = (
      await logPackages(
        t,
        "frontdesk",
        [
          { occupancy: u1203.occupancy_id, package_type: ty["Envelope"] },
          { occupancy: u1203.occupancy_id, package_type: ty["Envelope"] },
        ],
        1,
      )
    ).results;
    const midnight = startOfDayIn(todayIn("America/New_York"), "America/New_York");
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    await t.db.execute(
      sql`update packages set date_opened = ${at(new Date(midnight.getTime() - 60_000))} where id = ${before.id}`,
    );
    await t.db.execute(sql`update packages set date_opened = ${at(midnight)} where id = ${after.id}`);
    const s = await summary();
    expect(s).toMatchObject({ open_count: 2, logged_today: 1 });
    expect(s.oldest_waiting!.id).toBe(before.id);
  });

  it("counts only its own building's packages", async () => {
    const mine = await summary(1, "manager");
    await logOne(t, "manager", { occupancy: b3unit.occupancy_id, package_type: ty["Large box"], opening_comment: "Front door" }, 3);
    const harbor = await summary(3, "manager");
    expect(harbor).toMatchObject({ building_id: 3, open_count: 1, logged_today: 1 });
    expect(harbor.oldest_waiting?.apartment_number).toBe(b3unit.apartment_number);
    expect(await summary(1, "manager")).toEqual(mine);
  });

  it("is for staff who open packages, in their own buildings", async () => {
    for (const user of ["office", "manager", "frontdesk", "maintenance", "porter"])
      expect((await t.as(user).get(path(1))).statusCode, user).toBe(200);
    for (const user of ["clubadmin", "owner", "amenity", "tenant"]) {
      const res = await t.as(user).get(path(1));
      expect(res.statusCode, user).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect((await t.as(null).get(path(1))).statusCode).toBe(401);
    const foreign = await t.as("frontdesk").get(path(3));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: "You do not have access to this building" });
    expect((await t.as("office").get(path(99999))).statusCode).toBe(404);
    expect((await t.as("office").get(core(0, "package-summary/"))).statusCode).toBeLessThan(500);
  });

  it("answers 304 while nothing changed and a new body once a package is logged", async () => {
    const first = await t.as("frontdesk").get(path(1));
    const etag = String(first.headers.etag);
    const again = await t.as("frontdesk").get(path(1), { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    await logOne(t, "frontdesk", { occupancy: others[0].occupancy_id, package_type: ty["Envelope"] }, 1);
    const changed = await t.as("frontdesk").get(path(1), { headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as PackageSummary).open_count).toBe((first.json() as PackageSummary).open_count + 1);
  });
});
