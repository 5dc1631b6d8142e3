/**
 * What other areas may use from access keys: the dashboard widget and the query keys the live
 * stream refreshes. (The shell's Keys drawer and the pages are loaded lazily by path.)
 */
export { keyWidgets } from "./dashboard.ts";
export { keyKeys } from "./api.ts";
