/** The unit profile component tests' fixtures and default answers, on the web test harness. */
import type { ReactNode } from "react";
import {
  type BuildingSettingsGroups,
  defaultBuildingSettings,
  type Me,
  type Occupancy,
  type OccupancyNote,
  type Occupant,
  type Role,
} from "@portico/contract";
import * as harness from "../../../../test/harness.tsx";

export { setMobile } from "../../../../test/harness.tsx";

export const makeMe = (role: Role = "FD", id = 42): Me =>
  harness.makeMe(role, {
    id,
    username: role === "FD" ? "frontdesk" : "manager",
    email: "staff@example.com",
    last_name: "Staff",
    tenant_site_url: "https://residents.example.com",
  });

export function makeOccupant(over: Partial<Occupant> = {}): Occupant {
  return {
    id: 188,
    user_id: 500,
    first_name: "Taylor",
    last_name: "Morgan",
    username: "tmorgan1203",
    email: "taylor.morgan@example.com",
    is_placeholder_email: false,
    has_email: true,
    phone_number: "(212) 555-0199",
    pronouns: "she/her",
    emergency_contact_info: "Sam Morgan (212) 555-0100",
    type: "TN",
    type_display: "Tenant",
    is_active: true,
    photo_url: null,
    welcome_email_sent_time: null,
    apartment_number: "1203",
    occupancy_id: 91,
    building_id: 1,
    has_account: true,
    notification_preferences: {
      is_text_maintenance_activity: false,
      is_email_maintenance_activity: true,
      is_text_package_activity: false,
      is_email_package_activity: true,
    },
    ...over,
  };
}

export function makeOccupancy(over: Partial<Occupancy> = {}): Occupancy {
  return {
    id: 91,
    building_id: 1,
    building_name: "The Riverside",
    apartment_id: 11,
    apartment_number: "1203",
    bedrooms: "2BR",
    bathrooms: "1.5",
    floor: "12",
    line: "03",
    is_balcony_apt: false,
    is_management: false,
    is_active: true,
    is_future: false,
    status: "CURRENT",
    is_do_not_disturb: false,
    is_lease_expired: false,
    lease_start_date: "2026-01-01",
    lease_end_date: "2026-12-31",
    move_in_date: "2026-01-02",
    move_out_date: null,
    occupant_set: [makeOccupant()],
    inactive_occupant_set: [],
    flag: null,
    tracking: null,
    tracking_employees: [],
    external_lease_id: null,
    encoded_external_lease_id: null,
    date_created: "2026-01-01T12:00:00.000Z",
    last_modified: "2026-01-01T12:00:00.000Z",
    ...over,
  };
}

export function makeNote(over: Partial<OccupancyNote> = {}): OccupancyNote {
  return {
    id: 7,
    occupancy_id: 91,
    note: "Renewal offer sent",
    entered_by: {
      id: 3,
      username: "manager",
      email: "manager@example.com",
      first_name: "Morgan",
      last_name: "Lee",
      is_active: true,
      role_display: "Manager",
    },
    links: [],
    dateCreated: "2026-03-02T15:00:00.000Z",
    lastModified: "2026-03-02T15:00:00.000Z",
    is_edited: false,
    ...over,
  };
}

/** Replaces fetch: `handler` answers first; then empty lists and 404. */
export function fakeApi(handler?: harness.Handler) {
  return harness.fakeApi(handler, (call) => {
    if (call.path.endsWith("/adjacent_units/")) return { status: 200, body: { previous: null, next: null } };
    if (call.path.endsWith("/notes/count/")) return { status: 200, body: { count: 0 } };
    if (call.method === "GET" && /\/(events|notes|shift-log-notes)\/$/.test(call.path))
      return { status: 200, body: harness.page([]) };
    return undefined;
  });
}

export function settingsWith(patch: (s: BuildingSettingsGroups) => void = () => {}): BuildingSettingsGroups {
  const s = defaultBuildingSettings();
  patch(s);
  return s;
}

/** Renders inside the signed-in app's contexts, at /1/manage/unit-profiles/91 by default. */
export const renderWithApp = (ui: ReactNode, options: harness.RenderOptions = {}) =>
  harness.renderWithApp(ui, { me: makeMe(), path: "/1/manage/unit-profiles/91", ...options });
