import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ApartmentDropdownItem, apartmentSortKey, ComboSearchItem, MESSAGES, QuickSearchItem } from "@portico/contract";
import { z } from "zod";
import { createTestApp, eventually, type TestApp } from "../../test/app.ts";
import { apartments, occupancies, occupants, users } from "../../db/schema/index.ts";
import { DEMO_TENANT, DEMO_UNITS } from "../../db/seed/demo-accounts.ts";
import { todayIn } from "../../lib/dates.ts";

let t: TestApp;
/** Building 1 leases by unit number: active ones, with start dates. */
const leases = new Map<string, { id: number; lease_start_date: string | null; is_active: boolean }[]>();
const today = () => todayIn("America/New_York");

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({
      number: apartments.apartment_number,
      id: occupancies.id,
      lease_start_date: occupancies.lease_start_date,
      is_active: occupancies.is_active,
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupancies.building_id, 1))
    .orderBy(occupancies.id);
  for (const r of rows) leases.set(r.number, [...(leases.get(r.number) ?? []), r]);
});
afterAll(() => t.close());

const activeLeases = (n: string) => (leases.get(n) ?? []).filter((l) => l.is_active);
const currentLease = (n: string) => activeLeases(n).find((l) => !l.lease_start_date || l.lease_start_date <= today());
const futureLease = (n: string) => activeLeases(n).find((l) => l.lease_start_date && l.lease_start_date > today());

describe("GET /core/buildings/{id}/apartments/dropdown/", () => {
  it("lists every unit in unit order: numbers by floor, letter suffixes after, penthouses, then the office", async () => {
    const res = await t.as("frontdesk").get("/api/v1/core/buildings/1/apartments/dropdown/");
    expect(res.statusCode).toBe(200);
    const items = z.array(ApartmentDropdownItem).parse(res.json());
    expect(items.length).toBe(150);
    const numbers = items.map((i) => i.apartment_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => (apartmentSortKey(a) < apartmentSortKey(b) ? -1 : 1)));
    expect(numbers.slice(0, 3)).toEqual(["201", "202", "203"]);
    const i = numbers.indexOf("408");
    expect(numbers.slice(i, i + 4)).toEqual(["408", "4A", "4B", "501"]);
    expect(numbers.slice(-4)).toEqual(["PH1", "PH2", "PH3", "Mgmt"]);
    expect(items.find((x) => x.apartment_number === "1203")).toMatchObject({ floor: "12", line: "03" });
    expect(items.find((x) => x.apartment_number === "PH2")).toMatchObject({ floor: "PH", line: "2" });
  });

  it("gives each unit its current lease, or marks it vacant", async () => {
    const items: ApartmentDropdownItem[] = (
      await t.as("frontdesk").get("/api/v1/core/buildings/1/apartments/dropdown/")
    ).json();
    const by = (n: string) => items.find((i) => i.apartment_number === n)!;
    expect(by(DEMO_UNITS.occupied)).toMatchObject({
      is_vacant: false,
      current_occupancy_id: currentLease(DEMO_UNITS.occupied)!.id,
    });
    expect(by(DEMO_UNITS.vacant)).toMatchObject({ is_vacant: true, current_occupancy_id: null });
    expect(by(DEMO_UNITS.management)).toMatchObject({ is_vacant: true, current_occupancy_id: null });
    // A unit with only a future lease is vacant until it starts.
    expect(by(DEMO_UNITS.futureOnly)).toMatchObject({ is_vacant: true, current_occupancy_id: null });
    // A unit with a current and a future lease points at the current one.
    expect(by(DEMO_UNITS.movingOut).current_occupancy_id).toBe(currentLease(DEMO_UNITS.movingOut)!.id);
    expect(futureLease(DEMO_UNITS.movingOut)).toBeDefined();
    expect(items.filter((i) => i.is_vacant).length).toBe(8 + 3);
  });

  it("covers only the asked building", async () => {
    const items: ApartmentDropdownItem[] = (
      await t.as("office").get("/api/v1/core/buildings/4/apartments/dropdown/")
    ).json();
    const ids = new Set(
      (await t.db.select({ id: apartments.id }).from(apartments).where(eq(apartments.building_id, 4))).map((r) => r.id),
    );
    expect(items.length).toBe(ids.size);
    expect(items.every((i) => ids.has(i.id))).toBe(true);
  });
});

