import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ApartmentDropdownItem,
  apartmentSortKey,
  paginated,
  UNIT_LIST_EXPORT_COLUMNS,
  UnitListRow,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_TENANT, DEMO_UNITS } from "../../db/seed/demo-accounts.ts";
import { occupancies, occupants, users } from "../../db/schema/index.ts";
import * as repo from "./repository.ts";
import { API, sheetRows, today, us, XLSX } from "./test-helpers.ts";

let t: TestApp;
const list = (b: number, q = "") => `${API}/core/buildings/${b}/unit-profiles/${q ? `?${q}` : ""}`;
const Page = paginated(UnitListRow);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function count(where: string): Promise<number> {
  const r = await t.db.execute(
    sql.raw(`select count(*)::int as n from occupancies oc join apartments a on a.id = oc.apartment_id where ${where}`),
  );
  return Number((r as unknown as { rows: { n: number }[] }).rows[0].n);
}
async function all(who: string, b: number, q = ""): Promise<UnitListRow[]> {
  const res = await t.as(who).get(list(b, `limit=5000${q ? `&${q}` : ""}`));
  expect(res.statusCode).toBe(200);
  return Page.parse(res.json()).results;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /core/buildings/{id}/unit-profiles/", () => {
  it("lists the active occupancies in unit order by default, 30 a page", async () => {
    const res = await t.as("frontdesk").get(list(1));
    expect(res.statusCode).toBe(200);
    const page = Page.parse(res.json());
    expect(page.count).toBe(await count("oc.building_id = 1 and oc.is_active"));
    expect(page.results).toHaveLength(30);
    expect(page.previous).toBeNull();
    expect(page.next).toBe("/api/v1/core/buildings/1/unit-profiles/?limit=30&offset=30");
    const rows = await all("frontdesk", 1);
    const keys = rows.map((r) => apartmentSortKey(r.apartment_number));
    expect(keys).toEqual([...keys].sort(cmp));
    expect(
      rows.every((r) => r.is_active && !r.is_vacant && r.building_id === 1 && r.building_name === "The Riverside"),
    ).toBe(true);
    // A unit with a current and a future lease: the future one after the current one.
    const moving = rows.filter((r) => r.apartment_number === DEMO_UNITS.movingOut);
    expect(moving.map((r) => r.status)).toEqual(["CURRENT", "FUTURE"]);
    const tenantRow = rows.find((r) => r.apartment_number === DEMO_UNITS.occupied)!;
    expect(tenantRow.names).toContain(`${DEMO_TENANT.first_name} ${DEMO_TENANT.last_name}`);
    expect(tenantRow.phone_numbers).toContain(DEMO_TENANT.phone_number);
    expect(tenantRow.emails).toBe("");
    expect(tenantRow.status).toBe("CURRENT");
  });

  it("shows e-mails to managers only", async () => {
    const rows = await all("manager", 1);
    expect(rows.find((r) => r.apartment_number === DEMO_UNITS.occupied)!.emails).toContain(DEMO_TENANT.email);
    expect((await all("frontdesk", 1)).every((r) => r.emails === "")).toBe(true);
  });

  it("adds vacant units with display_vacant, and past profiles without active_only", async () => {
    const items = z
      .array(ApartmentDropdownItem)
      .parse((await t.as("frontdesk").get(`${API}/core/buildings/1/apartments/dropdown/`)).json());
    const vacantUnits = items.filter((i) => i.is_vacant).map((i) => i.apartment_number);
    const withVacant = await all("frontdesk", 1, "display_vacant=True");
    const vacantRows = withVacant.filter((r) => r.is_vacant);
    expect(vacantRows.map((r) => r.apartment_number).sort()).toEqual([...vacantUnits].sort());
    expect(vacantRows.every((r) => r.id === null && r.status === null && r.names === "" && !r.is_active)).toBe(true);
    expect(withVacant.length).toBe((await count("oc.building_id = 1 and oc.is_active")) + vacantUnits.length);
    // The future-only unit shows as vacant now and with its future lease.
    expect(withVacant.filter((r) => r.apartment_number === DEMO_UNITS.futureOnly).map((r) => r.status)).toEqual([
      null,
      "FUTURE",
    ]);
    const everything = await all("frontdesk", 1, "active_only=false");
    expect(everything.length).toBe(await count("oc.building_id = 1"));
    const past = everything.filter((r) => r.apartment_number === DEMO_UNITS.vacant);
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((r) => r.status === "INACTIVE" && r.names !== "")).toBe(true);
  });

  it("searches unit numbers, names and (managers) e-mails", async () => {
    const byName = await all("frontdesk", 1, `search=${DEMO_TENANT.first_name.toUpperCase()}`);
    expect(byName.map((r) => r.apartment_number)).toContain(DEMO_UNITS.occupied);
    expect(
      byName.every(
        (r) => r.names.toLowerCase().includes("taylor") || r.apartment_number.toLowerCase().startsWith("taylor"),
      ),
    ).toBe(true);
    const full = await all("frontdesk", 1, "search=Taylor%20Morgan");
    expect(full.map((r) => r.apartment_number)).toEqual([DEMO_UNITS.occupied]);
    const byUnit = await all("frontdesk", 1, "search=12");
    expect(byUnit.length).toBeGreaterThan(0);
    expect(byUnit.every((r) => r.apartment_number.startsWith("12") || r.names.includes("12"))).toBe(true);
    expect((await all("manager", 1, "search=taylor.morgan@")).map((r) => r.apartment_number)).toEqual([
      DEMO_UNITS.occupied,
    ]);
    expect(await all("frontdesk", 1, "search=taylor.morgan@")).toEqual([]);
  });

  it("compares phone digits only", async () => {
    const rows = await all("frontdesk", 1, "phone=212.555.0199");
    expect(rows.map((r) => r.apartment_number)).toEqual([DEMO_UNITS.occupied]);
    const some = await all("frontdesk", 1, "phone=(212)%20555");
    expect(some.length).toBeGreaterThan(1);
    expect(some.every((r) => r.phone_numbers.replace(/\D/g, "").includes("212555"))).toBe(true);
    // No digits: no phone filter.
    expect((await all("frontdesk", 1, "phone=abc")).length).toBe(await count("oc.building_id = 1 and oc.is_active"));
  });

  it("filters balcony units and lease start dates (both ends inclusive)", async () => {
    const balcony = await all("frontdesk", 1, "balcony_only=true");
    expect(balcony.length).toBe(await count("oc.building_id = 1 and oc.is_active and a.is_balcony_apt"));
    expect(balcony.every((r) => r.is_balcony_apt)).toBe(true);
    const rows = await all("frontdesk", 1);
    const starts = rows.map((r) => r.lease_start_date!).sort();
    const lo = starts[Math.floor(starts.length / 4)];
    const hi = starts[Math.floor((starts.length * 3) / 4)];
    const ranged = await all(
      "frontdesk",
      1,
      `min_lease_start_date=${lo}&max_lease_start_date=${hi}&display_vacant=true`,
    );
    expect(ranged.length).toBe(starts.filter((s) => s >= lo && s <= hi).length);
    expect(ranged.every((r) => !r.is_vacant && r.lease_start_date! >= lo && r.lease_start_date! <= hi)).toBe(true);
    const bad = await t.as("frontdesk").get(list(1, "min_lease_start_date=2024-02-30"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ min_lease_start_date: ["Invalid date"] });
  });

  it("refuses a lease start range whose end comes first (400 on max_lease_start_date)", async () => {
    const bad = await t.as("frontdesk").get(list(1, "min_lease_start_date=2024-03-02&max_lease_start_date=2024-03-01"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ max_lease_start_date: ["The end date must be on or after the start date."] });
    const same = await t
      .as("frontdesk")
      .get(list(1, "min_lease_start_date=2024-03-01&max_lease_start_date=2024-03-01"));
    expect(same.statusCode).toBe(200);
  });

  it("orders by unit, lease start or lease end, either way", async () => {
    const desc = (await all("frontdesk", 1, "ordering=-apartment_number")).map((r) =>
      apartmentSortKey(r.apartment_number),
    );
    expect(desc).toEqual([...desc].sort(cmp).reverse());
    const start = (await all("frontdesk", 1, "ordering=lease_start_date")).map((r) => r.lease_start_date!);
    expect(start).toEqual([...start].sort(cmp));
    const end = (await all("frontdesk", 1, "ordering=-lease_end_date&display_vacant=true")).map(
      (r) => r.lease_end_date,
    );
    const dated = end.filter((e): e is string => e !== null);
    expect(dated).toEqual([...dated].sort(cmp).reverse());
    expect(end.slice(dated.length).every((e) => e === null)).toBe(true);
    expect((await t.as("frontdesk").get(list(1, "ordering=names"))).statusCode).toBe(400);
  });

  it("pages with limit and offset", async () => {
    const every = await all("frontdesk", 1);
    const res = Page.parse((await t.as("frontdesk").get(list(1, "limit=10&offset=10"))).json());
    expect(res.results.map((r) => r.id)).toEqual(every.slice(10, 20).map((r) => r.id));
    expect(res.previous).toBe("/api/v1/core/buildings/1/unit-profiles/?limit=10");
    expect(res.next).toBe("/api/v1/core/buildings/1/unit-profiles/?limit=10&offset=20");
  });

  it("covers several reachable buildings with the buildings multi-select", async () => {
    const both = await all("frontdesk", 1, "buildings=1,2");
    expect(both.length).toBe(await count("oc.building_id in (1, 2) and oc.is_active"));
    expect(new Set(both.map((r) => r.building_name))).toEqual(new Set(["The Riverside", "Park Terrace"]));
    const viaAll = await all("frontdesk", 1, "buildings=all");
    expect(viaAll.length).toBe(both.length);
    expect((await t.as("frontdesk").get(list(1, "buildings=1,3"))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(list(3))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(list(3))).json()).toEqual({
      detail: "You do not have access to this building",
    });
    expect((await t.as("office").get(list(1, "buildings=all&limit=1"))).json().count).toBe(await count("oc.is_active"));
    expect((await t.as("clubadmin").get(list(1))).statusCode).toBe(403);
  });

  it("exports the same rows as unit_profiles.xlsx ('Export Table')", async () => {
    const q = "display_vacant=true&ordering=-lease_start_date";
    const rows = await all("manager", 1, q);
    const res = await t.as("manager").get(list(1, q), XLSX);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="unit_profiles.xlsx"');
    const sheet = await sheetRows(res.rawPayload);
    expect(sheet[0]).toEqual([...UNIT_LIST_EXPORT_COLUMNS]);
    expect(sheet.length - 1).toBe(rows.length);
    const status = { CURRENT: "Current", FUTURE: "Future", INACTIVE: "Inactive" } as const;
    rows.forEach((r, i) =>
      expect(sheet[i + 1]).toEqual([
        r.apartment_number,
        r.building_name,
        r.is_vacant ? "Vacant" : r.names,
        r.emails,
        r.phone_numbers,
        us(r.lease_start_date),
        us(r.lease_end_date),
        us(r.move_out_date),
        r.status ? status[r.status] : "Vacant",
        r.is_balcony_apt ? "Yes" : "No",
      ]),
    );
    const fd = await sheetRows((await t.as("frontdesk").get(list(1, "format=xlsx"))).rawPayload);
    expect(fd[0]).toEqual(UNIT_LIST_EXPORT_COLUMNS.filter((c) => c !== "Emails"));
    expect(fd.length - 1).toBe(await count("oc.building_id = 1 and oc.is_active"));
  });

  it("pages in unit order through the same rows as the other orders, vacant units and past profiles included", async () => {
    const key = (r: UnitListRow) => JSON.stringify(r);
    for (const q of [
      "",
      "display_vacant=true",
      "active_only=false&display_vacant=true",
      "balcony_only=true&display_vacant=true",
    ]) {
      for (const ordering of ["apartment_number", "-apartment_number"]) {
        const every = await all("frontdesk", 1, `${q}&ordering=${ordering}`);
        const pages: UnitListRow[] = [];
        for (let offset = 0; ; offset += 23) {
          const page = Page.parse(
            (await t.as("frontdesk").get(list(1, `${q}&ordering=${ordering}&limit=23&offset=${offset}`))).json(),
          );
          expect(page.count).toBe(every.length);
          pages.push(...page.results);
          if (!page.next) break;
        }
        expect(pages.map(key)).toEqual(every.map(key));
        // The same rows as in lease order (read another way).
        const byStart = await all("frontdesk", 1, `${q}&ordering=lease_start_date`);
        expect(every.map(key).sort()).toEqual(byStart.map(key).sort());
      }
    }
  });

  it("finds the same residents lease by lease as by name (the way a search over many buildings goes)", async () => {
    const both = async (search: string, extra: Partial<repo.UnitListFilter> = {}) => {
      const f: repo.UnitListFilter = {
        buildingIds: [1, 2],
        search,
        displayVacant: true,
        activeOnly: true,
        balconyOnly: false,
        viewEmail: false,
        ...extra,
      };
      const s: repo.UnitListSort = { key: "apartment_number", desc: false };
      const page = { limit: 5000, offset: 0 };
      const byLease = await repo.unitList(t.db, f, s, page, false);
      const byName = await repo.unitList(t.db, f, s, page, true);
      expect(byName).toEqual(byLease);
      const few = await repo.unitList(t.db, f, s, { limit: 2, offset: 1 }, true);
      expect(few).toEqual({ count: byLease.count, rows: byLease.rows.slice(1, 3) });
      return byLease.rows;
    };
    const tenantRow = (rows: UnitListRow[]) => rows.some((r) => r.apartment_number === DEMO_TENANT.apartment_number);
    expect(tenantRow(await both(DEMO_TENANT.first_name.toUpperCase()))).toBe(true);
    expect(tenantRow(await both(DEMO_TENANT.last_name.toLowerCase()))).toBe(true);
    expect(tenantRow(await both("taylor morg"))).toBe(true);
    expect(tenantRow(await both("taylor.morgan@"))).toBe(false);
    expect(tenantRow(await both("taylor.morgan@", { viewEmail: true }))).toBe(true);
    expect((await both("12")).length).toBeGreaterThan(0);
    await both("1", { activeOnly: false });
    await both("a", { balconyOnly: true });
    await both("%");

    // A resident who left an active lease is not found; found again once back, and on the
    // lease once it is past (with past profiles).
    const occ = (await all("frontdesk", 2))[0].id!;
    const [u] = await t.db
      .insert(users)
      .values({ username: "ul_zeb", first_name: "Zebulon", last_name: "Quux", role: "TN" })
      .returning({ id: users.id });
    const [o] = await t.db
      .insert(occupants)
      .values({ occupancy_id: occ, user_id: u.id, type: "OC", is_active: false })
      .returning({ id: occupants.id });
    expect(await both("zebulon q")).toEqual([]);
    expect((await both("zebulon q", { activeOnly: false })).length).toBe(0);
    await t.db.update(occupants).set({ is_active: true }).where(eq(occupants.id, o.id));
    expect((await both("zebulon q")).map((r) => r.id)).toEqual([occ]);
    await t.db.update(occupants).set({ is_active: false }).where(eq(occupants.id, o.id));
    await t.db.update(occupancies).set({ is_active: false }).where(eq(occupancies.id, occ));
    expect(await both("zebulon q")).toEqual([]);
    expect((await both("zebulon q", { activeOnly: false })).map((r) => [r.id, r.status])).toEqual([[occ, "INACTIVE"]]);
    await t.db.update(occupancies).set({ is_active: true }).where(eq(occupancies.id, occ));
    await t.db.delete(occupants).where(eq(occupants.id, o.id));
    await t.db.delete(users).where(eq(users.id, u.id));
  });

  it("counts a profile moved out today as it was (moving out deactivates nothing)", async () => {
    const rows = await all("frontdesk", 1);
    const target = rows.find((r) => r.apartment_number === DEMO_UNITS.doNotDisturb)!;
    await t.as("frontdesk").patch(`${API}/core/occupancies/${target.id}/`, { move_out: true });
    const after = (await all("frontdesk", 1)).find((r) => r.id === target.id)!;
    expect(after).toMatchObject({ is_active: true, status: "CURRENT", move_out_date: today(1), names: target.names });
  });
});
