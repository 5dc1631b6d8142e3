import { z } from "zod";
import { Id, queryBool } from "./common.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Dashboard widgets (document 3 "Dashboard widget entities", sections 4, 5, 7 and 9; document 1
 * section 2.3): upcoming occupancies (leases starting within 3 days, with their residents'
 * clubs), upcoming move outs (leases ending within 7 days, ready when the unit booked a Move-Out
 * service elevator reservation) with their invitations, the employees who signed in today, and
 * the action items. Days are the building's (its time zone).
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** Upcoming move outs: leases ending today … today + 7 days. */
export const MOVE_OUT_WINDOW_DAYS = 7;
/** Upcoming occupancies: leases starting today … today + 3 days. */
export const OCCUPANCY_WINDOW_DAYS = 3;
/** An invitation may be sent again only this many days after the last one. */
export const MOVE_OUT_INVITE_COOLDOWN_DAYS = 3;
/** The move-out widget shows this many per group, then 'Show more'. */
export const MOVE_OUT_GROUP_SIZE = 4;
/** The occupancy widget shows 10 rows; beyond 10, 9 and '+N more - view all'. */
export const UPCOMING_OCCUPANCY_ROWS = 10;
/** club_memberships_dashboard's limit (the spec's 5000, also the most). */
export const UPCOMING_OCCUPANCY_MAX_LIMIT = 5000;
/** At most this many occupancies per invite-all call. */
export const MOVE_OUT_INVITE_ALL_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// Messages (word for word where the spec gives them; ours otherwise)

export const DASHBOARD_MESSAGES = {
  widgetError: MESSAGES.widgetError,
  noResults: MESSAGES.noResults,
  moveOutReserved: "Move-out reserved",
  notReady: "Not ready",
  invite: "Invite",
  inviteSent: "Invite sent",
  inviteAll: "Invite all",
  showMore: "Show more",
  showLess: "Show less",
  noInvites:
    "No invites may be sent at this time; either all occupancies are ready or all remaining occupancies have been invited within the last three days.",
  moreOccupancies: (n: number) => `+${n} more - view all`,
  // Ours (the spec gives no wording)
  alreadyReady: "This unit has already reserved the service elevator for its move-out.",
  invitedRecently: `An invitation was sent within the last ${MOVE_OUT_INVITE_COOLDOWN_DAYS} days.`,
  noTenantEmail: "No resident of this unit has an e-mail address.",
  invitesSent: (n: number) => `${n} invite${n === 1 ? "" : "s"} sent`,
  selectAtLeastOne: "Please select at least one occupancy",
  elevatorRequests: (n: number) => `${n} service elevator request${n === 1 ? "" : "s"} to approve`,
  amenityApprovals: (n: number) => `${n} amenity reservation${n === 1 ? "" : "s"} pending approval`,
  noEmployeesToday: "No employees have signed in today",
  inviteSubject: "Please book the service elevator for your move-out",
} as const;

/**
 * An invitation may be sent when none was sent yet, or the last one at least three days ago
 * (the cooldown, in whole 24-hour days from the instant).
 */
export function mayInvite(sentTime: string | Date | null | undefined, now: number = Date.now()): boolean {
  if (!sentTime) return true;
  const at = typeof sentTime === "string" ? Date.parse(sentTime) : sentTime.getTime();
  return now - at >= MOVE_OUT_INVITE_COOLDOWN_DAYS * 86_400_000;
}

// ---------------------------------------------------------------------------------------------
// Upcoming occupancies: GET /core/occupancies/club_memberships_dashboard/

/**
 * ?building (required), limit (1…5000, 5000 by default), is_upcoming (true: leases starting
 * today … today + 3 days in the building's time zone; false or absent: every current lease).
 */
export const UpcomingOccupancyQuery = z.object({
  building: Id,
  limit: z.coerce.number().int().min(1).max(UPCOMING_OCCUPANCY_MAX_LIMIT).optional(),
  is_upcoming: queryBool.optional(),
});
export type UpcomingOccupancyQuery = z.infer<typeof UpcomingOccupancyQuery>;

export const OccupantClub = z.object({ id: z.number().int(), name: z.string() });
export type OccupantClub = z.infer<typeof OccupantClub>;

