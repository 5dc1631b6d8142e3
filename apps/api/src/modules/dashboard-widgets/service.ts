import {
  type ActionItems,
  type ActiveEmployees,
  addDays,
  can,
  DASHBOARD_MESSAGES as M,
  isMoveOutType,
  MOVE_OUT_INVITE_COOLDOWN_DAYS,
  MOVE_OUT_WINDOW_DAYS,
  type MoveOutInviteAllBody,
  type MoveOutInviteAllResult,
  type MoveOutInviteResult,
  type MoveOutOccupancy,
  OCCUPANCY_WINDOW_DAYS,
  type UpcomingMoveOuts,
  type UpcomingOccupancies,
  type UpcomingOccupancyQuery,
  UPCOMING_OCCUPANCY_MAX_LIMIT,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso, startOfDayIn, todayIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { escapeHtml, sendMail } from "../../lib/mail.ts";
import * as repo from "./repository.ts";

/**
 * The dashboard widgets (document 3 "Dashboard items", sections 4–9): upcoming occupancies and
 * their residents' clubs, upcoming move outs and the invitations to book the Move-Out service
 * elevator (3-day cooldown), the staff who signed in today and the action items. "Today" is the
 * building's (its time zone).
 */

const DAY_MS = 86_400_000;
const refuse = (message: string) => new ValidationError({ non_field_errors: [message] });

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Upcoming occupancies

/** GET /core/occupancies/club_memberships_dashboard/?building&limit&is_upcoming */
export async function upcomingOccupancies(ctx: ServiceContext, q: UpcomingOccupancyQuery): Promise<UpcomingOccupancies> {
  const scope = await requireBuilding(ctx, ctx.db, q.building, "occupancy.view");
  const today = todayIn(scope.building.time_zone, ctx.clock());
  const window = q.is_upcoming ? { from: today, until: addDays(today, OCCUPANCY_WINDOW_DAYS) } : { until: today };
  const { count, rows } = await repo.upcomingOccupancies(
    ctx.db,
    q.building,
    window,
    q.limit ?? UPCOMING_OCCUPANCY_MAX_LIMIT,
  );
  const residents = await repo.residentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const memberships = await repo.clubsOf(
    ctx.db,
    residents.map((r) => r.id),
  );
  const clubsBy = groupBy(memberships, (m) => m.occupant_id);
  const residentsBy = groupBy(residents, (r) => r.occupancy_id);
  return {
    count,
    results: rows.map((o) => ({
      ...o,
      occupant_set: (residentsBy.get(o.id) ?? []).map((r) => ({
        id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        clubs: (clubsBy.get(r.id) ?? []).map((c) => ({ id: c.id, name: c.name })),
      })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Upcoming move outs

async function moveOutTypeIds(ctx: ServiceContext, buildingId: number): Promise<number[]> {
  return (await repo.reservationTypesOf(ctx.db, buildingId)).filter(isMoveOutType).map((t) => t.id);
}

const toMoveOut = (r: repo.MoveOutRow): MoveOutOccupancy => ({
  id: r.id,
  apartment_number: r.apartment_number,
  lease_end_date: r.lease_end_date,
  move_out_invite_sent_time: iso(r.move_out_invite_sent_time),
});

/** GET /core/buildings/{b}/occupancies/upcoming_move_outs/ — leases ending today … today + 7 days. */
export async function upcomingMoveOuts(ctx: ServiceContext, buildingId: number): Promise<UpcomingMoveOuts> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "move_out.invite");
  const today = todayIn(scope.building.time_zone, ctx.clock());
  const rows = await repo.expiringOccupancies(
    ctx.db,
    buildingId,
    today,
    addDays(today, MOVE_OUT_WINDOW_DAYS),
    await moveOutTypeIds(ctx, buildingId),
  );
  return {
    occupancies_expiring_with_reservations: rows.filter((r) => r.ready).map(toMoveOut),
    occupancies_expiring_without_reservations: rows.filter((r) => !r.ready).map(toMoveOut),
  };
}

/** Checked before a body naming the building is judged (403 before 400). */
export const requireInviteBuilding = (ctx: ServiceContext, buildingId: number) =>
  requireBuilding(ctx, ctx.db, buildingId, "move_out.invite");

type Tenant = Awaited<ReturnType<typeof repo.tenantsToMail>>[number];

function invitation(scope: BuildingScope, o: repo.MoveOutRow, tenants: Tenant[]) {
  const names = tenants.map((t) => `${t.first_name} ${t.last_name}`.trim()).filter(Boolean);
  const place = scope.building.name || scope.building.address;
  const text = [
    `Dear ${names.length ? names.join(", ") : "resident"},`,
    "",
    `Our records show that the lease of unit ${o.apartment_number} at ${place} ends on ${o.lease_end_date ?? "—"}.`,
    "Please book the service elevator for your move-out (a Move-Out reservation) with the management office or the front desk as soon as possible.",
    "",
    "Thank you.",
  ].join("\n");
  const html = text
    .split("\n")
    .map((l) => `<p style="margin:0 0 8px">${l ? escapeHtml(l) : "&nbsp;"}</p>`)
    .join("");
  return { text, html: `<div>${html}</div>` };
}

/**
 * Marks the lease invited (unless invited within the cooldown, atomically) and mails its
 * residents. False when another call invited it first. The mark is put back when the mail fails.
 */
async function invite(ctx: ServiceContext, scope: BuildingScope, o: repo.MoveOutRow, tenants: Tenant[], now: Date) {
  const cooldownStart = new Date(now.getTime() - MOVE_OUT_INVITE_COOLDOWN_DAYS * DAY_MS);
  if (!(await repo.markInvited(ctx.db, o.id, now, cooldownStart))) return false;
  const { text, html } = invitation(scope, o, tenants);
  try {
    await sendMail(ctx, {
      kind: "move_out_invite",
      to: tenants.map((t) => ({ email: t.email, name: `${t.first_name} ${t.last_name}`.trim() })),
      subject: M.inviteSubject,
      text,
      html,
      building_id: scope.building.id,
      related: { entity_type: "occupancy", entity_id: o.id },
    });
  } catch (err) {
    await repo.restoreInvited(ctx.db, o.id, o.move_out_invite_sent_time);
    throw err;
  }
  return true;
}

/** Why this lease may not be invited now (null: it may). */
function refusal(o: repo.MoveOutRow, tenants: Tenant[], now: Date): string | null {
  if (o.ready) return M.alreadyReady;
  const sent = o.move_out_invite_sent_time;
  if (sent && now.getTime() - sent.getTime() < MOVE_OUT_INVITE_COOLDOWN_DAYS * DAY_MS) return M.invitedRecently;
  if (!tenants.length) return M.noTenantEmail;
  return null;
}

/** POST /core/buildings/{b}/occupancies/{id}/send_move_out_invite/ */
export async function sendMoveOutInvite(
  ctx: ServiceContext,
  buildingId: number,
  occupancyId: number,
): Promise<MoveOutInviteResult> {
  const scope = await requireInviteBuilding(ctx, buildingId);
  const [o] = await repo.occupanciesByIds(ctx.db, [occupancyId], await moveOutTypeIds(ctx, buildingId));
  if (!o || o.building_id !== buildingId) throw new NotFoundError();
  const now = ctx.clock();
  const tenants = await repo.tenantsToMail(ctx.db, [o.id]);
  const why = refusal(o, tenants, now);
  if (why) throw refuse(why);
  if (!(await invite(ctx, scope, o, tenants, now))) throw refuse(M.invitedRecently);
  ctx.changes.touch(topics.units(buildingId));
  return { result: "sent", move_out_invite_sent_time: iso(now)! };
}

/** POST /core/buildings/{b}/occupancies/send_move_out_invite_all/ {notReadyOccupancyIds} */
export async function sendMoveOutInviteAll(
  ctx: ServiceContext,
  buildingId: number,
  body: MoveOutInviteAllBody,
): Promise<MoveOutInviteAllResult> {
  const scope = await requireInviteBuilding(ctx, buildingId);
  const found = await repo.occupanciesByIds(ctx.db, body.notReadyOccupancyIds, await moveOutTypeIds(ctx, buildingId));
  const ours = found.filter((o) => o.building_id === buildingId);
  const tenants = groupBy(
    await repo.tenantsToMail(
      ctx.db,
      ours.map((o) => o.id),
    ),
    (t) => t.occupancy_id,
  );
  const now = ctx.clock();
  const eligible = ours.filter((o) => refusal(o, tenants.get(o.id) ?? [], now) === null);
  if (!eligible.length) throw refuse(M.noInvites);
  const sent: number[] = [];
  for (const o of eligible) if (await invite(ctx, scope, o, tenants.get(o.id) ?? [], now)) sent.push(o.id);
  if (!sent.length) throw refuse(M.noInvites);
  ctx.changes.touch(topics.units(buildingId));
  const skipped = body.notReadyOccupancyIds.filter((id) => !sent.includes(id));
  return { result: "sent", sent, skipped, sent_count: sent.length, skipped_count: skipped.length };
}

// ---------------------------------------------------------------------------------------------
// Active employees and action items

/** GET /core/buildings/{b}/active-employees/ — staff of the building who signed in today (its zone). */
export async function activeEmployees(ctx: ServiceContext, buildingId: number): Promise<ActiveEmployees> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "dashboard.active_employees");
  const tz = scope.building.time_zone;
  const since = startOfDayIn(todayIn(tz, ctx.clock()), tz);
  const rows = await repo.activeEmployees(ctx.db, buildingId, since);
  return {
    count: rows.length,
    results: rows.map((r) => ({
      id: r.id,
      photo_url_thumbnail: r.photo_url_thumbnail ?? null,
      title: r.title ?? "",
      app_user: { first_name: r.first_name, last_name: r.last_name, last_login: iso(r.last_login) },
    })),
  };
}

/** GET /core/buildings/{b}/action-items/ — each count only with its own gate. */
export async function actionItems(ctx: ServiceContext, buildingId: number): Promise<ActionItems> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "dashboard.action_items");
  const now = ctx.clock();
  const out: ActionItems = {};
  if (can(scope.user, "elevator.decide", scope.ctx))
    out.elevator_requests_to_approve = await repo.countReadyToApprove(ctx.db, buildingId, now);
  if (can(scope.user, "amenity.book", scope.ctx))
    out.pending_amenity_approvals = await repo.countPendingAmenityApprovals(ctx.db, buildingId, now);
  return out;
}
