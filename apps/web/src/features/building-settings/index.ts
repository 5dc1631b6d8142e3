/** What other areas may use from building settings: the query keys the live stream refreshes. */
export { buildingSettingsKeys } from "./api.ts";
