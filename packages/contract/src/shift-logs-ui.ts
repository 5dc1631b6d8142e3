/**
 * Shift log constants the screens need on top of ./shift-logs.ts (document 1 sections 2.2,
 * 9; document 3 "Shift logs (admin)").
 */

/** The search page's default from-date: this many days back (building time zone). */
export const SHIFT_LOG_SEARCH_DEFAULT_DAYS_BACK = 7;
/** The admin shift log list's default page size (25, 50 or 100 a page). */
export const ADMIN_SHIFT_LOG_DEFAULT_LIMIT = 50;
/**
 * The units picker's 'None' choice. In include_apartments / exclude_apartments it is the word
 * `none`; in a note write it becomes `no_apartment: true` with `apartment_ids: []`.
 */
export const SHIFT_LOG_NO_UNIT = "none" as const;
