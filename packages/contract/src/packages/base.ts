import { z } from "zod";
import { can, type BuildingContext, type Subject } from "../permissions.ts";

/** Packages: the messages, constants, enums and the permission rule the other parts use. */

// ---------------------------------------------------------------------------------------------
// Messages, word for word where the spec gives them

export const PACKAGE_MESSAGES = {
  // Log forms
  packageTypeRequired: "A package type is required",
  occupancyRequired: "An occupancy must be selected",
  atLeastOnePackage: "At lease one package is required",
  rowErrors: "There are errors on the form, please resolve and try again!",
  maxRows: "Maximum row limit reached (100)",
  cannotLogForOccupancy: "You cannot log packages for this occupancy",
  leaveUnlogged: "Packages have not been logged yet. Are you sure you want to leave?",
  packagesLogged: "Packages logged",
  // Close
  selectToClose: "Please select at least one package to close",
  leaveUnclosed: "One or more packages are selected and have not been closed yet. Are you sure you want to leave?",
  photoRequired: "A closing photo is required for the selected package types.",
  alreadyClosed: (id: number) => `Package ${id} is already closed.`,
  closed: (n: number) => (n === 1 ? "1 package closed" : `${n} packages closed`),
  // One package
  commentRequired: "Comment required",
  closedNotEditable: "The opening comment can only be edited while the package is open.",
  reopenConfirm: "Are you sure you want to re-open this package?",
  closedReopenLink: "Closed (click to re-open)",
  notClosed: "Only closed packages can be re-opened.",
  packageEdited: "Package edited successfully",
  // Reminders
  remindSelect: "An error occurred: please select at least one package",
  remindSent: (count: number) => `${count} email(s) sent`,
  remindFailed: "There was an error processing your request",
  remindIncomingOnly: "Reminders can only be sent for incoming deliveries.",
  remindOpenOnly: "Reminders can only be sent for open packages.",
  noEmail: "No email on file!",
  // Empty states
  noPackages: "No packages to display",
  noMatch: "There are no packages that match this criteria.",
  noActivity: "No package activity within the past 24 hours",
  emptyBatch: "There is no packages on the batch to log!",
  // Types
  inactiveType: "This package type is not active.",
  immutableType: "This package type cannot be edited.",
  typeNameTaken: "package type with this name already exists.",
  // Generic
  fieldRequired: "This field is required.",
  invalidPk: (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`,
  notAList: (type: string) => `Expected a list of items but got type "${type}".`,
} as const;

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

export const PACKAGE_LIST_DEFAULT_LIMIT = 30;
/** Close, reminder and print queries ask for up to this many. */
export const PACKAGE_LIST_MAX_LIMIT = 5000;
export const PACKAGE_LIST_DEFAULT_ORDERING = "-date_opened";
export const PACKAGE_ACTIVITY_HOURS = 24;
export const PACKAGE_QUEUE_LIMIT = 500;
export const APARTMENT_PACKAGES_LIMIT = 1500;
export const PUBLIC_GRID_LIMIT = 5000;
export const PACKAGE_ABBREVIATION_MAX = 10;
export const PACKAGE_COMMENT_MAX = 2000;
export const PACKAGE_LOG_ROWS = { singleUnit: 10, multiUnit: 20, afterAddMore: 30, max: 100 } as const;
/** A bulk log or queue submission holds at most this many rows. */
export const PACKAGE_BULK_MAX_ROWS = 100;
export const REMINDER_DAY_OPTIONS = [7, 14, 30] as const;
export const REMINDER_DEFAULT_DAYS = 7;
/** Unit profile panel: 10 per section; closed within the past 60 days. */
export const PROFILE_PACKAGES_LIMIT = 10;
export const PROFILE_RECENTLY_CLOSED_DAYS = 60;
/** Client refresh intervals and cache lifetimes (ms). */
export const PACKAGE_REFETCH = {
  grid: 30_000,
  apartmentPackages: 120_000,
  queue: 30_000,
  typesStale: 30_000,
  listsStale: 5 * 60_000,
} as const;
export const LOBBY_DISPLAY = { rotateMs: 10_000, cursorHideMs: 2_000, resizeDebounceMs: 100 } as const;

// ---------------------------------------------------------------------------------------------
// Enums

export const PACKAGE_GROUPS = ["INCOMING_DELIVERY", "OUTGOING_ITEMS", "KEYS"] as const;
export const PackageGroup = z.enum(PACKAGE_GROUPS, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? PACKAGE_MESSAGES.fieldRequired
      : `"${String(iss.input)}" is not a valid choice.`,
});
export type PackageGroup = (typeof PACKAGE_GROUPS)[number];
export const PACKAGE_GROUP_DISPLAY: Record<PackageGroup, string> = {
  INCOMING_DELIVERY: "Incoming delivery",
  OUTGOING_ITEMS: "Outgoing items",
  KEYS: "Keys",
};
/** Groups whose packages notify residents (the keys group never does). */
export const RESIDENT_NOTIFYING_GROUPS: readonly PackageGroup[] = ["INCOMING_DELIVERY", "OUTGOING_ITEMS"];

export const PACKAGE_STATUSES = ["OPEN", "CLOSED"] as const;
export const PackageStatus = z.enum(PACKAGE_STATUSES);
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export const PACKAGE_STATUS_DISPLAY: Record<PackageStatus, string> = { OPEN: "Open", CLOSED: "Closed" };

export const PACKAGE_EVENT_TYPES = [
  "PACKAGE_OPENED",
  "PACKAGE_CLOSED",
  "PACKAGE_REOPENED",
  "COMMENT_EDITED",
  "REMINDER_SENT",
] as const;
export type PackageEventType = (typeof PACKAGE_EVENT_TYPES)[number];
export const PACKAGE_EVENT_DISPLAY: Record<PackageEventType, string> = {
  PACKAGE_OPENED: "Package opened",
  PACKAGE_CLOSED: "Package closed",
  PACKAGE_REOPENED: "Package re-opened",
  COMMENT_EDITED: "Comment edited",
  REMINDER_SENT: "Reminder sent",
};
/** entity_type of package events in the generic events table. */
export const PACKAGE_ENTITY = "package";

/** The named colours a package type may take (GET /packages/package-types/colors/). */
export const PACKAGE_COLORS = [
  { name: "Red", color_hex: "#D32F2F", font_color_hex: "#FFFFFF" },
  { name: "Pink", color_hex: "#F48FB1", font_color_hex: "#000000" },
  { name: "Purple", color_hex: "#7B1FA2", font_color_hex: "#FFFFFF" },
  { name: "Indigo", color_hex: "#303F9F", font_color_hex: "#FFFFFF" },
  { name: "Blue", color_hex: "#1976D2", font_color_hex: "#FFFFFF" },
  { name: "Light blue", color_hex: "#81D4FA", font_color_hex: "#000000" },
  { name: "Teal", color_hex: "#00796B", font_color_hex: "#FFFFFF" },
  { name: "Green", color_hex: "#388E3C", font_color_hex: "#FFFFFF" },
  { name: "Light green", color_hex: "#AED581", font_color_hex: "#000000" },
  { name: "Yellow", color_hex: "#FFEB3B", font_color_hex: "#000000" },
  { name: "Orange", color_hex: "#F57C00", font_color_hex: "#000000" },
  { name: "Brown", color_hex: "#6D4C41", font_color_hex: "#FFFFFF" },
  { name: "Grey", color_hex: "#9E9E9E", font_color_hex: "#000000" },
  { name: "Black", color_hex: "#212121", font_color_hex: "#FFFFFF" },
] as const;
export const PACKAGE_COLOR_NAMES = PACKAGE_COLORS.map((c) => c.name) as unknown as readonly [string, ...string[]];
export const colorByName = (name: string) =>
  PACKAGE_COLORS.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()) ?? null;

// ---------------------------------------------------------------------------------------------
// Permissions

export type PackageAction = "packages.use" | "package_types.view" | "package_types.manage";

/**
 * Packages are for every staff tier (document 2 section 6); package types are global settings
 * managed by portfolio-level users (Office) in the admin area, and read by every staff member.
 */
export function canPackages(user: Subject, action: PackageAction, building?: BuildingContext): boolean {
  switch (action) {
    case "packages.use":
      return can(user, "nav.packages", building);
    case "package_types.view":
      return can(user, "nav.packages") || can(user, "admin.access");
    case "package_types.manage":
      return can(user, "admin.access");
  }
}
