import { describe, expect, it } from "vitest";
import { addDays, FOOD_DELIVERY_TYPE_ID, INSTRUCTION_MESSAGES, MESSAGES } from "@portico/contract";
import { factsOf, instructionFormSchema, instructionPaths, listQueryOf, readableText, typeChoices } from "./model.ts";
import { makeInstruction, today, TYPES } from "./testing.tsx";

const TZ = "America/New_York";

describe("what a card says", () => {
  it("active, expiring tonight, long term, recently expired, manually expired", () => {
    const t = today();
    expect(factsOf(makeInstruction(), TZ)).toMatchObject({ status: "Active", active: true, expiresTonight: false });
    expect(factsOf(makeInstruction({ expiration_date: t }), TZ)).toMatchObject({ active: true, expiresTonight: true });
    expect(factsOf(makeInstruction({ expiration_date: addDays(t, 31) }), TZ).longTerm).toBe(true);
    expect(factsOf(makeInstruction({ expiration_date: addDays(t, 30) }), TZ).longTerm).toBe(false);
    const yesterday = factsOf(makeInstruction({ start_date: addDays(t, -3), expiration_date: addDays(t, -1) }), TZ);
    expect(yesterday).toMatchObject({ status: "Expired", active: false, recentlyExpired: true, expiresTonight: false });
    const old = factsOf(makeInstruction({ start_date: addDays(t, -40), expiration_date: addDays(t, -31) }), TZ);
    expect(old.recentlyExpired).toBe(false);
    const manual = factsOf(makeInstruction({ is_manually_expired: true, expiration_date: t }), TZ);
    expect(manual).toMatchObject({ status: "Manually expired", active: false, expiresTonight: false });
  });

  it("a food delivery modified less than 30 minutes ago is new", () => {
    const now = Date.parse("2026-03-02T15:20:00.000Z");
    const food = makeInstruction({ typeId: FOOD_DELIVERY_TYPE_ID, last_modified: "2026-03-02T15:00:00.000Z" });
    expect(factsOf(food, TZ, now)).toMatchObject({ isNew: true, foodDelivery: true });
    expect(factsOf(food, TZ, now + 11 * 60_000).isNew).toBe(false);
    expect(factsOf(makeInstruction({ last_modified: "2026-03-02T15:00:00.000Z" }), TZ, now).isNew).toBe(false);
  });
});

describe("paths and the list's query", () => {
  it("links the profile's list with occupancy, limit 5000 and status all", () => {
    expect(instructionPaths.unitList(1, 91)).toBe("/1/front-desk/instructions/list?occupancy=91&limit=5000&status=all");
    expect(instructionPaths.create(1, 91)).toBe("/1/front-desk/instructions/create?occupancy_id=91");
    expect(instructionPaths.edit(1, 91, 7)).toBe("/1/front-desk/instructions/edit?occupancy_id=91&instruction_id=7");
  });

  it("sends every filter of the URL, the paging and the default order", () => {
    const params = new URLSearchParams(
      "apartment=11&instruction_type=1&status=all&search=jane&date_range_min=2026-01-01&date_range_max=2026-02-01" +
        "&occupancy__is_active=true&exclude_food_delivery=true&occupancy=91&unknown=x",
    );
    expect(listQueryOf(params, 1, { limit: 50, offset: 100 })).toEqual({
      building: 1,
      limit: 50,
      offset: 100,
      apartment: "11",
      instruction_type: "1",
      status: "all",
      search: "jane",
      date_range_min: "2026-01-01",
      date_range_max: "2026-02-01",
      occupancy__is_active: "true",
      exclude_food_delivery: "true",
      occupancy: "91",
      ordering: "-expiration_date",
    });
    expect(listQueryOf(new URLSearchParams("ordering=name"), 1, { limit: 50, offset: 0 }).ordering).toBe("name");
  });
});

describe("the form's rules", () => {
  const schema = instructionFormSchema(TYPES);
  const base = {
    occupancy: 91,
    instruction_type: "2",
    name: "Jane",
    instruction_text: "",
    start_date: "2026-03-02",
    expiration_date: "",
    photo: null,
  };
  const messages = (over: object) => {
    const r = schema.safeParse({ ...base, ...over });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("requires an expiration date only for types that say so, never before the start", () => {
    expect(messages({})).toEqual([]);
    expect(messages({ instruction_type: "1" })).toEqual([
      `expiration_date: ${INSTRUCTION_MESSAGES.expirationRequired}`,
    ]);
    expect(messages({ instruction_type: "1", expiration_date: "2026-03-05" })).toEqual([]);
    expect(messages({ expiration_date: "2026-03-01" })).toEqual([
      `expiration_date: ${INSTRUCTION_MESSAGES.endBeforeStart}`,
    ]);
  });

  it("requires the unit, type and name; checks dates and lengths", () => {
    expect(messages({ occupancy: null, instruction_type: "", name: "  " })).toEqual([
      `occupancy: ${MESSAGES.fieldRequired}`,
      `instruction_type: ${MESSAGES.fieldRequired}`,
      `name: ${MESSAGES.fieldRequired}`,
    ]);
    expect(messages({ expiration_date: "invalid" })).toEqual([`expiration_date: ${MESSAGES.invalidDate}`]);
    expect(messages({ instruction_text: "a".repeat(2001) })).toEqual([`instruction_text: ${MESSAGES.maxLength(2000)}`]);
  });

  it("offers the active types (and the instruction's own)", () => {
    expect(typeChoices(TYPES).map((t) => t.id)).not.toContain(4);
    expect(typeChoices(TYPES, 4).map((t) => t.id)).toContain(4);
  });
});

describe("type chips stay readable", () => {
  it("keeps the type's text colour when it contrasts enough, else black or white", () => {
    expect(readableText("#1976D2", "#FFFFFF")).toBe("#FFFFFF");
    expect(readableText("#F57C00", "#000000")).toBe("#000000");
    // Green with white is 4.1:1: black reads better.
    expect(readableText("#388E3C", "#FFFFFF")).toBe("#000000");
    expect(readableText("#212121", "#333333")).toBe("#FFFFFF");
  });
});
