import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { freshDatabase } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";
import { DEMO_VENDORS } from "./recurring-vendors.ts";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("building 1 has a weekly and a monthly recurring request, each with its requests, and its vendors", async () => {
  const schedules = rowsOf<{ id: number; interval: string; next: string | null; made: number; open: number }>(
    await database.db.execute(sql`select r.id, r.interval, r.next_scheduled_date::text as next,
        (select count(*)::int from maintenance_requests m where m.recurring_maintenance_request_id = r.id) as made,
        (select count(*)::int from maintenance_requests m where m.recurring_maintenance_request_id = r.id and m.status = 'OPEN') as open
      from recurring_maintenance_requests r where r.building_id = 1 order by r.interval desc`),
  );
  expect(schedules.map((s) => [s.interval, s.made, s.open])).toEqual([
    ["WEEKLY", 3, 1],
    ["MONTHLY", 2, 1],
  ]);
  for (const s of schedules) expect(s.next).not.toBeNull();
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from vendors where building_id = 1`),
  );
  expect(n).toBe(DEMO_VENDORS.length);
});
