import { sql } from "drizzle-orm";
import { apartmentSortKey, type Role, type ShiftLogNote } from "@portico/contract";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";

import {
  apartments,
  buildings,
  occupancies,
  portfolios,
  shiftLogTypes,
  userBuildings,
  users,
} from "../../db/schema/index.ts";
import { ensureShiftLogTypes } from "../../db/seed/shift-logs.ts";

export { setBuildingSettings };

/**
 * Test world of the shift log suites, independent of the demo data: two buildings of their
 * own (so list counts are exact whatever the demo holds), staff of every relevant role, units
 * with current leases.
 */
export interface Unit {
  id: number;
  number: string;
  occupancy_id: number;
}

export interface ShiftWorld {
  b1: number;
  b2: number;
  u: Record<"a1" | "a2" | "a3" | "vacant" | "z1", Unit>;
  users: Record<string, number>;
  type: Record<string, number>;
  shiftEnd: number;
}

export const TEST_USERS: { username: string; role: Role; buildings: ("b1" | "b2")[]; first: string; last: string }[] = [
  { username: "sl_office", role: "OF", buildings: [], first: "Olga", last: "Office" },
  { username: "sl_manager", role: "MG", buildings: ["b1", "b2"], first: "Mona", last: "Manager" },
  { username: "sl_fd", role: "FD", buildings: ["b1"], first: "Fred", last: "Desk" },
  { username: "sl_fd2", role: "FD", buildings: ["b1"], first: "Fay", last: "Second" },
  { username: "sl_fd3", role: "FD", buildings: ["b2"], first: "Finn", last: "Third" },
  { username: "sl_mt", role: "MT", buildings: ["b1"], first: "Max", last: "Tools" },
  { username: "sl_ca", role: "CA", buildings: ["b1"], first: "Cleo", last: "Club" },
];

async function portfolioId(t: TestApp): Promise<number> {
  const [p] = await t.db.select({ id: portfolios.id }).from(portfolios).limit(1);
  if (p) return p.id;
  const [n] = await t.db.insert(portfolios).values({ name: "Test portfolio" }).returning({ id: portfolios.id });
  return n.id;
}

async function unit(t: TestApp, building: number, number: string, leased = true): Promise<Unit> {
  const [a] = await t.db
    .insert(apartments)
    .values({ building_id: building, apartment_number: number, sort_key: apartmentSortKey(number) })
    .returning({ id: apartments.id });
  let occupancy_id = 0;
  if (leased) {
    const [o] = await t.db
      .insert(occupancies)
      .values({ building_id: building, apartment_id: a.id, lease_start_date: "2020-01-01", is_active: true })
      .returning({ id: occupancies.id });
    occupancy_id = o.id;
  }
  return { id: a.id, number, occupancy_id };
}

export async function createWorld(t: TestApp): Promise<ShiftWorld> {
  await ensureShiftLogTypes(t.db);
  const pid = await portfolioId(t);
  const mk = async (name: string, address: string, time_zone: string) => {
    const [b] = await t.db
      .insert(buildings)
      .values({ portfolio_id: pid, name, address, address_number: Number(address.split(" ")[0]), time_zone })
      .returning({ id: buildings.id });
    return b.id;
  };
  const b1 = await mk("Shift Test Tower", "901 Test Street", "America/New_York");
  const b2 = await mk("Shift Test Annex", "902 Test Street", "America/Los_Angeles");
  await setBuildingSettings(t, b1, {});
  await setBuildingSettings(t, b2, {});
  const ids: Record<string, number> = {};
  for (const u of TEST_USERS) {
    const [row] = await t.db
      .insert(users)
      .values({
        username: u.username,
        email: `${u.username}@test.example`,
        first_name: u.first,
        last_name: u.last,
        role: u.role,
        is_staff: true,
      })
      .returning({ id: users.id });
    ids[u.username] = row.id;
    for (const b of u.buildings)
      await t.db.insert(userBuildings).values({ user_id: row.id, building_id: b === "b1" ? b1 : b2 });
  }
  const types = await t.db
    .select({ id: shiftLogTypes.id, name: shiftLogTypes.name, code: shiftLogTypes.code })
    .from(shiftLogTypes);
  return {
    b1,
    b2,
    u: {
      a1: await unit(t, b1, "101"),
      a2: await unit(t, b1, "1203"),
      a3: await unit(t, b1, "PH1"),
      vacant: await unit(t, b1, "305", false),
      z1: await unit(t, b2, "101"),
    },
    users: ids,
    type: Object.fromEntries(types.map((x) => [x.name, x.id])),
    shiftEnd: types.find((x) => x.code === "SHIFTEND")!.id,
  };
}

/** Creates a note through the API as `username`; fails the test on a non-201. */
export async function postNote(t: TestApp, username: string, payload: Record<string, unknown>): Promise<ShiftLogNote> {
  const res = await t.as(username).post("/api/v1/shift-logs/notes/", payload);
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as ShiftLogNote;
}

/** Moves a note in time (creation and modification), for date filters and ordering. */
export async function backdate(t: TestApp, id: number, at: Date, modifiedAt: Date = at): Promise<void> {
  await t.db.execute(
    sql`update shift_log_notes set date_created = ${at.toISOString()}::timestamptz, last_modified = ${modifiedAt.toISOString()}::timestamptz where id = ${id}`,
  );
}

/**
 * A suite's app and shift log world: a fresh app and world before the suite's tests (handed to
 * `ready`, which may set more up), the app closed after them.
 */
export function withShiftWorld(ready: (t: TestApp, w: ShiftWorld) => unknown): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    await ready(app, await createWorld(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}
