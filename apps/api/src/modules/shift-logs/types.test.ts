import { describe, expect, it } from "vitest";
import type { ShiftLogType } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { DEFAULT_SHIFT_LOG_TYPES, ensureShiftLogTypes } from "../../db/seed/shift-logs.ts";
import { postNote, type ShiftWorld, withShiftWorld } from "./test-fixtures.ts";

const TYPES = "/api/v1/shift-logs/shift-log-types/";

let t: TestApp;
let w: ShiftWorld;

withShiftWorld((app, world) => ([t, w] = [app, world]));

const names = (r: { results: ShiftLogType[] }) => r.results.map((x) => x.name);

describe("GET /shift-logs/shift-log-types/", () => {
  it("lists active types by display order, without the end-of-shift type", async () => {
    const res = await t.as("sl_fd").get(TYPES);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(DEFAULT_SHIFT_LOG_TYPES.map((x) => x.name));
    expect(body.count).toBe(DEFAULT_SHIFT_LOG_TYPES.length);
    expect(body.results[0]).toEqual({
      id: w.type.General,
      name: "General",
      short_name: "GEN",
      description: "Anything worth passing on to the next shift.",
      display_order: 1,
      is_active: true,
      is_immutable: false,
      code: null,
    });
  });

  it("include_shift_end adds the immutable end-of-shift type (short name SHIFTEND)", async () => {
    const body = (await t.as("sl_fd").get(`${TYPES}?include_shift_end=true`)).json();
    expect(body.results.at(-1)).toMatchObject({
      id: w.shiftEnd,
      name: "End of shift",
      short_name: "SHIFTEND",
      code: "SHIFTEND",
      is_immutable: true,
      is_active: true,
    });
  });

  it("GET /{id}/ returns one type (also inactive or end-of-shift); 404 when missing", async () => {
    expect((await t.as("sl_fd").get(`${TYPES}${w.shiftEnd}/`)).json().code).toBe("SHIFTEND");
    expect((await t.as("sl_fd").get(`${TYPES}99999999/`)).statusCode).toBe(404);
  });

  it("is for staff", async () => {
    expect((await t.as("sl_ca").get(TYPES)).statusCode).toBe(403);
    expect((await t.as(null).get(TYPES)).statusCode).toBe(401);
  });
});