export const UpcomingOccupant = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  clubs: z.array(OccupantClub),
});
export type UpcomingOccupant = z.infer<typeof UpcomingOccupant>;

/** An upcoming occupancy: the unit, the lease start (YYYY-MM-DD), its residents and their clubs. */
export const UpcomingOccupancy = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  lease_start_date: z.string().nullable(),
  occupant_set: z.array(UpcomingOccupant),
});
export type UpcomingOccupancy = z.infer<typeof UpcomingOccupancy>;

/** count: every match; results: the first `limit` by lease start, then unit. */
export const UpcomingOccupancies = z.object({
  count: z.number().int(),
  results: z.array(UpcomingOccupancy),
});
export type UpcomingOccupancies = z.infer<typeof UpcomingOccupancies>;

// ---------------------------------------------------------------------------------------------
// Upcoming move outs: GET /core/buildings/{b}/occupancies/upcoming_move_outs/

export const MoveOutOccupancy = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  lease_end_date: z.string().nullable(),
  move_out_invite_sent_time: z.string().nullable(),
});
export type MoveOutOccupancy = z.infer<typeof MoveOutOccupancy>;

/** Leases ending today … today + 7 days: ready (a Move-Out booked) and not ready, by lease end then unit. */
export const UpcomingMoveOuts = z.object({
  occupancies_expiring_with_reservations: z.array(MoveOutOccupancy),
  occupancies_expiring_without_reservations: z.array(MoveOutOccupancy),
});
export type UpcomingMoveOuts = z.infer<typeof UpcomingMoveOuts>;

/** POST /core/buildings/{b}/occupancies/{id}/send_move_out_invite/ → { result: 'sent' }. */
export const MoveOutInviteResult = z.object({
  result: z.literal("sent"),
  move_out_invite_sent_time: z.string(),
});
export type MoveOutInviteResult = z.infer<typeof MoveOutInviteResult>;

/** POST /core/buildings/{b}/occupancies/send_move_out_invite_all/ — the not-ready occupancies to invite. */
export const MoveOutInviteAllBody = z.object({
  notReadyOccupancyIds: z
    .array(Id, { error: DASHBOARD_MESSAGES.selectAtLeastOne })
    .min(1, DASHBOARD_MESSAGES.selectAtLeastOne)
    .max(MOVE_OUT_INVITE_ALL_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type MoveOutInviteAllBody = z.infer<typeof MoveOutInviteAllBody>;

/** sent: the occupancies invited now; skipped: those not eligible (ready, invited lately, not this building's window). */
export const MoveOutInviteAllResult = z.object({
  result: z.literal("sent"),
  sent: z.array(z.number().int()),
  skipped: z.array(z.number().int()),
  sent_count: z.number().int(),
  skipped_count: z.number().int(),
});
export type MoveOutInviteAllResult = z.infer<typeof MoveOutInviteAllResult>;

// ---------------------------------------------------------------------------------------------
// Active employees today: GET /core/buildings/{b}/active-employees/

export const ActiveEmployee = z.object({
  id: z.number().int(),
  photo_url_thumbnail: z.string().nullable(),
  title: z.string(),
  app_user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    last_login: z.string().nullable(),
  }),
});
export type ActiveEmployee = z.infer<typeof ActiveEmployee>;

/** The building's staff who signed in today (its time zone), the latest first. */
export const ActiveEmployees = z.object({
  count: z.number().int(),
  results: z.array(ActiveEmployee),
});
export type ActiveEmployees = z.infer<typeof ActiveEmployees>;

// ---------------------------------------------------------------------------------------------
// Action items: GET /core/buildings/{b}/action-items/

/**
 * Each count only when the caller has its gate: elevator_requests_to_approve (REQUESTED service
 * elevator reservations, elevator.decide), pending_amenity_approvals (PENDING reservations of
 * amenity types requiring approval, amenity.book). Absent otherwise.
 */
export const ActionItems = z.object({
  elevator_requests_to_approve: z.number().int().optional(),
  pending_amenity_approvals: z.number().int().optional(),
});
export type ActionItems = z.infer<typeof ActionItems>;
