/** Cookies the app keeps (spec document 1 section 9). */
import Cookies from "js-cookie";
import { LAST_BUILDING_COOKIE_DAYS } from "@portico/contract";

/** The last selected building, one cookie per user, kept for 10 years. */
export const lastBuildingCookieName = (userId: number) => `portico_last_building_${userId}`;

export function getLastBuilding(userId: number): number | null {
  const v = Cookies.get(lastBuildingCookieName(userId));
  const n = v ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function setLastBuilding(userId: number, buildingId: number): void {
  Cookies.set(lastBuildingCookieName(userId), String(buildingId), {
    expires: LAST_BUILDING_COOKIE_DAYS,
    path: "/",
    sameSite: "lax",
    secure: window.location.protocol === "https:",
  });
}
