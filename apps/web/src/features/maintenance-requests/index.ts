/**
 * What other areas may use from maintenance requests: the query keys the live stream refreshes
 * and the unit profile's Maintenance requests panel.
 */
export { maintenanceKeys } from "./api.ts";
export { ProfileMaintenancePanel } from "./components/ProfileMaintenancePanel.tsx";
