import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  FOOD_DELIVERY_TYPE_ID,
  LOCKOUT_ENTITY,
  type LockoutRequesterType,
  type OccupancyStatus,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { events, lockouts } from "../../db/schema/index.ts";
import { runPage } from "../../lib/page-repository.ts";
import { rowsOf } from "../../lib/sql.ts";

export { findOccupancy } from "../../lib/occupancy-repository.ts";

/** Every query of the lockouts area (aliases: l lockouts, a apartments, o occupancies). */

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/** The active residents of a unit profile (the choices of a resident lockout), by name. */
export async function activeOccupants(db: DbOrTx, occupancyId: number): Promise<Person[]> {
  return rowsOf<Person>(
    await db.execute(sql`select oc.id, u.first_name, u.last_name from occupants oc join users u on u.id = oc.user_id
      where oc.occupancy_id = ${occupancyId} and oc.is_active
      order by lower(u.last_name), lower(u.first_name), oc.id`),
  ).map((r) => ({ id: Number(r.id), first_name: String(r.first_name ?? ""), last_name: String(r.last_name ?? "") }));
}

/**
 * The unexpired registered guests of a unit profile on `today` (contract `isRegisteredGuest`):
 * instructions started, not manually expired, no end or an end today or later, neither a food
 * delivery nor a security type.
 */
