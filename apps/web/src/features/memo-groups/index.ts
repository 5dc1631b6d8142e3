/**
 * What other areas may use from memo groups: the building's groups (the memo composer's
 * recipients), the page's path and the query keys the live stream refreshes.
 */
export { memoGroupKeys, useMemoGroups } from "./api.ts";
export { memoGroupsPath } from "./paths.ts";