describe("GET /core/quick-search/?building=", () => {
  it("lists every unit in unit order with its active leases and their active residents", async () => {
    const res = await t.as("frontdesk").get("/api/v1/core/quick-search/?building=1");
    expect(res.statusCode).toBe(200);
    const items = z.array(QuickSearchItem).parse(res.json());
    const dropdown: ApartmentDropdownItem[] = (
      await t.as("frontdesk").get("/api/v1/core/buildings/1/apartments/dropdown/")
    ).json();
    expect(items.map((i) => i.apartment_id)).toEqual(dropdown.map((d) => d.id));
    const by = (n: string) => items.find((i) => i.apartment_number === n)!;

    expect(by(DEMO_UNITS.vacant).leases).toEqual([]);
    expect(by(DEMO_UNITS.management).leases).toEqual([]);
    const fut = by(DEMO_UNITS.futureOnly).leases;
    expect(fut).toHaveLength(1);
    expect(fut[0]).toMatchObject({ occupancy_id: futureLease(DEMO_UNITS.futureOnly)!.id, is_future: true });
    const moving = by(DEMO_UNITS.movingOut).leases;
    expect(moving.map((l) => [l.occupancy_id, l.is_future])).toEqual([
      [currentLease(DEMO_UNITS.movingOut)!.id, false],
      [futureLease(DEMO_UNITS.movingOut)!.id, true],
    ]);
    expect(by(DEMO_UNITS.doNotDisturb).leases[0].is_do_not_disturb).toBe(true);
    const home = by(DEMO_TENANT.apartment_number).leases;
    expect(home).toHaveLength(1);
    expect(home[0].occupants[0]).toMatchObject({
      first_name: DEMO_TENANT.first_name,
      last_name: DEMO_TENANT.last_name,
    });
  });

  it("leaves out inactive residents and inactive leases", async () => {
    const lease = currentLease(DEMO_TENANT.apartment_number)!;
    const people = await t.db
      .select()
      .from(occupants)
      .where(eq(occupants.occupancy_id, lease.id))
      .orderBy(occupants.id);
    const gone = people[people.length - 1];
    await t.db.update(occupants).set({ is_active: false }).where(eq(occupants.id, gone.id));
    const items: QuickSearchItem[] = (await t.as("frontdesk").get("/api/v1/core/quick-search/?building=1")).json();
    const home = items.find((i) => i.apartment_number === DEMO_TENANT.apartment_number)!;
    expect(home.leases[0].occupants.map((o) => o.occupant_id)).not.toContain(gone.id);
    expect(home.leases[0].occupants).toHaveLength(people.length - 1);
    await t.db.update(occupants).set({ is_active: true }).where(eq(occupants.id, gone.id));

    // Every past (inactive) lease of the building is absent.
    const inactive = new Set(
      [...leases.values()]
        .flat()
        .filter((l) => !l.is_active)
        .map((l) => l.id),
    );
    expect(inactive.size).toBe(15);
    expect(items.flatMap((i) => i.leases).some((l) => inactive.has(l.occupancy_id))).toBe(false);
  });

  it("writes any name as valid JSON", async () => {
    const lease = currentLease(DEMO_TENANT.apartment_number)!;
    const name = { first_name: 'Zoë "Zed"\\ \t</script>', last_name: "O'Brien-Ünal \u2028 😀" };
    const [u] = await t.db
      .insert(users)
      .values({ username: "qs_zoe", role: "TN", ...name })
      .returning({ id: users.id });
    const [o] = await t.db
      .insert(occupants)
      .values({ occupancy_id: lease.id, user_id: u.id, type: "CH" })
      .returning({ id: occupants.id });
    const res = await t.as("frontdesk").get("/api/v1/core/quick-search/?building=1");
    const items = z.array(QuickSearchItem).parse(JSON.parse(res.body));
    const home = items.find((i) => i.apartment_number === DEMO_TENANT.apartment_number)!;
    // A child after the tenants and occupants.
    expect(home.leases[0].occupants.at(-1)).toEqual({ occupant_id: o.id, ...name });
    await t.db.delete(occupants).where(eq(occupants.id, o.id));
    await t.db.delete(users).where(eq(users.id, u.id));
  });

  it("needs a building", async () => {
    const res = await t.as("frontdesk").get("/api/v1/core/quick-search/");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("building");
  });

  it("is for staff: club admins, amenity users, property owners and tenants cannot look up residents", async () => {
    expect((await t.as("porter").get("/api/v1/core/quick-search/?building=1")).statusCode).toBe(200);
    expect((await t.as("amenity").get("/api/v1/core/quick-search/?building=1")).statusCode).toBe(403);
    expect((await t.as("clubadmin").get("/api/v1/core/quick-search/?building=1")).statusCode).toBe(403);
    expect((await t.as("amenity").get("/api/v1/core/buildings/1/combo-search/?search=a")).statusCode).toBe(403);
    expect((await t.as("clubadmin").get("/api/v1/core/buildings/1/combo-search/?search=a")).statusCode).toBe(403);
    expect((await t.as("owner").get("/api/v1/core/quick-search/?building=1")).statusCode).toBe(403);
    expect((await t.as("tenant").get("/api/v1/core/quick-search/?building=1")).statusCode).toBe(403);
  });
});

describe("what property owners and the amenity roles may read", () => {
  it("property owners (only Sign out) get neither the building's settings nor its units", async () => {
    for (const url of ["/api/v1/core/building-settings/1/", "/api/v1/core/buildings/1/apartments/dropdown/"]) {
      const res = await t.as("owner").get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: MESSAGES.permissionDenied });
      for (const user of ["clubadmin", "amenity", "porter"])
        expect((await t.as(user).get(url)).statusCode, `${user} ${url}`).toBe(200);
    }
  });
});

