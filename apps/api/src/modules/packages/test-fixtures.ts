import { sql } from "drizzle-orm";
import sharp from "sharp";
import { type Package, type PackageBulkResult } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
export { setBuildingSettings } from "../../test/fixtures.ts";
import type { Config } from "../../config.ts";
import { packageTypes } from "../../db/schema/index.ts";
import { ensurePackageTypes, seedPackages } from "../../db/seed/packages.ts";
import { rowsOf } from "../../lib/sql.ts";
import type { ResidentContact } from "./fragments-repository.ts";

/**
 * Package test helpers over the demo portfolio: building 1 (frontdesk, manager, office reach
 * it), building 3 (frontdesk cannot), its fixed units (1203 current with the tenant, 305 lease
 * ended, 1105 future only, 702 vacant).
 */

export const LIST = "/api/v1/packages/list/";
export const BULK = "/api/v1/packages/bulk/";
export const CLOSE = "/api/v1/packages/bulk/close/";
export const TYPES = "/api/v1/packages/package-types/";
export const core = (b: number, path: string) => `/api/v1/core/buildings/${b}/${path}`;

/**
 * A test app over the demo portfolio with its demo packages (seedPackages is idempotent: a
 * no-op once the demo seed includes packages), so every suite runs against realistic data.
 */
export async function createPackagesApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  await seedPackages(t.db);
  return t;
}

export interface UnitInfo {
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupants: Pick<ResidentContact, "id" | "user_id" | "first_name" | "last_name" | "email" | "phone_number">[];
}

/** The newest active occupancy of a unit (by number) in a building. */
export async function unit(t: TestApp, building: number, number: string): Promise<UnitInfo> {
  const [o] = rowsOf<{ id: number; apartment_id: number }>(
    await t.db.execute(sql`select o.id, o.apartment_id from occupancies o join apartments a on a.id = o.apartment_id
      where a.building_id = ${building} and a.apartment_number = ${number} and o.is_active
      order by o.lease_start_date desc nulls last, o.id desc limit 1`),
  );
  if (!o) throw new Error(`no active occupancy for ${number} in ${building}`);
  const occupants = rowsOf<UnitInfo["occupants"][number]>(
    await t.db.execute(sql`select oc.id, u.id as user_id, u.first_name, u.last_name, u.email, u.phone_number
      from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = ${o.id} and oc.is_active order by oc.id`),
  );
  return { occupancy_id: o.id, apartment_id: o.apartment_id, apartment_number: number, occupants };
}

/** Some other current occupancies of a building (not the given numbers). */
export async function otherUnits(
  t: TestApp,
  building: number,
  count: number,
  exclude: string[] = [],
): Promise<UnitInfo[]> {
  const rows = rowsOf<{ apartment_number: string }>(
    await t.db.execute(sql`select a.apartment_number from occupancies o join apartments a on a.id = o.apartment_id
      where a.building_id = ${building} and o.is_active and not a.is_management
        and (o.lease_start_date is null or o.lease_start_date <= current_date - 2)
        and (o.lease_end_date is null or o.lease_end_date > current_date + 2)
        and exists (select 1 from occupants oc where oc.occupancy_id = o.id and oc.is_active)
      order by a.sort_key limit ${count + exclude.length + 5}`),
  );
  const out: UnitInfo[] = [];
  for (const r of rows) {
    if (exclude.includes(r.apartment_number) || out.some((u) => u.apartment_number === r.apartment_number)) continue;
    out.push(await unit(t, building, r.apartment_number));
    if (out.length === count) break;
  }
  return out;
}

export async function types(t: TestApp): Promise<Record<string, number>> {
  await ensurePackageTypes(t.db);
  const rows = await t.db.select({ id: packageTypes.id, name: packageTypes.name }).from(packageTypes);
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A clean slate (no packages), the type ids by name and the units most suites log for (building 1). */
export async function packageBasics(t: TestApp) {
  const ty = await types(t);
  await clearPackages(t);
  return { ty, u1203: await unit(t, 1, "1203"), u305: await unit(t, 1, "305"), u1105: await unit(t, 1, "1105") };
}

/** Removes every package, queued package and package event (a clean slate for exact counts). */
export async function clearPackages(t: TestApp): Promise<void> {
  await t.db.execute(sql`delete from package_queue`);
  await t.db.execute(sql`delete from events where entity_type = 'package'`);
  await t.db.execute(sql`delete from packages`);
}

/** Logs packages through the API as `username`; fails the test on a non-201. */
export async function logPackages(
  t: TestApp,
  username: string,
  rows: Record<string, unknown>[],
  building?: number,
): Promise<PackageBulkResult> {
  const res = await t.as(username).post(`${BULK}${building ? `?building=${building}` : ""}`, rows);
  if (res.statusCode !== 201) throw new Error(`log failed ${res.statusCode}: ${res.body}`);
  return res.json() as PackageBulkResult;
}

export async function logOne(
  t: TestApp,
  username: string,
  row: Record<string, unknown>,
  building?: number,
): Promise<Package> {
  return (await logPackages(t, username, [row], building)).results[0];
}

/** Backdates packages (and their events) by days. */
export async function backdate(t: TestApp, ids: number[], days: number): Promise<void> {
  if (!ids.length) return;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await t.db.execute(sql`update packages set date_opened = date_opened - make_interval(days => ${days}),
    date_created = date_created - make_interval(days => ${days}) where id in (${list})`);
  await t.db.execute(sql`update events set date_created = date_created - make_interval(days => ${days})
    where entity_type = 'package' and entity_id in (${list})`);
}

/** A multipart/form-data body. Files are {filename, contentType, data}. */
export function multipart(fields: [string, string | { filename: string; contentType: string; data: Buffer }][]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----portico${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === "string") {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const smallPng = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
