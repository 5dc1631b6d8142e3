/**
 * The navigation, as data. "A navigation link appears once its page exists": each area that
 * ships its page flips `exists` to true (and adds its route in app/routes.tsx). Visibility is
 * then decided by `can()` from the contract (role + building settings), never ad hoc.
 */
import type { ComponentType } from "react";
import type { Action, Role } from "@portico/contract";
import DashboardIcon from "@mui/icons-material/Dashboard";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import ApartmentIcon from "@mui/icons-material/Apartment";
import ForumIcon from "@mui/icons-material/Forum";
import AssignmentIcon from "@mui/icons-material/Assignment";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import VpnKeyIcon from "@mui/icons-material/VpnKey";
import LocalParkingIcon from "@mui/icons-material/LocalParking";
import EngineeringIcon from "@mui/icons-material/Engineering";
import BuildIcon from "@mui/icons-material/Build";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import SettingsIcon from "@mui/icons-material/Settings";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import ListAltIcon from "@mui/icons-material/ListAlt";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import HomeWorkIcon from "@mui/icons-material/HomeWork";
import EventNoteIcon from "@mui/icons-material/EventNote";
import DeliveryDiningIcon from "@mui/icons-material/DeliveryDining";
import PeopleAltIcon from "@mui/icons-material/PeopleAlt";

export interface NavItem {
  key: string;
  label: string;
  /** Where it goes; building-scoped items get the current building id. */
  to: (building: number) => string;
  /** The permission asked through can(); none = everyone who sees the area. */
  action?: Action;
  /** Its page (or drawer) exists in this build. */
  exists: boolean;
  /** Extra role restriction, on top of `action`. */
  roles?: readonly Role[];
  /** Shown to amenity-only users (who see nothing else). */
  amenityOnly?: boolean;
  /** Opens a drawer instead of a page (top navigation). */
  drawer?: boolean;
  /** Only in development builds. */
  devOnly?: boolean;
  icon?: ComponentType;
}

const b = (path: string) => (building: number) => `/${building}${path}`;
const abs = (path: string) => () => path;

/** Top navigation buttons (spec document 1 section 2.1); Sign out is always there. */
export const TOP_NAV: readonly NavItem[] = [
  {
    key: "food-delivery",
    label: "Food delivery",
    to: b("/dashboard"),
    action: "nav.food_delivery",
    exists: true,
    drawer: true,
    icon: DeliveryDiningIcon,
  },
  { key: "keys", label: "Keys", to: b("/keys/grid"), action: "nav.keys", exists: true, drawer: true },
  {
    key: "shift-log",
    label: "Shift log",
    to: b("/dashboard/shift-logs-search"),
    action: "nav.shift_log",
    exists: true,
    drawer: true,
    icon: EventNoteIcon,
  },
  { key: "lockouts", label: "Lockouts", to: b("/lockouts"), action: "nav.lockouts", exists: true, drawer: true },
  {
    key: "contractors",
    label: "Contractors",
    to: b("/contractors"),
    action: "nav.contractors",
    exists: true,
    drawer: true,
  },
  {
    key: "elevators",
    label: "Elevators",
    to: b("/reservations/list"),
    action: "nav.elevators",
    exists: true,
    drawer: true,
  },
];