export async function registeredGuests(db: DbOrTx, occupancyId: number, today: string) {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select i.id, i.name from instructions i join instruction_types t on t.id = i.instruction_type_id
      where i.occupancy_id = ${occupancyId} and i.start_date <= ${today}::date and not i.is_manually_expired
        and (i.expiration_date is null or i.expiration_date >= ${today}::date)
        and i.instruction_type_id <> ${FOOD_DELIVERY_TYPE_ID} and not t.is_security
      order by i.id`),
  ).map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

export type LockoutInsert = typeof lockouts.$inferInsert;

export async function insertLockout(db: DbOrTx, values: LockoutInsert): Promise<number> {
  const [row] = await db.insert(lockouts).values(values).returning({ id: lockouts.id });
  return row.id;
}

/** The lockout itself (no joins), for access checks; deleted ones included. */
export async function findLockout(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: lockouts.id,
      building_id: lockouts.building_id,
      apartment_id: lockouts.apartment_id,
      is_deleted: lockouts.is_deleted,
    })
    .from(lockouts)
    .where(eq(lockouts.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a lockout deleted (kept for audit); false when it already was. */
export async function markDeleted(
  db: DbOrTx,
  id: number,
  d: { delete_reason: string; deleted_by_id: number; deleted_at: Date },
): Promise<boolean> {
  const rows = await db
    .update(lockouts)
    .set({ ...d, is_deleted: true, last_modified: d.deleted_at })
    .where(and(eq(lockouts.id, id), eq(lockouts.is_deleted, false)))
    .returning({ id: lockouts.id });
  return rows.length > 0;
}

export interface EventInsert {
  building_id: number;
  lockout_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number;
}

export async function insertEvent(db: DbOrTx, e: EventInsert): Promise<void> {
  await db.insert(events).values({
    building_id: e.building_id,
    entity_type: LOCKOUT_ENTITY,
    entity_id: e.lockout_id,
    type: e.type,
    type_display: e.type_display,
    note: e.note,
    performed_by_id: e.performed_by_id,
  });
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface LockoutFilter {
  buildingId: number;
  ids?: number[];
  occupancyId?: number;
  apartmentId?: number;
  /** Created at or after this instant. */
  from?: Date;
  /** Created before this instant. */
  until?: Date;
}

function whereOf(f: LockoutFilter): SQL {
  const c: SQL[] = [sql`l.building_id = ${f.buildingId}`, sql`not l.is_deleted`];
  if (f.ids)
    c.push(
      f.ids.length
        ? sql`l.id in (${sql.join(
            f.ids.map((v) => sql`${v}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.occupancyId !== undefined) c.push(sql`l.occupancy_id = ${f.occupancyId}`);
  if (f.apartmentId !== undefined) c.push(sql`l.apartment_id = ${f.apartmentId}`);
  if (f.from) c.push(sql`l.date_created >= ${f.from.toISOString()}::timestamptz`);
  if (f.until) c.push(sql`l.date_created < ${f.until.toISOString()}::timestamptz`);
  return sql.join(c, sql` and `);
}

export interface LockoutRow {
  id: number;
  building_id: number;
  date_created: Date;
  requester_type: LockoutRequesterType;
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_status: OccupancyStatus;
  occupancy_is_active: boolean;
  occupant: Person | null;
  occupant_id: number | null;
  instruction_id: number | null;
  guest: { instruction_id: number; name: string; instruction_type_name: string } | null;
  photo_url: string | null;
  entered_by: Person | null;
}

const person = (id: unknown, first: unknown, last: unknown): Person | null =>
  id == null ? null : { id: Number(id), first_name: String(first ?? ""), last_name: String(last ?? "") };
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

const SELECT = (today: string) => sql`select l.id, l.building_id, l.date_created, l.requester_type, l.occupancy_id,
    l.apartment_id, a.apartment_number, o.is_active as occupancy_is_active,
    case when not o.is_active then 'INACTIVE' when o.lease_start_date > ${today}::date then 'FUTURE' else 'CURRENT' end
      as occupancy_status,
    l.occupant_id, ou.first_name as oc_first_name, ou.last_name as oc_last_name,
    l.instruction_id, i.name as guest_name, t.name as guest_type_name,
    l.photo_url, eb.id as eb_id, eb.first_name as eb_first_name, eb.last_name as eb_last_name`;
const FROM = sql`from lockouts l join apartments a on a.id = l.apartment_id join occupancies o on o.id = l.occupancy_id
    left join occupants oc on oc.id = l.occupant_id left join users ou on ou.id = oc.user_id
    left join instructions i on i.id = l.instruction_id left join instruction_types t on t.id = i.instruction_type_id
    left join users eb on eb.id = l.entered_by_id`;

function toRow(r: Record<string, unknown>): LockoutRow {
  return {
    id: Number(r.id),
    building_id: Number(r.building_id),
    date_created: toDate(r.date_created),
    requester_type: r.requester_type as LockoutRequesterType,
    occupancy_id: Number(r.occupancy_id),
    apartment_id: Number(r.apartment_id),
    apartment_number: String(r.apartment_number),
    occupancy_status: r.occupancy_status as OccupancyStatus,
    occupancy_is_active: !!r.occupancy_is_active,
    occupant_id: r.occupant_id == null ? null : Number(r.occupant_id),
    occupant: person(r.occupant_id, r.oc_first_name, r.oc_last_name),
    instruction_id: r.instruction_id == null ? null : Number(r.instruction_id),
    guest:
      r.instruction_id == null
        ? null
        : {
            instruction_id: Number(r.instruction_id),
            name: String(r.guest_name ?? ""),
            instruction_type_name: String(r.guest_type_name ?? ""),
          },
    photo_url: (r.photo_url as string | null) ?? null,
    entered_by: person(r.eb_id, r.eb_first_name, r.eb_last_name),
  };
}

/** One page of lockouts, newest first, with the count of the whole filter (`count(*) over ()`). */
export async function listLockouts(
  db: DbOrTx,
  f: LockoutFilter,
  page: { limit: number; offset: number },
  today: string,
): Promise<{ rows: LockoutRow[]; count: number }> {
  const where = whereOf(f);
  const { rows, count } = await runPage(
    db,
    sql`${SELECT(today)}, count(*) over () as total ${FROM} where ${where}
      order by l.date_created desc, l.id desc limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from lockouts l where ${where}`,
    page.offset,
  );
  return { count, rows: rows.map(toRow) };
}

/** Every lockout of the filter, newest first, read in chunks (the export). */
export async function* iterateLockouts(
  db: DbOrTx,
  f: LockoutFilter,
  today: string,
  opts: { limit: number; chunk?: number },
): AsyncGenerator<LockoutRow> {
  const chunk = opts.chunk ?? 2000;
  const where = whereOf(f);
  let left = opts.limit;
  let after: { at: string; id: number } | null = null;
  while (left > 0) {
    const want = Math.min(chunk, left);
    const keyset: SQL = after ? sql` and (l.date_created, l.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
    const raw = rowsOf<Record<string, unknown>>(
      await db.execute(sql`${SELECT(today)}, l.date_created::text as _at ${FROM} where ${where}${keyset}
        order by l.date_created desc, l.id desc limit ${want}`),
    );
    for (const r of raw) yield toRow(r);
    left -= raw.length;
    if (raw.length < want) return;
    const last = raw[raw.length - 1];
    after = { at: String(last._at), id: Number(last.id) };
  }
}
