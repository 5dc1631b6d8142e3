import {
  type Action,
  ELEVATOR_DEFAULT_ORDERING,
  ELEVATOR_MAX_LIMIT,
  ELEVATOR_MESSAGES as M,
  ELEVATOR_PAGE_SIZE,
  ELEVATOR_STATUS_DISPLAY,
  type ElevatorApproveAllBody,
  type ElevatorApproveAllResult,
  type ElevatorBuildingListQuery,
  ELEVATOR_DECISIONS,
  type ElevatorDecision,
  type ElevatorListQuery,
  type ElevatorReservation,
  type ElevatorReservationPatch,
  type ElevatorReservationWrite,
  elevatorTimeErrors,
  hasBuildingAccess,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { boundOf, dayjs, iso, localDayTimeIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { notifyDecision, notifyNewReservation } from "./notifications.ts";
import * as repo from "./repository.ts";
import { reservationTypeRows, typeInBuilding } from "./types-repository.ts";

/**
 * Service elevator reservations (document 3 sections 2–9). Staff of a building with
 * has_reservations take and edit them (elevator.use); deciding (approve, deny with a reason,
 * cancel) is elevator.decide, and only a REQUESTED reservation may be decided. Two APPROVED
 * reservations of a building never overlap: approvals of a building run one at a time (an
 * advisory lock) and check the approved ones first. Times are the building's: a date and
 * HH:MM clocks from 8:00 in 30-minute steps. Another building's reservation is 404.
 */

const USE: Action = "elevator.use";
const DECIDE: Action = "elevator.decide";
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.elevatorReservations(buildingId));

// ---------------------------------------------------------------------------------------------
// Answers

const dayText = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10);

export function toReservation(r: repo.ReservationRow, tz: string): ElevatorReservation {
  const start = localDayTimeIn(r.start_time, tz);
  return {
    id: r.id,
    building_id: r.building_id,
    status: r.status,
    status_display: ELEVATOR_STATUS_DISPLAY[r.status] ?? r.status,
    status_event: r.status_changed_at
      ? { performed_by: r.status_changed_by ?? null, date_created: iso(r.status_changed_at)! }
      : null,
    reservation_type_id: r.reservation_type_id,
    reservation_type_name: r.reservation_type_name,
    reservation_type_short_name: r.reservation_type_short_name,
    occupant_id: r.occupant_id,
    occupant: r.occupant ?? null,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number ?? null,
    occupancy_id: r.occupancy_id,
    custom_name: r.custom_name,
    custom_email: r.custom_email,
    custom_phone: r.custom_phone,
    start_time: iso(r.start_time)!,
    end_time: iso(r.end_time)!,
    reservation_date: start.day,
    start_clock: start.time,
    end_clock: localDayTimeIn(r.end_time, tz).time,
    details_text: r.details_text,
    entered_by: r.entered_by ?? null,
    date_created: iso(r.date_created)!,
    lease_start_date: dayText(r.lease_start_date),
    lease_end_date: dayText(r.lease_end_date),
    deny_reason: r.deny_reason,
  };
}

/** A reservation the user may reach for `action` (404 when missing, of a building out of reach, or not `?building`'s). */
async function reachable(
  ctx: ServiceContext,
  id: number,
  buildingId: number | undefined,
  action: Action,
): Promise<{ row: repo.ReservationRow; scope: BuildingScope }> {
  const user = requireUser(ctx);
  const row = await repo.findReservation(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id) || (buildingId !== undefined && row.building_id !== buildingId))
    throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, row.building_id, action);
  return { row, scope };
}

