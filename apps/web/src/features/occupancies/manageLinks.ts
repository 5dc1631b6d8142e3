/**
 * The building management hub's links (/{building}/manage; document 3 "Building management
 * hub"), as data. A link shows once its page exists — the area that builds the page flips
 * `exists` and adds its route — and when `visible` allows it for the user and the building.
 */
import { type BuildingSettingsGroups, isManagerLevel, type Role } from "@portico/contract";

export interface ManageLinkContext {
  role: Role;
  settings: BuildingSettingsGroups | undefined;
  dev: boolean;
}

export interface ManageLink {
  key: string;
  label: string;
  /** Path under /{building}. */
  path: string;
  description?: string;
  exists: boolean;
  visible?: (ctx: ManageLinkContext) => boolean;
}

const managers = ({ role }: ManageLinkContext) => isManagerLevel(role);
const setting =
  (pick: (s: BuildingSettingsGroups) => boolean) =>
  ({ settings }: ManageLinkContext) =>
    !!settings && pick(settings);

export const MANAGE_LINKS: readonly ManageLink[] = [
  { key: "my-account", label: "My account", path: "/manage/my-account", exists: false },
  { key: "employees", label: "Employees", path: "/manage/employees", exists: false },
  { key: "documents", label: "Documents", path: "/manage/documents", exists: true },
  {
    key: "resident-memos",
    label: "Resident memos",
    path: "/communication?tab=memo",
    exists: true,
    visible: managers,
  },
  { key: "email-history", label: "Email history", path: "/communication?tab=history", exists: true },
  { key: "clubs", label: "Clubs and amenity types", path: "/clubs", exists: true, visible: managers },
  {
    key: "lockouts",
    label: "Lockouts",
    path: "/lockouts",
    exists: false,
    visible: setting((s) => s.lockoutsettings.has_lockouts),
  },
  {
    key: "reservations",
    label: "Service elevator reservations",
    path: "/reservations/list",
    exists: true,
    visible: setting((s) => s.reservationsettings.has_reservations),
  },
  {
    key: "id-cards",
    label: "ID cards",
    path: "/manage/id-cards/list",
    exists: false,
    visible: setting((s) => s.idcardsettings.has_id_cards),
  },
  {
    key: "marketplace",
    label: "Marketplace",
    path: "/marketplace",
    exists: false,
    visible: (ctx) =>
      (isManagerLevel(ctx.role) || ["FD", "MT", "PT"].includes(ctx.role)) &&
      setting((s) => s.marketplacesettings.has_marketplace)(ctx),
  },
  {
    key: "unit-profiles",
    label: "Unit profiles",
    path: "/manage/unit-profiles",
    description: "Units, leases and residents; directory and spreadsheets",
    exists: true,
  },
  { key: "pets", label: "Pets", path: "/manage/pets/registry", exists: false },
  {
    key: "amenity-reservations",
    label: "Amenity reservations",
    path: "/amenity-reservations",
    exists: true,
    visible: setting((s) => s.amenitysettings.has_amenities),
  },
  { key: "bikes", label: "Bikes", path: "/manage/bikes", exists: false },
  {
    key: "micromobility",
    label: "Micromobility devices",
    path: "/manage/micromobility-devices",
    exists: false,
  },
  { key: "parking", label: "Parking", path: "/manage/parking", exists: false },
  {
    key: "condo-owners",
    label: "Condo owners",
    path: "/manage/condo-owners",
    exists: false,
    visible: (ctx) => ctx.dev || setting((s) => s.condosettings.has_condos)(ctx),
  },
  {
    key: "condo-ownerships",
    label: "Condo ownerships",
    path: "/manage/condo-ownerships",
    exists: false,
    visible: (ctx) => ctx.dev || setting((s) => s.condosettings.has_condos)(ctx),
  },
];

/** The links this user sees here, in table order. */
export function visibleManageLinks(links: readonly ManageLink[], ctx: ManageLinkContext): ManageLink[] {
  return links.filter((l) => l.exists && (!l.visible || l.visible(ctx)));
}
