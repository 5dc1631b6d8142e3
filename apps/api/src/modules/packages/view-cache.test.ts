import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../test/app.ts";
import { clearPackages, CLOSE, core, createPackagesApp, logOne, types, unit, type UnitInfo } from "./test-fixtures.ts";

/**
 * The package grid and apartment packages are kept as ready bytes per building (change feed):
 * the same body as computed afresh, a strong ETag with 304 on If-None-Match, and a change of a
 * package, a resident or a package type seen on the very next call.
 */
let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
const GRID = core(1, "package-grid/");
const AP = core(1, "apartment-packages/?limit=1500");

beforeAll(async () => {
  t = await createPackagesApp();
  ty = await types(t);
  await clearPackages(t);
  u1203 = await unit(t, 1, "1203");
  await logOne(t, "frontdesk", { occupancy: u1203.occupancy_id, package_type: ty["Small box"] }, 1);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user = "frontdesk", headers: Record<string, string> = {}) => {
  const res = await t.as(user).get(url, { headers });
  return res;
};
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
/** The same call computed without any cache. */
const uncached = async (url: string, user = "frontdesk") => {
  t.app.changes.setListening(false);
  try {
    return ok(await get(url, user));
  } finally {
    t.app.changes.setListening(true);
  }
};
const cacheOf = (url: string) =>
  t.app.changes.cache({ name: url.includes("grid") ? "package-grid" : "apartment-packages" });

describe.each([
  ["package grid", GRID],
  ["apartment packages", AP],
])("%s", (_name, url) => {
  it("answers from memory the same bytes as computed afresh, with a strong ETag", async () => {
    const fresh = await uncached(url);
    const first = ok(await get(url));
    const stats = { ...cacheOf(url).stats };
    const second = ok(await get(url));
    expect(cacheOf(url).stats).toMatchObject({ hits: stats.hits + 1, misses: stats.misses });
    for (const res of [first, second]) {
      expect(res.body).toBe(fresh.body);
      expect(res.headers.etag).toBe(fresh.headers.etag);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    }
    expect(String(first.headers.etag)).toMatch(/^"[\w-]+"$/);
  });

  it("answers If-None-Match with 304 while nothing changed", async () => {
    const { etag } = ok(await get(url)).headers as { etag: string };
    const not = await get(url, "frontdesk", { "if-none-match": etag });
    expect(not.statusCode).toBe(304);
    expect(not.body).toBe("");
    expect(not.headers.etag).toBe(etag);
    expect((await get(url, "frontdesk", { "if-none-match": `"x", W/${etag}` })).statusCode).toBe(304);
    expect(ok(await get(url, "frontdesk", { "if-none-match": '"other"' })).headers.etag).toBe(etag);
  });

  it("changes at once when a package is logged or closed", async () => {
    const before = ok(await get(url));
    const p = await logOne(t, "frontdesk", { occupancy: u1203.occupancy_id, package_type: ty["Envelope"] }, 1);
    const logged = ok(await get(url, "frontdesk", { "if-none-match": String(before.headers.etag) }));
    expect(logged.headers.etag).not.toBe(before.headers.etag);
    expect(logged.body).toContain(`"Envelope"`);
    expect(logged.body).toBe((await uncached(url)).body);
    expect((await t.as("frontdesk").post(CLOSE, { packages: [p.id] })).statusCode).toBe(200);
    const closed = ok(await get(url));
    expect(closed.body).toBe(before.body);
    expect(closed.headers.etag).toBe(before.headers.etag);
  });

  it("changes at once when a resident is renamed (through the API or not)", async () => {
    const [resident] = u1203.occupants;
    const rename = async (last_name: string) => {
      const res = await t.as("manager").patch(`/api/v1/core/occupants/${resident.id}/`, { last_name });
      expect(res.statusCode, res.body).toBe(200);
    };
    ok(await get(url));
    await rename("Cached-Renamed");
    expect(ok(await get(url)).body).toContain("Cached-Renamed");
    await t.db.execute(sql`update users set last_name = 'Renamed-In-Sql' where id = ${resident.user_id}`);
    expect(ok(await get(url)).body).toContain("Renamed-In-Sql");
    await rename(resident.last_name);
    expect(ok(await get(url)).body).not.toContain("Renamed");
  });

  it("changes at once when a package type changes", async () => {
    ok(await get(url));
    await t.db.execute(sql`update package_types set abbreviation = 'SBX' where id = ${ty["Small box"]}`);
    expect(ok(await get(url)).body).toContain(`"SBX"`);
    await t.db.execute(sql`update package_types set abbreviation = 'SB' where id = ${ty["Small box"]}`);
    expect(ok(await get(url)).body).not.toContain(`"SBX"`);
  });

  it("is one view for every role that may open it, and checks access on every call", async () => {
    // The earlier tests' notifications also come back through the listener, a moment later.
    await new Promise((r) => setTimeout(r, 200));
    const fd = ok(await get(url, "frontdesk"));
    const stats = { ...cacheOf(url).stats };
    for (const user of ["manager", "office", "porter"]) {
      const res = ok(await get(url, user));
      expect(res.body, user).toBe(fd.body);
      expect(res.headers.etag, user).toBe(fd.headers.etag);
    }
    expect(cacheOf(url).stats.misses).toBe(stats.misses);
    // Warm or not, the roles and buildings out of reach stay refused.
    for (const user of ["tenant", "clubadmin", "owner", "amenity"])
      expect((await get(url, user)).statusCode, user).toBe(403);
    ok(await get(url.replace("/buildings/1/", "/buildings/3/"), "manager"));
    expect((await get(url.replace("/buildings/1/", "/buildings/3/"), "frontdesk")).statusCode).toBe(403);
  });
});

describe("apartment packages pages", () => {
  it("keep each query apart, with their own page links", async () => {
    await logOne(t, "frontdesk", { occupancy: (await unit(t, 1, "305")).occupancy_id, package_type: ty["Keys"] }, 1);
    const page = (q: string) => core(1, `apartment-packages/${q}`);
    const first = ok(await get(page("?limit=1"))).json();
    const second = ok(await get(page("?limit=1&offset=1"))).json();
    expect(first.count).toBe(2);
    expect(first.next).toBe("/api/v1/core/buildings/1/apartment-packages/?limit=1&offset=1");
    expect(second.previous).toBe("/api/v1/core/buildings/1/apartment-packages/?limit=1");
    expect(second.results[0].occupancy_id).not.toBe(first.results[0].occupancy_id);
    // Keys are not shown on the lobby display.
    const pub = ok(await get(page("?public_only=true&limit=1500"))).json();
    expect(
      pub.results.flatMap((r: { packages: { package_type: { name: string } }[] }) => r.packages),
    ).not.toContainEqual(expect.objectContaining({ package_type: expect.objectContaining({ name: "Keys" }) }));
    expect(ok(await get(page("?public_only=true&limit=1500"))).body).toBe(
      (await uncached(page("?public_only=true&limit=1500"))).body,
    );
  });
});

describe("package list pages", () => {
  it("show a package logged or closed on the next call", async () => {
    const url = "/api/v1/packages/list/?building=1";
    const first = ok(await get(url));
    const occupancy = (await unit(t, 1, "1203")).occupancy_id;
    await logOne(t, "frontdesk", { occupancy, package_type: ty["Small box"], opening_comment: "List cache check" }, 1);
    const second = ok(await get(url)).json();
    expect(second.count).toBe(first.json().count + 1);
    expect(second.results[0].opening_comment).toBe("List cache check");
    // Another user's page of the same list is their own.
    expect(ok(await get(url, "manager")).json().results[0].opening_comment).toBe("List cache check");
  });
});
