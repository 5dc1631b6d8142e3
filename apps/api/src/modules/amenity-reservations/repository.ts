import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import {
  amenities,
  amenityReservations,
  amenitySchedules,
  amenityTypes,
  apartments,
  buildings,
  clubs,
  occupancies,
  occupants,
  users,
} from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal, rowsOf } from "../../lib/sql.ts";

/** Every query of amenity reservations. */

export type ReservationInsert = typeof amenityReservations.$inferInsert;
export type ReservationValues = Partial<Omit<ReservationInsert, "id" | "date_created">>;

const occupantUser = alias(users, "occupant_user");
const enteredBy = alias(users, "entered_by_user");
const apartmentBuilding = alias(buildings, "apartment_building");

/** A reservation as the API writes it: the row, its amenity and type, unit, resident and author. */
const readColumns = {
  ...getTableColumns(amenityReservations),
  amenity_label: amenities.label,
  amenity_is_active: amenities.is_active,
  type_name: amenityTypes.name,
  club_id: amenityTypes.club_id,
  has_checkin: amenityTypes.has_checkin,
  send_qr_codes: amenityTypes.send_qr_codes,
  approval_required: amenityTypes.is_approval_required_for_reservation,
  payment_required: amenityTypes.is_payment_required_for_reservation,
  apartment_number: apartments.apartment_number,
  apartment_building_id: apartments.building_id,
  apartment_building_name: apartmentBuilding.name,
  occupant_first_name: occupantUser.first_name,
  occupant_last_name: occupantUser.last_name,
  occupant_email: occupantUser.email,
  occupant_photo_url: occupants.photo_url,
  entered_by_first_name: enteredBy.first_name,
  entered_by_last_name: enteredBy.last_name,
  entered_by_username: enteredBy.username,
};

function selectReservations(db: DbOrTx) {
  return db
    .select(readColumns)
    .from(amenityReservations)
    .innerJoin(amenities, eq(amenities.id, amenityReservations.amenity_id))
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenityReservations.amenity_type_id))
    .leftJoin(apartments, eq(apartments.id, amenityReservations.apartment_id))
    .leftJoin(apartmentBuilding, eq(apartmentBuilding.id, apartments.building_id))
    .leftJoin(occupants, eq(occupants.id, amenityReservations.occupant_id))
    .leftJoin(occupantUser, eq(occupantUser.id, occupants.user_id))
    .leftJoin(enteredBy, eq(enteredBy.id, amenityReservations.entered_by_id));
}
export type ReservationRow = Awaited<ReturnType<ReturnType<typeof selectReservations>["execute"]>>[number];

