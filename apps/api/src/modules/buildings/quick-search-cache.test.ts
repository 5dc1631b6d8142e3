import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { apartments, occupancies, occupants, users } from "../../db/schema/index.ts";
import { DEMO_TENANT } from "../../db/seed/demo-accounts.ts";

/**
 * The quick search list is kept as ready bytes per building (change feed): the same body as
 * computed afresh, a strong ETag with 304 on If-None-Match, and a change of a unit, lease or
 * resident seen on the very next call.
 */
let t: TestApp;
let tenant: { user_id: number; occupant_id: number };
const QS = "/api/v1/core/quick-search/?building=1";

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ user_id: users.id, occupant_id: occupants.id })
    .from(users)
    .innerJoin(occupants, eq(occupants.user_id, users.id))
    .where(eq(users.username, DEMO_TENANT.username))
    .limit(1);
  tenant = row;
});
afterAll(() => t.close());

const get = (url: string, user = "frontdesk", headers: Record<string, string> = {}) => t.as(user).get(url, { headers });
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const uncached = async (url: string) => {
  t.app.changes.setListening(false);
  try {
    return ok(await get(url));
  } finally {
    t.app.changes.setListening(true);
  }
};
type Item = { apartment_number: string; leases: { occupants: { occupant_id: number; first_name: string }[] }[] };
const residents = (res: LightMyRequestResponse) =>
  (res.json() as Item[]).flatMap((a) => a.leases.flatMap((l) => l.occupants));
const views = () => t.app.changes.cache({ name: "quick-search" });

describe("GET /core/quick-search/ from memory", () => {
  it("answers the same bytes as computed afresh, with a strong ETag, and 304 while nothing changed", async () => {
    const fresh = await uncached(QS);
    const first = ok(await get(QS));
    const stats = { ...views().stats };
    const second = ok(await get(QS));
    expect(views().stats).toMatchObject({ hits: stats.hits + 1, misses: stats.misses });
    for (const res of [first, second]) {
      expect(res.body).toBe(fresh.body);
      expect(res.headers.etag).toBe(fresh.headers.etag);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    }
    const not = await get(QS, "frontdesk", { "if-none-match": String(first.headers.etag) });
    expect(not.statusCode).toBe(304);
    expect(not.body).toBe("");
  });

  it("changes at once when a resident is renamed, leaves or a unit is added", async () => {
    const before = ok(await get(QS));
    let res = await t.as("manager").patch(`/api/v1/core/occupants/${tenant.occupant_id}/`, { first_name: "Tay" });
    expect(res.statusCode, res.body).toBe(200);
    const renamed = ok(await get(QS, "frontdesk", { "if-none-match": String(before.headers.etag) }));
    expect(residents(renamed).find((o) => o.occupant_id === tenant.occupant_id)?.first_name).toBe("Tay");
    expect(renamed.headers.etag).not.toBe(before.headers.etag);
    res = await t.as("manager").patch(`/api/v1/core/occupants/${tenant.occupant_id}/`, {
      first_name: DEMO_TENANT.first_name,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ok(await get(QS)).headers.etag).toBe(before.headers.etag);

    await t.db.update(occupants).set({ is_active: false }).where(eq(occupants.id, tenant.occupant_id));
    expect(residents(ok(await get(QS))).map((o) => o.occupant_id)).not.toContain(tenant.occupant_id);
    await t.db.update(occupants).set({ is_active: true }).where(eq(occupants.id, tenant.occupant_id));
    expect(ok(await get(QS)).headers.etag).toBe(before.headers.etag);

    res = await t.as("manager").post("/api/v1/core/apartments/", { building: 1, apartment_number: "QS1" });
    expect(res.statusCode, res.body).toBe(201);
    expect((ok(await get(QS)).json() as Item[]).map((a) => a.apartment_number)).toContain("QS1");
    expect(ok(await get(QS)).body).toBe((await uncached(QS)).body);
  });

  it("does not change for another building's change", async () => {
    const before = ok(await get(QS));
    const stats = { ...views().stats };
    await t.db.execute(sql`update occupancies set is_do_not_disturb = not is_do_not_disturb where building_id = 2`);
    expect(ok(await get(QS)).headers.etag).toBe(before.headers.etag);
    expect(views().stats.misses).toBe(stats.misses);
  });

  it("is one view for every role that may open it, and checks access on every call", async () => {
    const fd = ok(await get(QS, "frontdesk"));
    const stats = { ...views().stats };
    for (const user of ["manager", "office", "porter"]) {
      const res = ok(await get(QS, user));
      expect(res.body, user).toBe(fd.body);
    }
    expect(views().stats.misses).toBe(stats.misses);
    for (const user of ["tenant", "owner", "clubadmin", "amenity"])
      expect((await get(QS, user)).statusCode, user).toBe(403);
    ok(await get("/api/v1/core/quick-search/?building=3", "manager"));
    expect((await get("/api/v1/core/quick-search/?building=3", "frontdesk")).statusCode).toBe(403);
  });
});

describe("GET /core/buildings/{id}/apartments/dropdown/ from memory", () => {
  const DD = "/api/v1/core/buildings/1/apartments/dropdown/";
  type Unit = { id: number; apartment_number: string; current_occupancy_id: number | null; is_vacant: boolean };
  const units = async () => ok(await get(DD)).json() as Unit[];
  const dropdowns = () => t.app.changes.cache({ name: "apartment-dropdown" });

  it("answers the same bytes as computed afresh, 304 while nothing changed, and a new unit or lease at once", async () => {
    const fresh = await uncached(DD);
    const first = ok(await get(DD));
    expect(first.body).toBe(fresh.body);
    const stats = { ...dropdowns().stats };
    expect(ok(await get(DD)).body).toBe(fresh.body);
    expect(dropdowns().stats).toMatchObject({ hits: stats.hits + 1, misses: stats.misses });
    expect((await get(DD, "frontdesk", { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);

    const [apt] = await t.db
      .insert(apartments)
      .values({ building_id: 1, apartment_number: "9902", sort_key: "9902" })
      .returning({ id: apartments.id });
    expect((await units()).find((u) => u.id === apt.id)).toMatchObject({ is_vacant: true, current_occupancy_id: null });
    const [lease] = await t.db
      .insert(occupancies)
      .values({ building_id: 1, apartment_id: apt.id, is_active: true, lease_start_date: "2020-01-01" })
      .returning({ id: occupancies.id });
    expect((await units()).find((u) => u.id === apt.id)).toMatchObject({
      is_vacant: false,
      current_occupancy_id: lease.id,
    });
    expect(ok(await get(DD)).body).toBe((await uncached(DD)).body);
  });

  it("checks access before the cache", async () => {
    ok(await get(DD));
    expect((await get("/api/v1/core/buildings/3/apartments/dropdown/")).statusCode).toBe(403);
  });
});
