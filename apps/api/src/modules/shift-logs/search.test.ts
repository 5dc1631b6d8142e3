import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { SHIFT_LOG_ORDERINGS, type ShiftLogNote } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { dayjs } from "../../lib/dates.ts";
import { backdate, createWorld, postNote, setBuildingSettings, type ShiftWorld } from "./test-fixtures.ts";
import { sql } from "drizzle-orm";
import {
  iterateNotes,
  noteWhere,
  prepareSearch,
  scopedQuery,
  selectNotes,
  type NoteFilter,
  type SortKey,
} from "./repository.ts";
import { rowsOf } from "../../lib/sql.ts";
import { CUSTOM_PLAN, GENERIC_PLAN } from "../../db/prepared.ts";
import { statementsOf } from "../../test/statements.ts";
import { occupants, users } from "../../db/schema/index.ts";

const NOTES = "/api/v1/shift-logs/notes/";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let t: TestApp;
let w: ShiftWorld;
/** n1..n7 in building 1 (America/New_York), annex in building 2 (America/Los_Angeles). */
const n: Record<string, ShiftLogNote> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await setBuildingSettings(t, w.b1, { shiftlogsettings: { is_enable_end_of_shift_logging: true } });
  const mk = async (
    key: string,
    who: string,
    body: string,
    type: string | null,
    units: number[],
    at: string,
    opts: { high?: boolean; modifiedMs?: number; building?: number; eos?: boolean } = {},
  ) => {
    const note = await postNote(t, who, {
      body,
      building_id: opts.building ?? w.b1,
      ...(opts.eos ? { is_end_of_shift: true } : { shift_log_type_id: type ? w.type[type] : null }),
      ...(units.length || opts.eos ? { apartment_ids: units } : { apartment_ids: [], no_apartment: true }),
      is_high_priority: opts.high ?? false,
    });
    const created = new Date(at);
    await backdate(t, note.id, created, new Date(created.getTime() + (opts.modifiedMs ?? 0)));
    n[key] = note;
  };
  await mk("n1", "sl_fd", "Package delivered to lobby", "Package", [w.u.a1.id], "2025-03-10T14:00:00Z");
  await mk("n2", "sl_fd", "Water leak in the kitchen", "Maintenance", [w.u.a2.id], "2025-03-11T03:30:00Z", {
    high: true,
  });
  await mk("n3", "sl_fd", "Packages picked up by resident", "Package", [w.u.a1.id, w.u.a2.id], "2025-03-11T05:00:00Z");
  await mk("n4", "sl_manager", "Quiet night, doors secured", "Security", [], "2025-03-12T12:00:00Z", {
    modifiedMs: 3600_000,
  });
  await mk("n5", "sl_fd2", "Front-desk printer jammed", "General", [w.u.a3.id], "2025-03-13T12:00:00Z", {
    high: true,
    modifiedMs: 500,
  });
  await mk("n6", "sl_fd", "End of shift handover", null, [], "2025-03-13T20:00:00Z", { eos: true });
  await mk("n7", "sl_fd2", "Elevator inspection by Otis", "Maintenance", [w.u.a3.id], "2025-03-14T12:00:00Z");
  await mk("annex", "sl_fd3", "Package in the annex", "Package", [w.u.z1.id], "2025-03-11T06:30:00Z", {
    building: w.b2,
  });
  // A resident of unit 101's lease.
  const [r] = await t.db
    .insert(users)
    .values({ username: "sl_zelda", first_name: "Zelda", last_name: "Quartermaine", role: "TN" })
    .returning({ id: users.id });
  await t.db.insert(occupants).values({ occupancy_id: w.u.a1.occupancy_id, user_id: r.id, type: "TN" });
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string, who = "sl_fd") => {
  const res = await t.as(who).get(`${NOTES}?${query}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { count: number; next: string | null; previous: string | null; results: ShiftLogNote[] };
};
/** The note keys of a list, in order. */
const keys = (r: { results: ShiftLogNote[] }) =>
  r.results.map((x) => Object.keys(n).find((k) => n[k].id === x.id) ?? `?${x.id}`);
const b = () => `building=${w.b1}`;

describe("GET /shift-logs/notes/ filters", () => {
  it("lists a building's notes newest first, without end-of-shift notes", async () => {
    const r = await list(b());
    expect(r.count).toBe(6);
    expect(keys(r)).toEqual(["n7", "n5", "n4", "n3", "n2", "n1"]);
    expect(r.results[0]).toEqual({
      ...n.n7,
      date_created: "2025-03-14T12:00:00.000Z",
      last_modified: "2025-03-14T12:00:00.000Z",
    });
  });

  it("include_end_of_shift_notes, or the end-of-shift type asked for by id", async () => {
    expect(keys(await list(`${b()}&include_end_of_shift_notes=true`))).toEqual([
      "n7",
      "n6",
      "n5",
      "n4",
      "n3",
      "n2",
      "n1",
    ]);
    expect(keys(await list(`${b()}&shift_log_type_id=${w.shiftEnd}`))).toEqual(["n6"]);
  });

  it("shift_log_type_id: one id, a comma list, and 'all' ignored", async () => {
    expect(keys(await list(`${b()}&shift_log_type_id=${w.type.Package}`))).toEqual(["n3", "n1"]);
    expect(keys(await list(`${b()}&shift_log_type_id=${w.type.Package},${w.type.Security}`))).toEqual([
      "n4",
      "n3",
      "n1",
    ]);
    expect((await list(`${b()}&shift_log_type_id=all`)).count).toBe(6);
    const bad = await t.as("sl_fd").get(`${NOTES}?${b()}&shift_log_type_id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["shift_log_type_id"]);
  });

  it("is_high_priority", async () => {
    expect(keys(await list(`${b()}&is_high_priority=true`))).toEqual(["n5", "n2"]);
    expect(keys(await list(`${b()}&is_high_priority=false`))).toEqual(["n7", "n4", "n3", "n1"]);
  });

  it("min/max_date_created as days in the building's time zone (both ends inclusive)", async () => {
    // n2 is 2025-03-10 23:30 in New York, n3 2025-03-11 01:00.
    expect(keys(await list(`${b()}&min_date_created=2025-03-11`))).toEqual(["n7", "n5", "n4", "n3"]);
    expect(keys(await list(`${b()}&max_date_created=2025-03-10`))).toEqual(["n2", "n1"]);
    expect(keys(await list(`${b()}&min_date_created=2025-03-11&max_date_created=2025-03-12`))).toEqual(["n4", "n3"]);
  });

  it("min/max_date_created as ISO date-times", async () => {
    expect(keys(await list(`${b()}&min_date_created=2025-03-11T04:00:00Z`))).toEqual(["n7", "n5", "n4", "n3"]);
    expect(keys(await list(`${b()}&max_date_created=2025-03-11T05:00:00.000Z`))).toEqual(["n3", "n2", "n1"]);
    // Without an offset: the building's local time (01:00 in New York is 05:00Z).
    expect(keys(await list(`${b()}&min_date_created=2025-03-11T01:00:00`))).toEqual(["n7", "n5", "n4", "n3"]);
  });

  it("anything else is 'Invalid date'", async () => {
    for (const v of ["2025-3-1", "2025-02-30", "25-03-01", "yesterday", "03/11/2025", "2025-03-11T25:00"]) {
      for (const p of ["min_date_created", "max_date_created"]) {
        const res = await t.as("sl_fd").get(`${NOTES}?${b()}&${p}=${encodeURIComponent(v)}`);
        expect(res.statusCode, `${p}=${v}`).toBe(400);
        expect(res.json()).toEqual({ [p]: ["Invalid date"] });
      }
    }
  });

  it("an end before the start: 400 on max_date_created; the same day or later is a range", async () => {
    for (const [min, max] of [
      ["2025-03-12", "2025-03-11"],
      ["2025-03-11T05:00:00Z", "2025-03-11T04:59:59Z"],
      ["2025-03-12", "2025-03-11T23:00:00"],
    ]) {
      const res = await t.as("sl_fd").get(`${NOTES}?${b()}&min_date_created=${min}&max_date_created=${max}`);
      expect(res.statusCode, `${min}..${max}`).toBe(400);
      expect(res.json()).toEqual({ max_date_created: ["The end date must be on or after the start date."] });
    }
    expect(keys(await list(`${b()}&min_date_created=2025-03-11&max_date_created=2025-03-11`))).toEqual(["n3"]);
    expect(keys(await list(`${b()}&min_date_created=2025-03-11&max_date_created=2025-03-11T02:00:00`))).toEqual(["n3"]);
  });

  it("apartment_number (exact, any case)", async () => {
    expect(keys(await list(`${b()}&apartment_number=1203`))).toEqual(["n3", "n2"]);
    expect(keys(await list(`${b()}&apartment_number=ph1`))).toEqual(["n7", "n5"]);
    expect((await list(`${b()}&apartment_number=120`)).count).toBe(0);
  });

  it("search of one building reads that building's words in the search index, not the portfolio's", async () => {
    expect(scopedQuery(["o'tis", "a\\b"], [3, 12])).toBe(
      "('3 o''tis':* & '3 a\\\\b':*) | ('12 o''tis':* & '12 a\\\\b':*)",
    );
    const f = await prepareSearch(t.db, { buildingIds: [w.b1], includeEndOfShift: true, search: "Water KITCH" });
    expect(f.scopedSearchQuery).toBe(`('${w.b1} kitch':* & '${w.b1} water':*)`);
    // What the search names besides words is resolved with it: the page statement then holds
    // no pattern (it runs with a kept plan).
    expect(f.searchLinks).toEqual({ apartmentIds: [], occupancyIds: [] });
    const unit = await prepareSearch(t.db, { buildingIds: [w.b1], includeEndOfShift: true, search: "1203" });
    expect(unit.searchLinks?.apartmentIds).toHaveLength(1);
    // Many buildings: the words as they are.
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(
      (await prepareSearch(t.db, { buildingIds: many, includeEndOfShift: true, search: "water" })).scopedSearchQuery,
    ).toBeUndefined();
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(sql`explain select n.id from shift_log_notes n where ${noteWhere(f, "text")}`),
      );
      return r.map((x) => x["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("shift_log_notes_search_idx");
    expect(plan).toMatch(new RegExp(`Index Cond:.*'${w.b1} water'`));
  });

  it("keeps one plan for a building's pages and resolved searches; plans a portfolio's page for its values", async () => {
    const pageOf = async (query: string, who = "sl_fd") => {
      const { texts } = await statementsOf(t.database, () => list(query, who));
      return texts.find((x) => x.includes("page as")) ?? "";
    };
    const building = await pageOf(`${b()}&offset=1`);
    expect(building).not.toContain(CUSTOM_PLAN);
    expect(building).not.toContain(GENERIC_PLAN);
    expect(await pageOf(`${b()}&search=water`)).toContain(GENERIC_PLAN);
    // Every building: a kept plan would sort the portfolio's notes instead of walking the dates.
    expect(await pageOf("offset=1", "sl_office")).toContain(CUSTOM_PLAN);
  });

  it("search: every word as a prefix of a body word, any case; or a unit's number", async () => {
    expect(keys(await list(`${b()}&search=pack`))).toEqual(["n3", "n1"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("pack deliv")}`))).toEqual(["n1"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("KITCHEN water")}`))).toEqual(["n2"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("front-desk")}`))).toEqual(["n5"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("o'tis")}`))).toEqual([]);
    expect(keys(await list(`${b()}&search=1203`))).toEqual(["n3", "n2"]);
    expect(keys(await list(`${b()}&search=PH1`))).toEqual(["n7", "n5"]);
    expect((await list(`${b()}&search=nothingmatches`)).count).toBe(0);
    expect((await list(`${b()}&search=${encodeURIComponent("!!!")}`)).count).toBe(0);
    expect((await list(`${b()}&search=`)).count).toBe(6);
    // Residents of the lease the note was about.
    expect(keys(await list(`${b()}&search=zel`))).toEqual(["n3", "n1"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("Zelda QUART")}`))).toEqual(["n3", "n1"]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("zelda x")}`))).toEqual([]);
    expect(keys(await list(`${b()}&search=${encodeURIComponent("zel%")}`))).toEqual([]);
    // The annex's unit 101 is another building's.
    expect(keys(await list(`${b()}&search=101`))).toEqual(["n3", "n1"]);
  });

  it("only_edited: last_modified more than 1 s after creation", async () => {
    expect(keys(await list(`${b()}&only_edited=true`))).toEqual(["n4"]);
    expect(n.n5.is_edited).toBe(false);
    expect((await list(`${b()}&only_edited=false`)).count).toBe(6);
  });

  it("has_apartment_filter: true = about a unit, false = about none", async () => {
    expect(keys(await list(`${b()}&has_apartment_filter=true`))).toEqual(["n7", "n5", "n3", "n2", "n1"]);
    expect(keys(await list(`${b()}&has_apartment_filter=false`))).toEqual(["n4"]);
  });

  it("include_apartments / exclude_apartments (comma lists; 'none' = no unit)", async () => {
    expect(keys(await list(`${b()}&include_apartments=${w.u.a1.id}`))).toEqual(["n3", "n1"]);
    expect(keys(await list(`${b()}&include_apartments=${w.u.a1.id},${w.u.a3.id}`))).toEqual(["n7", "n5", "n3", "n1"]);
    expect(keys(await list(`${b()}&include_apartments=${w.u.a1.id},none`))).toEqual(["n4", "n3", "n1"]);
    expect(keys(await list(`${b()}&exclude_apartments=${w.u.a1.id}`))).toEqual(["n7", "n5", "n4", "n2"]);
    expect(keys(await list(`${b()}&exclude_apartments=none`))).toEqual(["n7", "n5", "n3", "n2", "n1"]);
    expect(keys(await list(`${b()}&include_apartments=${w.u.a2.id}&exclude_apartments=${w.u.a1.id}`))).toEqual(["n2"]);
    const bad = await t.as("sl_fd").get(`${NOTES}?${b()}&include_apartments=1,x`);
    expect(bad.statusCode).toBe(400);
  });

  it("filters combine", async () => {
    expect(keys(await list(`${b()}&search=pack&min_date_created=2025-03-11&is_high_priority=false`))).toEqual(["n3"]);
  });
});

