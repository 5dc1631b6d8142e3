import { describe, expect, it } from "vitest";
import {
  defaultRecurringApartment,
  MESSAGES,
  normalizeRule,
  RecurringListQuery,
  recurringPayload,
  RecurringRequestPatch,
  RecurringRequestWrite,
  recurringScheduleText,
  VENDOR_EXCEL_COLUMNS,
  VENDOR_MESSAGES,
  VendorPatch,
  VendorWrite,
} from "./index.ts";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

const form = {
  name: "Filter change",
  description: "Change the filters",
  maintenance_request_type_id: "3",
  apartment_id: 7,
  interval: "WEEKLY",
};

describe("recurring requests", () => {
  it("a blank start is dropped, a blank end is none, is_forever clears the end", () => {
    expect(RecurringRequestWrite.parse({ ...form, start_date: "", end_date: "" })).toMatchObject({
      start_date: null,
      end_date: null,
      maintenance_request_type_id: 3,
    });
    const p = recurringPayload({ ...form, start_date: "", end_date: "2026-05-01", is_forever: true });
    expect(p).toMatchObject({ ...form, end_date: null, is_forever: true, is_monday: false, is_march: false });
    expect("start_date" in p).toBe(false);
    expect(recurringPayload({ ...form, start_date: "2026-01-01", end_date: "" })).toMatchObject({
      start_date: "2026-01-01",
      end_date: null,
    });
  });

  it("weekday boxes only for DAILY, month boxes only for MONTHLY", () => {
    const v = { is_monday: true, is_march: true };
    expect(normalizeRule({ interval: "DAILY", ...v })).toMatchObject({ is_monday: true, is_march: false });
    expect(normalizeRule({ interval: "MONTHLY", ...v })).toMatchObject({ is_monday: false, is_march: true });
    expect(normalizeRule({ interval: "WEEKLY", ...v })).toMatchObject({ is_monday: false, is_march: false });
    expect(normalizeRule({ interval: "YEARLY", ...v })).toMatchObject({ is_monday: false, is_march: false });
  });

  it("the schedule text shows only when a day or a month is chosen", () => {
    expect(recurringScheduleText({ interval: "DAILY" })).toBeNull();
    expect(recurringScheduleText({ interval: "DAILY", is_monday: true, is_friday: true })).toBe("Every Monday, Friday");
    expect(recurringScheduleText({ interval: "MONTHLY", is_january: true, is_july: true })).toBe("In January, July");
    expect(recurringScheduleText({ interval: "WEEKLY", is_monday: true })).toBeNull();
  });

  it("the default apartment is the one whose number contains 'Mgmt'", () => {
    const apts = [{ apartment_number: "101" }, { apartment_number: "Mgmt" }, { apartment_number: "102" }];
    expect(defaultRecurringApartment(apts)).toEqual({ apartment_number: "Mgmt" });
    expect(defaultRecurringApartment([{ apartment_number: "101" }])).toBeNull();
  });

  it("refuses a long description, an end before the start, an unknown interval", () => {
    const r = RecurringRequestWrite.safeParse({
      ...form,
      description: "x".repeat(2001),
      interval: "HOURLY",
      start_date: "2026-05-02",
      end_date: "2026-05-01",
    });
    expect(issues(r)).toEqual([
      ["description", MESSAGES.maxLength(2000)],
      ["interval", MESSAGES.invalidChoice("HOURLY")],
    ]);
    const order = RecurringRequestWrite.safeParse({ ...form, start_date: "2026-05-02", end_date: "2026-05-01" });
    expect(issues(order)).toEqual([["end_date", MESSAGES.endBeforeStart]]);
    expect(
      RecurringRequestWrite.safeParse({ ...form, start_date: "2026-05-02", end_date: "2026-05-01", is_forever: true })
        .success,
    ).toBe(true);
    expect(RecurringRequestPatch.parse({})).toEqual({});
    expect(issues(RecurringRequestPatch.safeParse({ name: " " }))).toEqual([["name", MESSAGES.fieldRequired]]);
  });

  it("the list's query: include_inactive and is_active", () => {
    expect(RecurringListQuery.parse({ building: "1", include_inactive: "true", is_active: "0" })).toMatchObject({
      building: 1,
      include_inactive: true,
      is_active: false,
    });
  });
});

describe("vendors", () => {
  it("the spec's message, word for word; the spreadsheet's columns", () => {
    expect(VENDOR_MESSAGES.deleted).toBe("Vendor successfully deleted");
    expect([...VENDOR_EXCEL_COLUMNS]).toEqual([
      "name",
      "category",
      "address",
      "city",
      "state",
      "zip",
      "phone",
      "email",
      "website",
    ]);
  });

  it("name required; texts trimmed, blank and null are ''", () => {
    expect(issues(VendorWrite.safeParse({ building: 1 }))).toEqual([["name", MESSAGES.fieldRequired]]);
    expect(VendorWrite.parse({ building: "1", name: " Acme ", phone: null, zip: 7081 })).toEqual({
      building: 1,
      name: "Acme",
      phone: "",
      zip: "7081",
    });
    expect(issues(VendorPatch.safeParse({ email: "x@" }))).toEqual([["email", VENDOR_MESSAGES.invalidEmail]]);
  });
});
