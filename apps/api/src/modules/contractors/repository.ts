import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { CONTRACTOR_VISIT_ENTITY, type ContractorTypeQuery } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { contractorNotes, contractorTypes, contractorVisits, events, occupancies } from "../../db/schema/index.ts";
import { runPage } from "../../lib/page-repository.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";

export { findApartment, findOccupancy } from "../../lib/occupancy-repository.ts";

/** Every query of the contractors area (aliases: v contractor_visits, t contractor_types, a apartments). */

// ---------------------------------------------------------------------------------------------
// Companies

export type TypeRow = typeof contractorTypes.$inferSelect;

/** The companies' type list (lib/type-lists): active ones unless show_all. */
export const typeRows = typeListRepository(contractorTypes, {
  nameColumn: "company_name",
  where: (q: ContractorTypeQuery) => (q.show_all ? undefined : eq(contractorTypes.is_active, true)),
});

export async function findType(db: DbOrTx, id: number): Promise<TypeRow | null> {
  const rows = await db.select().from(contractorTypes).where(eq(contractorTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A company by its name, whatever its case. */
export async function findTypeByName(db: DbOrTx, name: string): Promise<TypeRow | null> {
  const rows = await db
    .select()
    .from(contractorTypes)
    .where(sql`lower(${contractorTypes.company_name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Adds a company typed in a visit form; a name taken meanwhile is that company. */
export async function insertTypeNamed(db: DbOrTx, name: string): Promise<{ row: TypeRow; created: boolean }> {
  const rows = await db.insert(contractorTypes).values({ company_name: name }).onConflictDoNothing().returning();
  if (rows[0]) return { row: rows[0], created: true };
  return { row: (await findTypeByName(db, name))!, created: false };
}

// ---------------------------------------------------------------------------------------------
// Units

/** The apartment's active unit profile (the newest), if any. */
export async function activeOccupancyOf(db: DbOrTx, apartmentId: number): Promise<number | null> {
  const rows = await db
    .select({ id: occupancies.id })
    .from(occupancies)
    .where(and(eq(occupancies.apartment_id, apartmentId), eq(occupancies.is_active, true)))
    .orderBy(sql`${occupancies.id} desc`)
    .limit(1);
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Visits

export type VisitInsert = typeof contractorVisits.$inferInsert;

export async function insertVisit(db: DbOrTx, values: VisitInsert): Promise<number> {
  const [row] = await db.insert(contractorVisits).values(values).returning({ id: contractorVisits.id });
  return row.id;
}

export async function findVisit(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: contractorVisits.id,
      building_id: contractorVisits.building_id,
      name: contractorVisits.name,
      date_closed: contractorVisits.date_closed,
    })
    .from(contractorVisits)
    .where(eq(contractorVisits.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Closes an open visit; false when it was closed already. */
export async function closeVisit(db: DbOrTx, id: number, by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(contractorVisits)
    .set({ date_closed: at, closed_by_id: by, last_modified: at })
    .where(and(eq(contractorVisits.id, id), isNull(contractorVisits.date_closed)))
    .returning({ id: contractorVisits.id });
  return rows.length > 0;
}

export interface EventInsert {
  building_id: number;
  visit_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number;
}

export async function insertEvent(db: DbOrTx, e: EventInsert): Promise<void> {
  await db.insert(events).values({
    building_id: e.building_id,
    entity_type: CONTRACTOR_VISIT_ENTITY,
    entity_id: e.visit_id,
    type: e.type,
    type_display: e.type_display,
    note: e.note,
    performed_by_id: e.performed_by_id,
  });
}

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export interface VisitFilter {
  /** null: every building. */
  buildingIds: number[] | null;
  ids?: number[];
  typeId?: number;
  apartmentId?: number;
  inBuilding?: boolean;
  from?: Date;
  until?: Date;
}

const idList = (list: number[]) =>
  sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  );

function whereOf(f: VisitFilter): SQL {
  const c: SQL[] = [];
  if (f.buildingIds) c.push(f.buildingIds.length ? sql`v.building_id in (${idList(f.buildingIds)})` : sql`false`);
  if (f.ids) c.push(f.ids.length ? sql`v.id in (${idList(f.ids)})` : sql`false`);
  if (f.typeId !== undefined) c.push(sql`v.contractor_type_id = ${f.typeId}`);
  if (f.apartmentId !== undefined) c.push(sql`v.apartment_id = ${f.apartmentId}`);
  if (f.inBuilding === true) c.push(sql`v.date_closed is null`);
  if (f.inBuilding === false) c.push(sql`v.date_closed is not null`);
  if (f.from) c.push(sql`v.date_created >= ${f.from.toISOString()}::timestamptz`);
  if (f.until) c.push(sql`v.date_created < ${f.until.toISOString()}::timestamptz`);
  return c.length ? sql.join(c, sql` and `) : sql`true`;
}

export interface VisitRow {
  id: number;
  building_id: number;
  building_name: string;
  contractor_type_id: number;
  company_name: string;
  name: string;
  note: string;
  apartment_id: number | null;
  apartment_number: string | null;
  occupancy_id: number | null;
  photo_url: string | null;
  date_created: Date;
  date_closed: Date | null;
  opened_by: Person | null;
  closed_by: Person | null;
  notes_count: number;
}

const person = (id: unknown, first: unknown, last: unknown): Person | null =>
  id == null ? null : { id: Number(id), first_name: String(first ?? ""), last_name: String(last ?? "") };
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** One page of visits, newest first, with the count of the whole filter (`count(*) over ()`). */
export async function listVisits(
  db: DbOrTx,
  f: VisitFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: VisitRow[]; count: number }> {
  const where = whereOf(f);
  const { rows, count } = await runPage(
    db,
    sql`select v.id, v.building_id, b.name as building_name, v.contractor_type_id,
        t.company_name, v.name, v.note, v.apartment_id, a.apartment_number, v.occupancy_id, v.photo_url,
        v.date_created, v.date_closed, ob.id as ob_id, ob.first_name as ob_first_name, ob.last_name as ob_last_name,
        cb.id as cb_id, cb.first_name as cb_first_name, cb.last_name as cb_last_name,
        (select count(*)::int from contractor_notes n where n.contractor_visit_id = v.id) as notes_count,
        count(*) over () as total
      from contractor_visits v join contractor_types t on t.id = v.contractor_type_id
        join buildings b on b.id = v.building_id left join apartments a on a.id = v.apartment_id
        left join users ob on ob.id = v.opened_by_id left join users cb on cb.id = v.closed_by_id
      where ${where}
      order by v.date_created desc, v.id desc limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from contractor_visits v where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => ({
      id: Number(r.id),
      building_id: Number(r.building_id),
      building_name: String(r.building_name ?? ""),
      contractor_type_id: Number(r.contractor_type_id),
      company_name: String(r.company_name),
      name: String(r.name),
      note: String(r.note ?? ""),
      apartment_id: r.apartment_id == null ? null : Number(r.apartment_id),
      apartment_number: r.apartment_number == null ? null : String(r.apartment_number),
      occupancy_id: r.occupancy_id == null ? null : Number(r.occupancy_id),
      photo_url: (r.photo_url as string | null) ?? null,
      date_created: toDate(r.date_created)!,
      date_closed: toDate(r.date_closed),
      opened_by: person(r.ob_id, r.ob_first_name, r.ob_last_name),
      closed_by: person(r.cb_id, r.cb_first_name, r.cb_last_name),
      notes_count: Number(r.notes_count ?? 0),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Notes

export async function insertNote(db: DbOrTx, visitId: number, text: string, by: number): Promise<number> {
  const [row] = await db
    .insert(contractorNotes)
    .values({ contractor_visit_id: visitId, text, entered_by_id: by })
    .returning({ id: contractorNotes.id });
  return row.id;
}

/** A visit's notes, oldest first (or one note), with their count. */
export async function listNotes(
  db: DbOrTx,
  f: { visitId: number; id?: number },
  page: { limit: number; offset: number },
) {
  const where = f.id === undefined ? sql`n.contractor_visit_id = ${f.visitId}` : sql`n.id = ${f.id}`;
  const { rows, count } = await runPage(
    db,
    sql`select n.id, n.contractor_visit_id, n.text, n.date_created,
        u.id as u_id, u.first_name as u_first_name, u.last_name as u_last_name, count(*) over () as total
      from contractor_notes n left join users u on u.id = n.entered_by_id
      where ${where} order by n.date_created asc, n.id asc limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from contractor_notes n where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => ({
      id: Number(r.id),
      contractor_visit_id: Number(r.contractor_visit_id),
      text: String(r.text),
      date_created: toDate(r.date_created)!,
      entered_by: person(r.u_id, r.u_first_name, r.u_last_name),
    })),
  };
}
