import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, memoGroupApartments, memoGroups } from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";

/** Every query of memo groups. */

export type MemoGroupRow = typeof memoGroups.$inferSelect;
export interface Editor {
  id: number;
  first_name: string;
  last_name: string;
}
export interface MemoGroupView {
  id: number;
  building_id: number;
  name: string;
  apartments: { id: number; apartment_number: string; current_occupancy_id: number | null }[];
  created_by: Editor | null;
  last_edited_by: Editor | null;
  date_created: Date | string;
  last_modified: Date | string;
}

const editor = (col: string) =>
  sql.raw(`(select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)
    from users u where u.id = g.${col})`);

/**
 * Groups of a building (or one group) with their units (by unit number, each with its current
 * unit profile: active and started in the building's time zone today) and editors, in one
 * statement; by name. `total` is the count of the building's groups.
 */
export async function listGroups(
  db: DbOrTx,
  q: { buildingId: number; today: string; id?: number },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: MemoGroupView[] }> {
  const r = await db.execute(sql`
    select g.id, g.building_id, g.name, g.date_created, g.last_modified, count(*) over () as total,
      ${editor("created_by_id")} as created_by, ${editor("last_edited_by_id")} as last_edited_by,
      coalesce((select json_agg(json_build_object('id', a.id, 'apartment_number', a.apartment_number,
          'current_occupancy_id', (
            select oc.id from occupancies oc
            where oc.apartment_id = a.id and oc.is_active
              and (oc.lease_start_date is null or oc.lease_start_date <= ${q.today}::date)
            order by oc.lease_start_date desc nulls last, oc.id desc limit 1))
          order by a.sort_key, a.id)
        from memo_group_apartments ga join apartments a on a.id = ga.apartment_id
        where ga.memo_group_id = g.id), '[]'::json) as apartments
    from memo_groups g
    where g.building_id = ${q.buildingId} ${q.id === undefined ? sql`` : sql`and g.id = ${q.id}`}
    order by lower(g.name), g.id
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<MemoGroupView & { total: number | string; apartments: unknown }>(r);
  const parse = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memoGroups)
      .where(eq(memoGroups.building_id, q.buildingId));
    count = Number(c.n);
  }
  return {
    count,
    rows: rows.map(({ total: _t, ...g }) => ({
      ...g,
      apartments: parse<MemoGroupView["apartments"]>(g.apartments).map((a) => ({
        ...a,
        current_occupancy_id: a.current_occupancy_id == null ? null : Number(a.current_occupancy_id),
      })),
      created_by: parse<Editor | null>(g.created_by),
      last_edited_by: parse<Editor | null>(g.last_edited_by),
    })),
  };
}

export async function findGroup(db: DbOrTx, id: number): Promise<MemoGroupRow | null> {
  const rows = await db.select().from(memoGroups).where(eq(memoGroups.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Is the name used by another group of the building (any case)? */
export async function nameTaken(db: DbOrTx, buildingId: number, name: string, exceptId?: number): Promise<boolean> {
  const c = [eq(memoGroups.building_id, buildingId), sql`lower(${memoGroups.name}) = lower(${name})`];
  if (exceptId !== undefined) c.push(ne(memoGroups.id, exceptId));
  const rows = await db
    .select({ id: memoGroups.id })
    .from(memoGroups)
    .where(and(...c))
    .limit(1);
  return rows.length > 0;
}

/** The ids among these that are units of the building. */
export async function apartmentsOfBuilding(db: DbOrTx, buildingId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.building_id, buildingId), inArray(apartments.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertGroup(
  db: DbOrTx,
  values: { building_id: number; name: string; created_by_id: number; last_edited_by_id: number },
): Promise<MemoGroupRow> {
  const [row] = await db.insert(memoGroups).values(values).returning();
  return row;
}

export async function updateGroup(
  db: DbOrTx,
  id: number,
  set: { name?: string; last_edited_by_id: number },
  at: Date,
): Promise<void> {
  await db
    .update(memoGroups)
    .set({ ...set, last_modified: at })
    .where(eq(memoGroups.id, id));
}

/** Sets a group's units to exactly these. */
export async function setGroupApartments(db: DbOrTx, groupId: number, apartmentIds: number[]): Promise<void> {
  await db.delete(memoGroupApartments).where(eq(memoGroupApartments.memo_group_id, groupId));
  if (apartmentIds.length)
    await db
      .insert(memoGroupApartments)
      .values(apartmentIds.map((apartment_id) => ({ memo_group_id: groupId, apartment_id })));
}

export async function deleteGroup(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(memoGroups).where(eq(memoGroups.id, id)).returning({ id: memoGroups.id });
  return rows.length > 0;
}
