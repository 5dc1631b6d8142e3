/** What other areas may use from management notes: the dashboard widget and the query keys the live stream refreshes. */
export { managementNoteWidgets } from "./dashboard.ts";
export { managementNoteKeys } from "./api.ts";
