import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ApartmentPackages, BatchedPackage, Package, PackageGrid } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import {
  backdate,
  packageBasics,
  clearPackages,
  CLOSE,
  core,
  LIST,
  logOne,
  logPackages,
  otherUnits,
  setBuildingSettings,
  type UnitInfo,
  createPackagesApp,
} from "./test-fixtures.ts";

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
let u305: UnitInfo;
let u1105: UnitInfo;
let others: UnitInfo[];
let b3unit: UnitInfo;

beforeAll(async () => {
  t = await createPackagesApp();
  ({ ty, u1203, u305, u1105 } = await packageBasics(t));
  others = await otherUnits(t, 1, 3, ["1203", "305", "1105"]);
  [b3unit] = await otherUnits(t, 3, 1);
});
afterAll(async () => {
  await t?.close();
});

const grid = async (b = 1, user = "frontdesk") => {
  const res = await t.as(user).get(core(b, "package-grid/"));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PackageGrid;
};
const row = (g: PackageGrid, occupancyId: number) => g.results.find((r) => r.occupancy_id === occupancyId);
const countOf = (g: PackageGrid, occupancyId: number, typeId: number) =>
  row(g, occupancyId)?.counts.find((c) => c.package_type_id === typeId)?.count ?? 0;

describe("GET /core/buildings/{b}/package-grid/", () => {
  it("is empty without open packages, with the grid's columns", async () => {
    const g = await grid();
    expect(g).toMatchObject({ building_id: 1, total_count: 0, results: [] });
    expect(g.package_types.map((p) => p.name)).toContain("Small box");
    expect(g.package_types[0]).toMatchObject({
      name: "Small box",
      abbreviation: "SB",
      display_order: 1,
      grid_display: true,
    });
  });

  it("counts open packages per unit and type, before and after logging and closing", async () => {
    const r = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Envelope"] },
        { occupancy: others[0].occupancy_id, package_type: ty["Large box"] },
        { occupancy: u305.occupancy_id, package_type: ty["Keys"] },
        { occupancy: u1105.occupancy_id, package_type: ty["Outgoing"] },
      ],
      1,
    );
    let g = await grid();
    expect(g.total_count).toBe(6);
    expect(g.results).toHaveLength(4);
    const r1203 = row(g, u1203.occupancy_id)!;
    expect(r1203).toMatchObject({
      apartment_id: u1203.apartment_id,
      apartment_number: "1203",
      occupancy_status: "CURRENT",
      is_active_occupancy: true,
      is_future_occupancy: false,
      is_lease_expired: false,
      total_count: 3,
    });
    expect(r1203.counts).toEqual(
      [
        { package_type_id: ty["Small box"], count: 2 },
        { package_type_id: ty["Envelope"], count: 1 },
      ].sort((a, b) => a.package_type_id - b.package_type_id),
    );
    expect(r1203.occupants.map((o) => o.last_name)).toContain("Morgan");
    // The legend: i = lease ended (or inactive), f = future lease.
    expect(row(g, u305.occupancy_id)).toMatchObject({ is_lease_expired: true, occupancy_status: "CURRENT" });
    expect(row(g, u1105.occupancy_id)).toMatchObject({ is_future_occupancy: true, occupancy_status: "FUTURE" });
    // Unit order.
    const { compareApartmentNumbers } = await import("@portico/contract");
    const numbers = g.results.map((x) => x.apartment_number);
    expect(numbers).toEqual([...numbers].sort(compareApartmentNumbers));

    // Closing one small box and the envelope.
    const [box, , env] = r.results;
    await t.as("frontdesk").post(CLOSE, { packages: [box.id, env.id] });
    g = await grid();
    expect(countOf(g, u1203.occupancy_id, ty["Small box"])).toBe(1);
    expect(countOf(g, u1203.occupancy_id, ty["Envelope"])).toBe(0);
    expect(row(g, u1203.occupancy_id)!.total_count).toBe(1);
    expect(g.total_count).toBe(4);

    // A unit with nothing open drops out; other buildings never show.
    await t.as("frontdesk").post(CLOSE, { packages: [r.results[3].id] });
    g = await grid();
    expect(row(g, others[0].occupancy_id)).toBeUndefined();
    await logOne(
      t,
      "manager",
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "x" },
      3,
    );
    expect((await grid()).total_count).toBe(3);
    expect((await grid(3, "manager")).total_count).toBe(1);
  });

  it("shows an inactive type's column while it has open packages", async () => {
    await t.db.execute(sql`update package_types set is_active = false where id = ${ty["Keys"]}`);
    expect((await grid()).package_types.map((p) => p.name)).toContain("Keys");
    expect((await grid(3, "manager")).package_types.map((p) => p.name)).not.toContain("Keys");
    await t.db.execute(sql`update package_types set is_active = true where id = ${ty["Keys"]}`);
  });

  it("refuses a building out of reach (403)", async () => {
    const res = await t.as("frontdesk").get(core(3, "package-grid/"));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "You do not have access to this building" });
    expect((await t.as("tenant").get(core(1, "package-grid/"))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(core(99999, "package-grid/"))).statusCode).toBe(403);
    expect((await t.as("office").get(core(99999, "package-grid/"))).statusCode).toBe(404);
  });

  it("stays fast for a 1,500-unit building (one aggregate query)", async () => {
    // 1,500 units with a lease and 3,000 open packages in a fresh building.
    const [{ id: b }] = (
      await t.db.execute(sql`insert into buildings (portfolio_id, name, address, address_number)
        select id, 'Grid Tower', '1 Grid Way', 1 from portfolios limit 1 returning id`)
    ).rows as { id: number }[];
    await t.db.execute(
      sql`insert into user_buildings (user_id, building_id) select id, ${b} from users where username = 'frontdesk'`,
    );
    await t.db.execute(sql`insert into apartments (building_id, apartment_number, sort_key)
      select ${b}, g::text, lpad((g / 100)::text, 4, '0') || '.' || lpad((g % 100)::text, 4, '0') || ' ' || g from generate_series(101, 1600) g`);
    await t.db.execute(sql`insert into occupancies (building_id, apartment_id, lease_start_date)
      select ${b}, id, '2020-01-01' from apartments where building_id = ${b}`);
    await t.db.execute(sql`insert into packages (building_id, occupancy_id, apartment_id, package_type_id)
      select o.building_id, o.id, o.apartment_id, t.id from occupancies o
        cross join (select id from package_types where name in ('Small box', 'Envelope')) t
      where o.building_id = ${b}`);
    const started = Date.now();
    const g = await grid(b);
    const ms = Date.now() - started;
    expect(g.results).toHaveLength(1500);
    expect(g.total_count).toBe(3000);
    expect(ms).toBeLessThan(3000);
    const ap = await t.as("frontdesk").get(core(b, "apartment-packages/?limit=1500"));
    expect(ap.json().count).toBe(1500);
    expect(ap.json().results).toHaveLength(1500);
  });
});

