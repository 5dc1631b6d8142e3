import { describe, expect, it } from "vitest";
import {
  canMarkMissing,
  canSubmitKeyBatch,
  completeKeyRows,
  duplicateKeyRows,
  isKeyOverdue,
  KeyDeactivateWrite,
  KeyListQuery,
  KeyMissingWrite,
  KeyRenameWrite,
  KeySignInWrite,
  KeySignOutWrite,
  KeyPatch,
  KeyRegister,
  keyBatchRowState,
  normalizeRfid,
  overdueChipLabel,
  VerbalPermissionWrite,
} from "./access-keys.ts";
import { MESSAGES } from "./messages.ts";

const now = Date.parse("2026-11-26T12:00:00Z");
const hoursAgo = (h: number, extraMs = 0) => new Date(now - h * 3_600_000 - extraMs).toISOString();

describe("access key rules", () => {
  it("normalizes a typed RFID: trimmed and upper-cased", () => {
    expect(normalizeRfid("  04a1b2c3 \n")).toBe("04A1B2C3");
  });
  it("overdue: OUT or MISSING strictly longer than the limit", () => {
    expect(isKeyOverdue({ status: "OUT", away_since: hoursAgo(48) }, now, 48)).toBe(false);
    expect(isKeyOverdue({ status: "OUT", away_since: hoursAgo(48, 60_000) }, now, 48)).toBe(true);
    expect(isKeyOverdue({ status: "MISSING", away_since: hoursAgo(3) }, now, 2)).toBe(true);
    expect(isKeyOverdue({ status: "IN", away_since: hoursAgo(100) }, now, 48)).toBe(false);
    expect(isKeyOverdue({ status: "OUT", away_since: null }, now, 48)).toBe(false);
    expect(isKeyOverdue({ status: "OUT", away_since: hoursAgo(49) }, now)).toBe(true);
    expect(overdueChipLabel(48)).toBe("48+ hours");
  });
  it("mark missing only when active and not missing", () => {
    expect(canMarkMissing({ is_active: true, status: "IN" })).toBe(true);
    expect(canMarkMissing({ is_active: true, status: "OUT" })).toBe(true);
    expect(canMarkMissing({ is_active: true, status: "MISSING" })).toBe(false);
    expect(canMarkMissing({ is_active: false, status: "IN" })).toBe(false);
  });
  it("batch-out rows: duplicates, partial rows, submit", () => {
    const rows = [
      { apartment: 1, key: 10, recipient: { id: 1 } },
      { apartment: 1, key: 11, comment: "Plumber" },
      { apartment: 1, key: 10, comment: "x" },
      {},
    ];
    expect(duplicateKeyRows(rows)).toEqual([2]);
    expect(keyBatchRowState(rows[3])).toBe("empty");
    expect(keyBatchRowState({ apartment: 1, comment: "  " })).toBe("partial");
    expect(canSubmitKeyBatch(rows, true)).toBe(false);
    expect(canSubmitKeyBatch(rows.slice(0, 2), true)).toBe(true);
    expect(canSubmitKeyBatch(rows.slice(0, 2), false)).toBe(false);
    expect(canSubmitKeyBatch([{ apartment: 1 }, rows[0]], true)).toBe(false);
    expect(completeKeyRows([...rows.slice(0, 2), {}])).toHaveLength(2);
  });
});

describe("access key schemas", () => {
  it("register: rfid normalized, apartment and location required", () => {
    const r = KeyRegister.safeParse({ rfid: " ab12 ", apartment: "3", location: 4, status: "IN", is_active: true });
    expect(r.success && r.data).toMatchObject({ rfid: "AB12", apartment: 3, location: 4 });
    const bad = KeyRegister.safeParse({ rfid: "  " });
    expect(bad.success).toBe(false);
  });
  it("patch: form values (is_active 0, status lower-case)", () => {
    expect(KeyPatch.parse({ is_active: "0" })).toEqual({ is_active: false });
    expect(KeyPatch.parse({ status: "out", entity_id: "5", entity_type: "occupant" })).toEqual({
      status: "OUT",
      entity_id: 5,
      entity_type: "occupant",
    });
    expect(KeyPatch.safeParse({ status: "LOST" }).success).toBe(false);
  });
  it("verbal permission: comment trimmed and not empty", () => {
    expect(VerbalPermissionWrite.parse({ comment: "  Cleaner  ", access_key: 1 }).comment).toBe("Cleaner");
    const r = VerbalPermissionWrite.safeParse({ comment: "   ", access_key: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MESSAGES.mayNotBeBlank);
  });
  it("list query: statuses and overdue", () => {
    expect(KeyListQuery.parse({ status: "out,missing", overdue: "true" })).toMatchObject({
      status: ["OUT", "MISSING"],
      overdue: true,
    });
    expect(KeyListQuery.safeParse({ status: "GONE" }).success).toBe(false);
  });
});

describe("key patch variants", () => {
  it("each variant is a valid patch", () => {
    const out = KeySignOutWrite.parse({ status: "OUT", entity_type: "occupant", entity_id: "3", rfid: " ab " });
    expect(KeyPatch.parse(out)).toMatchObject({ status: "OUT", entity_id: 3, rfid: "AB" });
    expect(KeySignInWrite.safeParse({ status: "IN" }).success).toBe(false);
    expect(KeyRenameWrite.parse({ name: " Spare " }).name).toBe("Spare");
    expect(KeyPatch.parse(KeyDeactivateWrite.parse({ is_active: 0 }))).toEqual({ is_active: false });
    expect(KeyPatch.parse(KeyMissingWrite.parse({ status: "MISSING" }))).toEqual({ status: "MISSING" });
  });
});