describe("ordering and paging", () => {
  it("orders by every sort key, both ways, ties by id", async () => {
    expect(keys(await list(`${b()}&ordering=date_created`))).toEqual(["n1", "n2", "n3", "n4", "n5", "n7"]);
    expect(keys(await list(`${b()}&ordering=-date_created`))).toEqual(["n7", "n5", "n4", "n3", "n2", "n1"]);
    expect(keys(await list(`${b()}&ordering=shift_log_type_name`))).toEqual(["n5", "n2", "n7", "n1", "n3", "n4"]);
    expect(keys(await list(`${b()}&ordering=-shift_log_type_name`))).toEqual(["n4", "n3", "n1", "n7", "n2", "n5"]);
    // Owners: Fay Second (n5, n7), Fred Desk (n1, n2, n3), Mona Manager (n4).
    expect(keys(await list(`${b()}&ordering=owner`))).toEqual(["n5", "n7", "n1", "n2", "n3", "n4"]);
    expect(keys(await list(`${b()}&ordering=is_high_priority`))).toEqual(["n1", "n3", "n4", "n7", "n2", "n5"]);
    expect(keys(await list(`${b()}&ordering=-is_high_priority`))).toEqual(["n5", "n2", "n7", "n4", "n3", "n1"]);
    expect(keys(await list(`${b()}&ordering=last_modified`))).toEqual(["n1", "n2", "n3", "n4", "n5", "n7"]);
    expect(keys(await list(`${b()}&ordering=body`))).toEqual(["n7", "n5", "n1", "n3", "n4", "n2"]);
    const bad = await t.as("sl_fd").get(`${NOTES}?${b()}&ordering=password`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["ordering"]);
  });

  it("limit/offset with next and previous links; 30 by default; at most 50000", async () => {
    const p1 = await list(`${b()}&limit=2`);
    expect(p1.count).toBe(6);
    expect(keys(p1)).toEqual(["n7", "n5"]);
    expect(p1.previous).toBeNull();
    expect(p1.next).toContain("offset=2");
    const p3 = await list(`${b()}&limit=2&offset=4`);
    expect(keys(p3)).toEqual(["n2", "n1"]);
    expect(p3.next).toBeNull();
    expect(p3.previous).toContain("offset=2");
    const next = await t.as("sl_fd").get(p1.next!.replace(/^\/api\/v1/, "/api/v1"));
    expect(keys(next.json())).toEqual(["n4", "n3"]);
    expect((await list(`${b()}&limit=50000`)).count).toBe(6);
    // A page past the end still carries the count (a plain list and a search alike).
    const past = await list(`${b()}&limit=2&offset=40`);
    expect([past.count, past.results]).toEqual([6, []]);
    const searched = (await list(`${b()}&search=pack`)).count;
    expect(searched).toBeGreaterThan(0);
    const pastSearch = await list(`${b()}&search=pack&offset=40`);
    expect([pastSearch.count, pastSearch.results]).toEqual([searched, []]);
    expect((await t.as("sl_fd").get(`${NOTES}?${b()}&limit=50001`)).statusCode).toBe(400);
    expect((await t.as("sl_fd").get(`${NOTES}?${b()}&limit=0`)).statusCode).toBe(400);
  });
});

