import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { PACKAGE_ENTITY, type PackageTypeQuery } from "@portico/contract";
import { listEntityEvents } from "../../lib/events-repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";
import { intArray, rowsOf } from "../../lib/sql.ts";
import { emailMessages, events, packages, packageTypes, smsMessages } from "../../db/schema/index.ts";
import { ids, inList, json, type ResidentContact, residentContactsOf, toDate } from "./fragments-repository.ts";
export { findOccupancy } from "../../lib/occupancy-repository.ts";

/**
 * Package queries: types, a package's head and its writes, its events, the occupancies a write
 * reads, notification records. The list: list-repository.ts; the building's views:
 * views-repository.ts; the batch queue: queue-repository.ts.
 */

// ---------------------------------------------------------------------------------------------
// Package types

export type TypeRow = typeof packageTypes.$inferSelect;

/** The settings list (lib/type-lists), filtered by is_active and group. */
export const typeRows = typeListRepository(packageTypes, {
  where: (q: PackageTypeQuery) =>
    and(
      q.is_active === undefined ? undefined : eq(packageTypes.is_active, q.is_active),
      q.group ? eq(packageTypes.group, q.group) : undefined,
    ),
});

export async function findType(db: DbOrTx, id: number): Promise<TypeRow | null> {
  const rows = await db.select().from(packageTypes).where(eq(packageTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The package itself (no joins), for permission checks and transitions. */
export async function findPackageHeads(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  return db
    .select({
      id: packages.id,
      building_id: packages.building_id,
      occupancy_id: packages.occupancy_id,
      apartment_id: packages.apartment_id,
      package_type_id: packages.package_type_id,
      status: packages.status,
      opening_comment: packages.opening_comment,
      closing_comment: packages.closing_comment,
      closing_photo_url: packages.closing_photo_url,
      date_opened: packages.date_opened,
      date_closed: packages.date_closed,
      closed_by_id: packages.closed_by_id,
      send_notification_occupants: packages.send_notification_occupants,
      type_group: packageTypes.group,
      type_name: packageTypes.name,
      type_is_pic_required: packageTypes.is_pic_required,
    })
    .from(packages)
    .innerJoin(packageTypes, eq(packageTypes.id, packages.package_type_id))
    .where(inArray(packages.id, list))
    .orderBy(asc(packages.id));
}
export type PackageHead = Awaited<ReturnType<typeof findPackageHeads>>[number];

/**
 * The heads of packages to close (as findPackageHeads), each with its occupancy and residents
 * (as occupancyInfo, null when the occupancy is gone): what closing checks and notifies, in one
 * query.
 */
export async function findPackagesToClose(
  db: DbOrTx,
  list: number[],
): Promise<(PackageHead & { occupancy: OccupancyInfo | null })[]> {
  if (!list.length) return [];
  const rows = rowsOf<PackageHead & { occupancy: unknown }>(
    await db.execute(sql`
      select p.id, p.building_id, p.occupancy_id, p.apartment_id, p.package_type_id, p.status, p.opening_comment,
        p.closing_comment, p.closing_photo_url, p.date_opened, p.date_closed, p.closed_by_id,
        p.send_notification_occupants, t."group" as type_group, t.name as type_name,
        t.is_pic_required as type_is_pic_required,
        (select json_build_object('id', o.id, 'building_id', o.building_id, 'apartment_id', o.apartment_id,
            'apartment_number', a.apartment_number, 'is_active', o.is_active,
            'occupants', ${residentContactsOf(sql`o.id`, sql`oc.id`)}, 'packages_tracked', ${packagesTracked})
          from occupancies o join apartments a on a.id = o.apartment_id where o.id = p.occupancy_id) as occupancy
      from packages p join package_types t on t.id = p.package_type_id
      where p.id in (${ids([...new Set(list)])})
      order by p.id`),
  );
  return rows.map((r) => ({
    ...r,
    date_opened: toDate(r.date_opened)!,
    date_closed: toDate(r.date_closed),
    send_notification_occupants: intArray(r.send_notification_occupants),
    occupancy: json<OccupancyInfo | null>(r.occupancy) ?? null,
  }));
}

export async function findPackageHead(db: DbOrTx, id: number): Promise<PackageHead | null> {
  return (await findPackageHeads(db, [id]))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Package writes

export type PackageInsert = typeof packages.$inferInsert;

/** An event of a package a write makes (its building and package come from the write). */
export type PackageEvent = Pick<EventInsert, "type" | "type_display" | "note" | "performed_by_id" | "data">;

/** The events of the packages `p` of a write: the i-th package (by id: the order of the rows) takes the i-th event. */
const eventsOfWritten = (list: PackageEvent[]) => sql`insert into events
    (building_id, entity_type, entity_id, type, type_display, note, performed_by_id, data)
    select p.building_id, ${PACKAGE_ENTITY}, p.id, x.type, x.type_display, x.note, x.performed_by_id, x.data
    from (select p.id, p.building_id, row_number() over (order by p.id) as i from p) p
    join (values ${sql.join(
      list.map(
        (e, i) =>
          sql`(${i + 1}::bigint, ${e.type}::text, ${e.type_display}::text, ${e.note}::text, ${e.performed_by_id}::int,
            ${e.data == null ? null : JSON.stringify(e.data)}::jsonb)`,
      ),
      sql`, `,
    )}) x(i, type, type_display, note, performed_by_id, data) on x.i = p.i`;

/**
 * Inserts packages and their events (events[i] of rows[i]) in one statement (atomic); answers
 * the new ids in the order of the rows.
 */
export async function insertPackagesWithEvents(
  db: DbOrTx,
  rows: PackageInsert[],
  list: PackageEvent[],
): Promise<number[]> {
  if (!rows.length) return [];
  const p = db.insert(packages).values(rows).returning({ id: packages.id, building_id: packages.building_id });
  // Ids come from the sequence in the order of the rows: ascending ids are the rows' order.
  const out = rowsOf<{ id: number }>(
    await db.execute(sql`with p as (${p.getSQL()}), e as (${eventsOfWritten(list)}) select id from p order by id`),
  );
  return out.map((r) => Number(r.id));
}

/**
 * Closes the open packages among `list` and records the event of each, in one statement
 * (atomic); answers the ids closed, in the order the update met them.
 */
export async function closePackagesWithEvent(
  db: DbOrTx,
  list: number[],
  v: { closed_by_id: number; closing_comment: string; closing_photo_url: string | null; at: Date },
  e: PackageEvent,
): Promise<number[]> {
  if (!list.length) return [];
  const p = db
    .update(packages)
    .set({
      status: "CLOSED",
      closed_by_id: v.closed_by_id,
      closing_comment: v.closing_comment,
      closing_photo_url: v.closing_photo_url,
      date_closed: v.at,
      last_modified: sql`now()`,
    })
    .where(and(inArray(packages.id, list), eq(packages.status, "OPEN")))
    .returning({ id: packages.id, building_id: packages.building_id });
  const out = rowsOf<{ id: number }>(
    await db.execute(sql`with p as (${p.getSQL()}),
      e as (insert into events (building_id, entity_type, entity_id, type, type_display, note, performed_by_id, data)
        select p.building_id, ${PACKAGE_ENTITY}, p.id, ${e.type}, ${e.type_display}, ${e.note}, ${e.performed_by_id},
          ${e.data == null ? null : JSON.stringify(e.data)}::jsonb
        from p)
      select id from p`),
  );
  return out.map((r) => Number(r.id));
}

export async function reopenPackage(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({
      status: "OPEN",
      closed_by_id: null,
      closing_comment: "",
      closing_photo_url: null,
      date_closed: null,
      last_modified: sql`now()`,
    })
    .where(and(eq(packages.id, id), eq(packages.status, "CLOSED")))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function updateOpeningComment(db: DbOrTx, id: number, comment: string): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({ opening_comment: comment, last_modified: sql`now()` })
    .where(and(eq(packages.id, id), eq(packages.status, "OPEN")))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function setNotification(
  db: DbOrTx,
  list: number[],
  v: { notification_email_id: number | null; send_notification_to: string; notification_sms_ids: number[] },
): Promise<void> {
  if (!list.length) return;
  await db
    .update(packages)
    .set({
      notification_email_id: v.notification_email_id,
      send_notification_to: v.send_notification_to,
      notification_sms_ids: v.notification_sms_ids,
    })
    .where(inArray(packages.id, list));
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventInsert {
  building_id: number;
  package_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number | null;
  data?: Record<string, unknown> | null;
  date_created?: Date;
}

export async function insertEvents(db: DbOrTx, rows: EventInsert[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(events).values(
    rows.map((e) => ({
      building_id: e.building_id,
      entity_type: PACKAGE_ENTITY,
      entity_id: e.package_id,
      type: e.type,
      type_display: e.type_display,
      note: e.note,
      performed_by_id: e.performed_by_id,
      data: e.data ?? null,
      ...(e.date_created ? { date_created: e.date_created } : {}),
    })),
  );
}

export const listEvents = (db: DbOrTx, packageId: number, page: { limit: number; offset: number }, desc: boolean) =>
  listEntityEvents(db, PACKAGE_ENTITY, packageId, page, desc);

// ---------------------------------------------------------------------------------------------
// Occupancies and their residents (for writes and notifications)

export interface OccupancyInfo {
  id: number;
  building_id: number;
  apartment_id: number;
  apartment_number: string;
  is_active: boolean;
  occupants: ResidentContact[];
  /** Someone tracks the unit's packages (occupancy_tracking): else telling its trackers reads nothing. */
  packages_tracked: boolean;
}

/** Does anyone track the packages of the occupancy `o`? */
const packagesTracked = sql`exists (select 1 from occupancy_tracking ot where ot.occupancy_id = o.id and ot.track_packages)`;

/** The occupancies (OccupancyInfo) among these ids, over `o` and its apartment `a`. */
const occupancyInfoOf = (list: number[]) => sql`
      select o.id, o.building_id, o.apartment_id, a.apartment_number, o.is_active,
        ${residentContactsOf(sql`o.id`, sql`oc.id`)} as occupants, ${packagesTracked} as packages_tracked
      from occupancies o join apartments a on a.id = o.apartment_id
      where ${inList(sql`o.id`, [...new Set(list)])}`;

const occupancyMap = (rows: OccupancyInfo[]) =>
  new Map(rows.map((r) => [r.id, { ...r, occupants: json<ResidentContact[]>(r.occupants) }]));

export async function occupancyInfo(db: DbOrTx, list: number[]): Promise<Map<number, OccupancyInfo>> {
  if (!list.length) return new Map();
  return occupancyMap(rowsOf<OccupancyInfo>(await db.execute(occupancyInfoOf(list))));
}

/**
 * What logging packages checks, in one query: the occupancies (as occupancyInfo) and the
 * package types among these ids.
 */
export async function logFacts(
  db: DbOrTx,
  occupancyIds: number[],
  typeIds: number[],
): Promise<{ occs: Map<number, OccupancyInfo>; types: TypeRow[] }> {
  if (!occupancyIds.length && !typeIds.length) return { occs: new Map(), types: [] };
  const [r] = rowsOf<{ occupancies: unknown; types: unknown }>(
    await db.execute(sql`select
      coalesce((select json_agg(x) from (${occupancyInfoOf(occupancyIds)}) x), '[]'::json) as occupancies,
      coalesce((select json_agg(t) from package_types t where ${inList(sql`t.id`, [...new Set(typeIds)])}), '[]'::json)
        as types`),
  );
  const types = json<(TypeRow & { date_created: unknown; last_modified: unknown })[]>(r.types).map((t) => ({
    ...t,
    date_created: toDate(t.date_created)!,
    last_modified: toDate(t.last_modified)!,
  }));
  return { occs: occupancyMap(json<OccupancyInfo[]>(r.occupancies)), types };
}

// ---------------------------------------------------------------------------------------------
// Notification records

export async function findEmail(db: DbOrTx, id: number) {
  const rows = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTexts(db: DbOrTx, list: number[]) {
  if (!list.length) return [];
  return db.select().from(smsMessages).where(inArray(smsMessages.id, list)).orderBy(asc(smsMessages.id));
}

/** Current addresses of the residents (occupant ids) a package notified. */
export async function occupantEmails(db: DbOrTx, occupantIds: number[]) {
  if (!occupantIds.length) return [];
  return rowsOf<{ id: number; first_name: string; last_name: string; email: string }>(
    await db.execute(sql`select oc.id, u.first_name, u.last_name, u.email
      from occupants oc join users u on u.id = oc.user_id where oc.id in (${ids(occupantIds)})`),
  );
}
