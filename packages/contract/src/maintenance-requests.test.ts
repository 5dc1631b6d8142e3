import { describe, expect, it } from "vitest";
import {
  can,
  defaultStatusFilter,
  isClosedStatus,
  MAINTENANCE_MESSAGES as MM,
  MaintenanceListQuery,
  MaintenanceRequestCreate,
  MaintenanceStatusUpdate,
  mergeBuildingSettings,
  MESSAGES,
  statusOptionsOf,
  statusText,
} from "./index.ts";

describe("maintenance request statuses", () => {
  it("has two vocabularies, an open and a closed group, and 'until {date}' for holds", () => {
    expect(statusOptionsOf("STANDARD").map((o) => o.value)).toEqual(["OPEN", "ON_HOLD", "CLOSED"]);
    expect(statusOptionsOf("EXTENDED").map((o) => o.value)).toEqual([
      "NEW",
      "IN_PROGRESS",
      "ON_HOLD",
      "CANCELED",
      "RESOLVED",
    ]);
    expect(defaultStatusFilter("STANDARD")).toEqual(["OPEN", "ON_HOLD"]);
    expect(defaultStatusFilter("EXTENDED")).toEqual(["NEW", "IN_PROGRESS", "ON_HOLD"]);
    expect(["CLOSED", "RESOLVED", "CANCELED"].every((s) => isClosedStatus(s as "CLOSED"))).toBe(true);
    expect(statusText("ON_HOLD", "2026-12-01")).toBe("On Hold until 2026-12-01");
    expect(statusText("OPEN", null)).toBe("Open");
  });

  it("defaults a building to the standard set", () => {
    expect(mergeBuildingSettings({}).maintenancerequestsettings).toEqual({
      has_signatures: false,
      status_set: "STANDARD",
    });
  });
});

describe("maintenance request forms", () => {
  it("limits description and entry instructions to 2000 characters and requires the unit, type and description", () => {
    const bad = MaintenanceRequestCreate.safeParse({
      description: "x".repeat(2001),
      permission_to_enter_comments: "y".repeat(2001),
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      apartment_id: MESSAGES.fieldRequired,
      maintenance_request_type_id: MESSAGES.fieldRequired,
      description: MESSAGES.maxLength(2000),
      permission_to_enter_comments: MESSAGES.maxLength(2000),
    });
  });

  it("reads list filters and status updates", () => {
    const q = MaintenanceListQuery.parse({
      building: "1",
      statuses: "open,ON_HOLD",
      is_high_priority: "true",
      limit: "30",
    });
    expect(q).toMatchObject({ building: 1, statuses: ["OPEN", "ON_HOLD"], is_high_priority: true, limit: 30 });
    expect(MaintenanceStatusUpdate.parse({ status: "on_hold" })).toEqual({ status: "ON_HOLD" });
    expect(MM.exportError(500)).toBe("Excel export error - status: 500");
  });

  it("lets every staff role use maintenance; templates are managers', types office's", () => {
    const who = (role: "OF" | "MG" | "FD" | "MT" | "PT" | "TN" | "CA") => ({ role, buildings: [1] });
    for (const r of ["OF", "MG", "FD", "MT", "PT"] as const)
      expect(can(who(r), "maintenance.use", { id: 1 })).toBe(true);
    for (const r of ["TN", "CA"] as const) expect(can(who(r), "maintenance.use", { id: 1 })).toBe(false);
    expect(["OF", "MG", "FD"].map((r) => can(who(r as "OF"), "maintenance.manage_templates"))).toEqual([
      true,
      true,
      false,
    ]);
    expect(["OF", "MG"].map((r) => can(who(r as "OF"), "maintenance.manage_types"))).toEqual([true, false]);
  });
});
