/**
 * What other areas may plug in from the shift log (import lazily where a page would
 * otherwise carry it): the unit profile's 'Recent shift log notes' panel. The dashboard's
 * widgets are in ../dashboard.ts.
 */
export { RecentShiftLogNotes, type RecentShiftLogNotesProps } from "./RecentShiftLogNotes.tsx";
