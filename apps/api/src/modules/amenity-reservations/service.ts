import {
  AMENITY_GUEST_LIST_LIMIT,
  AMENITY_RESERVATION_MAX_LIMIT,
  AMENITY_RESERVATION_MESSAGES as M,
  AMENITY_RESERVATION_PAGE_SIZE,
  AMENITY_RESERVATION_TYPE_DISPLAY,
  type AmenityGuestList,
  type AmenityReservation,
  type AmenityReservationCreate,
  type AmenityReservationListQuery,
  type AmenityReservationPatch,
  type AmenityReservationType,
  type AmenitySchedule,
  type AmenityScheduleQuery,
  APPROVAL_STATUS_DISPLAY,
  type ApprovalStatus,
  hasBuildingAccess,
  Id,
  MESSAGES,
  PAYMENT_STATUS_DISPLAY,
  type PaymentStatus,
  scheduleForDate,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { boundOf, iso, localDayTimeIn, startOfDayIn, todayIn } from "../../lib/dates.ts";
import { HttpError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { findApartment, findOccupancy } from "../../lib/occupancy-repository.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { buildingsOfClub } from "../clubs/repository.ts";
import { notifyBlocked, notifyConfirmed, notifyStatusChanged } from "./notifications.ts";
import * as repo from "./repository.ts";
import {
  type Booking,
  bookingRefusals,
  dayAndWeekOf,
  guestLimit,
  instantsOf,
  limitRefusals,
  timeRefusals,
} from "./rules.ts";

/**
 * Amenity reservations (document 3 sections 2–9). Reads: amenity.view; bookings, edits and
 * cancels: amenity.book; check-in: amenity.checkin — in the building of the amenity's type.
 * Another building's reservation is 404 'Reservation not found!'. The booking rules
 * (rules.ts) refuse under non_field_errors.
 */

const READ = "amenity.view" as const;
const BOOK = "amenity.book" as const;
const CHECKIN = "amenity.checkin" as const;

const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.amenityReservations(buildingId));
const notFound = () => new HttpError(404, { detail: M.notFound });
const refuse = (messages: string[]) => new ValidationError({ non_field_errors: messages });

const localDay = (d: Date, tz: string) => localDayTimeIn(d, tz).day;
const localTime = (d: Date, tz: string) => localDayTimeIn(d, tz).time;

export function toReservation(r: repo.ReservationRow, tz: string): AmenityReservation {
  const approval = r.approval_status as ApprovalStatus | null;
  const payment = r.payment_status as PaymentStatus | null;
  const kind = r.type as AmenityReservationType;
  return {
    id: r.id,
    building_id: r.building_id,
    amenity_id: r.amenity_id,
    amenity: {
      id: r.amenity_id,
      label: r.amenity_label,
      amenity_type: r.amenity_type_id,
      amenity_type_name: r.type_name,
      club_id: r.club_id,
      has_checkin: r.has_checkin,
      is_approval_required_for_reservation: r.approval_required,
      is_payment_required_for_reservation: r.payment_required,
      send_qr_codes: r.send_qr_codes,
    },
    apartment_id: r.apartment_id,
    apartment:
      r.apartment_id && r.apartment_number !== null
        ? {
            id: r.apartment_id,
            building_id: r.apartment_building_id ?? r.building_id,
            building_name: r.apartment_building_name ?? "",
            apartment_number: r.apartment_number,
          }
        : null,
    occupancy_id: r.occupancy_id,
    occupant_id: r.occupant_id,
    occupant:
      r.occupant_id && r.occupant_first_name !== null
        ? {
            id: r.occupant_id,
            first_name: r.occupant_first_name,
            last_name: r.occupant_last_name ?? "",
            photo_url: r.occupant_photo_url ?? null,
          }
        : null,
    contact: r.contact,
    guests: r.guests,
    date: localDay(r.start_time, tz),
    start_time: iso(r.start_time)!,
    end_time: iso(r.end_time)!,
    approval_status: approval,
    approval_status_display: approval ? APPROVAL_STATUS_DISPLAY[approval] : null,
    payment_status: payment,
    payment_status_display: payment ? PAYMENT_STATUS_DISPLAY[payment] : null,
    amenity_reservation_type: kind,
    amenity_reservation_type_display: AMENITY_RESERVATION_TYPE_DISPLAY[kind],
    reason: r.reason,
    entered_by:
      r.entered_by_id && r.entered_by_username !== null
        ? {
            id: r.entered_by_id,
            first_name: r.entered_by_first_name ?? "",
            last_name: r.entered_by_last_name ?? "",
            username: r.entered_by_username,
          }
        : null,
    is_checked_in: r.is_checked_in,
    is_cancelled: r.is_cancelled,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
  };
}

// ---------------------------------------------------------------------------------------------
// Reaching things

/** A reservation the user may reach for an action (404 'Reservation not found!' otherwise, 403 when the action is refused). */
export async function reachable(
  ctx: ServiceContext,
  id: number,
  action: typeof READ | typeof BOOK | typeof CHECKIN,
): Promise<{ row: repo.ReservationRow; scope: BuildingScope }> {
  const user = requireUser(ctx);
  const row = await repo.findReservation(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id)) throw notFound();
  const scope = await requireBuilding(ctx, ctx.db, row.building_id, action);
  return { row, scope };
}