async function answer(ctx: ServiceContext, id: number, tz: string): Promise<ElevatorReservation> {
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toReservation(row, tz);
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Checked before a body naming the building is judged (403 before 400). */
export const requireElevatorBuilding = (ctx: ServiceContext, buildingId: number, action: Action = USE) =>
  requireBuilding(ctx, ctx.db, buildingId, action);

/** GET /core/buildings/{b}/reservations/ and /reservations/reservations/?building */
export async function listReservations(
  ctx: ServiceContext,
  buildingId: number,
  q: ElevatorListQuery | ElevatorBuildingListQuery,
) {
  const { building } = await requireBuilding(ctx, ctx.db, buildingId, USE);
  const tz = building.time_zone;
  const page = pageOf(q, ELEVATOR_PAGE_SIZE, ELEVATOR_MAX_LIMIT);
  const { rows, count } = await repo.listReservations(
    ctx.db,
    {
      buildingId,
      from: q.min_start_date ? boundOf(q.min_start_date, tz, "min") : undefined,
      until: q.max_start_date ? boundOf(q.max_start_date, tz, "max") : undefined,
      statuses: q.status,
      apartmentId: q.apartment,
      occupancyId: q.occupancy,
      typeId: q.reservation_type,
    },
    q.ordering ?? ELEVATOR_DEFAULT_ORDERING,
    page,
  );
  return paginate(
    ctx,
    page,
    count,
    rows.map((r) => toReservation(r, tz)),
  );
}

/** GET /reservations/reservations/{id}/?building */
export async function getReservation(ctx: ServiceContext, id: number, buildingId?: number) {
  const { row, scope } = await reachable(ctx, id, buildingId, USE);
  return toReservation(row, scope.building.time_zone);
}

/** GET /reservations/reservations/ready_to_approve_count/?building: REQUESTED ones not over yet. */
export async function readyToApproveCount(ctx: ServiceContext, buildingId: number) {
  await requireBuilding(ctx, ctx.db, buildingId, USE);
  return { count: await repo.countReadyToApprove(ctx.db, buildingId, ctx.clock()) };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The type must be offered in the building and active. */
async function checkType(ctx: ServiceContext, typeId: number, buildingId: number) {
  const type = await reservationTypeRows.find(ctx.db, typeId);
  if (!type || !(await typeInBuilding(ctx.db, typeId, buildingId)))
    throw new ValidationError({ reservation_type_id: [M.typeNotInBuilding] });
  if (!type.is_active) throw new ValidationError({ reservation_type_id: [M.typeInactive] });
}

/** The unit, unit profile and resident of a reservation: the resident sets the other two (their unit wins over apartment_id). */
async function whoFor(
  ctx: ServiceContext,
  buildingId: number,
  occupantId: number | null | undefined,
  apartmentId?: number | null,
): Promise<{ occupant_id: number | null; apartment_id: number; occupancy_id: number | null }> {
  if (occupantId) {
    const o = await repo.findOccupant(ctx.db, occupantId);
    if (!o || o.building_id !== buildingId) throw new ValidationError({ occupant_id: [M.occupantNotInBuilding] });
    return { occupant_id: o.id, apartment_id: o.apartment_id, occupancy_id: o.occupancy_id };
  }
  if (!apartmentId) throw new ValidationError({ apartment_id: [M.unitRequired] });
  const a = await repo.findApartment(ctx.db, apartmentId);
  if (!a || a.building_id !== buildingId) throw new ValidationError({ apartment_id: [M.apartmentNotInBuilding] });
  return { occupant_id: null, apartment_id: a.id, occupancy_id: await repo.currentOccupancyOf(ctx.db, a.id) };
}

/** The instants of a building-local date and clocks (already checked by `elevatorTimeErrors`). */
function instantsOf(date: string, start: string, end: string, tz: string) {
  const at = (clock: string) =>
    dayjs.tz(`${date} ${clock.slice(0, 5).padStart(5, "0")}`, "YYYY-MM-DD HH:mm", tz).toDate();
  return { start_time: at(start), end_time: at(end) };
}

function checkTimes(v: { reservation_date: string; start_time: string; end_time: string }) {
  const errors = elevatorTimeErrors(v);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Runs `work` holding the building's approval lock (approvals of one building never interleave). */
function underApprovalLock<T>(ctx: ServiceContext, buildingId: number, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockApprovals(tx, buildingId);
    return work(tx);
  });
}

/** POST /reservations/reservations/?building: a new REQUESTED reservation; the type's recipients and trackers are mailed. */
export async function createReservation(ctx: ServiceContext, buildingId: number, body: ElevatorReservationWrite) {
  const user = requireUser(ctx);
  const { building } = await requireBuilding(ctx, ctx.db, buildingId, USE);
  checkTimes(body);
  await checkType(ctx, body.reservation_type_id, buildingId);
  const who = await whoFor(ctx, buildingId, body.occupant_id, body.apartment_id);
  const id = await repo.insertReservation(ctx.db, {
    building_id: buildingId,
    ...who,
    reservation_type_id: body.reservation_type_id,
    status: "REQUESTED",
    ...instantsOf(body.reservation_date, body.start_time, body.end_time, building.time_zone),
    custom_name: body.custom_name ?? "",
    custom_email: body.custom_email ?? "",
    custom_phone: body.custom_phone ?? "",
    details_text: body.details_text ?? "",
    entered_by_id: user.id,
  });
  touch(ctx, buildingId);
  const created = await answer(ctx, id, building.time_zone);
  await notifyNewReservation(ctx, created, building, user);
  return created;
}

/**
 * PATCH /reservations/reservations/{id}/?building: any field; the date and clocks are judged
 * with the stored ones; an APPROVED reservation may not be moved onto another approved one.
 */
export async function updateReservation(
  ctx: ServiceContext,
  id: number,
  buildingId: number | undefined,
  body: ElevatorReservationPatch,
) {
  const { row, scope } = await reachable(ctx, id, buildingId, USE);
  const tz = scope.building.time_zone;
  const current = toReservation(row, tz);
  const set: Partial<repo.ReservationValues> = {};
  if (body.reservation_date !== undefined || body.start_time !== undefined || body.end_time !== undefined) {
    const times = {
      reservation_date: body.reservation_date ?? current.reservation_date,
      start_time: body.start_time ?? current.start_clock,
      end_time: body.end_time ?? current.end_clock,
    };
    checkTimes(times);
    Object.assign(set, instantsOf(times.reservation_date, times.start_time, times.end_time, tz));
  }
  if (body.reservation_type_id !== undefined && body.reservation_type_id !== row.reservation_type_id) {
    await checkType(ctx, body.reservation_type_id, row.building_id);
    set.reservation_type_id = body.reservation_type_id;
  }
  // A resident sets the unit and unit profile; another unit alone drops the resident.
  if (body.occupant_id !== undefined) Object.assign(set, await whoFor(ctx, row.building_id, body.occupant_id));
  else if (body.apartment_id !== undefined && body.apartment_id !== row.apartment_id)
    Object.assign(set, await whoFor(ctx, row.building_id, null, body.apartment_id));
  for (const f of ["custom_name", "custom_email", "custom_phone", "details_text"] as const)
    if (body[f] !== undefined) set[f] = body[f];
  if (!Object.keys(set).length) return current;
  await underApprovalLock(ctx, row.building_id, async (tx) => {
    if (row.status === "APPROVED" && set.start_time && set.end_time) {
      const clash = await repo.findApprovedOverlap(tx, row.building_id, set.start_time, set.end_time, id);
      if (clash) throw new ValidationError({ non_field_errors: [M.overlap] });
    }
    await repo.updateReservation(tx, id, set, ctx.clock());
  });
  touch(ctx, row.building_id);
  return answer(ctx, id, tz);
}

/** The reservation exists, is reachable and the user may decide in its building (before a body is judged). */
export async function checkDecision(ctx: ServiceContext, id: number, buildingId: number | undefined): Promise<void> {
  await reachable(ctx, id, buildingId, DECIDE);
}

/** Why a reservation cannot be approved now (null: it can). */
async function approvalRefusal(tx: DbOrTx, r: repo.ReservationRow): Promise<string | null> {
  if (r.status !== "REQUESTED") return M.notRequested(ELEVATOR_STATUS_DISPLAY[r.status] ?? r.status);
  const clash = await repo.findApprovedOverlap(tx, r.building_id, r.start_time, r.end_time, r.id);
  return clash ? M.overlap : null;
}

/**
 * POST /reservations/reservations/{id}/approve|deny|cancel/?building: a REQUESTED reservation
 * only (400 otherwise); approving one overlapping an approved reservation is refused (400); deny
 * needs a reason. Trackers of the unit are told.
 */
export async function decideReservation(
  ctx: ServiceContext,
  id: number,
  buildingId: number | undefined,
  decision: ElevatorDecision,
  denyReason = "",
) {
  const user = requireUser(ctx);
  const { row, scope } = await reachable(ctx, id, buildingId, DECIDE);
  const status = ELEVATOR_DECISIONS[decision];
  await underApprovalLock(ctx, row.building_id, async (tx) => {
    const now = (await repo.findReservation(tx, id)) ?? row;
    const refusal =
      decision === "approve"
        ? await approvalRefusal(tx, now)
        : now.status !== "REQUESTED"
          ? M.notRequested(ELEVATOR_STATUS_DISPLAY[now.status] ?? now.status)
          : null;
    if (refusal) throw new ValidationError({ non_field_errors: [refusal] });
    await repo.decide(tx, id, status, user.id, ctx.clock(), decision === "deny" ? denyReason : "");
  });
  touch(ctx, row.building_id);
  const decided = await answer(ctx, id, scope.building.time_zone);
  await notifyDecision(ctx, decided, scope.building, user);
  return decided;
}

/**
 * POST /reservations/reservations/approve_all/?building: approves each REQUESTED reservation of
 * the list in turn; each one not found, not REQUESTED or overlapping an approved one (also one
 * approved earlier in this call) is refused with its reason.
 */
export async function approveAll(
  ctx: ServiceContext,
  queryBuilding: number,
  body: ElevatorApproveAllBody,
): Promise<ElevatorApproveAllResult> {
  const user = requireUser(ctx);
  if (body.building_id !== queryBuilding) throw new ValidationError({ building_id: [M.notFound] });
  const { building } = await requireBuilding(ctx, ctx.db, queryBuilding, DECIDE);
  const result: ElevatorApproveAllResult = { approved: [], refused: [] };
  await underApprovalLock(ctx, queryBuilding, async (tx) => {
    for (const id of body.reservation_id) {
      const r = await repo.findReservation(tx, id);
      const refusal = !r || r.building_id !== queryBuilding ? M.notFound : await approvalRefusal(tx, r);
      if (refusal) result.refused.push({ id, reason: refusal });
      else if (await repo.decide(tx, id, "APPROVED", user.id, ctx.clock())) result.approved.push(id);
    }
  });
  if (result.approved.length) touch(ctx, queryBuilding);
  for (const id of result.approved)
    await notifyDecision(ctx, await answer(ctx, id, building.time_zone), building, user);
  return result;
}
