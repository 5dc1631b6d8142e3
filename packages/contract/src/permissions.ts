import type { Role } from "./roles.ts";
import { isManagerLevel, isStaff } from "./roles.ts";
import type { BuildingSettingsGroups } from "./buildings.ts";

/** Who is asking: the part of the current user the rules need. */
export interface Subject {
  id?: number;
  role: Role;
  /** Ids of the buildings the user has been given access to (OF sees all regardless). */
  buildings: readonly number[];
}

/** Where: a building and, when the rule depends on them, its settings. */
export interface BuildingContext {
  id: number;
  settings?: BuildingSettingsGroups;
}

/** Every permission asked anywhere in the product. */
export type Action =
  | "admin.access"
  | "building.view"
  | "building.settings.view"
  | "building.settings.edit"
  | "apartment.dropdown"
  | "resident.search"
  | "nav.food_delivery"
  | "nav.keys"
  | "nav.shift_log"
  | "nav.lockouts"
  | "nav.contractors"
  | "nav.elevators"
  | "nav.dashboard"
  | "nav.amenity_reservations"
  | "nav.manage"
  | "nav.communication"
  | "nav.instructions"
  | "nav.packages"
  | "nav.parking"
  | "nav.maintenance"
  | "nav.storage"
  | "nav.settings"
  | "employee.list"
  | "occupancy.view"
  | "occupancy.create"
  | "occupancy.edit"
  | "occupancy.delete"
  | "occupancy.move_out"
  | "occupancy.history"
  | "occupancy.flag"
  | "occupancy.track"
  | "occupancy.notes"
  | "flag.view_manager_only"
  | "apartment.create"
  | "apartment.edit"
  | "occupant.create"
  | "occupant.edit"
  | "occupant.view_email"
  | "occupant.photo"
  | "occupant.impersonate"
  | "occupant.welcome_email"
  | "idcard.replace"
  | "shiftlog.view"
  | "shiftlog.create"
  | "shiftlog.edit_any"
  | "shiftlog.delete"
  | "shiftlog.types.manage"
  | "instruction.view"
  | "instruction.create"
  | "instruction.edit"
  | "instruction.expire"
  | "instruction_types.view"
  | "instruction_types.manage"
  | "key.use"
  | "key.deactivate"
  | "key_locations.manage"
  | "lockout.use"
  | "contractor.use"
  | "contractor_types.manage"
  | "maintenance.use"
  | "maintenance.manage_templates"
  | "maintenance.manage_types"
  | "club.view"
  | "club.manage"
  | "club.manage_members"
  | "club.pool_export"
  | "amenity.view"
  | "amenity.book"
  | "amenity.checkin"
  | "elevator.use"
  | "elevator.decide"
  | "reservation_types.manage"
  | "memo.send"
  | "memo.send_portfolio"
  | "email.history"
  | "email_templates.manage"
  | "document.use"
  | "document.view_all"
  | "management_note.view"
  | "management_note.manage"
  | "dashboard.action_items"
  | "dashboard.active_employees"
  | "move_out.invite"
  | "global_users.search"
  | "live.watch";

const has = (b: BuildingContext | undefined, pick: (s: BuildingSettingsGroups) => boolean) =>
  !!b?.settings && pick(b.settings);

/** May this user see and act in this building at all? */
export function hasBuildingAccess(user: Subject, buildingId: number): boolean {
  return user.role === "OF" || user.buildings.includes(buildingId);
}

/**
 * The one place a permission is asked: the server refuses with it, the web hides with it.
 * Rules that depend on a building also require access to that building.
 */
