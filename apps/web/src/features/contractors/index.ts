/**
 * What other areas may use from contractors: the dashboard widget, the portfolio dashboard's
 * panel and the query keys the live stream refreshes.
 */
export { contractorWidgets } from "./dashboard.ts";
export { contractorKeys } from "./api.ts";
export { AdminContractorsPanel } from "./components/AdminContractorsPanel.tsx";
