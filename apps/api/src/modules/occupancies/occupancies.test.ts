import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  AdjacentUnits,
  ApartmentDropdownItem,
  NO_EMAIL_DOMAIN,
  Occupancy,
  OccupancyEvent,
  Occupant,
  paginated,
  UNIT_PROFILE_MESSAGES as M,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_TENANT, DEMO_UNITS } from "../../db/seed/demo-accounts.ts";
import { occupancies, occupants, users } from "../../db/schema/index.ts";
import { API, apartmentId, currentUnits, eventsOf, firstOccupant, occupancyOf, today } from "./test-helpers.ts";

let t: TestApp;
const occ = (id: number) => `${API}/core/occupancies/${id}/`;
/** Current units free to change: building 1, and building 3 (out of the front desk's reach) and 4. */
let u1: string[];
let u3: string[];
let u4: string[];

beforeAll(async () => {
  t = await createTestApp();
  u1 = await currentUnits(t, 1);
  u3 = await currentUnits(t, 3);
  u4 = await currentUnits(t, 4);
});
afterAll(() => t.close());

describe("GET /core/occupancies/{id}/", () => {
  it("answers the unit profile with its residents, lease and apartment", async () => {
    const id = await occupancyOf(t, 1, DEMO_UNITS.occupied);
    const res = await t.as("manager").get(occ(id));
    expect(res.statusCode).toBe(200);
    const o = Occupancy.parse(res.json());
    expect(o).toMatchObject({
      id,
      building_id: 1,
      building_name: "The Riverside",
      apartment_number: "1203",
      floor: "12",
      line: "03",
      is_active: true,
      is_future: false,
      status: "CURRENT",
      flag: null,
      tracking: null,
      tracking_employees: [],
    });
    const tenant = o.occupant_set.find((p) => p.username === DEMO_TENANT.username)!;
    expect(tenant).toMatchObject({
      first_name: DEMO_TENANT.first_name,
      last_name: DEMO_TENANT.last_name,
      email: DEMO_TENANT.email,
      phone_number: DEMO_TENANT.phone_number,
      type: "TN",
      type_display: "Tenant",
      is_active: true,
      has_account: true,
      occupancy_id: id,
      apartment_number: "1203",
    });
    expect(Object.keys(tenant.notification_preferences).sort()).toEqual([
      "is_email_maintenance_activity",
      "is_email_package_activity",
      "is_text_maintenance_activity",
      "is_text_package_activity",
    ]);
    expect(o.external_lease_id).toMatch(/^RIV-1203-/);
    expect(Buffer.from(o.encoded_external_lease_id!, "base64url").toString()).toBe(o.external_lease_id);
  });

  it("hides resident e-mails and the external lease id from the front desk", async () => {
    const id = await occupancyOf(t, 1, DEMO_UNITS.occupied);
    const o = Occupancy.parse((await t.as("frontdesk").get(occ(id))).json());
    expect(o.occupant_set.length).toBeGreaterThan(0);
    expect(o.occupant_set.every((p) => p.email === "")).toBe(true);
    expect(o.external_lease_id).toBeNull();
    expect(o.encoded_external_lease_id).toBeNull();
  });

  it("tells future, inactive, expired and do-not-disturb profiles apart", async () => {
    const get = async (n: string, which: "current" | "future" | "past" = "current") =>
      Occupancy.parse((await t.as("manager").get(occ(await occupancyOf(t, 1, n, which)))).json());
    expect(await get(DEMO_UNITS.futureOnly, "future")).toMatchObject({
      status: "FUTURE",
      is_future: true,
      is_active: true,
    });
    const past = await get(DEMO_UNITS.vacant, "past");
    expect(past).toMatchObject({ status: "INACTIVE", is_active: false });
    expect(past.occupant_set).toEqual([]);
    expect(past.inactive_occupant_set.length).toBeGreaterThan(0);
    expect(await get(DEMO_UNITS.leaseExpired)).toMatchObject({ is_lease_expired: true, status: "CURRENT" });
    expect(await get(DEMO_UNITS.doNotDisturb)).toMatchObject({ is_do_not_disturb: true });
    const moving = await get(DEMO_UNITS.movingOut);
    expect(moving.move_out_date).not.toBeNull();
  });

  it("refuses other buildings as not found, and non-staff roles", async () => {
    const b3 = await occupancyOf(t, 3, u3[0]);
    expect((await t.as("frontdesk").get(occ(b3))).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(occ(b3))).json()).toEqual({ detail: "Not found." });
    expect((await t.as("manager").get(occ(b3))).statusCode).toBe(200);
    expect((await t.as("manager").get(occ(999999))).statusCode).toBe(404);
    const id = await occupancyOf(t, 1, DEMO_UNITS.occupied);
    expect((await t.as(null).get(occ(id))).statusCode).toBe(401);
    expect((await t.as("clubadmin").get(occ(id))).statusCode).toBe(403);
    expect((await t.as("owner").get(occ(id))).statusCode).toBe(403);
    expect((await t.as("tenant").get(occ(id))).statusCode).toBe(403);
  });
});

