import { describe, expect, it } from "vitest";
import { isDateRangeReversed, PackageListQuery, ShiftLogNoteQuery, ShiftLogNoteWrite, UnitListQuery } from "./index.ts";

const END = "The end date must be on or after the start date.";
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("date ranges", () => {
  it("days compare as days, two date-times as instants; a missing end is no range", () => {
    expect(isDateRangeReversed("2026-03-02", "2026-03-01")).toBe(true);
    expect(isDateRangeReversed("2026-03-01", "2026-03-01")).toBe(false);
    expect(isDateRangeReversed("2026-03-01", "2026-03-01T00:30:00")).toBe(false);
    expect(isDateRangeReversed("2026-03-01T10:00:00Z", "2026-03-01T09:59:59Z")).toBe(true);
    expect(isDateRangeReversed("2026-03-01T10:00:00+02:00", "2026-03-01T09:00:00Z")).toBe(false);
    expect(isDateRangeReversed("", "2026-03-01")).toBe(false);
    expect(isDateRangeReversed("2026-03-01", undefined)).toBe(false);
  });

  it("each list's query refuses its reversed ranges on the end parameter", () => {
    expect(
      issues(ShiftLogNoteQuery.safeParse({ min_date_created: "2026-03-02", max_date_created: "2026-03-01" })),
    ).toEqual([`max_date_created: ${END}`]);
    expect(
      issues(UnitListQuery.safeParse({ min_lease_start_date: "2026-03-02", max_lease_start_date: "2026-03-01" })),
    ).toEqual([`max_lease_start_date: ${END}`]);
    expect(
      issues(
        PackageListQuery.safeParse({
          min_date_opened: "2026-03-02",
          max_date_opened: "2026-03-01",
          min_date_closed: "2026-03-01",
          max_date_closed: "2026-03-01",
        }),
      ),
    ).toEqual([`max_date_opened: ${END}`]);
  });
});

describe("shift log note body", () => {
  it("at most 5000 characters once trimmed", () => {
    const base = { building_id: 1, apartment_ids: [1] };
    expect(issues(ShiftLogNoteWrite.safeParse({ ...base, body: "a".repeat(5001) }))).toEqual([
      "body: Ensure this field has no more than 5000 characters.",
    ]);
    expect(ShiftLogNoteWrite.safeParse({ ...base, body: ` ${"a".repeat(5000)} ` }).success).toBe(true);
  });
});