/** The building sidebar. */
export const SIDEBAR_NAV: readonly NavItem[] = [
  {
    key: "dashboard",
    label: "Dashboard",
    to: b("/dashboard"),
    action: "nav.dashboard",
    exists: true,
    icon: DashboardIcon,
  },
  {
    key: "amenity-reservations",
    label: "Amenity reservations",
    to: b("/amenity-reservations"),
    action: "nav.amenity_reservations",
    exists: false,
    icon: EventAvailableIcon,
  },
  {
    key: "amenities",
    label: "Amenities",
    to: b("/amenity-reservations"),
    action: "nav.amenity_reservations",
    exists: true,
    amenityOnly: true,
    icon: EventAvailableIcon,
  },
  { key: "manage", label: "Manage", to: b("/manage"), action: "nav.manage", exists: true, icon: ApartmentIcon },
  {
    key: "unit-profiles",
    label: "Unit profiles",
    to: b("/manage/unit-profiles"),
    action: "occupancy.view",
    exists: true,
    icon: PeopleAltIcon,
  },
  {
    key: "communication",
    label: "Communication",
    to: b("/communication"),
    action: "nav.communication",
    exists: true,
    icon: ForumIcon,
  },
  {
    key: "instructions",
    label: "Front desk instructions",
    to: b("/front-desk/instructions/list"),
    action: "nav.instructions",
    exists: true,
    icon: AssignmentIcon,
  },
  {
    key: "packages",
    label: "Packages",
    to: b("/packages"),
    action: "nav.packages",
    exists: true,
    icon: Inventory2Icon,
  },
  { key: "keys", label: "Keys", to: b("/keys/grid"), action: "nav.keys", exists: true, icon: VpnKeyIcon },
  {
    key: "parking",
    label: "Parking",
    to: b("/manage/parking"),
    action: "nav.parking",
    exists: false,
    icon: LocalParkingIcon,
  },
  {
    key: "contractors",
    label: "Contractors",
    to: b("/contractors"),
    action: "nav.contractors",
    exists: true,
    icon: EngineeringIcon,
  },
  {
    key: "maintenance",
    label: "Maintenance requests",
    to: b("/maintenance/requests/list"),
    action: "nav.maintenance",
    exists: true,
    icon: BuildIcon,
  },
  { key: "storage", label: "Storage", to: b("/storage"), action: "nav.storage", exists: false, icon: WarehouseIcon },
  { key: "settings", label: "Settings", to: b("/settings"), action: "nav.settings", exists: true, icon: SettingsIcon },
  {
    key: "form-library",
    label: "Form library",
    to: abs("/form-library"),
    exists: false,
    devOnly: true,
    roles: ["OF", "MG"],
  },
];

/** The link from the building sidebar into portfolio (admin) mode. */
export const ADMIN_LINK: NavItem = {
  key: "admin",
  label: "Admin",
  to: abs("/admin/dashboard"),
  action: "admin.access",
  exists: true,
  icon: AdminPanelSettingsIcon,
};

/** The admin-mode sidebar (spec document 1 section 2.1). */
export const ADMIN_NAV: readonly NavItem[] = [
  {
    key: "admin-dashboard",
    label: "Admin dashboard",
    to: abs("/admin/dashboard"),
    action: "admin.access",
    exists: true,
    icon: DashboardIcon,
  },
  {
    key: "admin-shift-log",
    label: "Shift log",
    to: abs("/admin/shift-log"),
    action: "admin.access",
    exists: true,
    icon: ListAltIcon,
  },
  {
    key: "admin-contacts",
    label: "Contacts",
    to: abs("/admin/contacts"),
    action: "admin.access",
    exists: false,
    icon: ContactPhoneIcon,
  },
];

/** Back from admin mode to the buildings. */
export const USER_MODE_LINK: NavItem = {
  key: "user-mode",
  label: "User mode",
  to: abs("/"),
  exists: true,
  icon: HomeWorkIcon,
};

export interface NavContext {
  role: Role;
  can: (action: Action) => boolean;
  dev?: boolean;
}

/** The items this user may see, in table order. */
export function visibleNav(items: readonly NavItem[], ctx: NavContext): NavItem[] {
  const amenityOnlyUser = ctx.role === "AO";
  return items.filter((item) => {
    if (!item.exists) return false;
    if (item.devOnly && !ctx.dev) return false;
    if (amenityOnlyUser !== !!item.amenityOnly) return false;
    if (item.roles && !item.roles.includes(ctx.role)) return false;
    return item.action ? ctx.can(item.action) : true;
  });
}
