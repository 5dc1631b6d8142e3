import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Package, PackageGrid } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { ensurePackageTypes, seedPackages } from "../../db/seed/packages.ts";
import { clearPackages, core, LIST, unit } from "./test-fixtures.ts";

let t: TestApp;
const now = new Date();
const q = async <T>(s: ReturnType<typeof sql>) => (await t.db.execute(s)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  await clearPackages(t);
});
afterAll(async () => {
  await t?.close();
});

describe("seedPackages", () => {
  it("seeds open and closed packages for every building, with events; idempotent", async () => {
    const first = await seedPackages(t.db, { now });
    expect(first.packages).toBeGreaterThan(400);
    const per = await q<{ building_id: number; open: number; closed: number }>(sql`
      select building_id, count(*) filter (where status = 'OPEN')::int as open,
        count(*) filter (where status = 'CLOSED')::int as closed
      from packages group by building_id order by building_id`);
    expect(per.map((p) => p.building_id)).toEqual([1, 2, 3, 4]);
    for (const p of per) {
      expect(p.open).toBeGreaterThan(5);
      expect(p.closed).toBeGreaterThan(p.open);
    }
    const [{ opened, closed }] = await q<{ opened: number; closed: number }>(sql`
      select count(*) filter (where type = 'PACKAGE_OPENED')::int as opened,
        count(*) filter (where type = 'PACKAGE_CLOSED')::int as closed
      from events where entity_type = 'package'`);
    const [{ n, c }] = await q<{ n: number; c: number }>(
      sql`select count(*)::int as n, count(*) filter (where status = 'CLOSED')::int as c from packages`,
    );
    expect(opened).toBe(n);
    expect(closed).toBe(c);
    // Closed after opened, by the building's staff.
    const [{ bad }] = await q<{ bad: number }>(sql`select count(*)::int as bad from packages
      where date_closed < date_opened or (status = 'CLOSED') <> (date_closed is not null)
        or not exists (select 1 from user_buildings ub where ub.user_id = opened_by_id and ub.building_id = packages.building_id)`);
    expect(bad).toBe(0);

    const again = await seedPackages(t.db, { now });
    expect(again.packages).toBe(0);
    const [{ n2 }] = await q<{ n2: number }>(sql`select count(*)::int as n2 from packages`);
    expect(n2).toBe(n);
  });

  it("gives the demo tenant's unit open and recently closed packages, and the grid its i and f", async () => {
    const u1203 = await unit(t, 1, "1203");
    const open = (
      await t.as("frontdesk").get(`${LIST}?occupancy=${u1203.occupancy_id}&package_status=OPEN&limit=10`)
    ).json();
    expect(open.count).toBeGreaterThanOrEqual(2);
    const day60 = new Date(now.getTime() - 60 * 86400_000).toISOString().slice(0, 10);
    const closed = (
      await t
        .as("frontdesk")
        .get(
          `${LIST}?occupancy=${u1203.occupancy_id}&package_status=CLOSED&min_date_closed=${day60}&ordering=-date_closed&limit=10`,
        )
    ).json();
    expect(closed.count).toBeGreaterThanOrEqual(2);
    expect((closed.results as Package[]).every((p) => p.status === "CLOSED")).toBe(true);
    const g = (await t.as("frontdesk").get(core(1, "package-grid/"))).json() as PackageGrid;
    expect(g.results.some((r) => r.apartment_number === "305" && r.is_lease_expired)).toBe(true);
    expect(g.results.some((r) => r.apartment_number === "1105" && r.is_future_occupancy)).toBe(true);
    expect(g.total_count).toBeGreaterThan(5);
  });

  it("is deterministic for a given moment", async () => {
    const snapshot = async () =>
      q<{
        k: string;
      }>(sql`select string_agg(building_id || ':' || occupancy_id || ':' || package_type_id || ':' || status
        || ':' || extract(epoch from date_opened)::bigint, ',' order by id) as k from packages`);
    const a = await snapshot();
    await clearPackages(t);
    await seedPackages(t.db, { now });
    expect(await snapshot()).toEqual(a);
  });
});

describe("ensurePackageTypes", () => {
  it("adds an immutable keys type when none exists, and never duplicates defaults", async () => {
    const count = async () => (await q<{ n: number }>(sql`select count(*)::int as n from package_types`))[0].n;
    const n = await count();
    await ensurePackageTypes(t.db);
    expect(await count()).toBe(n);
    await t.db.execute(sql`update package_types set is_immutable = false, name = 'Old keys' where "group" = 'KEYS'`);
    await ensurePackageTypes(t.db);
    expect(await count()).toBe(n + 1);
    const keys = await q<{ name: string; is_immutable: boolean }>(
      sql`select name, is_immutable from package_types where "group" = 'KEYS' order by id`,
    );
    expect(keys).toEqual([
      { name: "Old keys", is_immutable: false },
      { name: "Keys", is_immutable: true },
    ]);
  });
});
