import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { RESERVATION_TYPE_MESSAGES as M, type ReservationType } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";

const BASE = "/api/v1/reservations/reservation-types/";
const ONE = (id: number) => `${BASE}${id}/`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const names = async (user: string, q = "") =>
  (await t.as(user).get(`${BASE}${q}`)).json().results.map((r: ReservationType) => r.name);

describe("reservation types", () => {
  it("the demo types are offered in the buildings with reservations, in display order", async () => {
    expect(await names("frontdesk", "?building=1")).toEqual(["Move-In", "Move-Out", "Delivery"]);
    expect(await names("office")).toEqual(expect.arrayContaining(["Move-In", "Move-Out", "Delivery"]));
    const [delivery] = (await t.as("office").get(`${BASE}?limit=500`))
      .json()
      .results.filter((r: ReservationType) => r.name === "Delivery");
    expect(delivery).toMatchObject({ short_name: "DL", is_immutable: true, is_active: true, building_ids: [1, 3] });
  });

  it("Office creates, edits and toggles a type; building_ids, decimals and recipients are kept", async () => {
    const created = await t.as("office").post(BASE, {
      name: "Renovation",
      short_name: "RN",
      display_order: "2.5",
      building_ids: [3, 1, 3],
      instructions_text: "Contractors only.",
      new_reservation_email_text: "A renovation was booked.",
      email_recipients: "super@portico.example, ops@portico.example",
    });
    expect(created.statusCode).toBe(201);
    const r = created.json() as ReservationType;
    expect(r).toMatchObject({
      name: "Renovation",
      display_order: 2.5,
      building_ids: [1, 3],
      is_active: true,
      is_immutable: false,
      email_recipients: "super@portico.example;ops@portico.example",
    });
    expect(await names("frontdesk", "?building=1")).toEqual(["Move-In", "Move-Out", "Renovation", "Delivery"]);
    const patched = await t.as("office").patch(ONE(r.id), { building_ids: [3], display_order: 0 });
    expect(patched.json()).toMatchObject({ building_ids: [3], display_order: 0 });
    expect(await names("frontdesk", "?building=1")).not.toContain("Renovation");
    expect((await t.as("frontdesk").get(ONE(r.id))).statusCode).toBe(404);
    expect((await t.as("joconnor").get(ONE(r.id))).json()).toMatchObject({ name: "Renovation" });
    const off = await t.as("office").post(`${ONE(r.id)}toggle_active/`);
    expect(off.json()).toMatchObject({ is_active: false });
    expect(await names("joconnor", "?building=3&is_active=true")).not.toContain("Renovation");
    expect(await names("joconnor", "?building=3")).toContain("Renovation");
    const dup = await t
      .as("office")
      .post(BASE, { name: "renovation", short_name: "R2", display_order: 1, building_ids: [1] });
    expect(dup.json()).toEqual({ name: [M.nameTaken] });
  });

  it("the form's messages: name, short name, buildings, display order", async () => {
    const res = await t.as("office").post(BASE, { name: " ", short_name: "", display_order: "x", building_ids: [] });
    expect(res.json()).toEqual({
      name: [M.nameRequired],
      short_name: [M.shortNameRequired],
      display_order: [M.numberRequired],
      building_ids: [M.buildingsRequired],
    });
    const missing = await t.as("office").post(BASE, {});
    expect(missing.json()).toEqual({
      name: [M.nameRequired],
      short_name: [M.shortNameRequired],
      display_order: [M.numberRequired],
      building_ids: [M.buildingsRequired],
    });
    const negative = await t
      .as("office")
      .post(BASE, { name: "N", short_name: "N", display_order: -1, building_ids: [1] });
    expect(negative.json()).toEqual({ display_order: [M.numberRequired] });
    const unknown = await t
      .as("office")
      .post(BASE, { name: "N", short_name: "N", display_order: 1, building_ids: [424242] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(["building_ids"]);
  });

  it("an immutable type cannot be edited or toggled", async () => {
    const [{ id }] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from reservation_types where name = 'Delivery'`),
    );
    const edit = await t.as("office").patch(ONE(Number(id)), { name: "Deliveries" });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: M.immutable });
    expect((await t.as("office").post(`${ONE(Number(id))}toggle_active/`)).statusCode).toBe(403);
  });

  it("only Office writes; staff read their buildings' types; others are refused", async () => {
    for (const who of ["manager", "frontdesk", "maintenance"]) {
      expect(
        (await t.as(who).post(BASE, { name: "X", short_name: "X", display_order: 1, building_ids: [1] })).statusCode,
      ).toBe(403);
      expect((await t.as(who).post(`${ONE(1)}toggle_active/`)).statusCode).toBe(403);
    }
    expect((await t.as("manager").get(`${BASE}?building=1`)).statusCode).toBe(200);
    expect((await t.as("joconnor").get(`${BASE}?building=1`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(`${BASE}?building=2`)).statusCode).toBe(403);
    for (const who of ["amenity", "clubadmin", "owner"]) expect((await t.as(who).get(BASE)).statusCode).toBe(403);
    expect((await t.as("office").get(`${BASE}?limit=501`)).statusCode).toBe(400);
  });
});