/** The amenity a body names, when it is one the user reaches. */
async function reachableAmenity(ctx: ServiceContext, amenityId: unknown): Promise<repo.AmenityWithType | null> {
  const id = Id.safeParse(Array.isArray(amenityId) ? amenityId[0] : amenityId);
  if (!id.success) return null;
  const found = await repo.findAmenity(ctx.db, id.data);
  if (!found || !hasBuildingAccess(requireUser(ctx), found.type.building_id)) return null;
  return found;
}

/** Checked before a create body is judged (403 before 400): the building of the amenity it names. */
export async function authorizeCreate(ctx: ServiceContext, body: unknown): Promise<void> {
  const raw = body && typeof body === "object" ? (body as { amenity_id?: unknown }).amenity_id : undefined;
  const found = await reachableAmenity(ctx, raw);
  if (found) await requireBuilding(ctx, ctx.db, found.type.building_id, BOOK);
}

// ---------------------------------------------------------------------------------------------
// Writes

interface Party {
  occupant_id: number | null;
  occupancy_id: number | null;
  apartment_id: number | null;
}

/** Who a booking is for: TR needs a resident; ER may name one or a unit; CR none. Residents of the club's buildings only. */
async function partyOf(
  ctx: ServiceContext,
  kind: AmenityReservationType,
  clubId: number,
  occupantId: number | null | undefined,
  apartmentId: number | null | undefined,
): Promise<Party> {
  const none = { occupant_id: null, occupancy_id: null, apartment_id: null };
  if (kind === "CR") return none;
  if (kind === "TR" && !occupantId) throw new ValidationError({ occupant_id: [M.residentRequired] });
  const reach = await buildingsOfClub(ctx.db, clubId);
  if (occupantId) {
    const occupancyId = await repo.occupancyOfOccupant(ctx.db, occupantId);
    const o = occupancyId ? await findOccupancy(ctx.db, occupancyId) : null;
    if (!o || !reach.includes(o.building_id)) throw new ValidationError({ occupant_id: [M.residentNotInBuilding] });
    return { occupant_id: occupantId, occupancy_id: o.id, apartment_id: o.apartment_id };
  }
  if (apartmentId) {
    const a = await findApartment(ctx.db, apartmentId);
    if (!a || !reach.includes(a.building_id)) throw new ValidationError({ apartment_id: [M.apartmentNotInBuilding] });
    return { ...none, apartment_id: a.id, occupancy_id: await repo.currentOccupancyOf(ctx.db, a.id) };
  }
  return none;
}