describe("GET /core/buildings/{b}/package-activity/", () => {
  it("lists package events of the past 24 hours, newest first", async () => {
    const p = await logOne(
      t,
      "frontdesk",
      { occupancy: others[1].occupancy_id, package_type: ty["Envelope"], opening_comment: "Activity" },
      1,
    );
    await t.as("frontdesk").patch(`${LIST}${p.id}/`, { opening_comment: "Activity 2" });
    const old = await logOne(t, "frontdesk", { occupancy: others[1].occupancy_id, package_type: ty["Envelope"] }, 1);
    await backdate(t, [old.id], 2);
    const res = await t.as("frontdesk").get(core(1, "package-activity/"));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: { id: number; type: string; package: { id: number } }[] };
    expect(body.results[0]).toMatchObject({
      type: "COMMENT_EDITED",
      type_display: "Comment edited",
      performed_by: "Frank Delgado",
      package: {
        id: p.id,
        status: "OPEN",
        apartment_number: others[1].apartment_number,
        occupancy_id: others[1].occupancy_id,
        package_type: { name: "Envelope", abbreviation: "ENV" },
      },
    });
    expect(body.results[1]).toMatchObject({ type: "PACKAGE_OPENED", package: { id: p.id } });
    expect(body.results.some((e) => e.package.id === old.id)).toBe(false);
    // Only this building's packages.
    const b3 = (await t.as("manager").get(core(3, "package-activity/"))).json();
    expect(
      b3.results.every(
        (e: { package: { apartment_number: string } }) => e.package.apartment_number === b3unit.apartment_number,
      ),
    ).toBe(true);
    expect((await t.as("frontdesk").get(core(3, "package-activity/"))).statusCode).toBe(403);
  });
});

