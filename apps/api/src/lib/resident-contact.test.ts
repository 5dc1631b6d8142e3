import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Occupant, Package } from "@portico/contract";
import type { TestApp } from "../test/app.ts";
import { createPackagesApp, LIST, logOne, types, unit, type UnitInfo } from "../modules/packages/test-fixtures.ts";

/**
 * Residents' e-mail addresses reach managers and office only, through every response that
 * carries them; phone numbers reach staff. Cached pages follow the reader, not the first caller.
 */
const SEES_EMAIL = { office: true, manager: true, frontdesk: false, maintenance: false, porter: false } as const;
const ROLES = Object.keys(SEES_EMAIL) as (keyof typeof SEES_EMAIL)[];

let t: TestApp;
let u: UnitInfo;
let pkg: Package;
const ADDRESSES = "taylor.morgan@example.com;roomie@example.com";

beforeAll(async () => {
  t = await createPackagesApp();
  u = await unit(t, 1, "1203");
  const ty = await types(t);
  pkg = await logOne(t, "manager", { occupancy: u.occupancy_id, package_type: ty["Small box"] }, 1);
  await t.db.execute(sql`update packages set send_notification_to = ${ADDRESSES} where id = ${pkg.id}`);
  await t.db.execute(sql`update users set phone_number = '(212) 555-0199' where id = ${u.occupants[0].user_id}`);
});
afterAll(() => t?.close());

describe("resident contact data per role", () => {
  it.each(ROLES)("package detail and list as %s", async (role) => {
    const detail = (await t.as(role).get(`${LIST}${pkg.id}/`)).json() as Package;
    expect(detail.send_notification_to).toBe(SEES_EMAIL[role] ? ADDRESSES : "");
    const page = (await t.as(role).get(`${LIST}?building=1&occupancy=${u.occupancy_id}`)).json();
    const listed = (page.results as Package[]).find((p) => p.id === pkg.id)!;
    expect(listed.send_notification_to).toBe(SEES_EMAIL[role] ? ADDRESSES : "");
  });

  it.each(ROLES)("occupant as %s: e-mail by role, phone for all staff", async (role) => {
    const o = (await t.as(role).get(`/api/v1/core/occupants/${u.occupants[0].id}/`)).json() as Occupant;
    expect(o.email).toBe(SEES_EMAIL[role] ? u.occupants[0].email : "");
    expect(o.phone_number).toBe("(212) 555-0199");
    const occ = (await t.as(role).get(`/api/v1/core/occupancies/${u.occupancy_id}/`)).json();
    const emails = (occ.occupant_set as Occupant[]).map((x) => x.email).filter(Boolean);
    expect(emails.length > 0).toBe(SEES_EMAIL[role]);
    expect(occ.external_lease_id === null).toBe(!SEES_EMAIL[role]);
  });

  it.each(ROLES)("global user search of residents as %s", async (role) => {
    const res = (await t.as(role).get(`/api/v1/core/global-users/?role=TN&search=Morgan`)).json();
    const taylor = res.results.find((r: { username: string }) => r.username === "tenant");
    expect(taylor.email).toBe(SEES_EMAIL[role] ? "taylor.morgan@example.com" : "");
  });

  it("a cached list page is not shared between roles", async () => {
    const url = `${LIST}?building=1&occupancy=${u.occupancy_id}&limit=10`;
    const first = (await t.as("manager").get(url)).json();
    expect(first.results.find((p: Package) => p.id === pkg.id).send_notification_to).toBe(ADDRESSES);
    const second = (await t.as("porter").get(url)).json();
    expect(second.results.find((p: Package) => p.id === pkg.id).send_notification_to).toBe("");
  });
});
