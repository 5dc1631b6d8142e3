import { aliasedTable, and, asc, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { ElevatorOrdering, ElevatorStatus } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import {
  apartments,
  elevatorReservations as er,
  occupancies,
  occupants,
  reservationTypes,
  users,
} from "../../db/schema/index.ts";
import { pageWithTotal } from "../../lib/sql.ts";

export { findApartment } from "../../lib/occupancy-repository.ts";

/** Every query of the service elevator reservations (the types are in types-repository.ts). */

export type ReservationValues = Omit<typeof er.$inferInsert, "id" | "date_created" | "last_modified">;

const resident = aliasedTable(users, "resident_user");
const enteredBy = aliasedTable(users, "entered_by_user");
const decidedBy = aliasedTable(users, "decided_by_user");
const nameOf = (u: typeof users) => sql<string>`nullif(trim(${u.first_name} || ' ' || ${u.last_name}), '')`;

/** A reservation with what its answer shows: type, unit, lease, the people's names. */
const rowColumns = {
  id: er.id,
  building_id: er.building_id,
  status: er.status,
  reservation_type_id: er.reservation_type_id,
  reservation_type_name: reservationTypes.name,
  reservation_type_short_name: reservationTypes.short_name,
  occupant_id: er.occupant_id,
  occupant: nameOf(resident),
  apartment_id: er.apartment_id,
  apartment_number: apartments.apartment_number,
  occupancy_id: er.occupancy_id,
  custom_name: er.custom_name,
  custom_email: er.custom_email,
  custom_phone: er.custom_phone,
  start_time: er.start_time,
  end_time: er.end_time,
  details_text: er.details_text,
  entered_by_id: er.entered_by_id,
  entered_by: nameOf(enteredBy),
  date_created: er.date_created,
  lease_start_date: occupancies.lease_start_date,
  lease_end_date: occupancies.lease_end_date,
  deny_reason: er.deny_reason,
  status_changed_at: er.status_changed_at,
  status_changed_by: sql<string | null>`coalesce(${nameOf(decidedBy)}, ${decidedBy.username})`,
  /** The count of the rows the statement matches (a list page carries it). */
  total: sql<number>`count(*) over ()`,
};

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(er)
    .innerJoin(reservationTypes, eq(reservationTypes.id, er.reservation_type_id))
    .leftJoin(apartments, eq(apartments.id, er.apartment_id))
    .leftJoin(occupancies, eq(occupancies.id, er.occupancy_id))
    .leftJoin(occupants, eq(occupants.id, er.occupant_id))
    .leftJoin(resident, eq(resident.id, occupants.user_id))
    .leftJoin(enteredBy, eq(enteredBy.id, er.entered_by_id))
    .leftJoin(decidedBy, eq(decidedBy.id, er.status_changed_by_id));
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];
export type ReservationRow = Omit<Selected, "status" | "total"> & { status: ElevatorStatus };

export async function findReservation(db: DbOrTx, id: number): Promise<ReservationRow | null> {
  const rows = await selectRows(db).where(eq(er.id, id)).limit(1);
  return (rows[0] as ReservationRow | undefined) ?? null;
}

export interface ReservationFilter {
  buildingId: number;
  from?: Date;
  until?: Date;
  statuses?: ElevatorStatus[];
  apartmentId?: number;
  occupancyId?: number;
  typeId?: number;
}

function whereOf(f: ReservationFilter): SQL {
  return and(
    eq(er.building_id, f.buildingId),
    f.from ? gte(er.start_time, f.from) : undefined,
    f.until ? lt(er.start_time, f.until) : undefined,
    f.statuses?.length ? inArray(er.status, f.statuses) : undefined,
    f.apartmentId ? eq(er.apartment_id, f.apartmentId) : undefined,
    f.occupancyId ? eq(er.occupancy_id, f.occupancyId) : undefined,
    f.typeId ? eq(er.reservation_type_id, f.typeId) : undefined,
  )!;
}

