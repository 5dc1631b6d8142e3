/** Business constants and limits (spec documents 1–3, section 9). */
export const UPLOAD_LIMIT_BYTES = 48 * 1024 * 1024;
export const MAINTENANCE_PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_PAGE_SIZE = 30;
export const MOBILE_BREAKPOINT_PX = 991;
export const BREAKPOINTS = { xs: 425, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const LAST_BUILDING_COOKIE_DAYS = 3650;
export const TENANT_DISPLAY_COOKIE_DAYS = 1095;
export const SUCCESS_ALERT_HIDE_MS = 2200;
export const MODAL_CLOSE_DELAY_MS = 250;
export const TOKEN_CHECK_INTERVAL_MS = 5000;
export const TOKEN_REFRESH_WITHIN_S = 6;

export const SHIFT_LOG_DRAWER_PAGE_SIZE = 30;
export const SHIFT_LOG_SEARCH_DEFAULT_LIMIT = 30;
export const SHIFT_LOG_EXPORT_LIMIT = 50000;
export const RECENT_SHIFT_LOG_NOTES_PER_OCCUPANCY = 10;
/**
 * The longest shift log note body, in characters. The spec gives no limit; a desk note is a few
 * lines, and 5000 characters (about two printed pages) leaves room for a long incident report
 * while keeping the drawer, the dashboard and the export readable.
 */
export const SHIFT_LOG_NOTE_BODY_MAX = 5000;
/** Lists show this many lines of a note body before 'Show more'. */
export const NOTE_BODY_CLAMP_LINES = 4;
export const DASHBOARD_SHIFT_LOG = { initial: 10, step: 10, max: 30 } as const;
export const DASHBOARD_INSTRUCTIONS = { initial: 9, step: 9, max: 27 } as const;

export const EMPLOYEE_LIST_LIMITS = { list: 1000, recentLogins: 200, simple: 2000 } as const;
export const GLOBAL_USER_SEARCH_LIMIT = 10;

/** Client cache lifetimes (ms). */
export const STALE_TIMES = {
  buildings: 60_000,
  settings: 2_000,
  dropdown: 5 * 60_000,
  quickSearch: 60_000,
  shiftLog: 5 * 60_000,
  lockouts: 5 * 60_000,
} as const;
