import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { IdCardJob, paginated, UNIT_PROFILE_MESSAGES as M } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_TENANT } from "../../db/seed/demo-accounts.ts";
import { apartments, events, idCardJobs, occupancies, occupants, users } from "../../db/schema/index.ts";

let t: TestApp;
const url = "/api/v1/id-cards/id-cards/";

/** An active resident of a current lease in a building (the demo tenant in building 1). */
async function residentIn(building: number) {
  if (building === 1) {
    const [r] = await t.db
      .select({ id: occupants.id, user_id: occupants.user_id })
      .from(occupants)
      .innerJoin(users, eq(users.id, occupants.user_id))
      .where(eq(users.username, DEMO_TENANT.username));
    return { ...r, unit: "1203" };
  }
  const [r] = await t.db
    .select({ id: occupants.id, user_id: occupants.user_id, unit: apartments.apartment_number })
    .from(occupants)
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(and(eq(occupancies.building_id, building), eq(occupancies.is_active, true), eq(occupants.is_active, true)))
    .orderBy(occupants.id)
    .limit(1);
  return r;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /id-cards/id-cards/", () => {
  it("queues a replacement card for a resident (managers, building with ID cards)", async () => {
    const r = await residentIn(1);
    const body = { occupant_id: r.id, unit: "1203", name: "Taylor Morgan", building_id: 1 };
    expect((await t.as("frontdesk").post(url, body)).statusCode).toBe(403);
    const res = await t.as("manager").post(url, body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(Object.keys(res.json())).toEqual(["id"]);
    const [job] = await t.db.select().from(idCardJobs).where(eq(idCardJobs.id, id));
    expect(job).toMatchObject({
      building_id: 1,
      occupant_id: r.id,
      name: "Taylor Morgan",
      unit: "1203",
      type: "REPLACEMENT",
      status: "QUEUED",
    });
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.entity_type, "occupant"), eq(events.entity_id, r.id), eq(events.type, "ID_CARD_REQUESTED")));
    expect(ev).toMatchObject({
      type_display: "ID card requested",
      note: "Replacement ID card queued for Taylor Morgan (unit 1203).",
    });
  });

  it("needs a first or last name: 'There was a problem replacing the ID Card.'", async () => {
    const r = await residentIn(1);
    for (const name of ["", "   ", undefined]) {
      const res = await t.as("manager").post(url, { occupant_id: r.id, unit: "1203", name, building_id: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: "There was a problem replacing the ID Card." });
    }
    // A resident without any name cannot get a card either.
    await t.db.update(users).set({ first_name: "", last_name: "" }).where(eq(users.id, r.user_id));
    const res = await t.as("manager").post(url, { occupant_id: r.id, unit: "1203", name: "Someone", building_id: 1 });
    expect(res.json()).toEqual({ detail: M.idCardReplaceFailed });
    await t.db
      .update(users)
      .set({ first_name: DEMO_TENANT.first_name, last_name: DEMO_TENANT.last_name })
      .where(eq(users.id, r.user_id));
  });

  it("refuses buildings without ID cards, unreachable buildings and residents of other buildings", async () => {
    const b2 = await residentIn(2);
    const noCards = await t.as("manager").post(url, { occupant_id: b2.id, unit: b2.unit, name: "A B", building_id: 2 });
    expect(noCards.statusCode).toBe(403);
    expect(noCards.json()).toEqual({ detail: M.idCardsDisabled });
    const b4 = await residentIn(4);
    expect(
      (await t.as("manager").post(url, { occupant_id: b4.id, unit: b4.unit, name: "A B", building_id: 4 })).statusCode,
    ).toBe(403);
    expect(
      (await t.as("salvarez").post(url, { occupant_id: b4.id, unit: b4.unit, name: "A B", building_id: 4 })).statusCode,
    ).toBe(201);
    const r = await residentIn(1);
    expect(
      (await t.as("salvarez").post(url, { occupant_id: r.id, unit: "1203", name: "A B", building_id: 4 })).json(),
    ).toEqual({
      occupant_id: ["Select a valid resident."],
    });
    expect((await t.as("manager").post(url, { unit: "1203", name: "A B" })).json()).toEqual({
      occupant_id: ["This field is required."],
      building_id: ["This field is required."],
    });
  });
});

describe("ID card jobs list and cancel", () => {
  it("lists a building's jobs newest first for staff; managers cancel queued ones", async () => {
    const r = await residentIn(1);
    const a = (
      await t.as("manager").post(url, { occupant_id: r.id, unit: "1203", name: "Taylor Morgan", building_id: 1 })
    ).json().id;
    const res = await t.as("frontdesk").get(`${url}?building=1`);
    expect(res.statusCode).toBe(200);
    const page = paginated(IdCardJob).parse(res.json());
    expect(page.results[0]).toMatchObject({
      id: a,
      type: "REPLACEMENT",
      type_display: "Replacement",
      status: "QUEUED",
    });
    expect(page.results[0].requested_by).toMatchObject({ username: "manager" });
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idCardJobs)
      .where(eq(idCardJobs.building_id, 1));
    expect(page.count).toBe(n);
    expect((await t.as("frontdesk").get(`${url}?building=3`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(`${url}?building=2`)).statusCode).toBe(403);

    expect((await t.as("frontdesk").post(`${url}${a}/cancel/`)).statusCode).toBe(403);
    const cancel = await t.as("manager").post(`${url}${a}/cancel/`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: true });
    const again = await t.as("manager").post(`${url}${a}/cancel/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: "There was a problem cancelling this ID Card job." });
    const cancelled = paginated(IdCardJob).parse(
      (await t.as("manager").get(`${url}?building=1&status=CANCELLED`)).json(),
    );
    expect(cancelled.results.map((j) => j.id)).toEqual([a]);
  });
});
