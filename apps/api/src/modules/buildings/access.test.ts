/**
 * The building gate: every building-scoped call refuses a building the user may not reach
 * (403, no data), office users reach every building, and no call works without a valid,
 * active account. Every operation without a token, and with a foreign building for every
 * role, is checked by the generated matrix in src/test/access-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { MESSAGES } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { userBuildings, users } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NO_ACCESS = { detail: "You do not have access to this building" };

/** Every building-scoped call, for building b. */
const scoped = (b: number): { name: string; method: "GET" | "PATCH"; url: string; body?: unknown }[] => [
  { name: "settings", method: "GET", url: `/api/v1/core/building-settings/${b}/` },
  {
    name: "settings patch",
    method: "PATCH",
    url: `/api/v1/core/building-settings/${b}/`,
    body: { lockoutsettings: { has_lockouts: true } },
  },
  { name: "dropdown", method: "GET", url: `/api/v1/core/buildings/${b}/apartments/dropdown/` },
  { name: "quick search", method: "GET", url: `/api/v1/core/quick-search/?building=${b}` },
  { name: "combo search", method: "GET", url: `/api/v1/core/buildings/${b}/combo-search/?search=1` },
  { name: "employees", method: "GET", url: `/api/v1/core/employees/?building=${b}` },
  { name: "employees simple", method: "GET", url: `/api/v1/core/employees/simple-list/?building=${b}` },
];
/** Calls that are not about one building. */
const unscoped = [
  "/api/v1/me/",
  "/api/v1/core/buildings/",
  "/api/v1/core/employees/",
  "/api/v1/core/employees/simple-list/",
  "/api/v1/core/global-users/?role=TN",
];

const call = (user: string | null, c: ReturnType<typeof scoped>[number]) =>
  c.method === "GET" ? t.as(user).get(c.url) : t.as(user).patch(c.url, c.body);

describe("building gate", () => {
  it("refuses front desk every call about building 3, with no data", async () => {
    for (const c of scoped(3)) {
      const res = await call("frontdesk", c);
      expect(res.statusCode, c.name).toBe(403);
      // Editing settings is refused before any building is looked at: the front desk never may.
      expect(res.json(), c.name).toEqual(
        c.name === "settings patch" ? { detail: MESSAGES.permissionDenied } : NO_ACCESS,
      );
    }
  });

  it("refuses the manager building 4 and porter building 3 alike", async () => {
    for (const c of scoped(4)) expect((await call("manager", c)).json(), c.name).toEqual(NO_ACCESS);
    for (const c of scoped(3).filter((x) => x.method === "GET"))
      expect((await call("porter", c)).json(), c.name).toEqual(NO_ACCESS);
  });

  it("lets front desk make the same calls about its own buildings (the settings patch aside)", async () => {
    for (const b of [1, 2])
      for (const c of scoped(b)) {
        const res = await call("frontdesk", c);
        expect(res.statusCode, `${c.name} ${b}`).toBe(c.method === "PATCH" ? 403 : 200);
        if (c.method === "PATCH")
          expect(res.json()).toEqual({ detail: "You do not have permission to perform this action." });
      }
  });

  it("lets office users reach every building", async () => {
    for (const b of [1, 2, 3, 4])
      for (const c of scoped(b)) expect((await call("office", c)).statusCode, `${c.name} ${b}`).toBe(200);
  });

  it("answers 404 for a building that does not exist, 403 to those who could not reach it anyway", async () => {
    for (const c of scoped(9999)) {
      const of = await call("office", c);
      expect(of.statusCode, c.name).toBe(404);
      expect(of.json()).toEqual({ detail: "Not found." });
      expect((await call("frontdesk", c)).statusCode, c.name).toBe(403);
    }
  });

  it("refuses a forged or foreign token", async () => {
    for (const auth of ["Bearer not-a-jwt", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "Basic b2ZmaWNlOnB3"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/core/buildings/",
        headers: { authorization: auth },
      });
      expect(res.statusCode, auth).toBe(401);
    }
  });

  it("refuses a disabled account's still-valid token at once", async () => {
    await t.token("porter"); // signed while the account is active
    expect((await t.as("porter").get("/api/v1/core/buildings/")).statusCode).toBe(200);
    await t.db.update(users).set({ is_active: false }).where(eq(users.username, "porter"));
    for (const c of scoped(1)) expect((await call("porter", c)).statusCode, c.name).toBe(401);
    for (const url of unscoped) expect((await t.as("porter").get(url)).statusCode, url).toBe(401);
    await t.db.update(users).set({ is_active: true }).where(eq(users.username, "porter"));
    expect((await t.as("porter").get("/api/v1/core/buildings/")).statusCode).toBe(200);
  });

  it("takes a removed building grant away at once", async () => {
    const fd = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "frontdesk") });
    await t.db.delete(userBuildings).where(and(eq(userBuildings.user_id, fd!.id), eq(userBuildings.building_id, 2)));
    const res = await t.as("frontdesk").get("/api/v1/core/buildings/2/apartments/dropdown/");
    expect(res.statusCode).toBe(403);
    expect(
      (await t.as("frontdesk").get("/api/v1/core/buildings/")).json().results.map((b: { id: number }) => b.id),
    ).toEqual([1]);
    await t.db.insert(userBuildings).values({ user_id: fd!.id, building_id: 2, is_include_in_directory: true });
  });
});
