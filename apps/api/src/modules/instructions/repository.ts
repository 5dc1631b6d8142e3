import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  FOOD_DELIVERY_TYPE_ID,
  INSTRUCTION_ENTITY,
  type InstructionStatusFilter,
  type InstructionTypeQuery,
  type OccupancyStatus,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { events, instructions, instructionTypes } from "../../db/schema/index.ts";
import { listEntityEvents } from "../../lib/events-repository.ts";
import { runPage } from "../../lib/page-repository.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";

/** Every query of the instructions area (aliases: i instructions, t instruction_types, o occupancies, a apartments). */

// ---------------------------------------------------------------------------------------------
// Types

export type TypeRow = typeof instructionTypes.$inferSelect;

/** The settings list (lib/type-lists), filtered by is_active. */
export const typeRows = typeListRepository(instructionTypes, {
  where: (q: InstructionTypeQuery) =>
    q.is_active === undefined ? undefined : eq(instructionTypes.is_active, q.is_active),
});

export async function findType(db: DbOrTx, id: number): Promise<TypeRow | null> {
  const rows = await db.select().from(instructionTypes).where(eq(instructionTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Unit profiles

export { findOccupancy } from "../../lib/occupancy-repository.ts";

// ---------------------------------------------------------------------------------------------
// Instructions

export type InstructionRecord = typeof instructions.$inferSelect;
export type InstructionInsert = typeof instructions.$inferInsert;

/** The stored row (writes compare against it). */
export async function findInstruction(db: DbOrTx, id: number, forUpdate = false): Promise<InstructionRecord | null> {
  const q = db.select().from(instructions).where(eq(instructions.id, id)).limit(1);
  const rows = forUpdate ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function insertInstruction(db: DbOrTx, values: InstructionInsert): Promise<number> {
  const [row] = await db.insert(instructions).values(values).returning({ id: instructions.id });
  return row.id;
}

export async function updateInstruction(db: DbOrTx, id: number, set: Partial<InstructionInsert>): Promise<void> {
  await db
    .update(instructions)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(instructions.id, id));
}

/** Expires an active instruction (no end or an end after today → today); false when it was not active. */
export async function expireInstruction(db: DbOrTx, id: number, today: string): Promise<boolean> {
  const rows = await db
    .update(instructions)
    .set({
      is_manually_expired: true,
      expiration_date: sql`least(coalesce(${instructions.expiration_date}, ${today}::date), ${today}::date)`,
      last_modified: sql`now()`,
    })
    .where(
      and(
        eq(instructions.id, id),
        eq(instructions.is_manually_expired, false),
        sql`(${instructions.expiration_date} is null or ${instructions.expiration_date} >= ${today}::date)`,
      ),
    )
    .returning({ id: instructions.id });
  return rows.length > 0;
}

export interface EventInsert {
  building_id: number;
  instruction_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number | null;
  data?: Record<string, unknown> | null;
}

export async function insertEvent(db: DbOrTx, e: EventInsert): Promise<void> {
  await db.insert(events).values({
    building_id: e.building_id,
    entity_type: INSTRUCTION_ENTITY,
    entity_id: e.instruction_id,
    type: e.type,
    type_display: e.type_display,
    note: e.note,
    performed_by_id: e.performed_by_id,
    data: e.data ?? null,
  });
}

export const listEvents = (db: DbOrTx, id: number, page: { limit: number; offset: number }, desc: boolean) =>
  listEntityEvents(db, INSTRUCTION_ENTITY, id, page, desc);

/** Does anyone track the instructions of this unit profile? */
export async function instructionsTracked(db: DbOrTx, occupancyId: number): Promise<boolean> {
  const r = rowsOf<{ tracked: boolean }>(
    await db.execute(
      sql`select exists (select 1 from occupancy_tracking ot where ot.occupancy_id = ${occupancyId} and ot.track_instructions) as tracked`,
    ),
  );
  return !!r[0]?.tracked;
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface InstructionFilter {
  buildingId: number;
  /** Limits to these ids (detail, results of writes). */
  ids?: number[];
  occupancyId?: number;
  apartmentId?: number;
  typeIds?: number[];
  foodDelivery?: boolean;
  excludeFoodDelivery?: boolean;
  status: InstructionStatusFilter;
  occupancyIsActive?: boolean;
  occupantStatuses?: OccupancyStatus[];
  search?: string;
  /** In effect during [rangeMin, rangeMax] (days). */
  rangeMin?: string;
  rangeMax?: string;
  /** Ended on or after this day (the recently expired window). */
  endedSince?: string;
  /** Only types flagged is_security. */
  securityOnly?: boolean;
}

export type SortKey =
  | "expiration_date"
  | "start_date"
  | "entered_date"
  | "last_modified"
  | "apartment_number"
  | "name"
  | "instruction_type"
  | "id";
export interface Sort {
  key: SortKey;
  desc: boolean;
}

/** Sort expressions; PostgreSQL's default null order puts "no end" last ascending, first descending. */
const SORTS: Record<SortKey, SQL> = {
  expiration_date: sql`i.expiration_date`,
  start_date: sql`i.start_date`,
  entered_date: sql`i.entered_date`,
  last_modified: sql`i.last_modified`,
  apartment_number: sql`a.sort_key`,
  name: sql`lower(i.name)`,
  instruction_type: sql`lower(t.name)`,
  id: sql`i.id`,
};

const ids = (list: number[]) =>
  sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  );
const occupancyStatus = (today: string) =>
  sql`case when not o.is_active then 'INACTIVE' when o.lease_start_date > ${today}::date then 'FUTURE' else 'CURRENT' end`;
const activeAt = (today: string) =>
  sql`(not i.is_manually_expired and (i.expiration_date is null or i.expiration_date >= ${today}::date))`;

function whereOf(f: InstructionFilter, today: string): SQL {
  const c: SQL[] = [sql`i.building_id = ${f.buildingId}`];
  if (f.ids) c.push(f.ids.length ? sql`i.id in (${ids(f.ids)})` : sql`false`);
  if (f.occupancyId !== undefined) c.push(sql`i.occupancy_id = ${f.occupancyId}`);
  if (f.apartmentId !== undefined) c.push(sql`i.apartment_id = ${f.apartmentId}`);
  if (f.typeIds?.length) c.push(sql`i.instruction_type_id in (${ids(f.typeIds)})`);
  if (f.foodDelivery) c.push(sql`i.instruction_type_id = ${FOOD_DELIVERY_TYPE_ID}`);
  if (f.excludeFoodDelivery) c.push(sql`i.instruction_type_id <> ${FOOD_DELIVERY_TYPE_ID}`);
  if (f.status === "active") c.push(activeAt(today));
  else if (f.status === "expired") c.push(sql`not ${activeAt(today)}`);
  if (f.occupancyIsActive !== undefined) c.push(sql`o.is_active = ${f.occupancyIsActive}`);
  if (f.occupantStatuses?.length)
    c.push(
      sql`${occupancyStatus(today)} in (${sql.join(
        f.occupantStatuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.rangeMax) c.push(sql`i.start_date <= ${f.rangeMax}::date`);
  if (f.rangeMin) c.push(sql`(i.expiration_date is null or i.expiration_date >= ${f.rangeMin}::date)`);
  if (f.endedSince) c.push(sql`i.expiration_date >= ${f.endedSince}::date`);
  if (f.securityOnly) c.push(sql`t.is_security`);
  // Every word must match the unit (prefix), the guest name or text, the type or a resident (prefix).
  for (const word of (f.search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const prefix = `${likeEscape(word)}%`;
    const contains = `%${likeEscape(word)}%`;
    c.push(sql`(a.apartment_number ilike ${prefix} or (i.name || ' ' || i.instruction_text) ilike ${contains}
      or t.name ilike ${contains} or exists (select 1 from occupants oc join users u on u.id = oc.user_id
        where oc.occupancy_id = i.occupancy_id and (lower(u.first_name) like ${prefix.toLowerCase()}
          or lower(u.last_name) like ${prefix.toLowerCase()})))`);
  }
  return sql.join(c, sql` and `);
}

const FROM = sql`instructions i join apartments a on a.id = i.apartment_id
  join occupancies o on o.id = i.occupancy_id join instruction_types t on t.id = i.instruction_type_id`;

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export interface InstructionRow {
  id: number;
  building_id: number;
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_is_active: boolean;
  occupancy_status: OccupancyStatus;
  occupancy_is_do_not_disturb: boolean;
  occupants: { id: number; first_name: string; last_name: string; is_active: boolean }[];
  type: TypeRow;
  name: string;
  instruction_text: string;
  start_date: string;
  expiration_date: string | null;
  photo_url: string | null;
  entered_by: Person | null;
  entered_date: Date;
  is_manually_expired: boolean;
  is_management: boolean;
  photo_last_changed_datetime: Date | null;
  photo_last_changed_user: Person | null;
  date_created: Date;
  last_modified: Date;
}

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const person = (id: unknown, first: unknown, last: unknown): Person | null =>
  id == null ? null : { id: Number(id), first_name: String(first ?? ""), last_name: String(last ?? "") };

/**
 * One page of instructions and the count of the whole filter: the page's ids (sorted, with
 * `count(*) over ()`) first, then their columns.
 */
export async function listInstructions(
  db: DbOrTx,
  f: InstructionFilter,
  sort: Sort,
  page: { limit: number; offset: number },
  today: string,
): Promise<{ rows: InstructionRow[]; count: number }> {
  const dir = sort.desc ? sql`desc` : sql`asc`;
  const where = whereOf(f, today);
  const k = SORTS[sort.key];
  const query = sql`with page as (
      select i.id, ${k} as k, count(*) over () as total from ${FROM} where ${where}
      order by ${k} ${dir}, i.id ${dir} limit ${page.limit} offset ${page.offset})
    select i.id, i.building_id, i.occupancy_id, i.apartment_id, a.apartment_number,
      o.is_active as occupancy_is_active, ${occupancyStatus(today)} as occupancy_status,
      o.is_do_not_disturb as occupancy_is_do_not_disturb,
      coalesce((select json_agg(json_build_object('id', oc.id, 'first_name', u.first_name, 'last_name', u.last_name,
          'is_active', oc.is_active) order by oc.is_active desc, oc.id)
        from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = i.occupancy_id), '[]'::json) as occupants,
      row_to_json(t) as type,
      i.name, i.instruction_text, i.start_date::text as start_date, i.expiration_date::text as expiration_date, i.photo_url,
      eb.id as eb_id, eb.first_name as eb_first_name, eb.last_name as eb_last_name, i.entered_date,
      i.is_manually_expired, i.is_management, i.photo_last_changed_datetime,
      pu.id as pu_id, pu.first_name as pu_first_name, pu.last_name as pu_last_name,
      i.date_created, i.last_modified, page.total
    from page join instructions i on i.id = page.id
      join apartments a on a.id = i.apartment_id join occupancies o on o.id = i.occupancy_id
      join instruction_types t on t.id = i.instruction_type_id
      left join users eb on eb.id = i.entered_by_id left join users pu on pu.id = i.photo_last_changed_user_id
    order by page.k ${dir}, page.id ${dir}`;
  const { rows, count } = await runPage(
    db,
    query,
    sql`select count(*)::int as n from ${FROM} where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => {
      const type = json<Record<string, unknown>>(r.type);
      return {
        id: Number(r.id),
        building_id: Number(r.building_id),
        occupancy_id: Number(r.occupancy_id),
        apartment_id: Number(r.apartment_id),
        apartment_number: String(r.apartment_number),
        occupancy_is_active: !!r.occupancy_is_active,
        occupancy_status: r.occupancy_status as OccupancyStatus,
        occupancy_is_do_not_disturb: !!r.occupancy_is_do_not_disturb,
        occupants: json<InstructionRow["occupants"]>(r.occupants),
        type: {
          ...(type as unknown as TypeRow),
          date_created: toDate(type.date_created)!,
          last_modified: toDate(type.last_modified)!,
        },
        name: String(r.name),
        instruction_text: String(r.instruction_text),
        start_date: String(r.start_date),
        expiration_date: r.expiration_date == null ? null : String(r.expiration_date),
        photo_url: (r.photo_url as string | null) ?? null,
        entered_by: person(r.eb_id, r.eb_first_name, r.eb_last_name),
        entered_date: toDate(r.entered_date)!,
        is_manually_expired: !!r.is_manually_expired,
        is_management: !!r.is_management,
        photo_last_changed_datetime: toDate(r.photo_last_changed_datetime),
        photo_last_changed_user: person(r.pu_id, r.pu_first_name, r.pu_last_name),
        date_created: toDate(r.date_created)!,
        last_modified: toDate(r.last_modified)!,
      };
    }),
  };
}
