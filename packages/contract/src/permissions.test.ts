import { describe, expect, it } from "vitest";
import { type Action, can, hasBuildingAccess, type Subject } from "./permissions.ts";
import { defaultBuildingSettings, mergeBuildingSettings } from "./buildings.ts";
import { ROLES, type Role } from "./roles.ts";

const user = (role: Role, buildings: number[] = [1, 2]): Subject => ({ id: 1, role, buildings });
const plain = { id: 1, settings: defaultBuildingSettings() };
const withSettings = (patch: Parameters<typeof mergeBuildingSettings>[1]) => ({
  id: 1,
  settings: mergeBuildingSettings({}, patch),
});

/** Who may do what in a building they have access to (default settings). */
const TABLE: [Action, Role[]][] = [
  ["admin.access", ["OF"]],
  ["building.settings.edit", ["OF", "MG"]],
  ["occupancy.create", ["OF", "MG"]],
  ["occupancy.edit", ["OF", "MG"]],
  ["occupancy.flag", ["OF", "MG"]],
  ["occupant.view_email", ["OF", "MG"]],
  ["apartment.create", ["OF", "MG"]],
  ["occupancy.view", ["OF", "MG", "FD", "MT", "PT"]],
  ["occupancy.move_out", ["OF", "MG", "FD", "MT", "PT"]],
  ["occupancy.history", ["OF", "MG", "FD", "MT", "PT"]],
  ["employee.list", ["OF", "MG", "FD", "MT", "PT"]],
  ["shiftlog.create", ["OF", "MG", "FD", "MT", "PT"]],
  ["shiftlog.edit_any", ["OF", "MG"]],
  ["shiftlog.delete", ["OF"]],
  ["instruction.create", ["OF", "MG", "FD", "MT", "PT"]],
  ["nav.amenity_reservations", ["OF", "MG", "FD", "MT", "PT", "CA", "AO"]],
  ["global_users.search", ["OF", "MG", "FD", "MT", "PT", "CA", "TN"]],
  ["club.manage_members", []],
  ["amenity.view", []],
  ["elevator.use", []],
  ["building.view", ["OF", "MG", "FD", "MT", "PT", "CA", "PO", "AO"]],
  ["building.settings.view", ["OF", "MG", "FD", "MT", "PT", "CA", "AO"]],
  ["apartment.dropdown", ["OF", "MG", "FD", "MT", "PT", "CA", "AO"]],
  ["resident.search", ["OF", "MG", "FD", "MT", "PT"]],
  ["live.watch", ["OF", "MG", "FD", "MT", "PT", "CA", "AO"]],
  ["memo.send", ["OF", "MG"]],
  ["memo.send_portfolio", ["OF"]],
  ["email_templates.manage", ["OF", "MG"]],
  ["email.history", ["OF", "MG", "FD", "MT", "PT"]],
  ["document.use", ["OF", "MG", "FD", "MT", "PT"]],
  ["document.view_all", ["OF", "MG"]],
  ["management_note.view", ["OF", "MG", "FD", "MT", "PT"]],
  ["management_note.manage", ["OF", "MG"]],
  ["dashboard.action_items", ["OF", "MG", "FD", "MT", "PT"]],
  ["dashboard.active_employees", ["OF", "MG", "FD", "MT", "PT"]],
  ["move_out.invite", []],
];

