import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { MESSAGES, VENDOR_EXCEL_COLUMNS, VENDOR_MESSAGES as VM, type Vendor } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipart } from "../packages/test-fixtures.ts";

const LIST = "/api/v1/vendors/";
const ONE = (id: number) => `${LIST}${id}/`;
const UPLOAD = "/api/v1/vendors/upload_excel/";
const EXPORT = (b: number) => `/api/v1/vendors/as_excel/?building=${b}`;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from vendors`);
});

async function add(fields: Record<string, unknown>, user = "frontdesk"): Promise<Vendor> {
  const res = await t.as(user).post(LIST, { building: 1, ...fields });
  if (res.statusCode !== 201) throw new Error(`vendor ${res.statusCode}: ${res.body}`);
  return res.json() as Vendor;
}

const names = async (q = "building=1", user = "maintenance") =>
  (await t.as(user).get(`${LIST}?${q}`)).json().results.map((v: Vendor) => v.name);

/** An .xlsx of these rows (the first is the header). */
async function sheet(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Vendors");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(data: Buffer, building = "1", filename = "vendors.xlsx", user = "porter") {
  const form = multipart([
    ["building", building],
    ["vendors_file", { filename, contentType: XLSX_TYPE, data }],
  ]);
  return t.as(user).post(UPLOAD, form.payload, { headers: form.headers });
}

async function rowsOfXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push(VENDOR_EXCEL_COLUMNS.map((_c, i) => String(row.getCell(i + 1).value ?? "")));
  });
  return out;
}

describe("vendors", () => {
  it("every staff member adds, reads, changes and deletes a building's vendors", async () => {
    const v = await add({
      name: " Acme Plumbing ",
      category: "Plumbing",
      phone: "555-0100",
      email: "office@acme.example",
    });
    expect(v).toMatchObject({
      building: 1,
      name: "Acme Plumbing",
      category: "Plumbing",
      address: "",
      city: "",
      state: "",
      zip: "",
      phone: "555-0100",
      email: "office@acme.example",
      website: "",
    });
    for (const user of ["office", "manager", "maintenance", "porter"]) await add({ name: `By ${user}` }, user);
    expect((await t.as("porter").get(ONE(v.id))).json()).toEqual(v);
    const p = await t.as("maintenance").patch(ONE(v.id), { city: "Springfield", zip: 12345 });
    expect(p.json()).toMatchObject({ name: "Acme Plumbing", city: "Springfield", zip: "12345" });
    const del = await t.as("frontdesk").delete(ONE(v.id));
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: v.id, detail: VM.deleted });
    expect(del.json().detail).toBe("Vendor successfully deleted");
    expect((await t.as("frontdesk").get(ONE(v.id))).statusCode).toBe(404);
  });

  it("requires the name and checks lengths and e-mail, under each field", async () => {
    const res = await t.as("frontdesk").post(LIST, { building: 1, name: " ", email: "nope", zip: "1".repeat(21) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: [MESSAGES.fieldRequired],
      email: [VM.invalidEmail],
      zip: [MESSAGES.maxLength(20)],
    });
    const v = await add({ name: "Kept" });
    expect((await t.as("frontdesk").patch(ONE(v.id), { name: "" })).json()).toEqual({ name: [MESSAGES.fieldRequired] });
    expect((await t.as("frontdesk").post(LIST, { name: "No building" })).json()).toEqual({
      building: ["A valid building is required."],
    });
  });

  it("lists by name with search and pages; another building's vendor is 404, other roles 403", async () => {
    await add({ name: "beta Electric", category: "Electrical" });
    await add({ name: "Alpha Glass", city: "Newark" });
    await add({ name: "Gamma HVAC" });
    expect(await names()).toEqual(["Alpha Glass", "beta Electric", "Gamma HVAC"]);
    expect(await names("building=1&search=electr")).toEqual(["beta Electric"]);
    expect(await names("building=1&search=newark")).toEqual(["Alpha Glass"]);
    const page = (await t.as("frontdesk").get(`${LIST}?building=1&limit=2&offset=2`)).json();
    expect(page).toMatchObject({ count: 3, next: null, previous: expect.any(String) });
    expect(page.results.map((v: Vendor) => v.name)).toEqual(["Gamma HVAC"]);

    const b3 = await add({ building: 3, name: "Harbor Vendor" }, "manager");
    expect((await t.as("frontdesk").get(ONE(b3.id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").patch(ONE(b3.id), { name: "x" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").delete(ONE(b3.id))).statusCode).toBe(404);
    expect((await t.as("manager").get(`${ONE(b3.id)}?building=1`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${LIST}?building=3`)).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(LIST, { building: 3, name: "x" })).statusCode).toBe(403);
    expect((await t.as("clubadmin").get(`${LIST}?building=1`)).statusCode).toBe(403);
    expect((await t.as("manager").get(`${LIST}?building=3`)).json().count).toBe(1);
  });

  it("an upload replaces all the building's vendors at once; the download uploads back unchanged", async () => {
    await add({ name: "Old One" });
    const b2 = await add({ building: 2, name: "Park Terrace Vendor" });
    const file = await sheet([
      ["Name", "Category", "Address", "City", "State", "Zip", "Phone", "Email", "Website"],
      [
        "Zeta Roofing",
        "Roofing",
        "1 Main St",
        "Springfield",
        "NJ",
        "07081",
        "555-0111",
        "z@zeta.example",
        "zeta.example",
      ],
      [null, null, null, null, null, null, null, null, null],
      ["Ace Locks", "Locksmith", null, null, null, 7081, null, null, null],
    ]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2, detail: VM.uploaded(2) });
    expect(await names()).toEqual(["Ace Locks", "Zeta Roofing"]);
    expect((await t.as("frontdesk").get(ONE(b2.id))).statusCode).toBe(200);
    const all = (await t.as("frontdesk").get(`${LIST}?building=1`)).json().results as Vendor[];
    expect(all[1]).toMatchObject({
      category: "Roofing",
      zip: "07081",
      email: "z@zeta.example",
      website: "zeta.example",
    });
    expect(all[0]).toMatchObject({ zip: "7081", address: "" });

    const dl = await t.as("frontdesk").get(EXPORT(1));
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-type"]).toContain(XLSX_TYPE);
    expect(dl.headers["content-disposition"]).toContain("vendors.xlsx");
    const rows = await rowsOfXlsx(dl.rawPayload);
    expect(rows[0]).toEqual([...VENDOR_EXCEL_COLUMNS]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Ace Locks", "Zeta Roofing"]);
    const again = await upload(dl.rawPayload);
    expect(again.json()).toEqual({ count: 2, detail: VM.uploaded(2) });
    const after = (await t.as("frontdesk").get(`${LIST}?building=1`)).json().results as Vendor[];
    // The same vendors, with their ids (a vendor named again keeps its id).
    const strip = (v: Vendor) => ({ ...v, last_modified: "" });
    expect(after.map(strip)).toEqual(all.map(strip));
  });

  it("a vendor named again (any case) keeps its id and takes the row's values", async () => {
    const kept = await add({ name: "Kept Vendor", phone: "555-0001", city: "Old Town" });
    const gone = await add({ name: "Gone Vendor" });
    const res = await upload(
      await sheet([
        ["name", "phone"],
        ["KEPT vendor", "555-0002"],
        ["New Vendor", ""],
      ]),
    );
    expect(res.json()).toEqual({ count: 2, detail: VM.uploaded(2) });
    expect((await t.as("frontdesk").get(ONE(kept.id))).json()).toMatchObject({
      name: "KEPT vendor",
      phone: "555-0002",
      city: "",
    });
    expect((await t.as("frontdesk").get(ONE(gone.id))).statusCode).toBe(404);
    expect(await names()).toEqual(["KEPT vendor", "New Vendor"]);
  });

  it("a row without a name refuses the whole file with its row number; nothing changes", async () => {
    await add({ name: "Still Here" });
    const file = await sheet([
      ["name", "category"],
      ["Good Co", "x"],
      [null, "Orphan category"],
      ["Bad Mail", null],
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ vendors_file: [VM.rowNameRequired(3)] });
    expect(VM.rowNameRequired(3)).toContain("Row 3");
    const mail = await upload(
      await sheet([
        ["name", "email"],
        ["Bad Mail", "not-an-email"],
      ]),
    );
    expect(mail.json()).toEqual({ vendors_file: [VM.rowError(2, "email", VM.invalidEmail)] });
    expect(await names()).toEqual(["Still Here"]);
  });

  it("takes .xlsx only, under vendors_file", async () => {
    const csv = Buffer.from("name,category\nAcme,Plumbing\n");
    expect((await upload(csv, "1", "vendors.csv")).json()).toEqual({ vendors_file: [VM.xlsxOnly] });
    expect((await upload(csv, "1", "vendors.xlsx")).json()).toEqual({ vendors_file: [VM.xlsxOnly] });
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect((await upload(zip)).json()).toEqual({ vendors_file: [VM.unreadable] });
    expect(
      (
        await upload(
          await sheet([
            ["company", "city"],
            ["Acme", "X"],
          ]),
        )
      ).json(),
    ).toEqual({
      vendors_file: [VM.missingNameColumn],
    });
    const none = multipart([["building", "1"]]);
    const res = await t.as("porter").post(UPLOAD, none.payload, { headers: none.headers });
    expect(res.json()).toEqual({ vendors_file: [VM.fileRequired] });
    expect((await upload(await sheet([["name"], ["X"]]), "3")).statusCode).toBe(403);
    expect((await upload(await sheet([["name"], ["X"]]), "1", "v.xlsx", "clubadmin")).statusCode).toBe(403);
  });

  it("the download is refused for other buildings", async () => {
    expect((await t.as("frontdesk").get(EXPORT(3))).statusCode).toBe(403);
    const empty = await t.as("frontdesk").get(EXPORT(1));
    expect((await rowsOfXlsx(empty.rawPayload)).length).toBe(1);
  });
});
