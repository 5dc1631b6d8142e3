/** The shift log component tests' fixtures and default answers, on the web test harness. */
import type { ReactNode } from "react";
import {
  type ApartmentDropdownItem,
  type BuildingSettingsGroups,
  defaultBuildingSettings,
  type ShiftLogNote,
  type ShiftLogType,
} from "@portico/contract";
import type { Me, Role } from "@portico/contract";
import * as harness from "../../test/harness.tsx";


export const makeMe = (role: Role = "FD", id = 42): Me => harness.makeMe(role, { id });

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

export const TYPES: ShiftLogType[] = [
  {
    id: 1,
    name: "General",
    short_name: "GEN",
    description: "",
    display_order: 1,
    is_active: true,
    is_immutable: false,
    code: null,
  },
  {
    id: 2,
    name: "Security",
    short_name: "SEC",
    description: "",
    display_order: 2,
    is_active: true,
    is_immutable: false,
    code: null,
  },
];

export function makeNote(over: Partial<ShiftLogNote> = {}): ShiftLogNote {
  return {
    id: 500,
    body: "Water in the lobby",
    owner: { id: 42, first_name: "Dana", last_name: "Desk", username: "desk" },
    date_created: "2026-03-02T15:00:00.000Z",
    last_modified: "2026-03-02T15:00:00.000Z",
    apartments: [{ id: 11, apartment_number: "1203", current_occupancy_id: 91 }],
    occupancy_ids: [91],
    shift_log_type_id: 1,
    shift_log_type_name: "General",
    shift_log_type_short_name: "GEN",
    is_end_of_shift: false,
    is_high_priority: false,
    building: { id: 1, name: "The Riverside" },
    location: null,
    is_edited: false,
    ...over,
  };
}

/** Replaces fetch: the lookups answer by default; `handler` answers first. */
export function fakeApi(handler?: harness.Handler, settings: BuildingSettingsGroups = defaultBuildingSettings()) {
  return harness.fakeApi(handler, (call) => {
    if (call.path.startsWith("/core/building-settings/"))
      return { status: 200, body: { id: 1, building: 1, ...settings } };
    if (call.path.endsWith("/apartments/dropdown/")) return { status: 200, body: APARTMENTS };
    if (call.path === "/shift-logs/shift-log-types/") return { status: 200, body: harness.page(TYPES) };
    if (call.path === "/shift-logs/notes/" && call.method === "GET") return { status: 200, body: harness.page([]) };
    return undefined;
  });
}

/** The providers a shift log component needs, in a memory router (at the dashboard unless told). */
export const renderWithApp = (ui: ReactNode, options: harness.RenderOptions = {}) => harness.renderWithApp(ui, options);
