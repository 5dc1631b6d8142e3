/**
 * What other areas may use from packages (import lazily where a page would otherwise carry it):
 * the unit profile's packages panel, the dashboard widgets and the query keys the live stream
 * refreshes.
 */
export { ProfilePackagesPanel } from "./components/ProfilePackagesPanel.tsx";
export { packageWidgets } from "./dashboard.ts";
export { packageKeys } from "./api.ts";
