/** The memo groups page, under /{building}. */
export const MEMO_GROUPS_PATH = "/communication/memo-groups";
export const memoGroupsPath = (building: number) => `/${building}${MEMO_GROUPS_PATH}`;
