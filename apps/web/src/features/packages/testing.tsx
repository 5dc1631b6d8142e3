/** The packages component tests' fixtures and default answers, on the web test harness. */
import type { ReactNode } from "react";
import {
  type ApartmentDropdownItem,
  type ApartmentPackages,
  type BuildingSettings,
  defaultBuildingSettings,
  type Occupancy,
  type Occupant,
  type Package,
  type PackageType,
  type PackageTypeSummary,
} from "@portico/contract";
import * as harness from "../../test/harness.tsx";
import { makeOccupancy as baseOccupancy, makeOccupant as baseOccupant } from "../../test/fixtures.ts";

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "305", current_occupancy_id: 15, is_vacant: false, floor: "3", line: "05" },
  { id: 13, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

const typeOf = (over: Partial<PackageType> & Pick<PackageType, "id" | "name" | "abbreviation">): PackageType => ({
  color: "Blue",
  color_hex: "#1976D2",
  font_color_hex: "#FFFFFF",
  group: "INCOMING_DELIVERY",
  group_display: "Incoming delivery",
  is_pic_required: false,
  is_public_display: true,
  display_order: over.id,
  email_subject: "",
  is_active: true,
  is_immutable: false,
  grid_display: true,
  ...over,
});

export const TYPES: PackageType[] = [
  typeOf({ id: 1, name: "Small box", abbreviation: "SB" }),
  typeOf({
    id: 2,
    name: "Envelope",
    abbreviation: "ENV",
    color: "Light blue",
    color_hex: "#81D4FA",
    font_color_hex: "#000000",
  }),
  typeOf({ id: 4, name: "Perishable", abbreviation: "PER", color: "Red", color_hex: "#D32F2F", is_pic_required: true }),
  typeOf({ id: 9, name: "Keys", abbreviation: "KEY", group: "KEYS", group_display: "Keys", is_immutable: true }),
];

/** A package type as a package carries it. */
export const typeSummary = (t: PackageType): PackageTypeSummary => ({
  id: t.id,
  name: t.name,
  abbreviation: t.abbreviation,
  color_hex: t.color_hex,
  font_color_hex: t.font_color_hex,
  group: t.group,
  group_display: t.group_display,
  is_pic_required: t.is_pic_required,
  is_public_display: t.is_public_display,
});

/** The resident as the front desk sees it: the address is blank, yet one is on file unless a placeholder. */
export const makeOccupant = (over: Partial<Occupant> = {}): Occupant =>
  baseOccupant({
    id: 501,
    user_id: 601,
    first_name: "Tess",
    email: "",
    has_email: !over.is_placeholder_email,
    phone_number: "",
    pronouns: "",
    emergency_contact_info: "",
    ...over,
  });

/** A lease with no dates and two residents, the second without an address nor package mail. */
export const makeOccupancy = (over: Partial<Occupancy> = {}): Occupancy =>
  baseOccupancy({
    bathrooms: "1.0",
    lease_start_date: null,
    lease_end_date: null,
    move_in_date: null,
    occupant_set: [
      makeOccupant(),
      makeOccupant({
        id: 502,
        first_name: "Ravi",
        last_name: "Shah",
        is_placeholder_email: true,
        notification_preferences: {
          is_email_package_activity: false,
          is_text_package_activity: false,
          is_email_maintenance_activity: false,
          is_text_maintenance_activity: false,
        },
      }),
    ],
    date_created: "2025-01-01T00:00:00Z",
    last_modified: "2025-01-01T00:00:00Z",
    ...over,
  });

/** An open package of unit 1203 (the first type, 'UPS'). */
export function makePackage(id: number, over: Partial<Package> = {}): Package {
  return {
    id,
    building_id: 1,
    status: "OPEN",
    status_display: "Open",
    apartment_id: 11,
    apartment_number: "1203",
    occupancy_id: 91,
    occupants: [],
    occupancy_status: "CURRENT",
    is_active_occupancy: true,
    is_future_occupancy: false,
    is_lease_expired: false,
    package_type: typeSummary(TYPES[0]),
    date_opened: "2026-03-02T14:00:00Z",
    date_closed: null,
    date_created: "2026-03-02T14:00:00Z",
    opened_by: null,
    closed_by: null,
    opening_comment: "UPS",
    closing_comment: "",
    closing_photo_url: null,
    package_count: 1,
    send_notification_occupants: [],
    send_notification_to: "",
    record: null,
    text_recipient_set: [],
    barcode: null,
    carrier: null,
    scanned_at: null,
    ...over,
  };
}

export function makeApartmentPackages(over: Partial<ApartmentPackages> = {}): ApartmentPackages {
  return {
    occupancy_id: 91,
    apartment_id: 11,
    apartment_number: "1203",
    occupancy_status: "CURRENT",
    is_active_occupancy: true,
    is_future_occupancy: false,
    occupants: [{ id: 501, first_name: "Tess", last_name: "Morgan", is_active: true }],
    package_count: 2,
    packages: [
      { id: 7001, package_type: typeSummary(TYPES[0]), date_opened: "2026-03-02T14:00:00Z", opening_comment: "UPS" },
      {
        id: 7002,
        package_type: typeSummary(TYPES[2]),
        date_opened: "2026-03-02T15:00:00Z",
        opening_comment: "Fridge 2",
      },
    ],
    ...over,
  };
}

const ok = (body: unknown) => ({ status: 200, body });

/** Replaces fetch: the lookups answer by default; `handler` answers first. */
export function fakeApi(handler?: harness.Handler) {
  return harness.fakeApi(handler, (call) => {
    if (call.path.endsWith("/apartments/dropdown/")) return ok(APARTMENTS);
    if (call.path === "/packages/package-types/") return ok(harness.page(TYPES));
    if (call.path === "/core/occupancies/91/") return ok(makeOccupancy());
    if (call.path === "/core/occupancies/15/")
      return ok(
        makeOccupancy({
          id: 15,
          apartment_id: 12,
          apartment_number: "305",
          occupant_set: [makeOccupant({ id: 520, first_name: "Lee", last_name: "Park", occupancy_id: 15 })],
        }),
      );
    if (call.path.endsWith("/package-queue/") && call.method === "GET") return ok(harness.page([]));
    if (call.path.endsWith("/apartment-packages/")) return ok(harness.page([makeApartmentPackages()]));
    return undefined;
  });
}

export function settingsWith(over: Partial<BuildingSettings["packagesettings"]> = {}): BuildingSettings {
  const s = defaultBuildingSettings();
  return { id: 1, building: 1, ...s, packagesettings: { ...s.packagesettings, ...over } };
}

/** The providers a packages component needs, in a memory router (`/1/packages/...`). */
export function renderWithApp(ui: ReactNode, { extraRoutes = [], ...options }: harness.RenderOptions = {}) {
  return harness.renderWithApp(ui, {
    path: "/1/packages/log",
    routePath: "/:buildingId/packages/*",
    settings: settingsWith(),
    ...options,
    extraRoutes: [{ path: "/:buildingId/packages", element: <div>Packages grid page</div> }, ...extraRoutes],
  });
}
