/**
 * What other areas may use from memo groups: the building's groups (the memo composer's
 * recipients), the page's path and the query keys the live stream refreshes.
 */
export { memoGroupKeys, useMemoGroups } from "./api.ts";
export { MEMO_GROUPS_PATH, memoGroupsPath } from "./paths.ts";
