import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { documents } from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal } from "../../lib/sql.ts";

/** Every query of building documents. */

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentValues = Omit<typeof documents.$inferInsert, "id" | "date_created" | "last_modified">;

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const rows = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return rows[0] ?? null;
}

export interface DocumentFilter {
  buildingId: number;
  /** Only the ones visible to staff. */
  staffOnly: boolean;
  search?: string;
}

function whereOf(f: DocumentFilter) {
  const c = [eq(documents.building_id, f.buildingId)];
  if (f.staffOnly) c.push(eq(documents.is_visible_to_staff, true));
  if (f.search) {
    const p = `%${likeEscape(f.search.toLowerCase())}%`;
    c.push(sql`(lower(${documents.title}) like ${p} escape '\\' or lower(${documents.subtitle}) like ${p} escape '\\')`);
  }
  return and(...c)!;
}

/** A page of the building's documents, newest first, with the count. */
export async function listDocuments(
  db: DbOrTx,
  f: DocumentFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: DocumentRow[] }> {
  const where = whereOf(f);
  const found = await db
    .select({ ...getTableColumns(documents), total: sql<number>`count(*) over ()` })
    .from(documents)
    .where(where)
    .orderBy(desc(documents.date_created), desc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(where);
    return r.n;
  });
}

export async function insertDocument(db: DbOrTx, values: DocumentValues): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row;
}

export async function updateDocument(
  db: DbOrTx,
  id: number,
  values: Partial<DocumentValues>,
  at: Date,
): Promise<DocumentRow | null> {
  const rows = await db
    .update(documents)
    .set({ ...values, last_modified: at })
    .where(eq(documents.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteDocument(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const rows = await db.delete(documents).where(eq(documents.id, id)).returning();
  return rows[0] ?? null;
}
