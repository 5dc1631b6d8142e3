import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type BuildingDocument, DOCUMENT_MESSAGES as M, MESSAGES, UPLOAD_LIMIT_BYTES } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipart } from "../packages/test-fixtures.ts";

const LIST = "/api/v1/emails/documents/";
const ONE = (id: number) => `${LIST}${id}/`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from documents`);
});

type Field = [string, string | { filename: string; contentType: string; data: Buffer }];
function send(method: "post" | "patch", url: string, fields: Field[], user = "manager") {
  const form = multipart(fields);
  return t.as(user)[method](url, form.payload, { headers: form.headers });
}
const file = (data = PDF, filename = "rules.pdf"): Field => ["file", { filename, contentType: "application/pdf", data }];

async function add(title: string, extra: Field[] = [], user = "manager", building = "1"): Promise<BuildingDocument> {
  const res = await send("post", LIST, [["building", building], ["title", title], ...extra, file()], user);
  if (res.statusCode !== 201) throw new Error(`document ${res.statusCode}: ${res.body}`);
  return res.json();
}
const titles = async (user: string, b = 1) =>
  (await t.as(user).get(`${LIST}?building=${b}`)).json().results.map((d: BuildingDocument) => d.title);

describe("documents", () => {
  it("adds a document with its file; the file is served", async () => {
    const d = await add("House rules", [
      ["subtitle", "Read me"],
      ["is_visible_to_tenants", "true"],
    ]);
    expect(d).toMatchObject({
      building: 1,
      title: "House rules",
      subtitle: "Read me",
      file_name: "rules.pdf",
      content_type: "application/pdf",
      size: PDF.length,
      is_visible_to_tenants: true,
      is_visible_to_staff: true,
    });
    const got = await t.as("frontdesk").get(d.file);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it("front desk sees, edits and deletes only documents visible to staff; managers all", async () => {
    const open = await add("Open", [], "frontdesk");
    const hidden = await add("Hidden", [["is_visible_to_staff", "false"]]);
    expect(await titles("manager")).toEqual(["Hidden", "Open"]);
    expect(await titles("office")).toEqual(["Hidden", "Open"]);
    expect(await titles("frontdesk")).toEqual(["Open"]);
    expect((await t.as("frontdesk").get(`${LIST}?building=1`)).json().count).toBe(1);
    expect((await t.as("frontdesk").get(ONE(hidden.id))).statusCode).toBe(404);
    expect((await send("patch", ONE(hidden.id), [["title", "x"]], "frontdesk")).statusCode).toBe(404);
    expect((await t.as("frontdesk").delete(ONE(hidden.id))).statusCode).toBe(404);
    expect((await t.as("maintenance").get(ONE(open.id))).statusCode).toBe(200);
    expect((await t.as("manager").get(ONE(hidden.id))).statusCode).toBe(200);
  });

  it("edits the fields and replaces the file; deletes the document and its file", async () => {
    const d = await add("Form");
    let res = await send("patch", ONE(d.id), [
      ["title", "Move-in form"],
      ["is_visible_to_staff", "false"],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Move-in form", is_visible_to_staff: false, file: d.file });
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
      "hex",
    );
    res = await send("patch", ONE(d.id), [file(png, "plan.png")]);
    const after = res.json() as BuildingDocument;
    expect(after).toMatchObject({ file_name: "plan.png", content_type: "image/png" });
    expect(after.file).not.toBe(d.file);
    expect((await t.as("manager").get(d.file)).statusCode).toBe(404);
    res = await t.as("manager").delete(ONE(d.id));
    expect(res.json()).toEqual({ id: d.id, detail: M.deleted });
    expect((await t.as("manager").get(after.file)).statusCode).toBe(404);
    expect((await t.as("manager").get(ONE(d.id))).statusCode).toBe(404);
  });

  it("checks the form: a title and a file are required; 48 MB at most", async () => {
    let res = await send("post", LIST, [["building", "1"], ["title", ""], file()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: [M.titleRequired] });
    res = await send("post", LIST, [["building", "1"], ["title", "No file"]]);
    expect(res.json()).toEqual({ file: [M.fileRequired] });
    res = await send("post", LIST, [["title", "No building"], file()]);
    expect(res.statusCode).toBe(400);
    res = await send("post", LIST, [["building", "1"], ["title", "x"], ["is_visible_to_staff", "maybe"], file()]);
    expect(res.statusCode).toBe(201);
    res = await send("post", LIST, [["building", "1"], ["title", "Big"], file(Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1), "big.bin")]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: MESSAGES.fileTooLarge });
  });

  it("another building's document is not found; a building out of reach is refused", async () => {
    const d = await add("Mine");
    expect((await t.as("manager").get(`${ONE(d.id)}?building=2`)).statusCode).toBe(404);
    const other = await add("Elm", [], "office", "4");
    for (const user of ["manager", "frontdesk"]) {
      expect((await t.as(user).get(ONE(other.id))).statusCode, user).toBe(404);
      expect((await send("patch", ONE(other.id), [["title", "x"]], user)).statusCode, user).toBe(404);
      expect((await t.as(user).delete(ONE(other.id))).statusCode, user).toBe(404);
      expect((await t.as(user).get(`${LIST}?building=4`)).statusCode, user).toBe(403);
      expect((await send("post", LIST, [["building", "4"], ["title", "x"], file()], user)).statusCode, user).toBe(403);
    }
    expect((await t.as("tenant").get(`${LIST}?building=1`)).statusCode).toBe(403);
  });
});
