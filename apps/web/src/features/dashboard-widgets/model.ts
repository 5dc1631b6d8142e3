/**
 * The widgets' pure parts: where their rows link, which move outs may be invited, how many
 * upcoming occupancies fit (document 3 section 9).
 */
import {
  addDays,
  mayInvite,
  type MoveOutOccupancy,
  OCCUPANCY_WINDOW_DAYS,
  UPCOMING_OCCUPANCY_ROWS,
  type UpcomingOccupancy,
} from "@portico/contract";

export const widgetPaths = {
  profile: (b: number, occupancyId: number) => `/${b}/manage/unit-profiles/${occupancyId}`,
  /** The unit list by lease start, over the widget's window. */
  upcomingUnits: (b: number, today: string) =>
    `/${b}/manage/unit-profiles?${new URLSearchParams({
      ordering: "lease_start_date",
      min_lease_start_date: today,
      max_lease_start_date: addDays(today, OCCUPANCY_WINDOW_DAYS),
    })}`,
  elevatorRequests: (b: number) => `/${b}/reservations/list?status=REQUESTED`,
  amenityReservations: (b: number) => `/${b}/amenity-reservations`,
};

/**
 * The rows the occupancy widget shows: all of them up to 10; beyond, the first 9 and the number
 * left for '+N more - view all'.
 */
export function occupancyRows(rows: readonly UpcomingOccupancy[], count: number) {
  if (count <= UPCOMING_OCCUPANCY_ROWS && rows.length <= UPCOMING_OCCUPANCY_ROWS) return { shown: rows, more: 0 };
  const shown = rows.slice(0, UPCOMING_OCCUPANCY_ROWS - 1);
  return { shown, more: Math.max(count, rows.length) - shown.length };
}

/** The not-ready move outs an invitation may go to now (never invited, or three days ago or more). */
export const invitable = (rows: readonly MoveOutOccupancy[], now: number = Date.now()) =>
  rows.filter((r) => mayInvite(r.move_out_invite_sent_time, now));
