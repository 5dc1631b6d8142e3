import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Employee, EmployeeSimple, Paginated } from "@portico/contract";
import { createTestApp, eventually, type TestApp } from "../../test/app.ts";

// Employee pages are kept per user and URL until an employee, a staff account (as the lists show
// it, last sign-in included) or a building grant changes, however it changes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = "/api/v1/core/employees/?building=1";
const employees = async (user = "frontdesk", url = URL) => {
  const res = await t.as(user).get(url);
  expect(res.statusCode).toBe(200);
  return (res.json() as Paginated<Employee>).results;
};
const frontdesk = async () => (await employees()).find((e) => e.app_user.username === "frontdesk")!;

describe("cached employee pages", () => {
  it("show a new title, sign-in, phone and grant on the next calls, and answer 304 meanwhile", async () => {
    const before = await frontdesk();
    const etag = String((await t.as("frontdesk").get(URL)).headers.etag);
    expect((await t.as("frontdesk").get(URL, { headers: { "if-none-match": etag } })).statusCode).toBe(304);

    await t.db.execute(sql`update employees set title = 'Lead Concierge' where id = ${before.id}`);
    await eventually(async () => (await frontdesk()).title === "Lead Concierge");

    await t.db.execute(sql`update users set last_login = '2026-11-20T08:00:00Z' where id = ${before.app_user.id}`);
    await eventually(async () => (await frontdesk()).app_user.last_login === "2026-11-20T08:00:00.000Z");

    await t.db.execute(sql`update users set phone_number = '(212) 555-0142' where id = ${before.app_user.id}`);
    await eventually(async () => (await frontdesk()).app_user.phone_number === "(212) 555-0142");

    const count = (await employees()).length;
    const other = await t.db.execute(sql`select e.user_id from employees e
      where not exists (select 1 from user_buildings ub where ub.user_id = e.user_id and ub.building_id = 1) limit 1`);
    await t.db.execute(sql`insert into user_buildings (user_id, building_id) values (${other.rows[0].user_id}, 1)`);
    await eventually(async () => (await employees()).length === count + 1);
  });

  it("keeps the short list fresh too", async () => {
    const SIMPLE = "/api/v1/core/employees/simple-list/?building=1";
    const names = async () => {
      const res = await t.as("manager").get(SIMPLE);
      expect(res.statusCode).toBe(200);
      return (res.json() as Paginated<EmployeeSimple>).results.map((e) => e.last_name);
    };
    expect(await names()).not.toContain("Shortlisted");
    await t.db.execute(sql`update users set last_name = 'Shortlisted' where username = 'frontdesk'`);
    await eventually(async () => (await names()).includes("Shortlisted"));
  });

  it("checks access before the cache", async () => {
    await employees("office", "/api/v1/core/employees/?building=3");
    expect((await t.as("frontdesk").get("/api/v1/core/employees/?building=3")).statusCode).toBe(403);
  });
});
