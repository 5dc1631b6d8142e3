import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { vendors } from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal } from "../../lib/sql.ts";

/** Every query of the vendors area. */

export type VendorRow = typeof vendors.$inferSelect;
export type VendorInsert = typeof vendors.$inferInsert;
export type VendorValues = Omit<VendorInsert, "id" | "building_id" | "date_created" | "last_modified">;

export async function findVendor(db: DbOrTx, id: number): Promise<VendorRow | null> {
  const rows = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  return rows[0] ?? null;
}

export interface VendorFilter {
  buildingId: number;
  search?: string;
}

const byName = sql`lower(${vendors.name}), ${vendors.id}`;

function whereOf(f: VendorFilter) {
  const c = [eq(vendors.building_id, f.buildingId)];
  if (f.search) {
    const p = `%${likeEscape(f.search.toLowerCase())}%`;
    c.push(
      sql`(lower(${vendors.name}) like ${p} escape '\\' or lower(${vendors.category}) like ${p} escape '\\' or lower(${vendors.city}) like ${p} escape '\\')`,
    );
  }
  return and(...c)!;
}

/** A page of the building's vendors, by name, with the count. */
export async function listVendors(
  db: DbOrTx,
  f: VendorFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: VendorRow[] }> {
  const where = whereOf(f);
  const found = await db
    .select({ ...getTableColumns(vendors), total: sql<number>`count(*) over ()` })
    .from(vendors)
    .where(where)
    .orderBy(byName)
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendors)
      .where(where);
    return r.n;
  });
}

/** Every vendor of the building, by name, in chunks (the download). */
export async function* iterateVendors(db: DbOrTx, buildingId: number, chunk = 1000): AsyncGenerator<VendorRow> {
  for (let offset = 0; ; offset += chunk) {
    const rows = await db
      .select()
      .from(vendors)
      .where(eq(vendors.building_id, buildingId))
      .orderBy(sql`lower(${vendors.name})`, vendors.id)
      .limit(chunk)
      .offset(offset);
    yield* rows;
    if (rows.length < chunk) return;
  }
}

export async function insertVendor(db: DbOrTx, buildingId: number, values: VendorValues): Promise<VendorRow> {
  const [row] = await db
    .insert(vendors)
    .values({ ...values, building_id: buildingId })
    .returning();
  return row;
}

export async function updateVendor(
  db: DbOrTx,
  id: number,
  values: Partial<VendorValues>,
  at: Date,
): Promise<VendorRow | null> {
  const rows = await db
    .update(vendors)
    .set({ ...values, last_modified: at })
    .where(eq(vendors.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteVendor(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(vendors).where(eq(vendors.id, id)).returning({ id: vendors.id });
  return rows.length > 0;
}

/**
 * Replaces every vendor of the building with these (in the caller's transaction): a row named as
 * an existing vendor (any case; each matched once, oldest first) updates it and keeps its id, the
 * others are added, and the vendors the rows do not name are deleted.
 */
export async function replaceVendors(db: DbOrTx, buildingId: number, rows: VendorValues[], at: Date): Promise<void> {
  const existing = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.building_id, buildingId))
    .orderBy(vendors.id);
  const byName = new Map<string, number[]>();
  for (const v of existing) byName.set(v.name.toLowerCase(), [...(byName.get(v.name.toLowerCase()) ?? []), v.id]);
  const added: VendorValues[] = [];
  const kept = new Set<number>();
  for (const r of rows) {
    const id = byName.get(r.name.toLowerCase())?.shift();
    if (id === undefined) added.push(r);
    else {
      kept.add(id);
      await db
        .update(vendors)
        .set({ ...EMPTY, ...r, last_modified: at })
        .where(eq(vendors.id, id));
    }
  }
  const gone = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) await db.delete(vendors).where(inArray(vendors.id, gone));
  const CHUNK = 500;
  for (let i = 0; i < added.length; i += CHUNK)
    await db.insert(vendors).values(added.slice(i, i + CHUNK).map((r) => ({ ...r, building_id: buildingId })));
}

/** A vendor's text fields when a row leaves them out. */
const EMPTY = { category: "", address: "", city: "", state: "", zip: "", phone: "", email: "", website: "" };
