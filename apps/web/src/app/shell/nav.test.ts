import { describe, expect, it } from "vitest";
import type { Action, Role, Subject } from "@portico/contract";
import { can, defaultBuildingSettings } from "@portico/contract";
import { ADMIN_LINK, SIDEBAR_NAV, TOP_NAV, visibleNav, type NavItem } from "./nav.ts";
import { filterQuickSearch, quickSearchTarget, toQuickSearchOptions } from "./quickSearchOptions.ts";

function ctx(role: Role, settings = defaultBuildingSettings()) {
  const subject: Subject = { id: 1, role, buildings: [7] };
  return { role, can: (a: Action) => can(subject, a, { id: 7, settings }) };
}
const keys = (items: NavItem[]) => items.map((i) => i.key);

describe("navigation table", () => {
  it("shows only items whose page exists", () => {
    expect(keys(visibleNav(SIDEBAR_NAV, ctx("MG")))).toEqual([
      "dashboard",
      "manage",
      "unit-profiles",
      "communication",
      "instructions",
      "packages",
      "contractors",
      "maintenance",
      "settings",
    ]);
    expect(keys(visibleNav(TOP_NAV, ctx("FD")))).toEqual(["shift-log", "contractors"]);
    // Keys: the sidebar's grid and the top navigation's drawer, when the building has access keys.
    const withKeys = defaultBuildingSettings();
    withKeys.accesskeyssettings.has_access_keys = true;
    expect(keys(visibleNav(SIDEBAR_NAV, ctx("FD", withKeys)))).toContain("keys");
    expect(keys(visibleNav(TOP_NAV, ctx("FD", withKeys)))).toEqual(["keys", "shift-log", "contractors"]);
  });

  it("gates by role and building settings through can()", () => {
    const on = TOP_NAV.map((i) => ({ ...i, exists: true }));
    const settings = defaultBuildingSettings();
    expect(keys(visibleNav(on, ctx("FD", settings)))).toEqual(["shift-log", "contractors"]);
    settings.accesskeyssettings.has_access_keys = true;
    settings.fooddeliverysettings.has_food_delivery = true;
    settings.lockoutsettings.has_lockouts = true;
    settings.reservationsettings.has_reservations = true;
    expect(keys(visibleNav(on, ctx("FD", settings)))).toEqual([
      "food-delivery",
      "keys",
      "shift-log",
      "lockouts",
      "contractors",
      "elevators",
    ]);
    // Food delivery is for the front desk only.
    expect(keys(visibleNav(on, ctx("MG", settings)))).not.toContain("food-delivery");
    // Property owners see none of it.
    expect(keys(visibleNav(on, ctx("PO", settings)))).toEqual([]);
  });

  it("amenity-only users see only Amenities", () => {
    const all = SIDEBAR_NAV.map((i) => ({ ...i, exists: true }));
    expect(keys(visibleNav(all, ctx("AO")))).toEqual(["amenities"]);
    expect(keys(visibleNav(all, ctx("MG")))).not.toContain("amenities");
  });

  it("the Admin link is for office users", () => {
    expect(visibleNav([ADMIN_LINK], ctx("OF"))).toHaveLength(1);
    expect(visibleNav([ADMIN_LINK], ctx("MG"))).toHaveLength(0);
  });
});

describe("quick search options", () => {
  const options = toQuickSearchOptions([
    { apartment_id: 2, apartment_number: "PH1", leases: [] },
    {
      apartment_id: 1,
      apartment_number: "305",
      leases: [
        {
          occupancy_id: 9,
          is_future: true,
          is_do_not_disturb: false,
          occupants: [{ occupant_id: 1, first_name: "Zoe", last_name: "Park" }],
        },
        {
          occupancy_id: 8,
          is_future: false,
          is_do_not_disturb: false,
          occupants: [{ occupant_id: 2, first_name: "Al", last_name: "Ng" }],
        },
      ],
    },
  ]);

  it("one option per lease (current first) and one per vacant unit, in apartment order", () => {
    expect(options.map((o) => [o.apartmentNumber, o.names, o.isFuture, o.occupancyId])).toEqual([
      ["305", "Al Ng", false, 8],
      ["305", "Zoe Park", true, 9],
      ["PH1", "", false, null],
    ]);
  });

  it("filters by unit number start or by name", () => {
    expect(filterQuickSearch(options, "30").map((o) => o.occupancyId)).toEqual([8, 9]);
    expect(filterQuickSearch(options, "park").map((o) => o.occupancyId)).toEqual([9]);
    expect(filterQuickSearch(options, "zoe park").map((o) => o.occupancyId)).toEqual([9]);
    expect(filterQuickSearch(options, "ph").map((o) => o.apartmentNumber)).toEqual(["PH1"]);
    expect(filterQuickSearch(options, "nobody")).toEqual([]);
  });

  it("targets the unit profile, or the create page for a vacant unit", () => {
    expect(quickSearchTarget(4, options[0])).toBe("/4/manage/unit-profiles/8");
    expect(quickSearchTarget(4, options[2])).toBe("/4/manage/unit-profiles/create?apartment_id=2&apartment_number=PH1");
  });
});
