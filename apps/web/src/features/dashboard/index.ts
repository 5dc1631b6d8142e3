/** What other features may use of the dashboard: the shape of the widgets they register. */
export type { DashboardWidget } from "./model.ts";
