import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Apartment, Occupancy, Occupant, Paginated, UnitListRow } from "@portico/contract";
import { createTestApp, eventually, type TestApp } from "../../test/app.ts";

// A building's unit list, apartments, residents and lease pages show every change of a unit, lease, resident or flag
// of the building on the next call, however it changes, and what they show follows the viewer's role at once.
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

describe("cached unit list pages", () => {
  it("show a resident's new phone number, e-mail and name on the next calls", async () => {
    const before = await row1203();
    expect(before).toBeDefined();
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

describe("cached residents and apartments pages", () => {
  const RESIDENTS = "/api/v1/core/buildings/1/occupants/?search=1203";
  const residents = async () => {
    const res = await t.as("manager").get(RESIDENTS);
    expect(res.statusCode).toBe(200);
    return (res.json() as Paginated<Occupant>).results;
  };

  it("show a resident's new username, account and name on the next calls", async () => {
    const [first] = await residents();
    expect(first).toBeDefined();
    await t.db.execute(sql`update users set username = 'cache.resident' where id = ${first.user_id}`);
    await eventually(async () => (await residents())[0].username === "cache.resident");
    const account = first.has_account;
    await t.db.execute(
      account
        ? sql`update users set password_hash = null, last_login = null where id = ${first.user_id}`
        : sql`update users set password_hash = 'x', is_active = true where id = ${first.user_id}`,
    );
    await eventually(async () => (await residents())[0].has_account === !account);
    await t.db.execute(sql`update users set first_name = 'Renamed' where id = ${first.user_id}`);
    await eventually(async () => (await residents())[0].first_name === "Renamed");
  });

  it("keep users apart and check access before the cache", async () => {
    const manager = await t.as("manager").get(RESIDENTS);
    const frontdesk = await t.as("frontdesk").get(RESIDENTS);
    expect(frontdesk.statusCode).toBe(200);
    // The front desk does not see residents' e-mail addresses; the manager does.
    const mail = (r: typeof manager) => (r.json() as Paginated<Occupant>).results.map((o) => o.email).join("");
    expect(mail(manager)).not.toBe("");
    expect(mail(frontdesk)).toBe("");
    expect((await t.as("frontdesk").get("/api/v1/core/buildings/3/occupants/")).statusCode).toBe(403);
  });

  it("show a new unit on the apartments page", async () => {
    const URL = "/api/v1/core/buildings/1/apartments/?search=99";
    const numbers = async () => {
      const res = await t.as("manager").get(URL);
      expect(res.statusCode).toBe(200);
      return (res.json() as Paginated<Apartment>).results.map((a) => a.apartment_number);
    };
    expect(await numbers()).not.toContain("9901");
    await t.db.execute(
      sql`insert into apartments (building_id, apartment_number, sort_key) values (1, '9901', '9901')`,
    );
    await eventually(async () => (await numbers()).includes("9901"));
  });
});

describe("cached unit list pages over several buildings", () => {
  it("show a change in any of the buildings, and a building made inactive, on the next calls", async () => {
    const URL = "/api/v1/core/buildings/1/unit-profiles/?buildings=all&search=1203";
    const rows = async () => {
      const res = await t.as("office").get(URL);
      expect(res.statusCode).toBe(200);
      return (res.json() as Paginated<UnitListRow>).results;
    };
    const before = await rows();
    const other = before.find((r) => r.building_id !== 1 && r.id !== null);
    expect(other).toBeDefined();
    await t.db.execute(sql`update occupancies set lease_end_date = '2031-05-31' where id = ${other!.id}`);
    await eventually(async () => (await rows()).some((r) => r.id === other!.id && r.lease_end_date === "2031-05-31"));
    await t.db.execute(sql`update buildings set is_active = false where id = ${other!.building_id}`);
    await eventually(async () => (await rows()).every((r) => r.building_id !== other!.building_id));
    await t.db.execute(sql`update buildings set is_active = true where id = ${other!.building_id}`);
  });
});

describe("cached lease lists (GET /core/occupancies/)", () => {
  type Lease = Occupancy;
  const URL = "/api/v1/core/occupancies/?building=1&limit=10";
  const leases = async (user = "manager") => {
    const res = await t.as(user).get(URL);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Paginated<Lease>).results;
  };

  it("show a lease's change, the building's new name and one's subscription on the next calls", async () => {
    const [first] = await leases();

    await t.db.execute(sql`update occupancies set lease_end_date = '2032-02-29' where id = ${first.id}`);
    await eventually(async () => (await leases())[0].lease_end_date === "2032-02-29");

    const name = first.building_name;
    await t.db.execute(sql`update buildings set name = 'Renamed Tower' where id = 1`);
    await eventually(async () => (await leases())[0].building_name === "Renamed Tower");
    await t.db.execute(sql`update buildings set name = ${name} where id = 1`);

    expect(first.tracking).toBeNull();
    const res = await t.as("manager").post(`/api/v1/core/occupancies/${first.id}/track/`, { track_packages: true });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await leases())[0].tracking).toMatchObject({ track_packages: true });
    // Another manager's subscription, written elsewhere, reaches the list through the database.
    await t.db.execute(
      sql`update occupancy_tracking set track_shift_log_notes = true where occupancy_id = ${first.id}`,
    );
    await eventually(async () => (await leases())[0].tracking?.track_shift_log_notes === true);
  });

  it("keep users apart, cover a unit's leases, and check access before the cache", async () => {
    const manager = await leases("manager");
    const frontdesk = await leases("frontdesk");
    expect(frontdesk.map((l) => l.id)).toEqual(manager.map((l) => l.id));
    expect(frontdesk.every((l) => l.tracking === null && l.tracking_employees.length === 0)).toBe(true);
    const unit = `/api/v1/core/occupancies/?apartment_id=${manager[0].apartment_id}`;
    const ofUnit = await t.as("frontdesk").get(unit);
    expect(ofUnit.statusCode).toBe(200);
    expect((ofUnit.json() as Paginated<Lease>).results.map((l) => l.id)).toContain(manager[0].id);
    await t.db.execute(
      sql`update occupancies set is_do_not_disturb = not is_do_not_disturb where id = ${manager[0].id}`,
    );
    await eventually(async () => {
      const r = (await t.as("frontdesk").get(unit)).json() as Paginated<Lease>;
      return r.results.find((l) => l.id === manager[0].id)?.is_do_not_disturb !== manager[0].is_do_not_disturb;
    });
    expect((await t.as("frontdesk").get("/api/v1/core/occupancies/?building=3")).statusCode).toBe(403);
  });

  it("stop showing manager-only fields as soon as the viewer's role changes", async () => {
    const asManager = await leases();
    expect(asManager.some((l) => "external_lease_id" in l && l.external_lease_id !== undefined)).toBe(true);
    await t.db.execute(sql`update users set role = 'FD' where username = 'manager'`);
    try {
      await eventually(async () => (await leases()).every((l) => !l.external_lease_id));
    } finally {
      await t.db.execute(sql`update users set role = 'MG' where username = 'manager'`);
    }
  });
});