/** The approval and payment statuses a booking carries: only when its type requires them, never on blocks. */
function statusesOf(
  kind: AmenityReservationType,
  type: repo.AmenityWithType["type"],
  sent: { approval_status?: ApprovalStatus; payment_status?: PaymentStatus },
  current?: { approval_status: string | null; payment_status: string | null },
): { approval_status: ApprovalStatus | null; payment_status: PaymentStatus | null } {
  const errors: Record<string, string[]> = {};
  if (kind === "CR") {
    if (sent.approval_status) errors.approval_status = [M.notOnBlock];
    if (sent.payment_status) errors.payment_status = [M.notOnBlock];
  } else {
    if (sent.approval_status && !type.is_approval_required_for_reservation)
      errors.approval_status = [M.approvalNotRequired];
    if (sent.payment_status && !type.is_payment_required_for_reservation)
      errors.payment_status = [M.paymentNotRequired];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (kind === "CR") return { approval_status: null, payment_status: null };
  return {
    approval_status: type.is_approval_required_for_reservation
      ? (sent.approval_status ?? (current?.approval_status as ApprovalStatus | null) ?? "PENDING")
      : null,
    payment_status: type.is_payment_required_for_reservation
      ? (sent.payment_status ?? (current?.payment_status as PaymentStatus | null) ?? "NOT_PAID")
      : null,
  };
}

interface Judged {
  start: Date;
  end: Date;
  guests: number;
  /** Other reservations the booking overlaps (blocks cancel them). */
  overlaps: { id: number; type: string; is_checked_in: boolean }[];
}

/** The times and every rule of a booking (in the transaction holding the amenity's lock). */
async function judgeBooking(
  ctx: ServiceContext,
  tx: repo.Tx,
  scope: BuildingScope,
  found: repo.AmenityWithType,
  b: Booking,
  occupantId: number | null,
  exceptId?: number,
): Promise<Judged> {
  const tz = scope.building.time_zone;
  const { start, end } = instantsOf(b, tz);
  const refusals = timeRefusals(b, start, end);
  if (refusals.length) throw refuse(refusals);
  const overlaps = await repo.overlapping(tx, found.amenity.id, start, end, exceptId);
  if (b.kind === "CR") {
    if (overlaps.some((o) => o.type === "CR")) throw refuse([M.overlap]);
    return { start, end, guests: 0, overlaps };
  }
  const schedules = await repo.schedulesOf(tx, [found.type.id]);
  const today = todayIn(tz, ctx.clock());
  const minutes = Math.round((end.getTime() - start.getTime()) / 60000);
  const out = bookingRefusals(b, found.type, schedules, today, minutes);
  if (overlaps.length) out.push(M.overlap);
  if (b.kind === "TR" && occupantId) {
    const { day, week } = dayAndWeekOf(b.start_date, tz);
    const counts = await repo.residentCounts(tx, {
      occupantId,
      typeId: found.type.id,
      now: ctx.clock(),
      day,
      week,
      exceptId,
    });
    out.push(...limitRefusals(found.type, counts));
  }
  if (out.length) throw refuse(out);
  return { start, end, guests: b.guests, overlaps: [] };
}

/** The days and times of a create or an edit, with the spec's messages for what is missing. */
function bookingOf(
  kind: AmenityReservationType,
  v: { date?: string; start_date?: string; end_date?: string; start_time?: string; end_time?: string; guests?: number },
): Booking {
  const errors: Record<string, string[]> = {};
  if (kind === "CR") {
    if (!v.start_date) errors.start_date = [M.startDateRequired];
    if (!v.end_date) errors.end_date = [M.endDateRequired];
  } else if (!v.date) errors.date = [M.dateRequired];
  if (!v.start_time) errors.start_time = [MESSAGES.fieldRequired];
  if (!v.end_time) errors.end_time = [MESSAGES.fieldRequired];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const first = kind === "CR" ? v.start_date! : v.date!;
  return {
    kind,
    start_date: first,
    end_date: kind === "CR" ? v.end_date! : first,
    start_time: v.start_time!,
    end_time: v.end_time!,
    guests: kind === "CR" ? 0 : (v.guests ?? 0),
  };
}

/** An amenity a booking may use: reached, active, of a building where the user books. */
async function bookableAmenity(ctx: ServiceContext, amenityId: number | undefined, buildingId?: number) {
  const found = await reachableAmenity(ctx, amenityId);
  if (!found || (buildingId !== undefined && found.type.building_id !== buildingId))
    throw new ValidationError({ amenity_id: [M.amenityNotInBuilding] });
  const scope = await requireBuilding(ctx, ctx.db, found.type.building_id, BOOK);
  if (!found.amenity.is_active || !found.type.is_active) throw new ValidationError({ amenity_id: [M.amenityInactive] });
  return { found, scope };
}

/** Cancels what a block overlaps (not checked-in ones); returns the ids cancelled. */
async function cancelOverlapped(ctx: ServiceContext, tx: repo.Tx, j: Judged): Promise<number[]> {
  const ids = j.overlaps.filter((o) => o.type !== "CR" && !o.is_checked_in).map((o) => o.id);
  return repo.cancelReservations(tx, ids, ctx.clock());
}

async function readRow(ctx: ServiceContext, id: number): Promise<repo.ReservationRow> {
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw notFound();
  return row;
}
const read = async (ctx: ServiceContext, id: number, tz: string) => toReservation(await readRow(ctx, id), tz);

/** POST /clubs/reservations/ */
export async function createReservation(
  ctx: ServiceContext,
  body: AmenityReservationCreate,
): Promise<AmenityReservation> {
  const user = requireUser(ctx);
  const kind = body.amenity_reservation_type;
  const { found, scope } = await bookableAmenity(ctx, body.amenity_id);
  const party = await partyOf(ctx, kind, found.type.club_id, body.occupant_id, body.apartment_id);
  const statuses = statusesOf(kind, found.type, body);
  const booking = bookingOf(kind, body);
  const { id, cancelled } = await ctx.db.transaction(async (tx) => {
    await repo.lockAmenity(tx, found.amenity.id);
    const j = await judgeBooking(ctx, tx, scope, found, booking, party.occupant_id);
    const cancelled = kind === "CR" ? await cancelOverlapped(ctx, tx, j) : [];
    const id = await repo.insertReservation(tx, {
      building_id: found.type.building_id,
      amenity_id: found.amenity.id,
      amenity_type_id: found.type.id,
      ...party,
      type: kind,
      start_time: j.start,
      end_time: j.end,
      ...statuses,
      reason: kind === "CR" ? (body.reason ?? "") : "",
      contact: kind === "ER" ? (body.contact ?? "") : "",
      guests: j.guests,
      entered_by_id: user.id,
    });
    return { id, cancelled };
  });
  touch(ctx, found.type.building_id);
  const created = await readRow(ctx, id);
  if (kind === "CR") await notifyBlocked(ctx, scope, await repo.reservationsByIds(ctx.db, cancelled), created.reason);
  else await notifyConfirmed(ctx, scope, created);
  return toReservation(created, scope.building.time_zone);
}

const STATUS_ONLY = new Set(["approval_status", "payment_status"]);

/** PATCH /clubs/reservations/{id}/: a full edit, or only approval_status or payment_status. */
export async function updateReservation(
  ctx: ServiceContext,
  id: number,
  body: AmenityReservationPatch,
): Promise<AmenityReservation> {
  const { row, scope } = await reachable(ctx, id, BOOK);
  const tz = scope.building.time_zone;
  const kind = row.type as AmenityReservationType;
  const sent = Object.keys(body).filter((k) => body[k as keyof AmenityReservationPatch] !== undefined);
  const statusOnly = sent.every((k) => STATUS_ONLY.has(k));
  const freeing = body.approval_status === "CANCELLED" || body.approval_status === "DENIED";
  if (row.is_checked_in && (!statusOnly || freeing)) throw refuse([M.checkedInLocked]);
  if (row.is_cancelled && !statusOnly) throw refuse([M.alreadyCancelled]);
  if (!sent.length) return toReservation(row, tz);
  if (kind === "CR" && !statusOnly && !(body.reason ?? row.reason))
    throw new ValidationError({ reason: [M.reasonRequired] });

  const target = statusOnly
    ? { found: await repo.findAmenity(ctx.db, row.amenity_id), scope }
    : await bookableAmenity(ctx, body.amenity_id ?? row.amenity_id, row.building_id);
  if (!target.found) throw notFound();
  const found = target.found;
  const statuses = statusesOf(kind, found.type, body, row);
  const nowCancelled = statuses.approval_status === "CANCELLED" || (row.is_cancelled && !body.approval_status);
  const reviving = row.is_cancelled || row.approval_status === "DENIED" || row.approval_status === "CANCELLED";

  const holds = statuses.approval_status !== "CANCELLED" && statuses.approval_status !== "DENIED";
  const rejudge = !statusOnly || (reviving && holds);
  // Who and when, read before the transaction (it holds the only connection on PGlite).
  const party: Party = statusOnly
    ? row
    : await partyOf(
        ctx,
        kind,
        found.type.club_id,
        body.occupant_id === undefined ? row.occupant_id : body.occupant_id,
        body.apartment_id === undefined ? row.apartment_id : body.apartment_id,
      );
  const booking = bookingOf(kind, {
    date: body.date ?? localDay(row.start_time, tz),
    start_date: body.start_date ?? localDay(row.start_time, tz),
    end_date: body.end_date ?? localDay(new Date(row.end_time.getTime() - 1), tz),
    start_time: body.start_time ?? localTime(row.start_time, tz),
    end_time: body.end_time ?? endTimeOf(row, tz),
    guests: body.guests ?? row.guests,
  });

  const cancelled = await ctx.db.transaction(async (tx) => {
    await repo.lockAmenity(tx, found.amenity.id);
    const values: repo.ReservationValues = { ...statuses, is_cancelled: nowCancelled };
    let blockCancels: number[] = [];
    if (rejudge) {
      const j = await judgeBooking(ctx, tx, scope, found, booking, party.occupant_id, row.id);
      if (kind === "CR") blockCancels = await cancelOverlapped(ctx, tx, j);
      Object.assign(values, {
        amenity_id: found.amenity.id,
        amenity_type_id: found.type.id,
        occupant_id: party.occupant_id,
        occupancy_id: party.occupancy_id,
        apartment_id: party.apartment_id,
        start_time: j.start,
        end_time: j.end,
        guests: j.guests,
        ...(kind === "CR" && body.reason !== undefined ? { reason: body.reason } : {}),
        ...(kind === "ER" && body.contact !== undefined ? { contact: body.contact } : {}),
      });
    }
    await repo.updateReservation(tx, row.id, values, ctx.clock());
    return blockCancels;
  });
  touch(ctx, row.building_id);
  const updated = await readRow(ctx, row.id);
  if (kind === "CR") await notifyBlocked(ctx, scope, await repo.reservationsByIds(ctx.db, cancelled), updated.reason);
  else if (
    updated.approval_status &&
    updated.approval_status !== row.approval_status &&
    updated.approval_status !== "PENDING"
  )
    await notifyStatusChanged(ctx, scope, updated);
  return toReservation(updated, tz);
}

/** The end as a time of its own day ('24:00' when it ends at midnight after its start day). */
function endTimeOf(row: repo.ReservationRow, tz: string): string {
  const t = localTime(row.end_time, tz);
  return t === "00:00" && localDay(row.end_time, tz) > localDay(row.start_time, tz) && row.type !== "CR" ? "24:00" : t;
}

/** POST /clubs/reservations/{id}/cancel/ */
export async function cancelReservation(ctx: ServiceContext, id: number): Promise<AmenityReservation> {
  const { row, scope } = await reachable(ctx, id, BOOK);
  if (row.is_checked_in) throw refuse([M.checkedInLocked]);
  if (row.is_cancelled) throw refuse([M.alreadyCancelled]);
  await repo.updateReservation(
    ctx.db,
    row.id,
    { is_cancelled: true, ...(row.approval_status ? { approval_status: "CANCELLED" } : {}) },
    ctx.clock(),
  );
  touch(ctx, row.building_id);
  return read(ctx, row.id, scope.building.time_zone);
}

/** POST /clubs/reservations/{id}/toggle_checkin/: only with the type's check-in, never on blocks or cancelled ones. */
export async function toggleCheckin(ctx: ServiceContext, id: number): Promise<AmenityReservation> {
  const { row, scope } = await reachable(ctx, id, CHECKIN);
  if (row.type === "CR" || !row.has_checkin || row.is_cancelled) throw refuse([M.checkinNotAvailable]);
  await repo.updateReservation(ctx.db, row.id, { is_checked_in: !row.is_checked_in }, ctx.clock());
  touch(ctx, row.building_id);
  return read(ctx, row.id, scope.building.time_zone);
}

// ---------------------------------------------------------------------------------------------
// Reads

/** GET /clubs/reservations/{id}/ */
export async function getReservation(ctx: ServiceContext, id: number): Promise<AmenityReservation> {
  const { row, scope } = await reachable(ctx, id, READ);
  return toReservation(row, scope.building.time_zone);
}

/** GET /core/buildings/{b}/amenity-reservations/ */
export async function listReservations(ctx: ServiceContext, buildingId: number, q: AmenityReservationListQuery) {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, READ);
  const tz = scope.building.time_zone;
  const page = pageOf(q, AMENITY_RESERVATION_PAGE_SIZE, AMENITY_RESERVATION_MAX_LIMIT);
  const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));
  const sooner = (a: Date | undefined, b: Date | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));
  const from = later(
    q.date ? boundOf(q.date, tz, "min") : undefined,
    q.min_start_date ? boundOf(q.min_start_date, tz, "min") : undefined,
  );
  const until = sooner(
    q.date ? boundOf(q.date, tz, "max") : undefined,
    q.max_start_date ? boundOf(q.max_start_date, tz, "max") : undefined,
  );
  const { rows, count } = await repo.listReservations(
    ctx.db,
    {
      buildingId,
      from,
      until,
      endsAfter: q.upcoming ? ctx.clock() : undefined,
      amenityTypeId: q.amenity_type,
      amenityId: q.amenity,
      occupancyId: q.occupancy,
      types: q.amenity_reservation_type,
      includeCancelled: q.include_cancelled,
      search: q.search || undefined,
    },
    page,
    q.ordering === "-start_time",
  );
  return paginate(
    ctx,
    page,
    count,
    rows.map((r) => toReservation(r, tz)),
  );
}

