import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Building, Paginated } from "@portico/contract";
import { createTestApp, eventually, type TestApp } from "../../test/app.ts";

// The lists of buildings are kept per user until their grants or any building change.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = async (username: string) => {
  const res = await t.as(username).get("/api/v1/core/buildings/");
  expect(res.statusCode).toBe(200);
  return (res.json() as Paginated<Building>).results.map((b) => b.name);
};

describe("cached lists of buildings", () => {
  it("show a new grant, a renamed and a new building on the next calls", async () => {
    const before = await names("frontdesk");
    expect(before).toHaveLength(2);
    const fd = await t.db.execute(sql`select id from users where username = 'frontdesk'`);
    await t.db.execute(sql`insert into user_buildings (user_id, building_id) values (${fd.rows[0].id}, 3)`);
    await eventually(async () => (await names("frontdesk")).length === 3);

    await names("office");
    await t.db.execute(sql`update buildings set name = 'Harbor Renamed' where id = 3`);
    await eventually(async () => (await names("frontdesk")).includes("Harbor Renamed"));
    await eventually(async () => (await names("office")).includes("Harbor Renamed"));

    const count = (await names("office")).length;
    await t.db.execute(
      sql`insert into buildings (portfolio_id, name, address, address_number, time_zone)
          select portfolio_id, 'New Tower', '1 New Street', 1, time_zone from buildings where id = 1`,
    );
    await eventually(async () => (await names("office")).length === count + 1);
  });
});
