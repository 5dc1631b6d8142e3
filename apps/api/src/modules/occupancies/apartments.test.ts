import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  Apartment,
  ApartmentDropdownItem,
  apartmentSortKey,
  BUILDING_OCCUPANTS_COLUMNS,
  Occupant,
  paginated,
  UNIT_PROFILE_MESSAGES as M,
  VACANT_UNIT_REPORT_COLUMNS,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_TENANT, DEMO_UNITS } from "../../db/seed/demo-accounts.ts";
import { apartments, occupancies } from "../../db/schema/index.ts";
import { API, apartmentId, eventsOf, occupancyOf, sheetRows, today, us, XLSX } from "./test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /core/apartments/", () => {
  const url = `${API}/core/apartments/`;
  const body = (over: Record<string, unknown> = {}) => ({
    apartment_number: "12B",
    bedrooms: "2BR",
    bathrooms: 2.5,
    floor: "12",
    line: "B",
    is_balcony_apt: true,
    is_management: false,
    is_unlinked_to_tfcio: true,
    building: 1,
    ...over,
  });

  it("is for managers only", async () => {
    expect((await t.as("frontdesk").post(url, body())).statusCode).toBe(403);
    expect((await t.as("porter").post(url, body())).statusCode).toBe(403);
    expect((await t.as("manager").post(url, body({ building: 4 }))).statusCode).toBe(403);
  });

  it("validates the number, bedrooms, bathrooms and building", async () => {
    const res = await t.as("manager").post(url, body({ apartment_number: "", bedrooms: "5BR", bathrooms: 5.5 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      apartment_number: ["This field is required."],
      bedrooms: ['"5BR" is not a valid choice.'],
      bathrooms: [M.bathrooms],
    });
    expect((await t.as("manager").post(url, body({ bathrooms: "1.25" }))).json()).toEqual({ bathrooms: [M.bathrooms] });
    expect((await t.as("manager").post(url, body({ building: undefined }))).json()).toEqual({
      building: ["This field is required."],
    });
    const dup = await t.as("manager").post(url, body({ apartment_number: "ph1" }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({
      apartment_number: ["An apartment with this number already exists in this building."],
    });
  });

  it("creates the apartment in unit order, vacant", async () => {
    const res = await t.as("manager").post(url, body());
    expect(res.statusCode).toBe(201);
    const a = Apartment.parse(res.json());
    expect(a).toMatchObject({
      apartment_number: "12B",
      apartment_id: a.id,
      building: 1,
      bedrooms: "2BR",
      bathrooms: "2.5",
      floor: "12",
      line: "B",
      is_balcony_apt: true,
      is_management: false,
      is_unlinked_to_tfcio: true,
      occupancy_id: null,
      is_vacant: true,
    });
    const [row] = await t.db.select().from(apartments).where(eq(apartments.id, a.id));
    expect(row.sort_key).toBe(apartmentSortKey("12B"));
    const items = z
      .array(ApartmentDropdownItem)
      .parse((await t.as("frontdesk").get(`${API}/core/buildings/1/apartments/dropdown/`)).json());
    const numbers = items.map((i) => i.apartment_number);
    expect(numbers.indexOf("12B")).toBe(numbers.indexOf("1208") + 1);
    expect((await eventsOf(t, "apartment", a.id)).map((e) => e.type_display)).toEqual(["Created"]);
    // The same number is free in another building.
    expect((await t.as("manager").post(url, body({ building: 2 }))).statusCode).toBe(201);
  });
});

describe("GET and PATCH /core/apartments/{id}/", () => {
  it("reads for staff; edits for managers, with the current occupancy in the answer", async () => {
    const id = await apartmentId(t, 1, DEMO_UNITS.occupied);
    const current = await occupancyOf(t, 1, DEMO_UNITS.occupied);
    const got = Apartment.parse((await t.as("frontdesk").get(`${API}/core/apartments/${id}/`)).json());
    expect(got).toMatchObject({ apartment_number: "1203", occupancy_id: current, is_vacant: false });
    expect((await t.as("frontdesk").patch(`${API}/core/apartments/${id}/`, { bedrooms: "3BR" })).statusCode).toBe(403);
    const res = await t
      .as("manager")
      .patch(`${API}/core/apartments/${id}/`, { bedrooms: "3BR", bathrooms: "2", line: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bedrooms: "3BR", bathrooms: "2.0", line: null, occupancy_id: current });
    expect((await eventsOf(t, "apartment", id)).at(-1)!.note).toBe(
      `Changes: bedrooms: ${got.bedrooms} ==> 3BR; bathrooms: ${got.bathrooms} ==> 2.0; line: 03 ==> None`,
    );
  });

  it("renames with a new sort key; numbers stay unique; the building cannot change", async () => {
    const id = await apartmentId(t, 1, "PH3");
    expect((await t.as("manager").patch(`${API}/core/apartments/${id}/`, { apartment_number: "ph2" })).json()).toEqual({
      apartment_number: [M.apartmentNumberTaken],
    });
    expect((await t.as("manager").patch(`${API}/core/apartments/${id}/`, { building: 2 })).json()).toEqual({
      building: [M.buildingReadOnly],
    });
    const res = await t.as("manager").patch(`${API}/core/apartments/${id}/`, { apartment_number: "PH4", building: 1 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(apartments).where(eq(apartments.id, id));
    expect(row.sort_key).toBe(apartmentSortKey("PH4"));
  });

  it("hides other buildings' apartments", async () => {
    const b3 = await apartmentId(t, 3, "1203");
    expect((await t.as("frontdesk").get(`${API}/core/apartments/${b3}/`)).statusCode).toBe(404);
    // The front desk never edits apartments: refused whatever the id, before the body is read.
    expect((await t.as("frontdesk").patch(`${API}/core/apartments/${b3}/`, { bedrooms: "1BR" })).statusCode).toBe(403);
    expect(
      (await t.as("manager").patch(`${API}/core/apartments/${await apartmentId(t, 4, "1203")}/`, { bedrooms: "1BR" }))
        .statusCode,
    ).toBe(404);
  });
});

describe("GET /core/buildings/{id}/apartments/", () => {
  it("pages the apartments in unit order", async () => {
    const res = await t.as("frontdesk").get(`${API}/core/buildings/2/apartments/?limit=5`);
    expect(res.statusCode).toBe(200);
    const page = paginated(Apartment).parse(res.json());
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apartments)
      .where(eq(apartments.building_id, 2));
    expect(page.count).toBe(n);
    expect(page.results.map((a) => a.apartment_number)).toEqual(["201", "202", "203", "204", "205"]);
    expect((await t.as("frontdesk").get(`${API}/core/buildings/2/apartments/?search=2`)).json().count).toBeGreaterThan(
      0,
    );
    expect((await t.as("frontdesk").get(`${API}/core/buildings/3/apartments/`)).statusCode).toBe(403);
  });

  it("with vacant_units=True answers vacant_unit_report.xlsx, row by row", async () => {
    const res = await t.as("frontdesk").get(`${API}/core/buildings/2/apartments/?vacant_units=True`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX.headers.accept);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="vacant_unit_report.xlsx"');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([...VACANT_UNIT_REPORT_COLUMNS]);
    const items = z
      .array(ApartmentDropdownItem)
      .parse((await t.as("frontdesk").get(`${API}/core/buildings/2/apartments/dropdown/`)).json());
    const vacant = items.filter((i) => i.is_vacant && i.apartment_number !== "Mgmt");
    expect(rows.slice(1).map((r) => r[0])).toEqual(vacant.map((v) => v.apartment_number));
    const d = today(2);
    for (const [k, v] of vacant.entries()) {
      const [apt] = await t.db.select().from(apartments).where(eq(apartments.id, v.id));
      const leases = await t.db.select().from(occupancies).where(eq(occupancies.apartment_id, v.id));
      const lastOut = leases
        .map((l) => l.move_out_date ?? (!l.is_active ? l.lease_end_date : null))
        .filter((x): x is string => !!x && x <= d)
        .sort()
        .at(-1);
      const next = leases
        .filter((l) => l.is_active && l.lease_start_date && l.lease_start_date > d)
        .map((l) => l.lease_start_date!)
        .sort()[0];
      expect(rows[k + 1]).toEqual([
        apt.apartment_number,
        apt.bedrooms,
        Number(apt.bathrooms).toFixed(1),
        apt.floor ?? "",
        apt.line ?? "",
        us(lastOut ?? null),
        us(next ?? null),
      ]);
    }
    expect(rows.slice(1).some((r) => r[5] !== "")).toBe(true);
    expect(rows.slice(1).some((r) => r[6] !== "")).toBe(true);
    expect((await t.as("frontdesk").get(`${API}/core/buildings/3/apartments/?vacant_units=True`)).statusCode).toBe(403);
  });

  it("puts the demo's vacant and future-only units of building 1 in the report", async () => {
    const rows = await sheetRows(
      (await t.as("manager").get(`${API}/core/buildings/1/apartments/?vacant_units=True`)).rawPayload,
    );
    const byUnit = new Map(rows.slice(1).map((r) => [r[0], r]));
    const past = await t.db
      .select()
      .from(occupancies)
      .where(eq(occupancies.id, await occupancyOf(t, 1, DEMO_UNITS.vacant, "past")));
    expect(byUnit.get(DEMO_UNITS.vacant)![5]).toBe(us(past[0].move_out_date));
    const future = await t.db
      .select()
      .from(occupancies)
      .where(eq(occupancies.id, await occupancyOf(t, 1, DEMO_UNITS.futureOnly, "future")));
    expect(byUnit.get(DEMO_UNITS.futureOnly)![6]).toBe(us(future[0].lease_start_date));
    expect(byUnit.has(DEMO_UNITS.occupied)).toBe(false);
    expect(byUnit.has("Mgmt")).toBe(false);
  });
});

describe("GET /core/buildings/{id}/occupants/", () => {
  const activeResidents = async (building: number) => {
    const r = await t.db
      .execute(sql`select count(*)::int as n from occupants o join occupancies oc on oc.id = o.occupancy_id
      where oc.building_id = ${building} and oc.is_active and o.is_active`);
    return Number((r as unknown as { rows: { n: number }[] }).rows[0].n);
  };

  it("pages every active resident in unit order", async () => {
    const res = await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?limit=10`);
    expect(res.statusCode).toBe(200);
    const page = paginated(Occupant).parse(res.json());
    expect(page.count).toBe(await activeResidents(1));
    expect(page.results.every((o) => o.email === "" && o.is_active)).toBe(true);
    const search = paginated(Occupant).parse(
      (await t.as("manager").get(`${API}/core/buildings/1/occupants/?search=taylor.morgan`)).json(),
    );
    expect(search.results.map((o) => o.username)).toEqual(["tenant"]);
    expect((await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?search=taylor.morgan`)).json().count).toBe(
      0,
    );
    expect((await t.as("frontdesk").get(`${API}/core/buildings/3/occupants/`)).statusCode).toBe(403);
  });

  it("pages in the spreadsheet's order, searches counted", async () => {
    const res = await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/`, XLSX);
    const sheet = (await sheetRows(res.rawPayload)).slice(1).map((r) => [r[0], r[1], r[2]].map(String));
    const row = (o: Occupant) => [
      o.apartment_number,
      [o.first_name, o.last_name].filter(Boolean).join(" "),
      o.type_display,
    ];
    const pages: string[][] = [];
    for (let offset = 0; ; offset += 37) {
      const page = paginated(Occupant).parse(
        (await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?limit=37&offset=${offset}`)).json(),
      );
      expect(page.count).toBe(sheet.length);
      pages.push(...page.results.map(row));
      if (!page.next) break;
    }
    expect(pages).toEqual(sheet);
    // A search: units by number prefix, residents by name; the page carries the total.
    const every = pages.filter(([unit, name]) => unit.startsWith("1") || name.toLowerCase().includes("1"));
    const found = paginated(Occupant).parse(
      (await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?search=1&limit=5&offset=5`)).json(),
    );
    expect(found.count).toBe(every.length);
    expect(found.results.map(row)).toEqual(every.slice(5, 10));
    const named = pages.filter(([, name]) => name.toLowerCase().includes("an"));
    const an = paginated(Occupant).parse(
      (await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?search=AN&limit=1000`)).json(),
    );
    expect(an.results.map(row)).toEqual(named);
    const past = (await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?search=1&offset=100000`)).json();
    expect(past).toMatchObject({ count: every.length, results: [] });
  });

  it("answers building_occupants.xlsx row by row (Email only for managers)", async () => {
    const res = await t.as("manager").get(`${API}/core/buildings/1/occupants/`, XLSX);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="building_occupants.xlsx"');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([...BUILDING_OCCUPANTS_COLUMNS]);
    expect(rows.length - 1).toBe(await activeResidents(1));
    const occ = await t.db
      .select()
      .from(occupancies)
      .where(eq(occupancies.id, await occupancyOf(t, 1, DEMO_UNITS.occupied)));
    expect(rows.find((r) => r[1] === "Taylor Morgan")).toEqual([
      "1203",
      "Taylor Morgan",
      "Tenant",
      DEMO_TENANT.email,
      DEMO_TENANT.phone_number,
      us(occ[0].lease_start_date),
      us(occ[0].lease_end_date),
      "Current",
    ]);
    // Unit order, the future lease of a unit after its current one.
    const units = rows.slice(1).map((r) => String(r[0]));
    const keys = units.map(apartmentSortKey);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const moving = rows
      .slice(1)
      .filter((r) => r[0] === DEMO_UNITS.movingOut)
      .map((r) => r[7]);
    expect(moving.indexOf("Future")).toBeGreaterThan(moving.lastIndexOf("Current"));

    const fd = await sheetRows(
      (await t.as("frontdesk").get(`${API}/core/buildings/1/occupants/?format=xlsx`)).rawPayload,
    );
    expect(fd[0]).toEqual(BUILDING_OCCUPANTS_COLUMNS.filter((c) => c !== "Email"));
    expect(fd.length).toBe(rows.length);
    expect(fd.flat().some((v) => String(v).includes("@"))).toBe(false);
  });
});
