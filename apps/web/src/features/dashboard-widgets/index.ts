/**
 * What other areas may use from the dashboard widgets: the widgets the dashboard registers and
 * the query keys the live stream refreshes.
 */
export { dashboardWidgetWidgets } from "./dashboard.ts";
export { dashboardWidgetKeys } from "./api.ts";