describe("GET /core/occupancies/?apartment_id=", () => {
  it("lists a unit's occupancies, newest lease first", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.movingOut);
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/?apartment_id=${apt}`);
    expect(res.statusCode).toBe(200);
    const page = paginated(Occupancy).parse(res.json());
    const inDb = await t.db.select().from(occupancies).where(eq(occupancies.apartment_id, apt));
    expect(page.count).toBe(inDb.length);
    expect(page.results.every((o) => o.apartment_id === apt)).toBe(true);
    expect(page.results[0].status).toBe("FUTURE");
    expect(page.results[1].status).toBe("CURRENT");
    const active = await t.as("frontdesk").get(`${API}/core/occupancies/?apartment_id=${apt}&is_active=true`);
    expect(active.json().count).toBe(inDb.filter((o) => o.is_active).length);
  });

  it("lists a building's occupancies and refuses unreachable buildings", async () => {
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/?building=1&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(5);
    expect((await t.as("frontdesk").get(`${API}/core/occupancies/?building=3`)).statusCode).toBe(403);
    const b3apt = await apartmentId(t, 3, u3[0]);
    const other = await t.as("frontdesk").get(`${API}/core/occupancies/?apartment_id=${b3apt}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().count).toBe(0);
    expect((await t.as("frontdesk").get(`${API}/core/occupancies/`)).json()).toEqual({ building: [M.fieldRequired] });
  });
});

describe("GET /core/occupancies/{id}/adjacent_units/", () => {
  it("names the previous and next occupied units in unit order", async () => {
    const items = z
      .array(ApartmentDropdownItem)
      .parse((await t.as("frontdesk").get(`${API}/core/buildings/1/apartments/dropdown/`)).json());
    const occupied = items.filter((i) => i.current_occupancy_id != null);
    const k = occupied.findIndex((i) => i.apartment_number === DEMO_UNITS.occupied);
    const id = await occupancyOf(t, 1, DEMO_UNITS.occupied);
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/${id}/adjacent_units/`);
    expect(res.statusCode).toBe(200);
    expect(AdjacentUnits.parse(res.json())).toEqual({
      previous: {
        occupancy_id: occupied[k - 1].current_occupancy_id,
        apartment_number: occupied[k - 1].apartment_number,
      },
      next: { occupancy_id: occupied[k + 1].current_occupancy_id, apartment_number: occupied[k + 1].apartment_number },
    });
    const first = await t
      .as("frontdesk")
      .get(`${API}/core/occupancies/${occupied[0].current_occupancy_id}/adjacent_units/`);
    expect(first.json().previous).toBeNull();
    expect(first.json().next.apartment_number).toBe(occupied[1].apartment_number);
    const last = occupied[occupied.length - 1];
    expect(
      (await t.as("frontdesk").get(`${API}/core/occupancies/${last.current_occupancy_id}/adjacent_units/`)).json().next,
    ).toBeNull();
  });

  it("starts from a vacant unit's future lease too", async () => {
    const id = await occupancyOf(t, 1, DEMO_UNITS.futureOnly, "future");
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/${id}/adjacent_units/`);
    expect(res.statusCode).toBe(200);
    const { previous, next } = AdjacentUnits.parse(res.json());
    expect(previous?.apartment_number).not.toBe(DEMO_UNITS.futureOnly);
    expect(next?.apartment_number).not.toBe(DEMO_UNITS.futureOnly);
  });
});

