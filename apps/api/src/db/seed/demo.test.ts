import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apartmentSortKey, BATHROOMS, BEDROOMS, BuildingSettingsGroups } from "@portico/contract";
import { createPglite, type Database, openDatabase } from "../client.ts";
import { freshDatabase } from "../../test/app.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { todayIn } from "../../lib/dates.ts";
import { seedDemo } from "./demo.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_BUILDINGS,
  DEMO_PASSWORD,
  DEMO_PORTFOLIO,
  DEMO_TENANT,
  DEMO_UNITS,
} from "./demo-accounts.ts";

type Row = Record<string, unknown>;
let database: Database;
const q = async (text: string, params: unknown[] = []): Promise<Row[]> => (await database.query(text, params)).rows;
const n = async (text: string, params: unknown[] = []) => Number((await q(text, params))[0].n);

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** The generated rows, in a stable order; `withDates` false drops what depends on the seed day. */
async function snapshot(db: Database, withDates: boolean) {
  const rows = async (text: string) => (await db.query(text)).rows.map((r) => JSON.parse(JSON.stringify(r)));
  const dates = withDates
    ? ", o.lease_start_date::text, o.lease_end_date::text, o.move_in_date::text, o.move_out_date::text"
    : "";
  return {
    apartments: await rows(`select id, building_id, apartment_number, sort_key, bedrooms, bathrooms::text, floor, line,
      is_balcony_apt, is_management, is_unlinked_to_tfcio from apartments order by id`),
    occupancies:
      await rows(`select o.id, o.building_id, o.apartment_id, o.is_active, o.is_do_not_disturb, o.external_lease_id,
      (o.move_out_date is not null) as has_move_out ${dates} from occupancies o order by o.id`),
    occupants:
      await rows(`select oc.id, oc.occupancy_id, oc.type, oc.is_active, oc.pronouns, oc.is_text_maintenance_activity,
      oc.is_text_package_activity, u.id as user_id, u.username, u.email, u.first_name, u.last_name, u.phone_number, u.role,
      u.is_active as user_active from occupants oc join users u on u.id = oc.user_id order by oc.id`),
    staff: await rows(`select u.username, u.role, u.is_staff, u.is_active, e.title, e.department,
      (select array_agg(building_id order by building_id) from user_buildings ub where ub.user_id = u.id) as buildings
      from users u join employees e on e.user_id = u.id order by u.id`),
    settings: await rows(`select building_id, settings from building_settings order by building_id`),
  };
}

async function seededPglite(now: Date) {
  const db = await openDatabase({ pglite: createPglite() });
  await db.migrate();
  await seedDemo(db.db, { fast: true, now });
  return db;
}