describe("GET /core/buildings/{b}/apartment-packages/", () => {
  it("lists units with open packages in unit order, each with its packages oldest first", async () => {
    await clearPackages(t);
    const a = await logOne(
      t,
      "frontdesk",
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "first" },
      1,
    );
    const b = await logOne(t, "frontdesk", { occupancy: u1203.occupancy_id, package_type: ty["Keys"] }, 1);
    await backdate(t, [a.id], 1);
    await logOne(t, "frontdesk", { occupancy: others[0].occupancy_id, package_type: ty["Envelope"] }, 1);
    const res = await t.as("frontdesk").get(core(1, "apartment-packages/?limit=1500"));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: ApartmentPackages[] };
    expect(body.count).toBe(2);
    const u = body.results.find((r) => r.occupancy_id === u1203.occupancy_id)!;
    expect(u).toMatchObject({ apartment_number: "1203", package_count: 2, occupancy_status: "CURRENT" });
    expect(u.packages.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(u.packages[0]).toMatchObject({ opening_comment: "first", package_type: { name: "Small box" } });
    // The lobby display shows public types only (Keys is not public).
    const pub = (await t.as("frontdesk").get(core(1, "apartment-packages/?public_only=true"))).json();
    expect(pub.results.find((r: ApartmentPackages) => r.occupancy_id === u1203.occupancy_id).packages).toHaveLength(1);
    const paged = (await t.as("frontdesk").get(core(1, "apartment-packages/?limit=1&offset=1"))).json();
    expect(paged.count).toBe(2);
    expect(paged.results).toHaveLength(1);
    expect((await t.as("frontdesk").get(core(3, "apartment-packages/"))).statusCode).toBe(403);
  });
});

// -----------------------------------------------------------------------------------------------

