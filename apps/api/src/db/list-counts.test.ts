import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/app.ts";
import { rowsOf } from "../lib/sql.ts";

/**
 * The lists' counts kept by the database (migration 0016) equal the rows counted afresh after
 * every kind of write: inserts, status changes, moves between types and buildings, unit
 * profiles (de)activated, deletes, several rows in one statement.
 */
let t: TestApp;
let building: number;
let other: number;
let occupancy: number;
let owner: number;
let types: number[];

const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

async function packagesKept() {
  return q<{ k: string; n: number }>(sql`select building_id || ' ' || status || ' ' || package_type_id || ' ' ||
      occupancy_is_active as k, n from package_counts where n <> 0 order by k`);
}
async function packagesCounted() {
  return q<{ k: string; n: number }>(sql`select p.building_id || ' ' || p.status || ' ' || p.package_type_id || ' ' ||
      o.is_active as k, count(*)::int as n from packages p join occupancies o on o.id = p.occupancy_id
      group by 1 order by k`);
}
async function notesKept() {
  return q<{ k: string; n: number }>(sql`select building_id || ' ' || shift_log_type_id as k, n
      from shift_log_note_counts where n <> 0 order by k`);
}
async function notesCounted() {
  return q<{ k: string; n: number }>(sql`select building_id || ' ' || coalesce(shift_log_type_id, 0) as k,
      count(*)::int as n from shift_log_notes group by 1 order by k`);
}
async function expectExact() {
  expect(await packagesKept()).toEqual(await packagesCounted());
  expect(await notesKept()).toEqual(await notesCounted());
  // Every package carries its unit profile's state.
  const [{ wrong }] = await q<{ wrong: number }>(sql`select count(*)::int as wrong from packages p
      join occupancies o on o.id = p.occupancy_id where p.occupancy_is_active <> o.is_active`);
  expect(wrong).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  const [b] = await q<{ a: number; b: number }>(sql`select min(id) as a, max(id) as b from buildings`);
  building = Number(b.a);
  other = Number(b.b);
  const [o] = await q<{ id: number }>(
    sql`select id from occupancies where building_id = ${building} and is_active order by id limit 1`,
  );
  occupancy = o.id;
  const [u] = await q<{ id: number }>(sql`select id from users where username = 'frontdesk'`);
  owner = u.id;
  types = (await q<{ id: number }>(sql`select id from package_types order by id limit 2`)).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

describe("list counts kept by the database", () => {
  it("start equal to the rows (the demo data)", async () => {
    expect((await packagesKept()).length).toBeGreaterThan(0);
    await expectExact();
  });

  it("follow packages logged, closed, re-typed and deleted", async () => {
    const apt = sql`(select apartment_id from occupancies where id = ${occupancy})`;
    await t.db.execute(sql`insert into packages (building_id, occupancy_id, apartment_id, package_type_id)
      select ${building}, ${occupancy}, ${apt}, ${types[0]} from generate_series(1, 3)`);
    await expectExact();
    await t.db.execute(sql`update packages set status = 'CLOSED', date_closed = now()
      where id in (select id from packages where occupancy_id = ${occupancy} and status = 'OPEN' order by id limit 2)`);
    await expectExact();
    await t.db.execute(sql`update packages set package_type_id = ${types[1]}
      where id = (select max(id) from packages where occupancy_id = ${occupancy})`);
    await expectExact();
    // A change of nothing counted leaves the counts as they are.
    await t.db.execute(sql`update packages set opening_comment = 'Left at the desk' where occupancy_id = ${occupancy}`);
    await expectExact();
    await t.db.execute(
      sql`delete from packages where id = (select max(id) from packages where occupancy_id = ${occupancy})`,
    );
    await expectExact();
  });

  it("move packages between active and inactive when a unit profile is (de)activated", async () => {
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from packages where occupancy_id = ${occupancy}`,
    );
    expect(n).toBeGreaterThan(0);
    await t.db.execute(sql`update occupancies set is_active = false where id = ${occupancy}`);
    await expectExact();
    const [{ inactive }] = await q<{ inactive: number }>(
      sql`select count(*)::int as inactive from packages where occupancy_id = ${occupancy} and not occupancy_is_active`,
    );
    expect(inactive).toBe(n);
    // Logged for an inactive unit profile: counted as such.
    await t.db.execute(sql`insert into packages (building_id, occupancy_id, apartment_id, package_type_id)
      select ${building}, ${occupancy}, apartment_id, ${types[0]} from occupancies where id = ${occupancy}`);
    await expectExact();
    await t.db.execute(sql`update occupancies set is_active = true where id = ${occupancy}`);
    await expectExact();
  });

  it("follow notes written, re-typed, moved and deleted", async () => {
    const [type] = await q<{ id: number }>(sql`select id from shift_log_types order by id limit 1`);
    await t.db.execute(sql`insert into shift_log_notes (building_id, owner_id, body, shift_log_type_id)
      values (${building}, ${owner}, 'Lobby door fixed', ${type.id}), (${building}, ${owner}, 'No type', null),
        (${other}, ${owner}, 'Elsewhere', ${type.id})`);
    await expectExact();
    await t.db.execute(sql`update shift_log_notes set shift_log_type_id = null where body = 'Lobby door fixed'`);
    await expectExact();
    await t.db.execute(sql`update shift_log_notes set building_id = ${other} where body = 'No type'`);
    await expectExact();
    await t.db.execute(sql`update shift_log_notes set body = body || '.' where building_id = ${other}`);
    await expectExact();
    await t.db.execute(sql`delete from shift_log_notes where body in ('Lobby door fixed', 'No type.', 'Elsewhere.')`);
    await expectExact();
  });

  it("answer the lists' counts through the API", async () => {
    const notes = (
      await t
        .as("frontdesk")
        .get(`/api/v1/shift-logs/notes/?building=${building}&include_end_of_shift_notes=true&limit=1`)
    ).json();
    const [{ n }] = await q<{ n: number }>(
      sql`select count(*)::int as n from shift_log_notes where building_id = ${building}`,
    );
    expect(notes.count).toBe(n);
    // Every building (office): the portfolio's count.
    const all = (await t.as("office").get(`/api/v1/shift-logs/notes/?include_end_of_shift_notes=true&limit=1`)).json();
    const [{ total }] = await q<{ total: number }>(sql`select count(*)::int as total from shift_log_notes`);
    expect(all.count).toBe(total);
    const closed = (
      await t.as("frontdesk").get(`/api/v1/packages/list/?building=${building}&package_status=CLOSED&limit=1&offset=1`)
    ).json();
    const [{ c }] = await q<{ c: number }>(sql`select count(*)::int as c from packages p
        join occupancies o on o.id = p.occupancy_id where p.building_id = ${building} and p.status = 'CLOSED' and o.is_active`);
    expect(closed.count).toBe(c);
  });
});
