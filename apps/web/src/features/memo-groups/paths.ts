/** The memo groups page, under /{building}. */
const MEMO_GROUPS_PATH = "/communication/memo-groups";
/** The memo groups page of a building (the memo composer links to it). */
export const memoGroupsPath = (building: number) => `/${building}${MEMO_GROUPS_PATH}`;
