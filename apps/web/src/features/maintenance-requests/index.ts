/**
 * What other areas may use from maintenance requests: the query keys the live stream refreshes,
 * the screens' paths (e.g. a recurring request's count links to its requests) and the unit
 * profile's Maintenance requests panel.
 */
export { maintenanceKeys, maintenanceSetupKeys, recurringKeys } from "./api.ts";
export { maintenancePaths } from "./model.ts";
export { ProfileMaintenancePanel } from "./components/ProfileMaintenancePanel.tsx";