describe("type writes (OF only)", () => {
  it("refuses FD and MG", async () => {
    for (const who of ["sl_fd", "sl_manager"]) {
      expect((await t.as(who).post(TYPES, { name: "X", short_name: "X" })).statusCode).toBe(403);
      expect((await t.as(who).patch(`${TYPES}${w.type.General}/`, { name: "X" })).statusCode).toBe(403);
      expect((await t.as(who).post(`${TYPES}${w.type.General}/toggle_active/`)).statusCode).toBe(403);
    }
  });

  it("creates a type", async () => {
    const res = await t
      .as("sl_office")
      .post(TYPES, { name: " Noise ", short_name: "NOI", description: "Noise complaints", display_order: 8 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Noise",
      short_name: "NOI",
      description: "Noise complaints",
      display_order: 8,
      is_active: true,
      is_immutable: false,
      code: null,
    });
    const listed = (await t.as("sl_fd").get(TYPES)).json();
    expect(names(listed).at(-1)).toBe("Noise");
  });

  it("field errors under name, short_name, description, display_order", async () => {
    const missing = await t.as("sl_office").post(TYPES, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ["This field is required."], short_name: ["This field is required."] });
    const blank = await t.as("sl_office").post(TYPES, { name: " ", short_name: "" });
    expect(blank.json()).toEqual({
      name: ["This field may not be blank."],
      short_name: ["This field may not be blank."],
    });
    const order = await t.as("sl_office").post(TYPES, { name: "A", short_name: "A", display_order: -1 });
    expect(order.json()).toEqual({ display_order: ["Ensure this value is greater than or equal to 0."] });
    for (const v of ["abc", 1.5]) {
      const bad = await t.as("sl_office").post(TYPES, { name: "A", short_name: "A", display_order: v });
      expect(bad.json()).toEqual({ display_order: ["A valid integer is required."] });
    }
    const long = await t
      .as("sl_office")
      .post(TYPES, { name: "x".repeat(101), short_name: "A", description: "d".repeat(1001) });
    expect(long.json()).toEqual({
      name: ["Ensure this field has no more than 100 characters."],
      description: ["Ensure this field has no more than 1000 characters."],
    });
  });

  it("a name already used (any case) is a field error", async () => {
    const res = await t.as("sl_office").post(TYPES, { name: "general", short_name: "G2" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["shift log type with this name already exists."] });
    const patch = await t.as("sl_office").patch(`${TYPES}${w.type.Security}/`, { name: "GENERAL" });
    expect(patch.json()).toEqual({ name: ["shift log type with this name already exists."] });
  });

  it("PATCH updates the fields; the same name on itself is fine", async () => {
    const res = await t.as("sl_office").patch(`${TYPES}${w.type.Resident}/`, {
      name: "Resident",
      short_name: "RESI",
      description: "",
      display_order: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Resident", short_name: "RESI", description: "", display_order: 0 });
    expect(names((await t.as("sl_fd").get(TYPES)).json())[0]).toBe("Resident");
    expect((await t.as("sl_office").patch(`${TYPES}99999999/`, { name: "Q" })).statusCode).toBe(404);
  });

  it("immutable types cannot be edited or toggled", async () => {
    const res = await t.as("sl_office").patch(`${TYPES}${w.shiftEnd}/`, { name: "Shift over" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "This shift log type cannot be edited." });
    expect((await t.as("sl_office").post(`${TYPES}${w.shiftEnd}/toggle_active/`)).statusCode).toBe(403);
  });

  it("toggle_active flips is_active; inactive types leave the default list, show_all brings them back", async () => {
    const off = await t.as("sl_office").post(`${TYPES}${w.type.Visitor}/toggle_active/`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: w.type.Visitor, is_active: false });
    expect(names((await t.as("sl_fd").get(TYPES)).json())).not.toContain("Visitor");
    expect(names((await t.as("sl_fd").get(`${TYPES}?show_all=true`)).json())).toContain("Visitor");
    expect(names((await t.as("sl_fd").get(`${TYPES}?show_all=true`)).json())).not.toContain("End of shift");
    expect(names((await t.as("sl_fd").get(`${TYPES}?show_all=true&include_shift_end=true`)).json())).toContain(
      "End of shift",
    );
    // New notes may not use it; existing ones keep it and stay editable.
    const on = await t.as("sl_office").post(`${TYPES}${w.type.Visitor}/toggle_active/`);
    expect(on.json().is_active).toBe(true);
    const note = await postNote(t, "sl_fd", {
      body: "Guest",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      shift_log_type_id: w.type.Visitor,
    });
    await t.as("sl_office").post(`${TYPES}${w.type.Visitor}/toggle_active/`);
    const edit = await t.as("sl_fd").patch(`/api/v1/shift-logs/notes/${note.id}/`, { body: "Guest left" });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().shift_log_type_name).toBe("Visitor");
  });

  it("ensureShiftLogTypes is idempotent and keeps renamed types", async () => {
    const before = (await t.as("sl_fd").get(`${TYPES}?show_all=true&include_shift_end=true`)).json().count;
    await ensureShiftLogTypes(t.db);
    await ensureShiftLogTypes(t.db);
    expect((await t.as("sl_fd").get(`${TYPES}?show_all=true&include_shift_end=true`)).json().count).toBe(before);
  });
});

describe("OpenAPI", () => {
  it("documents every shift log call", async () => {
    const res = await t.as(null).get("/api/v1/openapi.json");
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/v1/shift-logs/notes/",
      "/api/v1/shift-logs/notes/{id}/",
      "/api/v1/shift-logs/notes/{id}/events/",
      "/api/v1/shift-logs/shift-log-types/",
      "/api/v1/shift-logs/shift-log-types/{id}/",
      "/api/v1/shift-logs/shift-log-types/{id}/toggle_active/",
      "/api/v1/core/occupancies/{id}/shift-log-notes/",
    ])
      expect(paths).toContain(p);
    const params = res.json().paths["/api/v1/shift-logs/notes/"].get.parameters.map((x: { name: string }) => x.name);
    for (const q of [
      "building",
      "limit",
      "offset",
      "ordering",
      "min_date_created",
      "max_date_created",
      "is_high_priority",
      "apartment_number",
      "shift_log_type_id",
      "search",
      "only_edited",
      "has_apartment_filter",
      "include_apartments",
      "exclude_apartments",
      "include_end_of_shift_notes",
    ])
      expect(params).toContain(q);
  });
});