describe("POST /core/occupancies/", () => {
  const url = `${API}/core/occupancies/`;
  const person = (over: Record<string, unknown> = {}) => ({
    first_name: "Jamie",
    last_name: "Doe",
    email: "jamie.doe@example.com",
    username: "jdoe702",
    phone_number: "(212) 555-7702",
    type: "TN",
    is_active: true,
    ...over,
  });

  it("is for managers only", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    const res = await t.as("frontdesk").post(url, { apartment_id: apt, new_occupants: [person()] });
    expect(res.statusCode).toBe(403);
    expect((await t.as("maintenance").post(url, { apartment_id: apt, new_occupants: [person()] })).statusCode).toBe(
      403,
    );
  });

  it("needs at least one resident", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    for (const body of [
      { apartment_id: apt },
      { apartment_id: apt, new_occupants: [], new_occupants_by_username: [] },
    ]) {
      const res = await t.as("manager").post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ["Must have at least one resident to activate a new unit profile."],
      });
    }
  });

  it("answers invalid resident rows row by row, with the form-wide message", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    const res = await t.as("manager").post(url, {
      apartment_id: apt,
      new_occupants: [
        person(),
        person({ type: undefined, username: "ok_name", email: "bad-address" }),
        person({ type: "", username: "x y" }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      new_occupants: [
        {},
        { type: ["This field is required"], email: ["Enter a valid email address."] },
        {
          type: ["This field is required"],
          username: ["Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."],
        },
      ],
      non_field_errors: ["Invalid occupant information, click marked row(s) for detail."],
    });
  });

  it("requires e-mail and username unless the no-email option is chosen", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    const res = await t.as("manager").post(url, {
      apartment_id: apt,
      new_occupants: [
        person({ email: "", username: "" }),
        person({ first_name: "", last_name: "", no_email: true, email: "", username: "" }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().new_occupants).toEqual([
      { email: ["This field is required."], username: ["This field is required."] },
      { first_name: ["Enter a first or last name."] },
    ]);
  });

  it("refuses usernames already taken, and unknown existing residents", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    const res = await t.as("manager").post(url, {
      apartment_id: apt,
      new_occupants: [person({ username: "TENANT" }), person({ username: "fresh1" }), person({ username: "fresh1" })],
      new_occupants_by_username: [
        { username: "nobody-here", type: "TN", is_active: true },
        { username: "frontdesk", type: "OC" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [M.invalidOccupantRows],
      new_occupants: [{ username: [M.usernameTaken] }, {}, { username: [M.duplicateInRequest] }],
      new_occupants_by_username: [{ username: [M.residentNotFound] }, { username: [M.residentNotFound] }],
    });
    expect(M.usernameTaken).toBe("A user with that username already exists.");
  });

  it("checks the unit, the dates and the lease order", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    expect((await t.as("manager").post(url, { new_occupants: [person()] })).json()).toEqual({
      apartment_id: ["This field is required."],
    });
    const b4 = await apartmentId(t, 4, u4[0]);
    expect((await t.as("manager").post(url, { apartment_id: b4, new_occupants: [person()] })).json()).toEqual({
      apartment_id: [M.invalidUnit],
    });
    const bad = await t
      .as("manager")
      .post(url, { apartment_id: apt, lease_start_date: "2025-13-01", new_occupants: [person()] });
    expect(bad.json()).toEqual({
      lease_start_date: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
    });
    const order = await t.as("manager").post(url, {
      apartment_id: apt,
      lease_start_date: "2025-06-01",
      lease_end_date: "2025-05-01",
      new_occupants: [person()],
    });
    expect(order.json()).toEqual({ lease_end_date: [M.leaseEndBeforeStart] });
  });

  it("creates the profile with new, no-email and existing residents; empty dates are null", async () => {
    const apt = await apartmentId(t, 1, DEMO_UNITS.vacant);
    const res = await t.as("manager").post(url, {
      apartment_id: apt,
      lease_start_date: today(),
      lease_end_date: "",
      move_in_date: "",
      move_out_date: null,
      new_occupants: [
        person({ phone_number: "" }),
        { first_name: "Kid", last_name: "Doe", type: "CH", is_active: true, no_email: true, email: "", username: "" },
      ],
      new_occupants_by_username: [{ username: "tenant", type: "OC", is_active: false }],
    });
    expect(res.statusCode).toBe(201);
    const o = Occupancy.parse(res.json());
    expect(o).toMatchObject({
      apartment_id: apt,
      apartment_number: DEMO_UNITS.vacant,
      status: "CURRENT",
      lease_start_date: today(),
      lease_end_date: null,
      move_in_date: null,
      move_out_date: null,
    });
    expect(o.occupant_set.map((p) => [p.username, p.type])).toEqual([
      ["jdoe702", "TN"],
      ["kdoe702", "CH"],
    ]);
    expect(o.inactive_occupant_set.map((p) => [p.username, p.type])).toEqual([["tenant", "OC"]]);
    const kid = o.occupant_set[1];
    expect(kid.email).toBe(`kdoe702@${NO_EMAIL_DOMAIN}`);
    expect(kid.is_placeholder_email).toBe(true);
    const [jamie] = await t.db.select().from(users).where(eq(users.username, "jdoe702"));
    expect(jamie).toMatchObject({ role: "TN", phone_number: "", email: "jamie.doe@example.com", password_hash: null });
    // One event for the profile, one per resident.
    expect((await eventsOf(t, "occupancy", o.id)).map((e) => e.type_display)).toEqual(["Created"]);
    for (const p of [...o.occupant_set, ...o.inactive_occupant_set])
      expect((await eventsOf(t, "occupant", p.id)).map((e) => e.type_display)).toEqual(["Created"]);
    // A second no-email child of the same name gets a username of its own.
    const again = await t.as("manager").post(url, {
      apartment_id: apt,
      new_occupants: [{ first_name: "Kid", last_name: "Doe", type: "CH", no_email: true }],
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().occupant_set[0].username).toBe("kdoe702_2");
  });
});

describe("PATCH /core/occupancies/{id}/", () => {
  it("moves out with today's date in the building's time zone and deactivates nothing (front desk)", async () => {
    const id = await occupancyOf(t, 1, DEMO_UNITS.doNotDisturb);
    const res = await t.as("frontdesk").patch(occ(id), { move_out: true });
    expect(res.statusCode).toBe(200);
    const o = Occupancy.parse(res.json());
    expect(o.move_out_date).toBe(today(1));
    expect(o.is_active).toBe(true);
    expect(o.occupant_set.length).toBeGreaterThan(0);
    expect(o.inactive_occupant_set.length).toBe(0);
    const ev = await eventsOf(t, "occupancy", id);
    expect(ev.at(-1)).toMatchObject({
      type: "MOVED_OUT",
      type_display: "Moved out",
      note: `Changes: move_out_date: None ==> ${today(1)}`,
    });
  });

  it("uses the building's own time zone for today", async () => {
    const id = await occupancyOf(t, 3, u3[0]);
    const o = (await t.as("manager").patch(occ(id), { move_out: true })).json();
    expect(o.move_out_date).toBe(today(3));
  });

  it("lets the front desk send move_out_date but nothing else", async () => {
    const id = await occupancyOf(t, 1, DEMO_UNITS.leaseExpired);
    const ok = await t.as("frontdesk").patch(occ(id), { move_out_date: "2030-01-31" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().move_out_date).toBe("2030-01-31");
    for (const body of [
      { is_do_not_disturb: true },
      { lease_end_date: "2031-01-01" },
      { is_active: false },
      { move_out_date: null, apartment_id: 1 },
    ])
      expect((await t.as("frontdesk").patch(occ(id), body)).statusCode).toBe(403);
    const b3 = await occupancyOf(t, 3, u3[1]);
    expect((await t.as("frontdesk").patch(occ(b3), { move_out: true })).statusCode).toBe(404);
  });

  it("records only the changed fields in the change note (managers)", async () => {
    const id = await occupancyOf(t, 1, u1[0]);
    const before = Occupancy.parse((await t.as("manager").get(occ(id))).json());
    const res = await t.as("manager").patch(occ(id), {
      lease_start_date: before.lease_start_date,
      lease_end_date: "2031-12-31",
      is_do_not_disturb: true,
      move_in_date: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lease_end_date: "2031-12-31", is_do_not_disturb: true, move_in_date: null });
    const last = (await eventsOf(t, "occupancy", id)).at(-1)!;
    expect(last.type_display).toBe("Updated");
    expect(last.note).toBe(
      `Changes: lease_end_date: ${before.lease_end_date} ==> 2031-12-31; move_in_date: ${before.move_in_date} ==> None; is_do_not_disturb: false ==> true`,
    );
    // Nothing changed: no event.
    const count = (await eventsOf(t, "occupancy", id)).length;
    await t.as("manager").patch(occ(id), { is_do_not_disturb: true });
    expect((await eventsOf(t, "occupancy", id)).length).toBe(count);
  });

  it("moves a profile to another unit of the same building only", async () => {
    const id = await occupancyOf(t, 1, u1[1]);
    const vacantApt = await apartmentId(t, 1, "PH3");
    const other = await apartmentId(t, 2, "1201");
    expect((await t.as("manager").patch(occ(id), { apartment_id: other })).json()).toEqual({
      apartment_id: [M.unitOtherBuilding],
    });
    const res = await t.as("manager").patch(occ(id), { apartment_id: vacantApt });
    expect(res.statusCode).toBe(200);
    expect(res.json().apartment_number).toBe("PH3");
    expect((await eventsOf(t, "occupancy", id)).at(-1)!.note).toBe(`Changes: apartment_number: ${u1[1]} ==> PH3`);
    await t.as("manager").patch(occ(id), { apartment_id: await apartmentId(t, 1, u1[1]) });
  });

  it("refuses to deactivate while a resident is active", async () => {
    const id = await occupancyOf(t, 1, u1[2]);
    const res = await t.as("manager").patch(occ(id), { is_active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ is_active: ["To deactivate an occupancy, all its occupants must be deactivated."] });
    const people = await t.db.select().from(occupants).where(eq(occupants.occupancy_id, id));
    for (const p of people.filter((x) => x.is_active))
      expect((await t.as("manager").patch(`${API}/core/occupants/${p.id}/`, { is_active: false })).statusCode).toBe(
        200,
      );
    const ok = await t.as("manager").patch(occ(id), { is_active: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ is_active: false, status: "INACTIVE", occupant_set: [] });
  });

  it("validates dates and the lease order against the stored dates", async () => {
    const id = await occupancyOf(t, 1, u1[3]);
    expect((await t.as("manager").patch(occ(id), { lease_end_date: "31/12/2030" })).json()).toEqual({
      lease_end_date: [M.dateFormat],
    });
    expect((await t.as("manager").patch(occ(id), { lease_end_date: "1990-01-01" })).json()).toEqual({
      lease_end_date: [M.leaseEndBeforeStart],
    });
  });
});

describe("DELETE /core/occupancies/{id}/", () => {
  it("is for managers; deletes the profile and its residents, keeping the history", async () => {
    const id = await occupancyOf(t, 1, u1[4]);
    const people = await t.db.select().from(occupants).where(eq(occupants.occupancy_id, id));
    expect((await t.as("frontdesk").delete(occ(id))).statusCode).toBe(403);
    const res = await t.as("manager").delete(occ(id));
    expect(res.statusCode).toBe(204);
    expect((await t.as("manager").get(occ(id))).statusCode).toBe(404);
    expect(await t.db.select().from(occupants).where(eq(occupants.occupancy_id, id))).toEqual([]);
    expect(people.length).toBeGreaterThan(0);
    expect((await eventsOf(t, "occupancy", id)).at(-1)).toMatchObject({
      type: "DELETED",
      note: `Unit profile of unit ${u1[4]} deleted.`,
    });
    expect((await t.as("manager").delete(occ(id))).statusCode).toBe(404);
    const b4 = await occupancyOf(t, 4, u4[0]);
    expect((await t.as("manager").delete(occ(b4))).statusCode).toBe(404);
  });
});

describe("POST /core/occupancies/{id}/add-existing-occupant/", () => {
  const url = (id: number) => `${API}/core/occupancies/${id}/add-existing-occupant/`;

  it("adds a previous resident by username (managers)", async () => {
    const id = await occupancyOf(t, 1, u1[5]);
    const prev = await firstOccupant(t, await occupancyOf(t, 1, DEMO_UNITS.vacant, "past"), false);
    expect((await t.as("frontdesk").post(url(id), { username: prev.username, type: "OC" })).statusCode).toBe(403);
    const res = await t.as("manager").post(url(id), { username: prev.username, type: "OC", is_active: true });
    expect(res.statusCode).toBe(201);
    expect(Occupant.parse(res.json())).toMatchObject({
      user_id: prev.user_id,
      type: "OC",
      occupancy_id: id,
      is_active: true,
    });
    const o = Occupancy.parse((await t.as("manager").get(occ(id))).json());
    expect(o.occupant_set.some((p) => p.user_id === prev.user_id)).toBe(true);
    // Twice is refused.
    const again = await t.as("manager").post(url(id), { username: prev.username, type: "OC" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [M.alreadyOnProfile] });
  });

  it("answers its errors in non_field_errors", async () => {
    const id = await occupancyOf(t, 1, u1[5]);
    const noType = await t.as("manager").post(url(id), { username: "tenant" });
    expect(noType.json()).toEqual({ type: ["This field is required"], non_field_errors: ["This field is required"] });
    const unknown = await t.as("manager").post(url(id), { username: "no-such-person", type: "TN" });
    expect(unknown.json()).toEqual({ non_field_errors: [M.residentNotFound] });
    const staff = await t.as("manager").post(url(id), { username: "frontdesk", type: "TN" });
    expect(staff.json()).toEqual({ non_field_errors: [M.residentNotFound] });
  });
});

describe("GET /core/occupancies/{id}/events/", () => {
  it("shows the profile's and its residents' history, newest first, to the front desk", async () => {
    const id = await occupancyOf(t, 1, u1[6]);
    await t.as("manager").patch(occ(id), { is_do_not_disturb: true });
    const p = await firstOccupant(t, id);
    await t.as("manager").patch(`${API}/core/occupants/${p.id}/`, { pronouns: "they/them" });
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/${id}/events/`);
    expect(res.statusCode).toBe(200);
    const page = paginated(OccupancyEvent).parse(res.json());
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({
      entity_type: "occupant",
      entity_id: p.id,
      type_display: "Updated",
      note: "Changes: pronouns: None ==> they/them",
      performed_by: "Marcus Reed",
    });
    expect(page.results[0].subject).toBeTruthy();
    expect(page.results[1]).toMatchObject({
      entity_type: "occupancy",
      type_display: "Updated",
      note: "Changes: is_do_not_disturb: false ==> true",
      subject: null,
    });
    expect((await t.as("maintenance").get(`${API}/core/occupancies/${id}/events/`)).statusCode).toBe(200);
    expect((await t.as("clubadmin").get(`${API}/core/occupancies/${id}/events/`)).statusCode).toBe(403);
    const b3 = await occupancyOf(t, 3, u3[2]);
    expect((await t.as("frontdesk").get(`${API}/core/occupancies/${b3}/events/`)).statusCode).toBe(404);
  });

  it("pages", async () => {
    const id = await occupancyOf(t, 1, u1[6]);
    const res = await t.as("frontdesk").get(`${API}/core/occupancies/${id}/events/?limit=1`);
    expect(res.json()).toMatchObject({ count: 2, previous: null });
    expect(res.json().results).toHaveLength(1);
    expect(res.json().next).toContain("offset=1");
  });
});

describe("OpenAPI", () => {
  it("documents the unit-profile calls", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    for (const p of [
      "/api/v1/core/occupancies/",
      "/api/v1/core/occupancies/{id}/",
      "/api/v1/core/occupancies/{id}/notes/{noteId}/",
      "/api/v1/core/occupants/{id}/impersonate/",
      "/api/v1/core/occupant-photos/{id}/",
      "/api/v1/core/buildings/{id}/unit-profiles/",
      "/api/v1/id-cards/id-cards/",
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });

  it("answers 404, not a server error, for path ids out of range", async () => {
    expect((await t.as("manager").get(`${API}/core/occupancies/99999999999/`)).statusCode).toBe(404);
  });
});
