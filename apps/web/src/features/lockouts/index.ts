/**
 * What other areas may use from lockouts: the unit profile's Lockouts panel and the query keys
 * the live stream refreshes.
 */
export { ProfileLockoutsPanel } from "./components/ProfileLockoutsPanel.tsx";
export { lockoutKeys } from "./api.ts";
