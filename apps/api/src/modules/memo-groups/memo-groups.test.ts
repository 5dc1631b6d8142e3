import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MEMO_GROUP_MESSAGES as M, type MemoGroup } from "@portico/contract";
import { rowsOf } from "../../lib/sql.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

const LIST = (b: number) => `/api/v1/core/buildings/${b}/memo-groups/`;
const ONE = (b: number, id: number) => `${LIST(b)}${id}/`;

let t: TestApp;
let units1: { id: number; apartment_number: string }[];
let unit4: number;

beforeAll(async () => {
  t = await createTestApp();
  const apts = rowsOf<{ id: number; apartment_number: string; building_id: number }>(
    await t.db.execute(sql`select id, apartment_number, building_id from apartments order by building_id, sort_key, id`),
  );
  units1 = apts.filter((a) => a.building_id === 1).map(({ id, apartment_number }) => ({ id, apartment_number }));
  unit4 = apts.find((a) => a.building_id === 4)!.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from memo_groups`);
});

async function add(name: string, ids: number[], b = 1): Promise<MemoGroup> {
  const res = await t.as("manager").post(LIST(b), { name, apartment_ids: ids });
  if (res.statusCode !== 201) throw new Error(`group ${res.statusCode}: ${res.body}`);
  return res.json();
}

describe("memo groups", () => {
  it("a manager adds, lists, changes and deletes a building's groups", async () => {
    const [a, b, c] = units1;
    const g = await add(" Floor 2 east ", [b.id, a.id, a.id]);
    expect(g).toMatchObject({ building: 1, name: "Floor 2 east", apartment_ids: [a.id, b.id] });
    expect(g.apartments.map((x) => x.apartment_number)).toEqual([a.apartment_number, b.apartment_number]);
    expect(g.apartments[0]).toHaveProperty("current_occupancy_id");
    expect(g.created_by).toMatchObject({ first_name: "Marcus" });
    const current = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from occupancies where apartment_id = ${a.id} and is_active and (lease_start_date is null or lease_start_date <= current_date) order by lease_start_date desc nulls last, id desc limit 1`,
      ),
    );
    expect(g.apartments[0].current_occupancy_id).toBe(current[0]?.id ?? null);
    await add("Penthouses", []);

    const list = await t.as("manager").get(LIST(1));
    expect(list.json()).toMatchObject({ count: 2 });
    expect(list.json().results.map((x: MemoGroup) => x.name)).toEqual(["Floor 2 east", "Penthouses"]);

    let res = await t.as("office").patch(ONE(1, g.id), { name: "Floor 2", apartment_ids: [c.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Floor 2", apartment_ids: [c.id], last_edited_by: { first_name: "Olivia" } });
    res = await t.as("manager").patch(ONE(1, g.id), { name: "Floor 2b" });
    expect(res.json()).toMatchObject({ name: "Floor 2b", apartment_ids: [c.id] });
    expect((await t.as("manager").get(ONE(1, g.id))).json().name).toBe("Floor 2b");

    res = await t.as("manager").delete(ONE(1, g.id));
    expect(res.json()).toEqual({ id: g.id, detail: M.deleted("Floor 2b") });
    expect(M.deleted("Floor 2b")).toBe('Memo group "Floor 2b" deleted');
    expect((await t.as("manager").delete(ONE(1, g.id))).statusCode).toBe(404);
  });

  it("refuses units of another building, a blank or taken name", async () => {
    let res = await t.as("manager").post(LIST(1), { name: "X", apartment_ids: [units1[0].id, unit4] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ apartment_ids: [M.apartmentNotInBuilding(unit4)] });
    res = await t.as("manager").post(LIST(1), { name: " " });
    expect(res.json()).toEqual({ name: [M.nameRequired] });
    await add("Lobby", []);
    res = await t.as("manager").post(LIST(1), { name: "LOBBY" });
    expect(res.json()).toEqual({ name: [M.nameTaken] });
    res = await t.as("manager").post(LIST(1), { name: "Y", apartment_ids: ["x"] });
    expect(res.statusCode).toBe(400);
    // Another building may use the same name.
    await add("Lobby", [], 2);
  });

  it("another building's group is not found; a building out of reach is refused", async () => {
    const g = await add("Mine", [units1[0].id]);
    expect((await t.as("manager").get(ONE(2, g.id))).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(2, g.id), { name: "Z" })).statusCode).toBe(404);
    expect((await t.as("manager").delete(ONE(2, g.id))).statusCode).toBe(404);
    expect((await t.as("manager").get(LIST(4))).statusCode).toBe(403);
    expect((await t.as("manager").post(LIST(4), { name: "Z" })).statusCode).toBe(403);
    expect((await t.as("office").get(ONE(4, g.id))).statusCode).toBe(404);
  });

  it("only managers and Office keep memo groups", async () => {
    const g = await add("Mine", []);
    for (const user of ["frontdesk", "maintenance", "clubadmin", "amenity", "owner"]) {
      expect((await t.as(user).get(LIST(1))).statusCode, user).toBe(403);
      expect((await t.as(user).post(LIST(1), { name: "x" })).statusCode, user).toBe(403);
      expect((await t.as(user).patch(ONE(1, g.id), { name: "x" })).statusCode, user).toBe(403);
      expect((await t.as(user).delete(ONE(1, g.id))).statusCode, user).toBe(403);
    }
  });
});
