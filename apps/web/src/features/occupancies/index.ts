/**
 * What other areas may use from unit profiles: the one hook (and query key) for
 * GET /core/occupancies/{id}/ and what marks unit-profile queries stale.
 */
export { occupancyKeys, showsUnitProfiles, useOccupancy } from "./api.ts";
