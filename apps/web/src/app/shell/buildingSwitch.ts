/** Kept for pages that still import it from here; new code imports lib/buildingSwitch.ts. */
export { type BuildingSwitchHandle, useSwitchBuilding } from "../../lib/buildingSwitch.ts";
