/** The unit-profile form tests' fixtures and default answers, on the web test harness. */
import type { ReactNode } from "react";
import {
  type ApartmentDropdownItem,
  type Building,
  defaultBuildingSettings,
  type Me,
  type Role,
} from "@portico/contract";
import * as harness from "../../../../test/harness.tsx";

export { page } from "../../../../test/harness.tsx";

export const OTHER_BUILDING: Building = {
  id: 2,
  address: "200 Park Avenue",
  name: "Park Place",
  time_zone: "America/New_York",
};

export const makeMe = (role: Role = "MG", id = 7): Me =>
  harness.makeMe(role, {
    id,
    username: role === "MG" ? "manager" : "frontdesk",
    email: "staff@example.com",
    first_name: "Morgan",
    last_name: "Staff",
    buildings: [
      { id: 1, address: harness.BUILDING.address, name: harness.BUILDING.name },
      { id: 2, address: OTHER_BUILDING.address, name: OTHER_BUILDING.name },
    ],
  });

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 44, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

/** Replaces fetch: the lookups answer by default; `handler` answers first. */
export function fakeApi(handler?: harness.Handler) {
  return harness.fakeApi(handler, (call) => {
    if (call.path.startsWith("/core/building-settings/"))
      return { status: 200, body: { id: 1, building: 1, ...defaultBuildingSettings() } };
    if (call.path === "/core/buildings/")
      return { status: 200, body: harness.page([harness.BUILDING, OTHER_BUILDING]) };
    if (call.path.endsWith("/apartments/dropdown/")) return { status: 200, body: APARTMENTS };
    if (call.path === "/core/global-users/") return { status: 200, body: harness.page([]) };
    return undefined;
  });
}

/** The providers a unit-profile page needs, in a memory router with a stand-in for other pages. */
export const renderWithApp = (ui: ReactNode, options: harness.RenderOptions = {}) =>
  harness.renderWithApp(ui, {
    me: makeMe(),
    path: "/1/manage/unit-profiles",
    routePath: "/:buildingId/manage/unit-profiles",
    extraRoutes: [{ path: "*", element: <div data-testid="elsewhere">elsewhere</div> }],
    ...options,
  });
