import { and, asc, between, desc, eq, exists, gt, gte, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { STAFF } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import {
  amenityReservations,
  amenityTypes,
  apartments,
  clubMembers,
  clubs,
  elevatorReservations as er,
  employees,
  occupancies,
  occupants,
  reservationTypeBuildings,
  reservationTypes,
  userBuildings,
  users,
} from "../../db/schema/index.ts";

export { countReadyToApprove } from "../elevator-reservations/repository.ts";

/** Every query of the dashboard widgets. Days are YYYY-MM-DD of the building's calendar. */

const dayText = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Upcoming occupancies

export interface LeaseWindow {
  /** Leases starting from … until (both inclusive); without `from`, every lease started by `until`. */
  from?: string;
  until: string;
}

/** Active leases of the building starting in the window, by lease start then unit; `limit` of them and the count. */
export async function upcomingOccupancies(db: DbOrTx, buildingId: number, window: LeaseWindow, limit: number) {
  const starts = window.from
    ? between(occupancies.lease_start_date, window.from, window.until)
    : or(isNull(occupancies.lease_start_date), sql`${occupancies.lease_start_date} <= ${window.until}`);
  const rows = await db
    .select({
      id: occupancies.id,
      apartment_number: apartments.apartment_number,
      lease_start_date: occupancies.lease_start_date,
      total: sql<number>`count(*) over ()`,
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(and(eq(occupancies.building_id, buildingId), eq(occupancies.is_active, true), starts))
    .orderBy(asc(occupancies.lease_start_date), asc(apartments.sort_key), asc(occupancies.id))
    .limit(limit);
  return {
    count: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      id: r.id,
      apartment_number: r.apartment_number,
      lease_start_date: dayText(r.lease_start_date),
    })),
  };
}

/** The active residents of these leases, by name. */
export async function residentsOf(db: DbOrTx, occupancyIds: readonly number[]) {
  if (!occupancyIds.length) return [];
  return db
    .select({
      id: occupants.id,
      occupancy_id: occupants.occupancy_id,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(occupants)
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(and(inArray(occupants.occupancy_id, [...occupancyIds]), eq(occupants.is_active, true)))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(occupants.id));
}

/** The clubs these residents belong to, by club name. */
export async function clubsOf(db: DbOrTx, occupantIds: readonly number[]) {
  if (!occupantIds.length) return [];
  return db
    .select({ occupant_id: clubMembers.occupant_id, id: clubs.id, name: clubs.name })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.club_id))
    .where(inArray(clubMembers.occupant_id, [...occupantIds]))
    .orderBy(asc(clubs.name), asc(clubs.id));
}

// ---------------------------------------------------------------------------------------------
// Upcoming move outs

/** The Move-Out reservation types offered in the building (told apart by `isMoveOutType`). */
export async function reservationTypesOf(db: DbOrTx, buildingId: number) {
  return db
    .select({ id: reservationTypes.id, name: reservationTypes.name, short_name: reservationTypes.short_name })
    .from(reservationTypes)
    .innerJoin(reservationTypeBuildings, eq(reservationTypeBuildings.reservation_type_id, reservationTypes.id))
    .where(eq(reservationTypeBuildings.building_id, buildingId));
}

/** A booking of one of these types for the lease that is still on (neither cancelled nor denied). */
const moveOutBooked = (db: DbOrTx, moveOutTypeIds: readonly number[]) =>
  moveOutTypeIds.length
    ? exists(
        db
          .select({ one: sql`1` })
          .from(er)
          .where(
            and(
              eq(er.occupancy_id, occupancies.id),
              inArray(er.reservation_type_id, [...moveOutTypeIds]),
              notInArray(er.status, ["CANCELLED", "DENIED"]),
            ),
          ),
      )
    : sql<boolean>`false`;

export interface MoveOutRow {
  id: number;
  apartment_number: string;
  lease_end_date: string | null;
  move_out_invite_sent_time: Date | null;
  ready: boolean;
}

const moveOutColumns = (db: DbOrTx, moveOutTypeIds: readonly number[]) => ({
  id: occupancies.id,
  building_id: occupancies.building_id,
  apartment_number: apartments.apartment_number,
  lease_end_date: occupancies.lease_end_date,
  move_out_invite_sent_time: occupancies.move_out_invite_sent_time,
  ready: sql<boolean>`${moveOutBooked(db, moveOutTypeIds)}`.mapWith(Boolean),
});

