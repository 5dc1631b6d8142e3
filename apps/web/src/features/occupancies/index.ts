/**
 * What other areas may use from unit profiles: the one hook (and query key) for
 * GET /core/occupancies/{id}/, what marks unit-profile queries stale, and the date field.
 */
export { occupancyKeys, showsUnitProfiles, useOccupancy } from "./api.ts";
export { DateField } from "./components/forms/DateField.tsx";