const hhmm = (t: string | null) => (t ?? "00:00").slice(0, 5);

/** GET /core/buildings/{b}/amenity-reservations/schedule/?date */
export async function daySchedule(
  ctx: ServiceContext,
  buildingId: number,
  q: AmenityScheduleQuery,
): Promise<AmenitySchedule> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, READ);
  const tz = scope.building.time_zone;
  const list = await repo.buildingAmenities(ctx.db, buildingId, q.amenity_type);
  const typeIds = [...new Set(list.map((a) => a.type.id))];
  const schedules = await repo.schedulesOf(ctx.db, typeIds);
  const from = startOfDayIn(q.date, tz);
  const until = boundOf(q.date, tz, "max");
  const rows = await repo.reservationsOfAmenities(
    ctx.db,
    list.map((a) => a.amenity.id),
    from,
    until,
  );
  return {
    date: q.date,
    time_zone: tz,
    amenities: list.map(({ amenity, type }) => {
      const own = schedules.filter((s) => s.amenity_type_id === type.id);
      const day = scheduleForDate(own, q.date);
      return {
        amenity: {
          id: amenity.id,
          label: amenity.label,
          amenity_type: type.id,
          amenity_type_name: type.name,
          club_id: type.club_id,
          has_checkin: type.has_checkin,
          is_approval_required_for_reservation: type.is_approval_required_for_reservation,
          is_payment_required_for_reservation: type.is_payment_required_for_reservation,
          send_qr_codes: type.send_qr_codes,
          is_active: amenity.is_active,
        },
        has_schedule: day.source !== "always",
        open_hours: day.is_open ? [{ start_time: hhmm(day.open_time), end_time: hhmm(day.close_time) }] : [],
        max_number_guests: guestLimit(type, own, q.date),
        reservations: rows.filter((r) => r.amenity_id === amenity.id).map((r) => toReservation(r, tz)),
      };
    }),
  };
}

/** GET /clubs/clubs/{id}/guest-list/ */
export async function guestList(ctx: ServiceContext, clubId: number): Promise<AmenityGuestList> {
  const user = requireUser(ctx);
  const club = await repo.findClub(ctx.db, clubId);
  if (!club) throw new NotFoundError();
  const reach = await buildingsOfClub(ctx.db, clubId);
  const home = hasBuildingAccess(user, club.building_id)
    ? club.building_id
    : reach.find((b) => hasBuildingAccess(user, b));
  if (!home) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, home, READ);
  const tz = scope.building.time_zone;
  const today = todayIn(tz, ctx.clock());
  const from = startOfDayIn(today, tz);
  const until = boundOf(today, tz, "max");
  const ids = await repo.clubAmenityIds(ctx.db, clubId);
  const [rows, count] = await Promise.all([
    repo.reservationsOfAmenities(ctx.db, ids, from, until, repo.withGuests(), AMENITY_GUEST_LIST_LIMIT),
    repo.countWithGuests(ctx.db, ids, from, until),
  ]);
  return { count, results: rows.map((r) => toReservation(r, tz)) };
}