/** Active leases of the building ending from … until (inclusive), by lease end then unit. */
export async function expiringOccupancies(
  db: DbOrTx,
  buildingId: number,
  from: string,
  until: string,
  moveOutTypeIds: readonly number[],
): Promise<MoveOutRow[]> {
  const rows = await db
    .select(moveOutColumns(db, moveOutTypeIds))
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(
      and(
        eq(occupancies.building_id, buildingId),
        eq(occupancies.is_active, true),
        between(occupancies.lease_end_date, from, until),
      ),
    )
    .orderBy(asc(occupancies.lease_end_date), asc(apartments.sort_key), asc(occupancies.id));
  return rows.map((r) => ({ ...r, lease_end_date: dayText(r.lease_end_date) }));
}

/** These leases with their move-out state (any building: the caller checks). */
export async function occupanciesByIds(db: DbOrTx, ids: readonly number[], moveOutTypeIds: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select(moveOutColumns(db, moveOutTypeIds))
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(inArray(occupancies.id, [...ids]))
    .orderBy(asc(occupancies.id));
  return rows.map((r) => ({ ...r, lease_end_date: dayText(r.lease_end_date) }));
}

/** The residents to mail about these leases: active, not children, with an e-mail address. */
export async function tenantsToMail(db: DbOrTx, occupancyIds: readonly number[]) {
  if (!occupancyIds.length) return [];
  return db
    .select({
      occupancy_id: occupants.occupancy_id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(occupants)
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(
      and(
        inArray(occupants.occupancy_id, [...occupancyIds]),
        eq(occupants.is_active, true),
        ne(occupants.type, "CH"),
        ne(users.email, ""),
      ),
    )
    .orderBy(asc(occupants.id));
}

/**
 * Marks the lease invited now unless it was invited after `cooldownStart` (one statement: two
 * clicks at once send one invitation). Returns whether it was marked.
 */
export async function markInvited(db: DbOrTx, id: number, now: Date, cooldownStart: Date): Promise<boolean> {
  const rows = await db
    .update(occupancies)
    .set({ move_out_invite_sent_time: now })
    .where(
      and(
        eq(occupancies.id, id),
        or(isNull(occupancies.move_out_invite_sent_time), lt(occupancies.move_out_invite_sent_time, cooldownStart)),
      ),
    )
    .returning({ id: occupancies.id });
  return rows.length > 0;
}

/** Puts back the previous invite time (the mail could not be written). */
export async function restoreInvited(db: DbOrTx, id: number, previous: Date | null): Promise<void> {
  await db.update(occupancies).set({ move_out_invite_sent_time: previous }).where(eq(occupancies.id, id));
}

// ---------------------------------------------------------------------------------------------
// Active employees today

/** Staff with access to the building (Office: every building) who signed in since `since`, latest first. */
export async function activeEmployees(db: DbOrTx, buildingId: number, since: Date) {
  const access = exists(
    db
      .select({ one: sql`1` })
      .from(userBuildings)
      .where(and(eq(userBuildings.user_id, users.id), eq(userBuildings.building_id, buildingId))),
  );
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      last_login: users.last_login,
      title: employees.title,
      photo_url_thumbnail: employees.photo_url_thumbnail,
    })
    .from(users)
    .leftJoin(employees, eq(employees.user_id, users.id))
    .where(
      and(
        gte(users.last_login, since),
        eq(users.is_active, true),
        inArray(users.role, [...STAFF]),
        or(eq(users.role, "OF"), access),
      ),
    )
    .orderBy(desc(users.last_login), asc(users.id));
}

// ---------------------------------------------------------------------------------------------
// Action items

/** PENDING reservations of the building's amenity types requiring approval, not cancelled and not over. */
export async function countPendingAmenityApprovals(db: DbOrTx, buildingId: number, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(amenityReservations)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenityReservations.amenity_type_id))
    .where(
      and(
        eq(amenityReservations.building_id, buildingId),
        eq(amenityReservations.approval_status, "PENDING"),
        eq(amenityReservations.is_cancelled, false),
        gt(amenityReservations.end_time, now),
        eq(amenityTypes.is_approval_required_for_reservation, true),
      ),
    );
  return Number(r.n);
}