describe("who may list which buildings", () => {
  it("staff must name a building; a building out of reach is 403", async () => {
    const none = await t.as("sl_fd").get(NOTES);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ building: ["This field is required."] });
    const other = await t.as("sl_fd").get(`${NOTES}?building=${w.b2}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: "You do not have access to this building" });
    expect((await t.as("sl_fd").get(`${NOTES}?buildings=${w.b1},${w.b2}`)).statusCode).toBe(403);
    expect((await t.as("sl_ca").get(`${NOTES}?${b()}`)).statusCode).toBe(403);
    expect((await t.as("sl_office").get(`${NOTES}?building=99999999`)).statusCode).toBe(404);
  });

  it("OF lists every building, or a comma list (the admin page); MG may list theirs", async () => {
    const all = await list(`limit=50000&include_end_of_shift_notes=true`, "sl_office");
    const ids = new Set(all.results.map((x) => x.id));
    for (const k of Object.keys(n)) expect(ids.has(n[k].id)).toBe(true);
    const two = await list(`buildings=${w.b1},${w.b2}`, "sl_office");
    expect(keys(two)).toEqual(["n7", "n5", "n4", "annex", "n3", "n2", "n1"]);
    expect(two.results.find((x) => x.id === n.annex.id)!.building).toEqual({ id: w.b2, name: "Shift Test Annex" });
    expect((await list(`buildings=${w.b1},${w.b2}`, "sl_manager")).count).toBe(7);
    expect(keys(await list(`buildings=${w.b2}&shift_log_type_id=${w.type.Package}`, "sl_office"))).toEqual(["annex"]);
  });

  it("the admin list pages through every building's notes in the order asked, the count on each page", async () => {
    const q = `buildings=${w.b1},${w.b2}&limit=3&ordering=building`;
    const pages = [
      await list(`${q}&offset=0`, "sl_office"),
      await list(`${q}&offset=3`, "sl_office"),
      await list(`${q}&offset=6`, "sl_office"),
    ];
    // Annex before Tower; within a building, ties by id.
    expect(pages.map(keys)).toEqual([["annex", "n1", "n2"], ["n3", "n4", "n5"], ["n7"]]);
    expect(pages.map((p) => p.count)).toEqual([7, 7, 7]);
    expect(pages[1].previous).not.toBeNull();
    expect(pages[2].next).toBeNull();
    expect(keys(await list(`buildings=${w.b1},${w.b2}&limit=2&ordering=-building`, "sl_office"))).toEqual(["n7", "n5"]);
  });

  it("dates across buildings use each building's time zone", async () => {
    // annex: 2025-03-11 06:30Z is 2025-03-10 23:30 in Los Angeles; n3 (05:00Z) is 01:00 on the 11th in New York.
    expect(keys(await list(`buildings=${w.b1},${w.b2}&min_date_created=2025-03-11`, "sl_office"))).toEqual([
      "n7",
      "n5",
      "n4",
      "n3",
    ]);
    expect(keys(await list(`buildings=${w.b1},${w.b2}&max_date_created=2025-03-10`, "sl_office"))).toEqual([
      "annex",
      "n2",
      "n1",
    ]);
  });
});

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const values: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      const v = row.getCell(c).value;
      values.push(v == null ? "" : String(v));
    }
    rows.push(values);
  });
  return { name: ws.name, rows };
}

const expectedRow = (x: ShiftLogNote, tz: string) => [
  dayjs(x.date_created).tz(tz).format("MM/DD/YYYY"),
  dayjs(x.date_created).tz(tz).format("h:mm A"),
  x.shift_log_type_name ?? "",
  x.apartments.map((a) => a.apartment_number).join(", "),
  x.body,
  x.is_high_priority ? "Yes" : "No",
  `${x.owner.first_name} ${x.owner.last_name}`,
  x.is_edited ? "Yes" : "No",
];
const trimEnd = (r: string[]) => {
  const out = [...r];
  while (out.length && out[out.length - 1] === "") out.pop();
  return out;
};

describe("spreadsheet export", () => {
  it("the Accept header streams shift_logs.xlsx with the rows and columns of the JSON list", async () => {
    const q = `${b()}&limit=50000&offset=0&ordering=-date_created`;
    const json = await list(q);
    const res = await t.as("sl_fd").get(`${NOTES}?${q}`, { headers: { accept: XLSX } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="shift_logs.xlsx"');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(["Date", "Time", "Type", "Units", "Note", "High priority", "Entered by", "Edited"]);
    expect(rows.slice(1).map(trimEnd)).toEqual(json.results.map((x) => trimEnd(expectedRow(x, "America/New_York"))));
    expect(rows[1].slice(0, 2)).toEqual(["03/14/2025", "8:00 AM"]);
    expect(rows.find((r) => r[4] === "Packages picked up by resident")![3]).toBe("101, 1203");
    // The header is bold; the rows are plain (no style carried over between cells or exports).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    for (let r = 2; r <= ws.rowCount; r++)
      for (let c = 1; c <= 8; c++) expect(ws.getRow(r).getCell(c).font?.bold, `${r}:${c}`).toBeFalsy();
  });

  it("applies the same filters and ordering (format=xlsx works too)", async () => {
    const res = await t.as("sl_fd").get(`${NOTES}?${b()}&search=pack&ordering=date_created&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows.slice(1).map((r) => r[4])).toEqual(["Package delivered to lobby", "Packages picked up by resident"]);
  });

  it("adds a Building column when the list spans buildings", async () => {
    const res = await t
      .as("sl_office")
      .get(`${NOTES}?buildings=${w.b1},${w.b2}&limit=50000`, { headers: { accept: XLSX } });
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0][0]).toBe("Building");
    expect(rows.length).toBe(1 + 7);
    const annex = rows.find((r) => r[5] === "Package in the annex")!;
    expect(annex.slice(0, 3)).toEqual(["Shift Test Annex", "03/10/2025", "11:30 PM"]);
  });

  it("keeps the gate: no building, no spreadsheet", async () => {
    const res = await t.as("sl_fd").get(`${NOTES}?building=${w.b2}`, { headers: { accept: XLSX } });
    expect(res.statusCode).toBe(403);
  });

  it("reads in keyset chunks that add up to the same rows for every ordering, ties included", async () => {
    // Ties: three notes at the same instant.
    for (let i = 0; i < 3; i++) {
      const x = await postNote(t, "sl_fd", {
        body: `Tie ${i}`,
        building_id: w.b1,
        apartment_ids: [w.u.a1.id],
        shift_log_type_id: w.type.General,
      });
      await backdate(t, x.id, new Date("2025-03-12T12:00:00Z"));
    }
    // Both ways of reading a search page (walk the dates, or matches first) give the same rows.
    for (const search of ["pack", "1203", "zel", "tie", "nothingmatches", "!!!"]) {
      for (const key of ["date_created", "owner"] as SortKey[]) {
        for (const page of [{ limit: 2 }, { limit: 30 }, { limit: 2, offset: 1 }]) {
          const f: NoteFilter = { buildingIds: [w.b1], includeEndOfShift: true, search };
          const walk = (await selectNotes(t.db, f, { key, desc: true }, page, { strategy: "walk" })).map((r) => r.id);
          const matches = (await selectNotes(t.db, f, { key, desc: true }, page, { strategy: "matches" })).map(
            (r) => r.id,
          );
          const auto = (await selectNotes(t.db, f, { key, desc: true }, page)).map((r) => r.id);
          expect(matches, `${search} ${key}`).toEqual(walk);
          expect(auto).toEqual(walk);
        }
      }
    }
    const filter: NoteFilter = { buildingIds: [w.b1], includeEndOfShift: true };
    for (const key of SHIFT_LOG_ORDERINGS as readonly SortKey[]) {
      for (const desc of [false, true]) {
        const sort = { key, desc };
        const all = (await selectNotes(t.db, filter, sort, { limit: 1000 })).map((r) => r.id);
        const chunked: number[] = [];
        for await (const r of iterateNotes(t.db, filter, sort, { limit: 1000, chunk: 2 })) chunked.push(r.id);
        expect(chunked, `${desc ? "-" : ""}${key}`).toEqual(all);
        const limited: number[] = [];
        for await (const r of iterateNotes(t.db, filter, sort, { limit: 5, offset: 1, chunk: 2 })) limited.push(r.id);
        expect(limited).toEqual(all.slice(1, 6));
      }
    }
  });
});
