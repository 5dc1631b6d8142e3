import { describe, expect, it } from "vitest";
import {
  expiresTonight,
  FOOD_DELIVERY_TYPE_ID,
  InstructionListQuery,
  instructionFormErrors,
  instructionStatus,
  InstructionWrite,
  isLongTerm,
  isNewFoodDelivery,
  isRecentlyExpired,
} from "./instructions.ts";
import { INSTRUCTION_MESSAGES, MESSAGES } from "./messages.ts";
import { can } from "./permissions.ts";
import { mergeBuildingSettings } from "./buildings.ts";

const today = "2026-11-26";
const i = (expiration_date: string | null, is_manually_expired = false) => ({ expiration_date, is_manually_expired });

describe("instruction rules", () => {
  it("status: manually expired, expired before today, active from today on or without an end", () => {
    expect(instructionStatus(i("2026-12-01", true), today)).toBe("Manually expired");
    expect(instructionStatus(i("2026-11-25"), today)).toBe("Expired");
    expect(instructionStatus(i(today), today)).toBe("Active");
    expect(instructionStatus(i(null), today)).toBe("Active");
  });
  it("expires tonight only on its last day while active", () => {
    expect(expiresTonight(i(today), today)).toBe(true);
    expect(expiresTonight(i(today, true), today)).toBe(false);
    expect(expiresTonight(i("2026-11-27"), today)).toBe(false);
  });
  it("long term is over 30 days or no end", () => {
    expect(isLongTerm({ start_date: "2026-11-01", expiration_date: "2026-12-01" })).toBe(false);
    expect(isLongTerm({ start_date: "2026-11-01", expiration_date: "2026-12-02" })).toBe(true);
    expect(isLongTerm({ start_date: "2026-11-01", expiration_date: null })).toBe(true);
  });
  it("recently expired covers the past 30 days", () => {
    expect(isRecentlyExpired(i("2026-10-27"), today)).toBe(true);
    expect(isRecentlyExpired(i("2026-10-26"), today)).toBe(false);
    expect(isRecentlyExpired(i(today, true), today)).toBe(true);
    expect(isRecentlyExpired(i(today), today)).toBe(false);
  });
  it("a food delivery modified under 30 minutes ago is new", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    const fd = (m: string, id = FOOD_DELIVERY_TYPE_ID) => ({ instruction_type: { id }, last_modified: m });
    expect(isNewFoodDelivery(fd("2026-11-26T11:31:00Z"), now)).toBe(true);
    expect(isNewFoodDelivery(fd("2026-11-26T11:30:00Z"), now)).toBe(false);
    expect(isNewFoodDelivery(fd("2026-11-26T11:59:00Z", 3), now)).toBe(false);
  });
});

describe("instruction forms and queries", () => {
  it("an end date is required by the type, and never before the start", () => {
    expect(instructionFormErrors({ expiration_date: null }, { is_end_date_required: true })).toEqual({
      expiration_date: [INSTRUCTION_MESSAGES.expirationRequired],
    });
    expect(instructionFormErrors({ expiration_date: null }, { is_end_date_required: false })).toEqual({});
    const r = InstructionWrite.safeParse({
      instruction_type: "1",
      name: "Guest",
      occupancy: 2,
      start_date: "2026-11-26",
      expiration_date: "2026-11-25",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["expiration_date"]);
  });
  it("blank dates are null; name is required", () => {
    const r = InstructionWrite.parse({
      instruction_type: 1,
      name: " G ",
      occupancy: 2,
      start_date: "",
      expiration_date: "",
    });
    expect(r).toMatchObject({ name: "G", start_date: null, expiration_date: null });
    expect(InstructionWrite.safeParse({ instruction_type: 1, occupancy: 2 }).error?.issues[0].message).toBe(
      MESSAGES.fieldRequired,
    );
  });
  it("the list query reads every filter", () => {
    const q = InstructionListQuery.parse({
      building: "1",
      status: "ALL",
      instruction_type: "1,2",
      occupant_status: "current,future",
      food_delivery: "true",
      limit: "5000",
    });
    expect(q).toMatchObject({
      building: 1,
      status: "all",
      instruction_type: [1, 2],
      occupant_status: ["CURRENT", "FUTURE"],
    });
    expect(InstructionListQuery.safeParse({ limit: "5001" }).success).toBe(false);
    expect(InstructionListQuery.safeParse({ date_range_min: "2026-11-02", date_range_max: "2026-11-01" }).success).toBe(
      false,
    );
  });
});

describe("instruction permissions", () => {
  const settings = (on: boolean) => mergeBuildingSettings({ instructionsettings: { is_write_manager_only: on } });
  it("writes follow is_write_manager_only; views are for staff; types for Office", () => {
    const fd = { role: "FD" as const, buildings: [1] };
    const mg = { role: "MG" as const, buildings: [1] };
    for (const a of ["instruction.create", "instruction.edit", "instruction.expire"] as const) {
      expect(can(fd, a, { id: 1, settings: settings(false) })).toBe(true);
      expect(can(fd, a, { id: 1, settings: settings(true) })).toBe(false);
      expect(can(mg, a, { id: 1, settings: settings(true) })).toBe(true);
    }
    expect(can(fd, "instruction.view", { id: 1, settings: settings(true) })).toBe(true);
    expect(can(fd, "instruction.view", { id: 2, settings: settings(true) })).toBe(false);
    expect(can(mg, "instruction_types.manage")).toBe(false);
    expect(can({ role: "OF", buildings: [] }, "instruction_types.manage")).toBe(true);
  });
});
