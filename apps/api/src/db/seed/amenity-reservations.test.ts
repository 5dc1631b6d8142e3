import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { freshDatabase } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("The Riverside has resident, admin and unavailable bookings, pending and approved, paid and unpaid, one checked in, one cancelled", async () => {
  const rows = rowsOf<{
    type: string;
    approval_status: string | null;
    payment_status: string | null;
    is_checked_in: boolean;
    is_cancelled: boolean;
    occupant_id: number | null;
    day: number;
  }>(
    await database.db.execute(sql`select r.type, r.approval_status, r.payment_status, r.is_checked_in, r.is_cancelled,
        r.occupant_id, ((r.start_time at time zone b.time_zone)::date - (now() at time zone b.time_zone)::date) as day
      from amenity_reservations r join buildings b on b.id = r.building_id where r.building_id = 1`),
  );
  expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["TR", "ER", "CR"]));
  expect(rows.filter((r) => r.type === "TR").every((r) => r.occupant_id !== null)).toBe(true);
  const statuses = new Set(rows.map((r) => r.approval_status));
  expect(statuses.has("PENDING") && statuses.has("APPROVED")).toBe(true);
  const payments = new Set(rows.map((r) => r.payment_status));
  expect(payments.has("NOT_PAID") && payments.has("RENTAL_AND_DEPOSIT_PAID")).toBe(true);
  expect(rows.filter((r) => r.is_checked_in)).toHaveLength(1);
  expect(rows.filter((r) => r.is_cancelled)).toHaveLength(1);
  const days = new Set(rows.map((r) => Number(r.day)));
  expect(days.has(0) && days.has(1) && days.has(2)).toBe(true);
  expect(
    rows.filter((r) => r.type === "CR").every((r) => r.approval_status === null && r.payment_status === null),
  ).toBe(true);
});
