/** What other areas may use from documents: the query keys the live stream refreshes. */
export { documentKeys } from "./api.ts";
