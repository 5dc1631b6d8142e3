/**
 * What other areas may use from instructions (import lazily where a page would otherwise carry
 * it): the unit profile's panels, the dashboard widgets and the query keys the live stream
 * refreshes.
 */
export { instructionKeys } from "./api.ts";
