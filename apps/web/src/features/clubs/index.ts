/** What other areas may use from clubs: the query keys the live stream refreshes. */
export { clubKeys } from "./api.ts";