describe("the batch queue", () => {
  const Q = (b = 1) => core(b, "package-queue/");
  let first: BatchedPackage;

  it("adds one row (answer: the item) and a list (answer: the list)", async () => {
    await clearPackages(t);
    const res = await t.as("frontdesk").post(Q(), {
      occupancy: u1203.occupancy_id,
      package_type: ty["Small box"],
      opening_comment: " Amazon ",
      send_notification_occupants: `[${u1203.occupants.map((o) => o.id).join(", ")}]`,
    });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json();
    expect(first).toMatchObject({
      building_id: 1,
      occupancy: u1203.occupancy_id,
      apartment_number: "1203",
      package_type: ty["Small box"],
      package_type_details: { name: "Small box", abbreviation: "SB" },
      opening_comment: "Amazon",
      send_notification_occupants: `[${u1203.occupants.map((o) => o.id).join(", ")}]`,
      notification_ids: u1203.occupants.map((o) => o.id),
      occupancy_details: { id: u1203.occupancy_id, apartment_number: "1203" },
      created_by: { first_name: "Frank", last_name: "Delgado" },
    });
    const tenant = first.occupancy_details.occupant_set.find((o) => o.last_name === "Morgan")!;
    // Front desk may not see resident e-mails, but learns whether there is one.
    expect(tenant).toMatchObject({
      email: "",
      has_email: true,
      notification_preferences: { is_email_package_activity: true },
    });
    const asManager = (await t.as("manager").get(Q())).json().results[0] as BatchedPackage;
    expect(asManager.occupancy_details.occupant_set.find((o) => o.last_name === "Morgan")!.email).toBe(
      "taylor.morgan@example.com",
    );

    const list = await t.as("frontdesk").post(Q(), [
      { occupancy: others[0].occupancy_id, package_type: ty["Envelope"] },
      { occupancy: others[1].occupancy_id, package_type: ty["Keys"], send_notification_occupants: [] },
    ]);
    expect(list.statusCode).toBe(201);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[1]).toMatchObject({ send_notification_occupants: "[]", notification_ids: [] });
  });

  it("validates like the bulk log: one row → field errors, a list → row errors", async () => {
    const one = await t.as("frontdesk").post(Q(), { occupancy: u1203.occupancy_id });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ package_type: ["A package type is required"] });
    const many = await t
      .as("frontdesk")
      .post(Q(), [{ occupancy: u1203.occupancy_id, package_type: ty["Small box"] }, {}]);
    expect(many.json()).toEqual([
      {},
      { occupancy: ["An occupancy must be selected"], package_type: ["A package type is required"] },
    ]);
    const other = await t.as("manager").post(Q(), { occupancy: b3unit.occupancy_id, package_type: ty["Small box"] });
    expect(other.json()).toEqual({ occupancy: [`Invalid pk "${b3unit.occupancy_id}" - object does not exist.`] });
    expect((await t.as("frontdesk").post(Q(3), { occupancy: b3unit.occupancy_id, package_type: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as("frontdesk").post(Q(), '"1203"', { headers: { "content-type": "application/json" } })).json(),
    ).toEqual({
      non_field_errors: ['Expected a list of items but got type "str".'],
    });
    expect((await t.as("frontdesk").post(Q(), [])).json()).toEqual({
      non_field_errors: ["At lease one package is required"],
    });
  });

  it("lists the building's batch in queue order", async () => {
    const res = await t.as("frontdesk").get(`${Q()}?limit=500`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: BatchedPackage[] };
    expect(body.count).toBe(3);
    expect(body.results.map((r) => r.apartment_number)).toEqual([
      "1203",
      others[0].apartment_number,
      others[1].apartment_number,
    ]);
    expect((await t.as("manager").get(Q(3))).json().count).toBe(0);
    expect((await t.as("frontdesk").get(Q(3))).statusCode).toBe(403);
  });

  it("edits an item (type, comment, residents); errors per field; 404 from another building", async () => {
    const res = await t.as("frontdesk").patch(`${Q()}${first.id}/`, {
      package_type: ty["Large box"],
      opening_comment: "Amazon, heavy",
      send_notification_occupants: [u1203.occupants[0].id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      package_type: ty["Large box"],
      package_type_details: { name: "Large box" },
      opening_comment: "Amazon, heavy",
      send_notification_occupants: `[${u1203.occupants[0].id}]`,
    });
    const bad = await t.as("frontdesk").patch(`${Q()}${first.id}/`, {
      package_type: 999999,
      send_notification_occupants: [others[0].occupants[0].id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      package_type: ['Invalid pk "999999" - object does not exist.'],
      send_notification_occupants: [`Invalid pk "${others[0].occupants[0].id}" - object does not exist.`],
    });
    expect((await t.as("manager").patch(`${Q(3)}${first.id}/`, { opening_comment: "x" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").patch(`${Q()}999999/`, { opening_comment: "x" })).statusCode).toBe(404);
    // The comment rule of the building applies.
    await setBuildingSettings(t, 1, { packagesettings: { is_require_comments_for_building: true } });
    expect((await t.as("frontdesk").patch(`${Q()}${first.id}/`, { opening_comment: "" })).json()).toEqual({
      opening_comment: ["Comment required"],
    });
    await setBuildingSettings(t, 1, { packagesettings: { is_require_comments_for_building: false } });
  });

  it("removes an item", async () => {
    const add = (
      await t.as("frontdesk").post(Q(), { occupancy: u305.occupancy_id, package_type: ty["Envelope"] })
    ).json();
    expect((await t.as("manager").delete(`${Q(3)}${add.id}/`)).statusCode).toBe(404);
    const del = await t.as("frontdesk").delete(`${Q()}${add.id}/`);
    expect(del.statusCode).toBe(204);
    expect((await t.as("frontdesk").delete(`${Q()}${add.id}/`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(Q())).json().count).toBe(3);
  });

  it("convert_queue logs the whole batch (with events and notifications) and empties it", async () => {
    const before = (await t.as("frontdesk").get(`${LIST}?building=1&limit=1`)).json().count;
    const res = await t.as("frontdesk").post(`${Q()}convert_queue/`);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: "Packages logged", count: 3 });
    const results = body.results as Package[];
    expect(results.map((p) => p.package_type.name)).toEqual(["Large box", "Envelope", "Keys"]);
    expect(results[0]).toMatchObject({
      opening_comment: "Amazon, heavy",
      send_notification_occupants: [u1203.occupants[0].id],
      opened_by: { first_name: "Frank", last_name: "Delgado" },
    });
    expect((await t.as("frontdesk").get(`${LIST}?building=1&limit=1`)).json().count).toBe(before + 3);
    expect((await t.as("frontdesk").get(Q())).json().count).toBe(0);
    const ev = (await t.as("frontdesk").get(`${LIST}${results[0].id}/events/`)).json();
    expect(ev.results[0].type).toBe("PACKAGE_OPENED");

    const empty = await t.as("frontdesk").post(`${Q()}convert_queue/`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: ["There is no packages on the batch to log!"] });
    expect((await t.as("frontdesk").post(`${Q(3)}convert_queue/`)).statusCode).toBe(403);
  });
});