describe("can()", () => {
  for (const [action, allowed] of TABLE) {
    it(`${action}: ${allowed.join(", ")}`, () => {
      for (const role of ROLES)
        expect(can(user(role), action, plain), `${role} ${action}`).toBe(allowed.includes(role));
    });
  }

  it("refuses everything in a building the user has no access to, except for office users", () => {
    const b3 = { id: 3, settings: defaultBuildingSettings() };
    for (const role of ROLES.filter((r) => r !== "OF"))
      for (const [action] of TABLE)
        if (action !== "global_users.search" || role !== "TN")
          expect(can(user(role), action, b3), `${role} ${action}`).toBe(false);
    expect(can(user("OF", []), "building.settings.edit", b3)).toBe(true);
    expect(hasBuildingAccess(user("OF", []), 3)).toBe(true);
    expect(hasBuildingAccess(user("FD", [1, 2]), 3)).toBe(false);
    expect(hasBuildingAccess(user("FD", [1, 2]), 2)).toBe(true);
  });

  it("follows the building's settings", () => {
    const writeManagerOnly = withSettings({ instructionsettings: { is_write_manager_only: true } });
    expect(can(user("FD"), "instruction.create", writeManagerOnly)).toBe(false);
    expect(can(user("MG"), "instruction.create", writeManagerOnly)).toBe(true);

    const clubs = withSettings({
      clubsettings: { can_club_admin_manage_memberships: true },
      amenitysettings: { has_amenities: true },
    });
    expect(can(user("CA"), "club.manage_members", clubs)).toBe(true);
    expect(can(user("MG"), "club.manage_members", clubs)).toBe(true);
    expect(can(user("CA"), "club.manage_members", plain)).toBe(false);

    const amenities = withSettings({ amenitysettings: { has_amenities: true } });
    const who = (action: Action, b: typeof plain) => ROLES.filter((r) => can(user(r), action, b));
    expect(who("club.manage", amenities)).toEqual(["OF", "MG"]);
    expect(who("amenity.view", amenities)).toEqual(["OF", "MG", "FD", "MT", "PT", "CA", "AO"]);
    expect(who("amenity.checkin", amenities)).toEqual(["OF", "MG", "FD", "MT", "PT", "CA", "AO"]);
    expect(who("amenity.book", amenities)).toEqual(["OF", "MG", "CA", "AO"]);
    const hidden = withSettings({ amenitysettings: { has_amenities: true, is_viewable_by_all_employees: false } });
    expect(who("amenity.view", hidden)).toEqual(["OF", "MG", "CA", "AO"]);

    const elevators = withSettings({ reservationsettings: { has_reservations: true } });
    expect(who("elevator.use", elevators)).toEqual(["OF", "MG", "FD", "MT", "PT"]);
    expect(who("elevator.decide", elevators)).toEqual(["OF", "MG"]);
    const staffApprove = withSettings({ reservationsettings: { has_reservations: true, is_staff_can_approve: true } });
    expect(who("elevator.decide", staffApprove)).toEqual(["OF", "MG", "FD"]);
    expect(who("reservation_types.manage", elevators)).toEqual(["OF"]);
    expect(who("move_out.invite", elevators)).toEqual(["OF", "MG", "FD", "MT", "PT"]);

    const food = withSettings({ fooddeliverysettings: { has_food_delivery: true } });
    expect(can(user("FD"), "nav.food_delivery", food)).toBe(true);
    expect(can(user("MG"), "nav.food_delivery", food)).toBe(false);
    expect(can(user("FD"), "nav.food_delivery", plain)).toBe(false);

    expect(can(user("FD"), "nav.keys", plain)).toBe(false);
    expect(can(user("FD"), "nav.keys", withSettings({ accesskeyssettings: { has_access_keys: true } }))).toBe(true);
    expect(can(user("MG"), "occupancy.notes", plain)).toBe(false);
    expect(can(user("MG"), "occupancy.notes", withSettings({ coresettings: { enable_occupancy_notes: true } }))).toBe(
      true,
    );
    expect(can(user("MG"), "idcard.replace", withSettings({ idcardsettings: { has_id_cards: true } }))).toBe(true);
    expect(can(user("MG"), "idcard.replace", plain)).toBe(false);
    expect(can(user("MG"), "occupant.welcome_email", plain)).toBe(true);
    expect(can(user("MG"), "occupant.welcome_email", withSettings({ is_tenant_federated: true }))).toBe(false);
  });

  it("lets tenants do nothing but the resident search", () => {
    for (const [action] of TABLE) expect(can(user("TN"), action), action).toBe(action === "global_users.search");
  });
});
