/** Paths of the unit-profile area (document 1 section 2.4). */
import type { BuildingSwitchHandle } from "../../../../lib/buildingSwitch.ts";

export const unitListPath = (building: number) => `/${building}/manage/unit-profiles`;

/** The route handle of the manager pages: another building opens its unit list. */
export const toUnitListOnSwitch: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};
export const profilePath = (building: number, occupancyId: number) =>
  `/${building}/manage/unit-profiles/${occupancyId}`;
export const directoryPath = (building: number) => `/${building}/manage/unit-profiles/directory`;
export const editProfilePath = (building: number, occupancyId: number) =>
  `/${building}/manage/unit-profiles/edit/${occupancyId}`;
export const deleteProfilePath = (building: number, occupancyId: number) =>
  `/${building}/manage/unit-profiles/delete/${occupancyId}`;
export const newApartmentPath = (building: number) => `/${building}/manage/apartment/create`;
export const editApartmentPath = (building: number, apartmentId: number) =>
  `/${building}/manage/apartment/edit/${apartmentId}`;
export const editOccupantPath = (building: number, occupantId: number) =>
  `/${building}/manage/occupant/edit/${occupantId}`;

/** Create, optionally for a known unit (the quick search and vacant rows carry it along). */
export function createProfilePath(building: number, apartment?: { id: number; number: string }): string {
  const base = `/${building}/manage/unit-profiles/create`;
  if (!apartment) return base;
  const q = new URLSearchParams({ apartment_id: String(apartment.id), apartment_number: apartment.number });
  return `${base}?${q.toString()}`;
}

/** Adding a resident to a profile: the choice page, or straight to new / existing. */
export function addOccupantPath(building: number, occupancyId: number, mode?: "new" | "existing"): string {
  return `/${building}/manage/occupant/create${mode ? `/${mode}` : ""}?occupancy_id=${occupancyId}`;
}