export function can(user: Subject, action: Action, building?: BuildingContext): boolean {
  if (user.role === "TN") return action === "global_users.search";
  if (building && !hasBuildingAccess(user, building.id)) return false;
  const r = user.role;
  const mgr = isManagerLevel(r);
  const staff = isStaff(r);
  const amenities = has(building, (s) => s.amenitysettings.has_amenities);
  const amenitiesForStaff = has(building, (s) => s.amenitysettings.is_viewable_by_all_employees);
  const elevators = has(building, (s) => s.reservationsettings.has_reservations);
  switch (action) {
    case "admin.access":
    case "instruction_types.manage":
    case "shiftlog.delete":
    case "shiftlog.types.manage":
      return r === "OF";
    case "building.view":
      return true;
    case "building.settings.edit":
    case "nav.settings":
    case "nav.communication":
    case "occupancy.create":
    case "occupancy.edit":
    case "occupancy.delete":
    case "occupancy.flag":
    case "occupancy.track":
    case "flag.view_manager_only":
    case "apartment.create":
    case "apartment.edit":
    case "occupant.create":
    case "occupant.edit":
    case "occupant.view_email":
    case "occupant.impersonate":
    case "shiftlog.edit_any":
      return mgr;
    case "occupancy.notes":
      return mgr && (!building?.settings || building.settings.coresettings.enable_occupancy_notes);
    case "occupant.welcome_email":
      return mgr && !has(building, (s) => s.is_tenant_federated);
    case "idcard.replace":
      return mgr && has(building, (s) => s.idcardsettings.has_id_cards);
    // Instructions: every staff member views; create, edit, expire and photos follow the
    // building's is_write_manager_only (managers only when on). Types: Office manages them.
    case "instruction.create":
    case "instruction.edit":
    case "instruction.expire":
      return has(building, (s) => s.instructionsettings.is_write_manager_only) ? mgr : staff;
    // Keys: the desk signs keys out and in, registers, renames and reports them missing;
    // deactivating (permanent) and the key-box locations are the managers'.
    case "key.use":
      return staff && has(building, (s) => s.accesskeyssettings.has_access_keys);
    case "key.deactivate":
    case "key_locations.manage":
      return mgr && has(building, (s) => s.accesskeyssettings.has_access_keys);
    // Lockouts and contractors: Tier 2 full (document 2 section 6); companies are manager-edited.
    case "lockout.use":
      return staff && has(building, (s) => s.lockoutsettings.has_lockouts);
    case "contractor.use":
      return staff;
    case "contractor_types.manage":
      return mgr;
    // Maintenance: every staff member is full on requests, recurring requests and vendors;
    // comment templates and notification settings are the managers'; request types Office's.
    case "maintenance.use":
      return staff;
    case "maintenance.manage_templates":
      return mgr;
    case "maintenance.manage_types":
      return r === "OF";
    // Clubs and amenities (document 3 section 6), all behind the building's has_amenities.
    // Managers set up clubs, amenity types, slots and schedules and export pool check-ins;
    // memberships are theirs or a club admin's when the building allows it. Tier 2 staff see the
    // reservations (when is_viewable_by_all_employees) and check residents in, never book or edit;
    // club admins and amenity-only users run the amenity desk: they book, edit and check in.
    case "club.manage":
    case "club.pool_export":
      return mgr && amenities;
    case "club.manage_members":
      return (
        amenities &&
        (mgr || (r === "CA" && has(building, (s) => s.clubsettings.can_club_admin_manage_memberships)))
      );
    case "club.view":
    case "amenity.view":
    case "amenity.checkin":
      return amenities && (mgr || r === "CA" || r === "AO" || (staff && amenitiesForStaff));
    case "amenity.book":
      return amenities && (mgr || r === "CA" || r === "AO");
    // Service elevator reservations: the staff take and edit them; managers decide (approve, deny,
    // cancel), and the front desk too when is_staff_can_approve is on. Types are Office's.
    case "elevator.use":
      return staff && elevators;
    case "elevator.decide":
      return (
        elevators && (mgr || (r === "FD" && has(building, (s) => s.reservationsettings.is_staff_can_approve)))
      );
    case "reservation_types.manage":
      return r === "OF";
    // Communication (document 3 sections 2 and 6): managers send building and club memos, pick
    // recipients and memo groups and keep the template library; Office sends portfolio memos.
    // Every staff member reads the email history (resident addresses only with
    // occupant.view_email), keeps documents (Tier 2 full; managers also see those not visible to
    // staff) and reads and acknowledges management notes, which managers write and expire.
    case "memo.send":
    case "email_templates.manage":
    case "document.view_all":
    case "management_note.manage":
      return mgr;
    case "memo.send_portfolio":
      return r === "OF";
    case "email.history":
    case "document.use":
    case "management_note.view":
      return staff;
    // Dashboard widgets: the staff group sees action items (each item keeps its own gate:
    // elevator.decide, amenity.book) and who is at work today. Move-out invites ask residents to
    // book the service elevator, so they need reservations.
    case "dashboard.action_items":
    case "dashboard.active_employees":
      return staff;
    case "move_out.invite":
      return staff && elevators;
    case "nav.food_delivery":
      return r === "FD" && has(building, (s) => s.fooddeliverysettings.has_food_delivery);
    case "nav.keys":
      return staff && has(building, (s) => s.accesskeyssettings.has_access_keys);
    case "nav.lockouts":
      return staff && has(building, (s) => s.lockoutsettings.has_lockouts);
    case "nav.elevators":
      return staff && has(building, (s) => s.reservationsettings.has_reservations);
    case "nav.parking":
      return staff && has(building, (s) => s.parkingsettings.has_parking);
    case "nav.storage":
      return staff && has(building, (s) => s.storagespacesettings.has_storage_space);
    case "nav.amenity_reservations":
      return staff || r === "CA" || r === "AO";
    case "nav.dashboard":
    case "nav.manage":
    case "nav.shift_log":
    case "nav.contractors":
    case "nav.instructions":
    case "instruction.view":
    case "nav.packages":
    case "nav.maintenance":
    case "employee.list":
    case "occupancy.view":
    case "occupancy.move_out":
    case "occupancy.history":
    case "occupant.photo":
    case "shiftlog.view":
    case "shiftlog.create":
      return staff;
    case "global_users.search":
      return staff || r === "CA";
    case "instruction_types.view":
      return staff;
    // What the amenity and club screens read; property owners see only Sign out.
    // The live stream tells the screens a user has what to refetch.
    case "live.watch":
    case "building.settings.view":
    case "apartment.dropdown":
      return staff || r === "CA" || r === "AO";
    // Unit and resident-name lookups (quick search, combo search): the desk's tools.
    case "resident.search":
      return staff;
  }
}

/** Amenity-only users live in the amenity reservations (and club) pages. */
export const isAmenityOnly = (user: Subject) => user.role === "AO";
/** Property owners see only Sign out. */
export const isPropertyOwner = (user: Subject) => user.role === "PO";
