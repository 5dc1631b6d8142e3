import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Paginated, UnitListRow } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";

// A building's unit list pages are kept per user until a unit, lease, resident or flag of the
// building changes, however it changes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = "/api/v1/core/buildings/1/unit-profiles/?search=1203";
const row1203 = async () => {
  const res = await t.as("manager").get(URL);
  expect(res.statusCode).toBe(200);
  return (res.json() as Paginated<UnitListRow>).results.find((r) => r.apartment_number === "1203")!;
};
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await check()).toBe(true);
}

describe("cached unit list pages", () => {
  it("show a resident's new phone number, e-mail and name on the next calls", async () => {
    const before = await row1203();
    expect(before).toBeDefined();
    const etag = String((await t.as("manager").get(URL)).headers.etag);
    expect((await t.as("manager").get(URL, { headers: { "if-none-match": etag } })).statusCode).toBe(304);
    const resident = await t.db.execute(
      sql`select u.id from occupants o join users u on u.id = o.user_id where o.occupancy_id = ${before.id} order by o.id limit 1`,
    );
    const id = resident.rows[0].id;
    await t.db.execute(sql`update users set phone_number = '(212) 555-0199' where id = ${id}`);
    await eventually(async () => (await row1203()).phone_numbers.includes("555-0199"));
    await t.db.execute(sql`update users set email = 'moved@example.com' where id = ${id}`);
    await eventually(async () => (await row1203()).emails.includes("moved@example.com"));
    await t.db.execute(sql`update users set last_name = 'Cachetest' where id = ${id}`);
    await eventually(async () => (await row1203()).names.includes("Cachetest"));
  });
});
