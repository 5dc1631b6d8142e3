/** What other areas may use from vendors: the query keys the live stream refreshes. */
export { vendorKeys } from "./api.ts";
