import ExcelJS from "exceljs";
import sharp from "sharp";
import { and, eq, sql } from "drizzle-orm";
import type { TestApp } from "../../test/app.ts";
import { apartments, buildingSettings, events, occupancies, occupants, users } from "../../db/schema/index.ts";
import { type BuildingSettingsPatch, mergeBuildingSettings, XLSX_CONTENT_TYPE } from "@portico/contract";
import { todayIn } from "../../lib/dates.ts";

export const API = "/api/v1";
export const XLSX = { headers: { accept: XLSX_CONTENT_TYPE } };

export const TZ: Record<number, string> = {
  1: "America/New_York",
  2: "America/Chicago",
  3: "America/Los_Angeles",
  4: "America/Denver",
};
export const today = (building = 1) => todayIn(TZ[building]);

export async function apartmentId(t: TestApp, building: number, number: string): Promise<number> {
  const [a] = await t.db
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.building_id, building), sql`upper(${apartments.apartment_number}) = upper(${number})`));
  if (!a) throw new Error(`no apartment ${number} in ${building}`);
  return a.id;
}

/** The occupancy of a unit: current (active, started), future (active, starts later) or past (inactive). */
export async function occupancyOf(
  t: TestApp,
  building: number,
  number: string,
  which: "current" | "future" | "past" = "current",
): Promise<number> {
  const apt = await apartmentId(t, building, number);
  const rows = await t.db
    .select({ id: occupancies.id, start: occupancies.lease_start_date, active: occupancies.is_active })
    .from(occupancies)
    .where(eq(occupancies.apartment_id, apt))
    .orderBy(occupancies.id);
  const d = today(building);
  const hit = rows.find((r) =>
    which === "past"
      ? !r.active
      : which === "future"
        ? r.active && !!r.start && r.start > d
        : r.active && (!r.start || r.start <= d),
  );
  if (!hit) throw new Error(`no ${which} occupancy on ${number} in ${building}`);
  return hit.id;
}

export async function firstOccupant(t: TestApp, occupancyId: number, activeOnly = true) {
  const rows = await t.db
    .select({
      id: occupants.id,
      user_id: occupants.user_id,
      type: occupants.type,
      is_active: occupants.is_active,
      username: users.username,
    })
    .from(occupants)
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(and(eq(occupants.occupancy_id, occupancyId), activeOnly ? eq(occupants.is_active, true) : undefined))
    .orderBy(occupants.id);
  if (!rows.length) throw new Error(`no occupant on ${occupancyId}`);
  return rows[0];
}

export async function setSettings(t: TestApp, building: number, patch: BuildingSettingsPatch) {
  const [row] = await t.db.select().from(buildingSettings).where(eq(buildingSettings.building_id, building));
  const merged = mergeBuildingSettings(row?.settings ?? {}, patch);
  await t.db
    .insert(buildingSettings)
    .values({ building_id: building, settings: merged })
    .onConflictDoUpdate({ target: buildingSettings.building_id, set: { settings: merged } });
}

export async function eventsOf(t: TestApp, entityType: string, entityId: number) {
  return t.db
    .select()
    .from(events)
    .where(and(eq(events.entity_type, entityType), eq(events.entity_id, entityId)))
    .orderBy(events.id);
}

/** The rows of the first sheet, as arrays of cell values (the header row first). */
export async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    out.push(Array.from(values, (v) => (v === undefined || v === null ? "" : v)));
  });
  // Trailing empty cells are not stored: pad every row to the header's width.
  const width = out.length ? out[0].length : 0;
  return out.map((r) => (r.length < width ? [...r, ...Array(width - r.length).fill("")] : r));
}

/** A small PNG made with sharp. */
export async function pngOf(width = 60, height = 80, color = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file and some fields. */
export function multipart(
  file: { field: string; filename: string; contentType: string; data: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portico${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
  );
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** US date as the spreadsheets write it. */
export const us = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : "");

const PINNED = new Set(["1203", "702", "1105", "305", "1504", "808", "MGMT"]);

/**
 * Units of a building with a current occupancy holding at least one active resident, in unit
 * order, leaving out the demo's pinned units (so tests can change them freely).
 */
export async function currentUnits(t: TestApp, building: number): Promise<string[]> {
  const r = await t.db.execute(sql`
    select a.apartment_number from apartments a
    join buildings b on b.id = a.building_id
    where a.building_id = ${building} and not a.is_management
      and exists (select 1 from occupancies oc where oc.apartment_id = a.id and oc.is_active
        and (oc.lease_start_date is null or oc.lease_start_date <= (now() at time zone b.time_zone)::date)
        and exists (select 1 from occupants o where o.occupancy_id = oc.id and o.is_active))
    order by a.sort_key`);
  return (r as unknown as { rows: { apartment_number: string }[] }).rows
    .map((x) => x.apartment_number)
    .filter((n) => !PINNED.has(n.toUpperCase()));
}
