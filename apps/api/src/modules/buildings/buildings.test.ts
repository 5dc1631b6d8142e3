import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Building, paginated } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildings } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (body: { results: { id: number }[] }) => body.results.map((b) => b.id);

describe("GET /core/buildings/", () => {
  it("lists every building for office users, by the number at the start of the address", async () => {
    const res = await t.as("office").get("/api/v1/core/buildings/");
    expect(res.statusCode).toBe(200);
    const body = paginated(Building).parse(res.json());
    expect(body.count).toBe(4);
    expect(body.results.map((b) => b.address)).toEqual([
      "37 Harbor Street",
      "100 Riverside Drive",
      "245 Park Terrace",
      "512 Elm Avenue",
    ]);
    expect(body.results[1]).toEqual({
      id: 1,
      address: "100 Riverside Drive",
      name: "The Riverside",
      time_zone: "America/New_York",
    });
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
  });

  it("lists only the buildings granted to other users", async () => {
    expect(ids((await t.as("manager").get("/api/v1/core/buildings/")).json())).toEqual([3, 1, 2]);
    expect(ids((await t.as("frontdesk").get("/api/v1/core/buildings/")).json())).toEqual([1, 2]);
    expect(ids((await t.as("lromero").get("/api/v1/core/buildings/")).json())).toEqual([1, 4]);
    expect((await t.as("tenant").get("/api/v1/core/buildings/")).json()).toMatchObject({ count: 0, results: [] });
  });

  it("pages with limit and offset", async () => {
    const first = (await t.as("office").get("/api/v1/core/buildings/?limit=2")).json();
    expect(first).toMatchObject({ count: 4, previous: null, next: "/api/v1/core/buildings/?limit=2&offset=2" });
    expect(ids(first)).toEqual([3, 1]);
    const second = (await t.as("office").get(first.next)).json();
    expect(ids(second)).toEqual([2, 4]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe("/api/v1/core/buildings/?limit=2");
  });

  it("refuses a malformed limit", async () => {
    const res = await t.as("office").get("/api/v1/core/buildings/?limit=abc");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("limit");
  });

  it("leaves inactive buildings out", async () => {
    await t.db.update(buildings).set({ is_active: false }).where(eq(buildings.id, 4));
    try {
      expect(ids((await t.as("office").get("/api/v1/core/buildings/")).json())).toEqual([3, 1, 2]);
      expect(ids((await t.as("lromero").get("/api/v1/core/buildings/")).json())).toEqual([1]);
    } finally {
      await t.db.update(buildings).set({ is_active: true }).where(eq(buildings.id, 4));
    }
  });
});
