import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PACKAGE_COLORS, type PackageType } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { createPackagesApp, logOne, otherUnits, TYPES, types, unit } from "./test-fixtures.ts";

let t: TestApp;
let ty: Record<string, number>;

beforeAll(async () => {
  t = await createPackagesApp();
  ty = await types(t);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /packages/package-types/", () => {
  it("lists the default types in display order, coloured per group, for every staff member", async () => {
    const res = await t.as("frontdesk").get(TYPES);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: PackageType[] };
    const names = body.results.map((r) => r.name);
    expect(names.slice(0, 9)).toEqual([
      "Small box",
      "Large box",
      "Envelope",
      "Perishable",
      "Dry cleaning",
      "Flowers",
      "Outgoing",
      "Return label",
      "Keys",
    ]);
    const small = body.results.find((r) => r.name === "Small box")!;
    expect(small).toMatchObject({
      group: "INCOMING_DELIVERY",
      group_display: "Incoming delivery",
      color: "Blue",
      color_hex: "#1976D2",
      font_color_hex: "#FFFFFF",
      abbreviation: "SB",
      is_active: true,
      is_immutable: false,
      grid_display: true,
      is_public_display: true,
      is_pic_required: false,
    });
    expect(body.results.find((r) => r.name === "Perishable")!.is_pic_required).toBe(true);
    expect(body.results.find((r) => r.name === "Keys")).toMatchObject({
      group: "KEYS",
      group_display: "Keys",
      is_immutable: true,
    });
    expect(body.results.find((r) => r.name === "Outgoing")!.group_display).toBe("Outgoing items");
  });

  it("filters by is_active and group", async () => {
    await t.db.execute(sql`update package_types set is_active = false where name = 'Flowers'`);
    const active = (await t.as("frontdesk").get(`${TYPES}?is_active=true`)).json() as { results: PackageType[] };
    expect(active.results.map((r) => r.name)).not.toContain("Flowers");
    const inactive = (await t.as("frontdesk").get(`${TYPES}?is_active=false`)).json() as { results: PackageType[] };
    expect(inactive.results.map((r) => r.name)).toEqual(["Flowers"]);
    const outgoing = (await t.as("frontdesk").get(`${TYPES}?group=OUTGOING_ITEMS`)).json() as {
      results: PackageType[];
    };
    expect(outgoing.results.map((r) => r.name)).toEqual(["Outgoing", "Return label"]);
    await t.db.execute(sql`update package_types set is_active = true where name = 'Flowers'`);
  });

  it("refuses people who are not staff", async () => {
    expect((await t.as("tenant").get(TYPES)).statusCode).toBe(403);
    expect((await t.as(null).get(TYPES)).statusCode).toBe(401);
  });

  it("gives one type, with or without the trailing slash; 404 for an unknown id", async () => {
    const one = await t.as("frontdesk").get(`${TYPES}${ty["Envelope"]}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ty["Envelope"], name: "Envelope", abbreviation: "ENV" });
    expect((await t.as("frontdesk").get(`${TYPES}${ty["Envelope"]}`)).json().name).toBe("Envelope");
    expect((await t.as("frontdesk").get(`${TYPES}999999/`)).json()).toEqual({ detail: "Not found." });
  });

  it("lists the named colours and the groups", async () => {
    const colors = await t.as("frontdesk").get(`${TYPES}colors/`);
    expect(colors.statusCode).toBe(200);
    expect(colors.json()).toEqual(PACKAGE_COLORS.map((c) => ({ ...c })));
    expect(colors.json()[0]).toEqual({ name: "Red", color_hex: "#D32F2F", font_color_hex: "#FFFFFF" });
    const groups = await t.as("frontdesk").get(`${TYPES}groups/`);
    expect(groups.json()).toEqual([
      { value: "INCOMING_DELIVERY", display: "Incoming delivery" },
      { value: "OUTGOING_ITEMS", display: "Outgoing items" },
      { value: "KEYS", display: "Keys" },
    ]);
  });
});

describe("package type writes (Office only)", () => {
  it("creates a type: abbreviation upper-cased, colours from the named colour", async () => {
    const res = await t.as("office").post(TYPES, {
      name: "  Wine  ",
      group: "INCOMING_DELIVERY",
      color: "purple",
      abbreviation: "wine",
      display_order: 12,
      email_subject: "Your wine has arrived",
      is_pic_required: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Wine",
      group: "INCOMING_DELIVERY",
      color: "Purple",
      color_hex: "#7B1FA2",
      font_color_hex: "#FFFFFF",
      abbreviation: "WINE",
      display_order: 12,
      email_subject: "Your wine has arrived",
      is_pic_required: true,
      is_public_display: true,
      is_active: true,
      is_immutable: false,
      grid_display: true,
    });
  });

  it("refuses managers and front desk (403) and anonymous callers (401)", async () => {
    const body = { name: "Nope", group: "KEYS", color: "Red", abbreviation: "NO" };
    expect((await t.as("manager").post(TYPES, body)).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(TYPES, body)).json()).toEqual({
      detail: "You do not have permission to perform this action.",
    });
    expect((await t.as(null).post(TYPES, body)).statusCode).toBe(401);
    const id = ty["Small box"];
    expect((await t.as("manager").patch(`${TYPES}${id}/`, { name: "x" })).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(`${TYPES}${id}/toggle_active/`)).statusCode).toBe(403);
  });

  it("answers field errors per field, word for word", async () => {
    const res = await t
      .as("office")
      .post(TYPES, { name: "", group: "PARCELS", color: "Mauve", abbreviation: "ABCDEFGHIJK" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ["This field is required."],
      group: ['"PARCELS" is not a valid choice.'],
      color: ['"Mauve" is not a valid choice.'],
      abbreviation: ["Ensure this field has no more than 10 characters."],
    });
    const missing = await t.as("office").post(TYPES, {});
    expect(missing.json()).toEqual({
      name: ["This field is required."],
      group: ["This field is required."],
      color: ["This field is required."],
      abbreviation: ["This field is required."],
    });
    // Ten characters are fine.
    const ten = await t
      .as("office")
      .post(TYPES, { name: "Ten", group: "KEYS", color: "Grey", abbreviation: "abcdefghij" });
    expect(ten.statusCode).toBe(201);
    expect(ten.json().abbreviation).toBe("ABCDEFGHIJ");
  });

  it("refuses a name already used (case-insensitive)", async () => {
    const res = await t.as("office").post(TYPES, { name: "small BOX", group: "KEYS", color: "Red", abbreviation: "X" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["package type with this name already exists."] });
    const patch = await t.as("office").patch(`${TYPES}${ty["Envelope"]}/`, { name: "Large Box" });
    expect(patch.json()).toEqual({ name: ["package type with this name already exists."] });
  });

  it("edits a type; a new colour brings its hexes; explicit hexes win", async () => {
    const id = ty["Dry cleaning"];
    const res = await t.as("office").patch(`${TYPES}${id}/`, { color: "Green", abbreviation: "dc", display_order: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ color: "Green", color_hex: "#388E3C", abbreviation: "DC", display_order: 50 });
    const hex = await t.as("office").patch(`${TYPES}${id}/`, { color_hex: "#123abc", font_color_hex: "#fefefe" });
    expect(hex.json()).toMatchObject({ color: "Green", color_hex: "#123ABC", font_color_hex: "#FEFEFE" });
    const bad = await t.as("office").patch(`${TYPES}${id}/`, { color_hex: "blue", abbreviation: "TOO-LONG-ABBR" });
    expect(bad.json()).toEqual({
      color_hex: ["Enter a colour as #RRGGBB."],
      abbreviation: ["Ensure this field has no more than 10 characters."],
    });
    expect((await t.as("office").patch(`${TYPES}999999/`, { name: "x" })).statusCode).toBe(404);
  });

  it("changes apply to every building (types are global)", async () => {
    const id = ty["Large box"];
    await t.as("office").patch(`${TYPES}${id}/`, { abbreviation: "BIG" });
    const u1 = await unit(t, 1, "1203");
    const [u3] = await otherUnits(t, 3, 1);
    const p1 = await logOne(t, "frontdesk", { occupancy: u1.occupancy_id, package_type: id }, 1);
    expect(p1.package_type.abbreviation).toBe("BIG");
    const p3 = await logOne(t, "manager", { occupancy: u3.occupancy_id, package_type: id, opening_comment: "x" }, 3);
    expect(p3.package_type.abbreviation).toBe("BIG");
  });

  it("toggles active; immutable types cannot be edited or toggled", async () => {
    const id = ty["Return label"];
    const off = await t.as("office").post(`${TYPES}${id}/toggle_active/`);
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    const on = await t.as("office").post(`${TYPES}${id}/toggle_active/`);
    expect(on.json().is_active).toBe(true);

    const keys = ty["Keys"];
    const edit = await t.as("office").patch(`${TYPES}${keys}/`, { name: "Key drop" });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: "This package type cannot be edited." });
    const toggle = await t.as("office").post(`${TYPES}${keys}/toggle_active/`);
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json()).toEqual({ detail: "This package type cannot be edited." });
  });

  it("an inactive type cannot be used to log packages", async () => {
    const id = ty["Flowers"];
    await t.as("office").post(`${TYPES}${id}/toggle_active/`);
    const u1 = await unit(t, 1, "1203");
    const res = await t
      .as("frontdesk")
      .post("/api/v1/packages/bulk/?building=1", [{ occupancy: u1.occupancy_id, package_type: id }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ package_type: ["This package type is not active."] }]);
    await t.as("office").post(`${TYPES}${id}/toggle_active/`);
  });
});

describe("OpenAPI", () => {
  it("documents every package call", async () => {
    const doc = (await t.as(null).get("/api/v1/openapi.json")).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/api/v1/packages/list/",
      "/api/v1/packages/list/{id}/",
      "/api/v1/packages/list/{id}/events/",
      "/api/v1/packages/list/{id}/reopen/",
      "/api/v1/packages/list/remind/",
      "/api/v1/packages/bulk/",
      "/api/v1/packages/bulk/close/",
      "/api/v1/packages/package-types/",
      "/api/v1/packages/package-types/{id}/",
      "/api/v1/packages/package-types/{id}/toggle_active/",
      "/api/v1/packages/package-types/colors/",
      "/api/v1/packages/package-types/groups/",
      "/api/v1/core/buildings/{id}/package-activity/",
      "/api/v1/core/buildings/{id}/package-grid/",
      "/api/v1/core/buildings/{id}/apartment-packages/",
      "/api/v1/core/buildings/{id}/package-queue/",
      "/api/v1/core/buildings/{id}/package-queue/{itemId}/",
      "/api/v1/core/buildings/{id}/package-queue/convert_queue/",
    ])
      expect(paths).toContain(p);
    expect(Object.keys(doc.paths["/api/v1/packages/list/"].get as object)).toContain("parameters");
  });
});
