/** The unit profile component tests' fixtures and default answers, on the web test harness. */
import type { ReactNode } from "react";
import {
  type BuildingSettingsGroups,
  defaultBuildingSettings,
  type Me,
  type OccupancyNote,
  type Role,
} from "@portico/contract";
import * as harness from "../../../../test/harness.tsx";

export { setMobile } from "../../../../test/harness.tsx";
export { makeOccupancy, makeOccupant } from "../../../../test/fixtures.ts";

export const makeMe = (role: Role = "FD", id = 42): Me =>
  harness.makeMe(role, {
    id,
    username: role === "FD" ? "frontdesk" : "manager",
    email: "staff@example.com",
    last_name: "Staff",
    tenant_site_url: "https://residents.example.com",
  });

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
