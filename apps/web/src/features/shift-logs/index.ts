/**
 * What other areas may use from the shift log (import lazily where a page would otherwise carry
 * it): the unit profile's 'Recent shift log notes' panel, the dashboard tab and the query keys
 * the live stream refreshes.
 */
export { RecentShiftLogNotes, type RecentShiftLogNotesProps } from "./components/RecentShiftLogNotes.tsx";
export { DashboardShiftLogTab } from "./components/DashboardShiftLogTab.tsx";
export { shiftLogKeys } from "./api.ts";