describe("demo seed", () => {
  it("creates the portfolio and the four buildings", async () => {
    expect(await q("select name, employee_portal_name, tenant_site_url from portfolios")).toEqual([
      { ...DEMO_PORTFOLIO },
    ]);
    const b = await q("select id, address, name, time_zone, address_number from buildings order by id");
    expect(b.map((r) => [r.id, r.address, r.name, r.time_zone])).toEqual(
      Object.values(DEMO_BUILDINGS).map((d) => [d.id, d.address, d.name, d.time_zone]),
    );
    expect(b.map((r) => r.address_number)).toEqual([100, 245, 37, 512]);
  });

  it("stores every building's settings as the full contract document", async () => {
    const rows = await q("select building_id, settings from building_settings order by building_id");
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.settings).toEqual(BuildingSettingsGroups.parse(r.settings));
    const [b1, b2] = rows.map((r) => BuildingSettingsGroups.parse(r.settings));
    const flags = (s: BuildingSettingsGroups) => [
      s.accesskeyssettings.has_access_keys,
      s.parkingsettings.has_parking,
      s.storagespacesettings.has_storage_space,
      s.reservationsettings.has_reservations,
      s.reservationsettings.is_staff_can_approve,
      s.shiftlogsettings.is_emailed_nightly,
      s.shiftlogsettings.is_recordable_by_location,
      s.shiftlogsettings.is_enable_end_of_shift_logging,
      s.lockoutsettings.has_lockouts,
      s.condosettings.has_condos,
      s.coresettings.enable_occupancy_notes,
      s.marketplacesettings.has_marketplace,
      s.fooddeliverysettings.has_food_delivery,
      s.clubsettings.can_club_admin_manage_memberships,
      s.idcardsettings.has_id_cards,
      s.maintenancerequestsettings.has_signatures,
      s.amenitysettings.has_amenities,
    ];
    expect(flags(b1).every(Boolean)).toBe(true);
    expect(b1.front_desk_number).not.toBe("");
    expect(flags(b2).filter(Boolean)).toHaveLength(2);
    expect(b2.lockoutsettings.has_lockouts && b2.amenitysettings.has_amenities).toBe(true);
  });

  it("creates about 150 units per building with realistic numbers", async () => {
    const apts = await q(
      "select building_id, apartment_number, sort_key, bedrooms, bathrooms::text as bathrooms, floor, line, is_management, is_balcony_apt from apartments",
    );
    for (const b of [1, 2, 3, 4]) {
      const mine = apts.filter((a) => a.building_id === b);
      expect(mine.length).toBeGreaterThanOrEqual(145);
      expect(mine.length).toBeLessThanOrEqual(155);
      expect(mine.filter((a) => a.is_management).map((a) => a.apartment_number)).toEqual(["Mgmt"]);
      expect(mine.some((a) => /^PH\d$/.test(String(a.apartment_number)))).toBe(true);
      expect(mine.some((a) => /^\d+[A-Z]$/.test(String(a.apartment_number)))).toBe(true);
      expect(mine.some((a) => a.is_balcony_apt)).toBe(true);
    }
    for (const a of apts) {
      expect(a.sort_key).toBe(apartmentSortKey(String(a.apartment_number)));
      expect(BEDROOMS).toContain(a.bedrooms);
      expect(BATHROOMS.slice(0, 5)).toContain(a.bathrooms);
      if (!a.is_management) expect(a.floor).not.toBeNull();
    }
    const numbers = apts.filter((a) => a.building_id === 1).map((a) => String(a.apartment_number));
    for (const x of ["1203", "305", "4A", "4B", "PH1", "PH2"]) expect(numbers).toContain(x);
  });

  it("gives each building current, future, past and vacant units", async () => {
    for (const b of [1, 2, 3, 4]) {
      const today = todayIn(Object.values(DEMO_BUILDINGS).find((d) => d.id === b)!.time_zone);
      const vacant = await n(
        `select count(*) as n from apartments a where a.building_id = $1
         and not exists (select 1 from occupancies o where o.apartment_id = a.id and o.is_active)`,
        [b],
      );
      expect(vacant).toBe(8);
      expect(
        await n(
          "select count(*) as n from occupancies where building_id = $1 and is_active and lease_start_date > $2",
          [b, today],
        ),
      ).toBe(10);
      expect(
        await n(
          "select count(*) as n from occupancies where building_id = $1 and not is_active and move_out_date is not null",
          [b],
        ),
      ).toBe(15);
      expect(await n("select count(*) as n from occupancies where building_id = $1 and not is_active", [b])).toBe(15);
      expect(
        await n("select count(*) as n from occupancies where building_id = $1 and is_active and is_do_not_disturb", [
          b,
        ]),
      ).toBeGreaterThanOrEqual(5);
      expect(
        await n("select count(*) as n from occupancies where building_id = $1 and is_active and lease_end_date < $2", [
          b,
          today,
        ]),
      ).toBeGreaterThanOrEqual(5);
      expect(
        await n(
          "select count(*) as n from occupancies where building_id = $1 and is_active and move_out_date is not null",
          [b],
        ),
      ).toBe(2);
      // Current leases started in the past; at most one current lease per unit.
      expect(
        await n(
          `select count(*) as n from (select apartment_id from occupancies where building_id = $1 and is_active and lease_start_date <= $2
           group by apartment_id having count(*) > 1) x`,
          [b, today],
        ),
      ).toBe(0);
    }
  });

  it("puts the fixed units of building 1 in their documented states", async () => {
    const today = todayIn(DEMO_BUILDINGS.riverside.time_zone);
    const leases = async (number: string) =>
      q(
        `select o.is_active, o.is_do_not_disturb, o.lease_start_date::text as s, o.lease_end_date::text as e, o.move_out_date::text as m
         from occupancies o join apartments a on a.id = o.apartment_id where a.building_id = 1 and a.apartment_number = $1 order by o.id`,
        [number],
      );
    const active = async (number: string) => (await leases(number)).filter((l) => l.is_active);
    expect(await active(DEMO_UNITS.vacant)).toEqual([]);
    expect((await leases(DEMO_UNITS.vacant)).length).toBe(1);
    const fut = await active(DEMO_UNITS.futureOnly);
    expect(fut).toHaveLength(1);
    expect(String(fut[0].s) > today).toBe(true);
    const exp = await active(DEMO_UNITS.leaseExpired);
    expect(String(exp[0].e) < today && String(exp[0].s) <= today).toBe(true);
    const moving = await active(DEMO_UNITS.movingOut);
    expect(moving).toHaveLength(2);
    expect(moving[0].m).not.toBeNull();
    expect(String(moving[1].s) > today).toBe(true);
    expect((await active(DEMO_UNITS.doNotDisturb))[0].is_do_not_disturb).toBe(true);
    expect(await active(DEMO_UNITS.management)).toEqual([]);
    const home = await active(DEMO_UNITS.occupied);
    expect(home).toHaveLength(1);
    expect(String(home[0].s) <= today && String(home[0].e) >= today).toBe(true);
  });

  it("gives every lease 1 to 4 residents, each a tenant-role user without a password", async () => {
    const counts = await q("select occupancy_id, count(*)::int as c from occupants group by occupancy_id");
    expect(counts.length).toBe(await n("select count(*) as n from occupancies"));
    for (const c of counts) expect(Number(c.c)).toBeGreaterThanOrEqual(1);
    for (const c of counts) expect(Number(c.c)).toBeLessThanOrEqual(4);
    expect(await q("select distinct type from occupants order by type")).toEqual([
      { type: "CH" },
      { type: "OC" },
      { type: "TN" },
    ]);
    expect(
      await n(
        "select count(*) as n from occupants o join users u on u.id = o.user_id where u.role <> 'TN' or (u.password_hash is not null and u.username <> 'tenant')",
      ),
    ).toBe(0);
    expect(
      await n(
        "select count(*) as n from occupants o join occupancies oc on oc.id = o.occupancy_id where o.is_active <> oc.is_active",
      ),
    ).toBe(0);
    const sample = await q(
      "select username, email, phone_number from users u join occupants o on o.user_id = u.id where o.type = 'TN' order by u.id limit 20",
    );
    for (const s of sample) {
      expect(s.username).toMatch(/^[a-z]+[a-z0-9]*b[1-4](_\d+)?$/);
      expect(s.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z.]+$/);
    }
    expect(
      sample.filter((s) => s.phone_number).every((s) => /^\(\d{3}\) 555-\d{4}$/.test(String(s.phone_number))),
    ).toBe(true);
  });

  it("creates the staff accounts with their buildings and the documented password", async () => {
    const staff = await q(
      `select u.username, u.role, u.is_staff, u.is_active, u.password_hash,
        (select array_agg(building_id order by building_id) from user_buildings ub where ub.user_id = u.id) as buildings
       from users u join employees e on e.user_id = u.id order by u.id`,
    );
    expect(staff.map((s) => s.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      expect(staff[i]).toMatchObject({
        role: a.role,
        is_active: a.is_active,
        is_staff: ["OF", "MG", "FD", "MT", "PT"].includes(a.role),
      });
      expect((staff[i].buildings as number[]).map(Number)).toEqual(a.buildings);
    }
    const byName = Object.fromEntries(staff.map((s) => [s.username, s]));
    expect((byName.frontdesk.buildings as number[]).map(Number)).toEqual([1, 2]);
    expect((byName.manager.buildings as number[]).map(Number)).toEqual([1, 2, 3]);
    expect((byName.office.buildings as number[]).map(Number)).toEqual([1, 2, 3, 4]);
    for (const u of ["maintenance", "porter", "clubadmin", "owner", "amenity"])
      expect((byName[u].buildings as number[]).map(Number)).toEqual([1, 2]);
    expect(await verifyPassword(String(byName.frontdesk.password_hash), DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(String(byName.frontdesk.password_hash), "wrong")).toBe(false);
    expect(DEMO_ACCOUNTS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.role))).toEqual(
      new Set(["OF", "MG", "FD", "MT", "PT", "CA", "PO", "AO"]),
    );
  });

  it("makes the tenant account an active resident of unit 1203's current lease", async () => {
    const [t] = await q(
      `select u.role, u.password_hash, o.type, o.is_active, oc.is_active as lease_active, a.apartment_number, a.building_id
       from users u join occupants o on o.user_id = u.id join occupancies oc on oc.id = o.occupancy_id join apartments a on a.id = oc.apartment_id
       where u.username = $1`,
      [DEMO_TENANT.username],
    );
    expect(t).toMatchObject({
      role: "TN",
      type: "TN",
      is_active: true,
      lease_active: true,
      apartment_number: "1203",
      building_id: 1,
    });
    expect(await verifyPassword(String(t.password_hash), DEMO_PASSWORD)).toBe(true);
  });

  it("records resident and guest lockouts where lockouts are on, and contractor visits with notes", async () => {
    const byBuilding =
      await q(`select building_id, count(*) filter (where requester_type = 'resident' and not is_deleted) as residents,
        count(*) filter (where requester_type = 'guest') as guests, count(*) filter (where is_deleted) as deleted
      from lockouts group by building_id order by building_id`);
    expect(byBuilding.map((r) => Number(r.building_id))).toEqual([1, 2, 3]);
    for (const r of byBuilding) {
      expect(Number(r.residents)).toBeGreaterThanOrEqual(5);
      expect(Number(r.deleted)).toBe(1);
    }
    expect(byBuilding.some((r) => Number(r.guests) > 0)).toBe(true);
    expect(await n("select count(*) as n from contractor_types")).toBe(10);
    const visits = await q(`select building_id, count(*) filter (where date_closed is null) as open,
        count(*) filter (where date_closed is not null) as closed from contractor_visits group by building_id order by 1`);
    expect(visits.map((r) => Number(r.building_id))).toEqual([1, 2, 3, 4]);
    for (const v of visits) expect(Number(v.open) > 0 && Number(v.closed) > 0).toBe(true);
    expect(await n("select count(*) as n from contractor_notes")).toBeGreaterThan(0);
  });

  it("does nothing when a portfolio exists", async () => {
    const before = await n("select count(*) as n from users");
    await seedDemo(database.db, { fast: true });
    expect(await n("select count(*) as n from users")).toBe(before);
    expect(await n("select count(*) as n from buildings")).toBe(4);
  });

  it("is deterministic: two fresh seeds hold the same rows, and so does this database", async () => {
    const now = new Date("2026-03-15T15:00:00Z");
    const [a, b] = [await seededPglite(now), await seededPglite(now)];
    try {
      const [sa, sb] = [await snapshot(a, true), await snapshot(b, true)];
      expect(sa.occupancies.length).toBeGreaterThan(600);
      expect(sb).toEqual(sa);
      // The test template was seeded on another moment (and maybe another engine): same rows but the dates.
      expect(await snapshot(database, false)).toEqual(await snapshot(a, false));
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
