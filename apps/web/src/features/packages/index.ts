/** What other features may use of the packages. */
export { packageWidgets } from "./dashboard.ts";
