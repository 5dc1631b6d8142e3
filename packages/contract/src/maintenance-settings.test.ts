import { describe, expect, it } from "vitest";
import {
  CommentTemplateWrite,
  MAINTENANCE_SETTINGS_MESSAGES as M,
  MaintenanceNotificationSettingsPatch,
  MaintenanceRequestTypeWrite,
} from "./maintenance-settings.ts";
import { MESSAGES } from "./messages.ts";

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("maintenance request type form", () => {
  it("needs a name and a display order (an integer ≥ 0, typed or given)", () => {
    expect(errorsOf(MaintenanceRequestTypeWrite.safeParse({}))).toEqual({
      name: MESSAGES.fieldRequired,
      display_order: MESSAGES.fieldRequired,
    });
    expect(errorsOf(MaintenanceRequestTypeWrite.safeParse({ name: "A", display_order: "" }))).toEqual({
      display_order: MESSAGES.fieldRequired,
    });
    expect(errorsOf(MaintenanceRequestTypeWrite.safeParse({ name: "A", display_order: "1.5" }))).toEqual({
      display_order: MESSAGES.integerRequired,
    });
    expect(MaintenanceRequestTypeWrite.parse({ name: " A ", display_order: "4" })).toEqual({
      name: "A",
      display_order: 4,
    });
  });
});

describe("comment template form", () => {
  it("title ≤ 100, template ≤ 2000, display_order ≥ 0", () => {
    expect(
      errorsOf(
        CommentTemplateWrite.safeParse({ building_id: 1, title: "t".repeat(101), template: "", display_order: -1 }),
      ),
    ).toEqual({
      title: MESSAGES.maxLength(100),
      template: MESSAGES.fieldRequired,
      display_order: MESSAGES.minValue(0),
    });
  });
});

describe("email recipients", () => {
  const parse = (v: unknown) => MaintenanceNotificationSettingsPatch.safeParse({ email_recipients: v });
  it("are trimmed, joined by semicolons, without repeats; blank clears them", () => {
    expect(parse(" a@x.com ;b@y.org, a@x.com;;").data).toEqual({ email_recipients: "a@x.com;b@y.org" });
    expect(parse("").data).toEqual({ email_recipients: "" });
    expect(parse(null).data).toEqual({ email_recipients: "" });
  });
  it("each must be an address", () => {
    expect(errorsOf(parse("a@x.com;nobody"))).toEqual({ email_recipients: M.invalidEmail("nobody") });
  });
});
