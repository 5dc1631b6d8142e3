/**
 * What other areas may use from the shift log (import lazily where a page would otherwise carry
 * it): the unit profile's 'Recent shift log notes' panel, the dashboard widgets and the query keys
 * the live stream refreshes.
 */
export { RecentShiftLogNotes } from "./components/RecentShiftLogNotes.tsx";
export { shiftLogWidgets } from "./dashboard.ts";
export { shiftLogKeys } from "./api.ts";