const ORDER_COLUMNS = {
  start_time: er.start_time,
  end_time: er.end_time,
  date_created: er.date_created,
  status: er.status,
};

function orderOf(ordering: ElevatorOrdering): SQL[] {
  const descending = ordering.startsWith("-");
  const col = ORDER_COLUMNS[ordering.replace(/^-/, "") as keyof typeof ORDER_COLUMNS];
  return descending ? [desc(col), desc(er.id)] : [asc(col), asc(er.id)];
}

/** A page of a building's reservations with the count of all that match. */
export async function listReservations(
  db: DbOrTx,
  f: ReservationFilter,
  ordering: ElevatorOrdering,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ReservationRow[] }> {
  const where = whereOf(f);
  const found = await selectRows(db)
    .where(where)
    .orderBy(...orderOf(ordering))
    .limit(page.limit)
    .offset(page.offset);
  const { count, rows } = await pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(er)
      .where(where);
    return r.n;
  });
  return { count, rows: rows as ReservationRow[] };
}

/** REQUESTED reservations of the building that are not over yet. */
export async function countReadyToApprove(db: DbOrTx, buildingId: number, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(er)
    .where(and(eq(er.building_id, buildingId), eq(er.status, "REQUESTED"), gt(er.end_time, now)));
  return Number(r.n);
}

/** An APPROVED reservation of the building overlapping [start, end) other than `exceptId`. */
export async function findApprovedOverlap(
  db: DbOrTx,
  buildingId: number,
  start: Date,
  end: Date,
  exceptId: number,
): Promise<number | null> {
  const rows = await db
    .select({ id: er.id })
    .from(er)
    .where(
      and(
        eq(er.building_id, buildingId),
        eq(er.status, "APPROVED"),
        lt(er.start_time, end),
        gt(er.end_time, start),
        ne(er.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertReservation(db: DbOrTx, values: ReservationValues): Promise<number> {
  const [row] = await db.insert(er).values(values).returning({ id: er.id });
  return row.id;
}

export async function updateReservation(db: DbOrTx, id: number, set: Partial<ReservationValues>, now: Date) {
  await db
    .update(er)
    .set({ ...set, last_modified: now })
    .where(eq(er.id, id));
}

/**
 * Moves a reservation from REQUESTED to `status` (with the decider and, for DENIED, the reason);
 * false when it was no longer REQUESTED (a concurrent decision won).
 */
export async function decide(
  db: DbOrTx,
  id: number,
  status: ElevatorStatus,
  by: number,
  now: Date,
  denyReason = "",
): Promise<boolean> {
  const rows = await db
    .update(er)
    .set({ status, status_changed_by_id: by, status_changed_at: now, deny_reason: denyReason, last_modified: now })
    .where(and(eq(er.id, id), eq(er.status, "REQUESTED")))
    .returning({ id: er.id });
  return rows.length > 0;
}

/** A resident (occupant) with their unit profile and unit, when in the building. */
export async function findOccupant(db: DbOrTx, occupantId: number) {
  const rows = await db
    .select({
      id: occupants.id,
      occupancy_id: occupants.occupancy_id,
      apartment_id: occupancies.apartment_id,
      building_id: occupancies.building_id,
    })
    .from(occupants)
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .where(eq(occupants.id, occupantId))
    .limit(1);
  return rows[0] ?? null;
}

/** The unit's current unit profile (active, latest lease start), if any. */
export async function currentOccupancyOf(db: DbOrTx, apartmentId: number): Promise<number | null> {
  const rows = await db
    .select({ id: occupancies.id })
    .from(occupancies)
    .where(and(eq(occupancies.apartment_id, apartmentId), eq(occupancies.is_active, true)))
    .orderBy(desc(occupancies.lease_start_date), desc(occupancies.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The advisory lock class of a building's approvals (with the building id as the second key). */
const APPROVAL_LOCK = 27_001;
/** Holds the building's approval lock until the transaction ends (approvals never interleave). */
export async function lockApprovals(tx: DbOrTx, buildingId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${APPROVAL_LOCK}, ${buildingId})`);
}
