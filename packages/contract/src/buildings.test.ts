import { describe, expect, it } from "vitest";
import {
  BuildingSettingsGroups,
  BuildingSettingsPatch,
  defaultBuildingSettings,
  mergeBuildingSettings,
  parseStoredSettings,
} from "./buildings.ts";
import { changeNote } from "./common.ts";

describe("building settings", () => {
  it("defaults every group", () => {
    const d = defaultBuildingSettings();
    expect(d.lockoutsettings.has_lockouts).toBe(false);
    expect(d.amenitysettings.is_viewable_by_all_employees).toBe(true);
    expect(d.reservationsettings.coi_template).toBeNull();
    expect(d.front_desk_number).toBe("");
    expect(BuildingSettingsGroups.parse(d)).toEqual(d);
  });

  it("merges a patch group by group, field by field", () => {
    const stored = mergeBuildingSettings(
      {},
      { shiftlogsettings: { email_recipients: "a@example.com", is_emailed_nightly: true } },
    );
    const after = mergeBuildingSettings(stored, {
      shiftlogsettings: { is_email_high_priority_only: true },
      lockoutsettings: { has_lockouts: true },
      front_desk_number: "555",
    });
    expect(after.shiftlogsettings).toEqual({
      ...defaultBuildingSettings().shiftlogsettings,
      email_recipients: "a@example.com",
      is_emailed_nightly: true,
      is_email_high_priority_only: true,
    });
    expect(after.lockoutsettings.has_lockouts).toBe(true);
    expect(after.front_desk_number).toBe("555");
    expect(after.parkingsettings).toEqual(defaultBuildingSettings().parkingsettings);
  });

  it("reads an old or partial stored document with defaults, and a broken group as its defaults", () => {
    expect(mergeBuildingSettings(null)).toEqual(defaultBuildingSettings());
    expect(mergeBuildingSettings({ lockoutsettings: { has_lockouts: true } }).lockoutsettings.has_lockouts).toBe(true);
    const broken = parseStoredSettings({
      lockoutsettings: { has_lockouts: "yes" },
      parkingsettings: { has_parking: true },
    });
    expect(broken.lockoutsettings.has_lockouts).toBe(false);
    expect(broken.parkingsettings.has_parking).toBe(true);
  });

  it("parses a patch without filling defaults, and refuses unknown keys and wrong types", () => {
    expect(BuildingSettingsPatch.parse({ shiftlogsettings: { is_emailed_nightly: true } })).toEqual({
      shiftlogsettings: { is_emailed_nightly: true },
    });
    expect(BuildingSettingsPatch.parse({})).toEqual({});
    const bad = BuildingSettingsPatch.safeParse({ nope: 1, lockoutsettings: { has_lockouts: "x", extra: 1 } });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => [i.code, i.path.join(".")]);
    expect(paths).toContainEqual(["unrecognized_keys", ""]);
    expect(paths).toContainEqual(["unrecognized_keys", "lockoutsettings"]);
    expect(paths).toContainEqual(["invalid_type", "lockoutsettings.has_lockouts"]);
  });

  it("writes change notes as 'Changes: field: old ==> new'", () => {
    expect(
      changeNote([
        { field: "lockoutsettings.has_lockouts", from: false, to: true },
        { field: "front_desk_number", from: "", to: "555" },
      ]),
    ).toBe("Changes: lockoutsettings.has_lockouts: false ==> true; front_desk_number: None ==> 555");
  });
});