export async function findReservation(db: DbOrTx, id: number): Promise<ReservationRow | null> {
  const rows = await selectReservations(db).where(eq(amenityReservations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Reservations by id, in the order given. */
export async function reservationsByIds(db: DbOrTx, ids: readonly number[]): Promise<ReservationRow[]> {
  if (!ids.length) return [];
  const rows = await selectReservations(db).where(inArray(amenityReservations.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ReservationRow => !!r);
}

/** Holds the time: not cancelled, not denied. */
export const holdsTime = (): SQL =>
  sql`not ${amenityReservations.is_cancelled} and coalesce(${amenityReservations.approval_status}, '') not in ('DENIED', 'CANCELLED')`;

// ---------------------------------------------------------------------------------------------
// The amenity and its type

export type AmenityWithType = {
  amenity: typeof amenities.$inferSelect;
  type: typeof amenityTypes.$inferSelect;
};

export async function findAmenity(db: DbOrTx, id: number): Promise<AmenityWithType | null> {
  const rows = await db
    .select({ amenity: amenities, type: amenityTypes })
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(eq(amenities.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export type ScheduleRow = typeof amenitySchedules.$inferSelect;

/** The schedule entries of types (weekly and special). */
export async function schedulesOf(db: DbOrTx, typeIds: readonly number[]): Promise<ScheduleRow[]> {
  if (!typeIds.length) return [];
  return db
    .select()
    .from(amenitySchedules)
    .where(inArray(amenitySchedules.amenity_type_id, [...typeIds]));
}

export async function findClub(db: DbOrTx, id: number): Promise<{ id: number; building_id: number } | null> {
  const rows = await db.select({ id: clubs.id, building_id: clubs.building_id }).from(clubs).where(eq(clubs.id, id));
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Residents

/** The unit profile a resident (occupant row) belongs to. */
export async function occupancyOfOccupant(db: DbOrTx, occupantId: number): Promise<number | null> {
  const rows = await db
    .select({ id: occupants.occupancy_id })
    .from(occupants)
    .where(eq(occupants.id, occupantId))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The unit's current unit profile (active, latest lease first), if any. */
export async function currentOccupancyOf(db: DbOrTx, apartmentId: number): Promise<number | null> {
  const rows = await db
    .select({ id: occupancies.id })
    .from(occupancies)
    .where(and(eq(occupancies.apartment_id, apartmentId), eq(occupancies.is_active, true)))
    .orderBy(desc(occupancies.lease_start_date), desc(occupancies.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Rules

/** The non-cancelled reservations of an amenity overlapping [start, end) (other than `exceptId`). */
export async function overlapping(
  db: DbOrTx,
  amenityId: number,
  start: Date,
  end: Date,
  exceptId?: number,
): Promise<{ id: number; type: string; is_checked_in: boolean }[]> {
  const c = [
    eq(amenityReservations.amenity_id, amenityId),
    lt(amenityReservations.start_time, end),
    gt(amenityReservations.end_time, start),
    holdsTime(),
  ];
  if (exceptId) c.push(ne(amenityReservations.id, exceptId));
  return db
    .select({
      id: amenityReservations.id,
      type: amenityReservations.type,
      is_checked_in: amenityReservations.is_checked_in,
    })
    .from(amenityReservations)
    .where(and(...c));
}

/** A resident's resident (TR) reservations of a type holding time: open (not ended by `now`), and within [from, until). */
export async function residentCounts(
  db: DbOrTx,
  f: { occupantId: number; typeId: number; now: Date; day: [Date, Date]; week: [Date, Date]; exceptId?: number },
): Promise<{ open: number; daily: number; weekly: number }> {
  const c = [
    eq(amenityReservations.occupant_id, f.occupantId),
    eq(amenityReservations.amenity_type_id, f.typeId),
    eq(amenityReservations.type, "TR"),
    holdsTime(),
  ];
  if (f.exceptId) c.push(ne(amenityReservations.id, f.exceptId));
  const within = ([a, b]: [Date, Date]) =>
    sql`count(*) filter (where ${amenityReservations.start_time} >= ${a} and ${amenityReservations.start_time} < ${b})::int`;
  const [r] = await db
    .select({
      open: sql<number>`count(*) filter (where ${amenityReservations.end_time} > ${f.now})::int`,
      daily: within(f.day),
      weekly: within(f.week),
    })
    .from(amenityReservations)
    .where(and(...c));
  return { open: Number(r.open), daily: Number(r.daily), weekly: Number(r.weekly) };
}

// ---------------------------------------------------------------------------------------------
// Writes

export async function insertReservation(db: DbOrTx, values: ReservationInsert): Promise<number> {
  const [row] = await db.insert(amenityReservations).values(values).returning({ id: amenityReservations.id });
  return row.id;
}

export async function updateReservation(db: DbOrTx, id: number, values: ReservationValues, now: Date): Promise<void> {
  await db
    .update(amenityReservations)
    .set({ ...values, last_modified: now })
    .where(eq(amenityReservations.id, id));
}

/** Cancels reservations (not blocks, not checked in) by id; returns the ids cancelled. */
export async function cancelReservations(db: DbOrTx, ids: readonly number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(amenityReservations)
    .set({
      is_cancelled: true,
      approval_status: sql`case when ${amenityReservations.approval_status} is null then null else 'CANCELLED' end`,
      last_modified: now,
    })
    .where(
      and(
        inArray(amenityReservations.id, [...ids]),
        eq(amenityReservations.is_cancelled, false),
        eq(amenityReservations.is_checked_in, false),
        ne(amenityReservations.type, "CR"),
      ),
    )
    .returning({ id: amenityReservations.id });
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface ReservationFilter {
  buildingId: number;
  from?: Date;
  until?: Date;
  /** Not ended by this instant. */
  endsAfter?: Date;
  amenityTypeId?: number;
  amenityId?: number;
  occupancyId?: number;
  types?: readonly string[];
  includeCancelled?: boolean;
  search?: string;
  /** The residents and units `search` names (set by resolveSearch). */
  searchFound?: { occupantIds: number[]; apartmentIds: number[] };
}

/** An int[] sent as one value (one statement text whatever the number of ids). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * The residents (by name) and units (by number) a search names, resolved in one small statement
 * among the homes the building's clubs serve (the building and the buildings sharing its clubs), so
 * the page statement compares ids instead of matching every resident of the portfolio.
 */
async function resolveSearch(db: DbOrTx, f: ReservationFilter): Promise<ReservationFilter> {
  if (!f.search || f.searchFound) return f;
  const p = `%${likeEscape(f.search.toLowerCase())}%`;
  const homes = sql`(select ${f.buildingId}::int union select cb.building_id from club_buildings cb
    join clubs cl on cl.id = cb.club_id where cl.building_id = ${f.buildingId})`;
  const [r] = rowsOf<{ o: number[] | null; a: number[] | null }>(
    await db.execute(sql`select
      array(select o.id from occupants o join occupancies c on c.id = o.occupancy_id join users u on u.id = o.user_id
        where c.building_id in ${homes} and lower(u.first_name || ' ' || u.last_name) like ${p} escape '\\') as o,
      array(select a.id from apartments a
        where a.building_id in ${homes} and lower(a.apartment_number) like ${p} escape '\\') as a`),
  );
  return { ...f, searchFound: { occupantIds: (r?.o ?? []).map(Number), apartmentIds: (r?.a ?? []).map(Number) } };
}

function whereOf(f: ReservationFilter): SQL {
  const c: SQL[] = [eq(amenityReservations.building_id, f.buildingId)];
  if (f.from) c.push(gte(amenityReservations.start_time, f.from));
  if (f.until) c.push(lt(amenityReservations.start_time, f.until));
  if (f.endsAfter) c.push(gt(amenityReservations.end_time, f.endsAfter));
  if (f.amenityTypeId) c.push(eq(amenityReservations.amenity_type_id, f.amenityTypeId));
  if (f.amenityId) c.push(eq(amenityReservations.amenity_id, f.amenityId));
  if (f.occupancyId) c.push(eq(amenityReservations.occupancy_id, f.occupancyId));
  if (f.types?.length) c.push(inArray(amenityReservations.type, [...f.types]));
  if (!f.includeCancelled) c.push(holdsTime());
  if (f.search) {
    const p = `%${likeEscape(f.search.toLowerCase())}%`;
    const found = f.searchFound ?? { occupantIds: [], apartmentIds: [] };
    c.push(
      or(
        sql`${amenityReservations.occupant_id} = any(${intArray(found.occupantIds)})`,
        sql`${amenityReservations.apartment_id} = any(${intArray(found.apartmentIds)})`,
        sql`lower(${amenityReservations.contact}) like ${p} escape '\\'`,
      )!,
    );
  }
  return and(...c)!;
}

/** A page of a building's reservations (ids in SQL, then their rows), with the count. */
export async function listReservations(
  db: DbOrTx,
  f: ReservationFilter,
  page: { limit: number; offset: number },
  descending = false,
): Promise<{ count: number; rows: ReservationRow[] }> {
  const where = whereOf(await resolveSearch(db, f));
  const order = descending
    ? [desc(amenityReservations.start_time), desc(amenityReservations.id)]
    : [asc(amenityReservations.start_time), asc(amenityReservations.id)];
  const found = await db
    .select({ id: amenityReservations.id, total: sql<number>`count(*) over ()` })
    .from(amenityReservations)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const { count, rows } = await pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(amenityReservations)
      .where(where);
    return r.n;
  });
  return {
    count,
    rows: await reservationsByIds(
      db,
      rows.map((r) => r.id),
    ),
  };
}

/** The building's active amenities of active types (the day schedule's rows), by type then label. */
export async function buildingAmenities(db: DbOrTx, buildingId: number, typeId?: number): Promise<AmenityWithType[]> {
  const c = [eq(amenityTypes.building_id, buildingId), eq(amenityTypes.is_active, true), eq(amenities.is_active, true)];
  if (typeId) c.push(eq(amenityTypes.id, typeId));
  return db
    .select({ amenity: amenities, type: amenityTypes })
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(and(...c))
    .orderBy(sql`lower(${amenityTypes.name})`, amenityTypes.id, sql`lower(${amenities.label})`, amenities.id);
}

/** Reservations of amenities holding time and starting in [from, until), by start. */
export async function reservationsOfAmenities(
  db: DbOrTx,
  amenityIds: readonly number[],
  from: Date,
  until: Date,
  extra?: SQL,
  limit?: number,
): Promise<ReservationRow[]> {
  if (!amenityIds.length) return [];
  const q = selectReservations(db)
    .where(
      and(
        inArray(amenityReservations.amenity_id, [...amenityIds]),
        lt(amenityReservations.start_time, until),
        gt(amenityReservations.end_time, from),
        holdsTime(),
        extra,
      ),
    )
    .orderBy(asc(amenityReservations.start_time), asc(amenityReservations.id));
  return limit ? q.limit(limit) : q;
}

/** The amenities of a club's types. */
export async function clubAmenityIds(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = await db
    .select({ id: amenities.id })
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(eq(amenityTypes.club_id, clubId));
  return rows.map((r) => r.id);
}

/** Count of reservations of amenities with guests starting in [from, until). */
export async function countWithGuests(db: DbOrTx, amenityIds: readonly number[], from: Date, until: Date) {
  if (!amenityIds.length) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(amenityReservations)
    .where(
      and(
        inArray(amenityReservations.amenity_id, [...amenityIds]),
        lt(amenityReservations.start_time, until),
        gt(amenityReservations.end_time, from),
        gt(amenityReservations.guests, 0),
        holdsTime(),
      ),
    );
  return Number(r.n);
}

export const withGuests = (): SQL => gt(amenityReservations.guests, 0);

/** Serialises the writers of one amenity's bookings (the overlap check and the write) until the transaction ends. */
export async function lockAmenity(tx: DbOrTx, amenityId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`amenity_reservations:${amenityId}`}, 0))`);
}

/** The database or the transaction a write runs in. */
export type Tx = DbOrTx;
