/** What other features may use of the shift log. */
export { shiftLogWidgets } from "./dashboard.ts";