describe("GET /core/buildings/{id}/combo-search/?search=", () => {
  const search = async (term: string, user = "frontdesk", b = 1) => {
    const res = await t.as(user).get(`/api/v1/core/buildings/${b}/combo-search/?search=${encodeURIComponent(term)}`);
    expect(res.statusCode).toBe(200);
    return z.array(ComboSearchItem).parse(res.json());
  };

  it("finds units by number prefix, one row per active lease with its first resident", async () => {
    const rows = await search("120");
    expect(rows.map((r) => r.apartment_number)).toEqual([
      "1201",
      "1202",
      "1203",
      "1204",
      "1205",
      "1206",
      "1207",
      "1208",
    ]);
    const mine = rows.find((r) => r.apartment_number === DEMO_TENANT.apartment_number)!;
    expect(mine).toMatchObject({
      occupancy_id: currentLease(DEMO_TENANT.apartment_number)!.id,
      occupant_id: null,
      first_name: DEMO_TENANT.first_name,
      last_name: DEMO_TENANT.last_name,
      is_vacant: false,
      is_future: false,
    });
  });

  it("shows vacant and future units as such", async () => {
    const vacant = (await search(DEMO_UNITS.vacant)).find((r) => r.apartment_number === DEMO_UNITS.vacant)!;
    expect(vacant).toMatchObject({
      occupancy_id: null,
      occupant_id: null,
      first_name: "",
      last_name: "",
      is_vacant: true,
      is_future: false,
    });
    const fut = (await search(DEMO_UNITS.futureOnly)).find((r) => r.apartment_number === DEMO_UNITS.futureOnly)!;
    expect(fut).toMatchObject({
      occupancy_id: futureLease(DEMO_UNITS.futureOnly)!.id,
      is_vacant: true,
      is_future: true,
    });
    const moving = (await search(DEMO_UNITS.movingOut)).filter((r) => r.apartment_number === DEMO_UNITS.movingOut);
    expect(moving.map((r) => r.is_future)).toEqual([false, true]);
  });

  it("finds residents by first or last name, case-insensitively", async () => {
    for (const term of ["morgan", "MORGAN", "Taylor Mor", "aylo"]) {
      const rows = await search(term);
      const hit = rows.find((r) => r.occupant_id !== null && r.last_name === DEMO_TENANT.last_name);
      expect(hit, term).toMatchObject({
        apartment_number: DEMO_TENANT.apartment_number,
        first_name: DEMO_TENANT.first_name,
      });
    }
  });

  it("puts unit matches before resident matches and stops at 20", async () => {
    const rows = await search("ph");
    expect(rows.slice(0, 3).map((r) => [r.apartment_number, r.occupant_id])).toEqual([
      ["PH1", null],
      ["PH2", null],
      ["PH3", null],
    ]);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect((await search("")).length).toBe(20);
    expect((await search("1")).length).toBe(20);
  });

  it("treats LIKE wildcards literally", async () => {
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("only searches the asked building", async () => {
    const [other] = await t.db
      .select({ occupant: occupants.id, number: apartments.apartment_number, user_id: occupants.user_id })
      .from(occupants)
      .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
      .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
      .where(and(eq(occupancies.building_id, 2), eq(occupancies.is_active, true), eq(occupants.is_active, true)))
      .limit(1);
    const user = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, other.user_id) });
    const term = `${user!.first_name} ${user!.last_name}`;
    expect((await search(term, "frontdesk", 2)).map((r) => r.occupant_id)).toContain(other.occupant);
    expect((await search(term, "frontdesk", 1)).map((r) => r.occupant_id)).not.toContain(other.occupant);
  });

  it("answers from what the building has now: a renamed resident, a new unit, an ended lease", async () => {
    const tenant = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, DEMO_TENANT.username) });
    expect(await search("zanzibar")).toEqual([]);
    await t.db.update(users).set({ last_name: "Zanzibar" }).where(eq(users.id, tenant!.id));
    await eventually(async () => (await search("zanzibar")).some((r) => r.occupant_id !== null));
    await t.db.update(users).set({ last_name: DEMO_TENANT.last_name }).where(eq(users.id, tenant!.id));
    await eventually(async () => (await search("zanzibar")).length === 0);

    await t.db
      .insert(apartments)
      .values({ building_id: 1, apartment_number: "Z77", sort_key: apartmentSortKey("Z77") });
    await eventually(async () =>
      (await search("z77")).some((r) => r.apartment_number === "Z77" && r.is_vacant && r.occupancy_id === null),
    );

    const lease = currentLease(DEMO_TENANT.apartment_number)!;
    await t.db.update(occupancies).set({ is_active: false }).where(eq(occupancies.id, lease.id));
    await eventually(async () =>
      (await search(DEMO_TENANT.apartment_number)).every((r) => r.occupancy_id !== lease.id),
    );
    await t.db.update(occupancies).set({ is_active: true }).where(eq(occupancies.id, lease.id));
    await eventually(async () => (await search(DEMO_TENANT.apartment_number)).some((r) => r.occupancy_id === lease.id));
  });
});
