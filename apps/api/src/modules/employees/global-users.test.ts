import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GlobalUser, paginated } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { occupancies, occupants, users } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = async (user: string, query: string) => {
  const res = await t.as(user).get(`/api/v1/core/global-users/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return paginated(GlobalUser).parse(res.json());
};

/** A resident of building `b` only. */
async function residentOf(b: number) {
  const [row] = await t.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .innerJoin(occupants, eq(occupants.user_id, users.id))
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .where(and(eq(occupancies.building_id, b), sql`${users.email} <> ''`))
    .orderBy(users.id)
    .limit(1);
  return row;
}

describe("GET /core/global-users/", () => {
  it("defaults to 10 results and pages", async () => {
    const body = await search("office", "?role=TN");
    expect(body.results).toHaveLength(10);
    expect(body.count).toBeGreaterThan(1000);
    expect(body.next).toBe("/api/v1/core/global-users/?role=TN&limit=10&offset=10");
  });

  it("finds residents by username, name and (for managers) email; their e-mail for managers only, their phone for staff", async () => {
    const r = await residentOf(1);
    const mg = await search("manager", `?role=TN&search=${r.username}`);
    const hit = mg.results.find((u) => u.id === r.id)!;
    expect(hit.email).toBe(r.email);
    expect(
      (await search("manager", `?role=TN&search=${encodeURIComponent(r.email)}`)).results.map((u) => u.id),
    ).toContain(r.id);
    const fd = await search("frontdesk", `?role=TN&search=${r.username}`);
    expect(fd.results.find((u) => u.id === r.id)).toMatchObject({ email: "", phone_number: hit.phone_number });
    const ca = await search("clubadmin", `?role=TN&search=${r.username}`);
    expect(ca.results.find((u) => u.id === r.id)).toMatchObject({ email: "", phone_number: "" });
    expect((await search("frontdesk", `?role=TN&search=${encodeURIComponent(r.email)}`)).count).toBe(0);
  });

  it("finds a name by any part of the full name, wildcards taken literally", async () => {
    for (const term of ["taylor", "MORGAN", "aylor morg", "r m"]) {
      const body = await search("office", `?role=TN&search=${encodeURIComponent(term)}&limit=1000`);
      expect(
        body.results.map((u) => u.username),
        term,
      ).toContain("tenant");
      expect(body.count).toBe(body.results.length);
      for (const u of body.results)
        expect(
          `${u.first_name} ${u.last_name}|${u.username}|${u.email}`.toLowerCase().includes(term.toLowerCase()),
          `${term}: ${u.username}`,
        ).toBe(true);
    }
    expect((await search("office", "?search=%25")).count).toBe(0);
    const underscore = await search("office", "?search=_&limit=1000");
    for (const u of underscore.results) expect(`${u.username}|${u.email}`).toContain("_");
  });

  it("keeps non-office users to people linked to their buildings", async () => {
    const r3 = await residentOf(3);
    expect((await search("frontdesk", `?search=${r3.username}`)).count).toBe(0);
    expect((await search("manager", `?search=${r3.username}`)).count).toBe(1);
    expect((await search("office", `?search=${r3.username}`)).count).toBe(1);
    const staff = await search("frontdesk", "?role=MG&limit=100");
    expect(staff.results.map((u) => u.username).sort()).toEqual(["hwright", "manager"]);
    const all = await search("office", "?role=MG&limit=100");
    expect(all.results.map((u) => u.username).sort()).toEqual(["hwright", "manager", "salvarez"]);
  });

  it("lets club admins search", async () => {
    expect((await search("clubadmin", "?role=TN&search=morgan")).results.map((u) => u.username)).toContain("tenant");
  });

  it("lets a tenant search residents of their own building with role=TN only", async () => {
    const mine = await search("tenant", "?role=TN&search=morgan");
    expect(mine.results.map((u) => u.username)).toContain("tenant");
    const r2 = await residentOf(2);
    expect((await search("tenant", `?role=TN&search=${r2.username}`)).count).toBe(0);
    const body = await search("tenant", "?role=TN&limit=1000");
    expect(body.results.every((u) => u.role === "TN" && u.email === "")).toBe(true);
    const ids = body.results.map((u) => u.id);
    const elsewhere = await t.db
      .select({ user_id: occupants.user_id })
      .from(occupants)
      .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
      .where(and(inArray(occupants.user_id, ids), sql`${occupancies.building_id} <> 1`));
    expect(elsewhere).toEqual([]);
    for (const q of ["", "?role=MG", "?role=FD&search=a"])
      expect((await t.as("tenant").get(`/api/v1/core/global-users/${q}`)).statusCode, q).toBe(403);
  });

  it("refuses property owners and amenity-only users, and a bad role", async () => {
    expect((await t.as("owner").get("/api/v1/core/global-users/?role=TN")).statusCode).toBe(403);
    expect((await t.as("amenity").get("/api/v1/core/global-users/?role=TN")).statusCode).toBe(403);
    const bad = await t.as("office").get("/api/v1/core/global-users/?role=XX");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("role");
  });
});
