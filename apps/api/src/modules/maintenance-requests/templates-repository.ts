import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { maintenanceCommentTemplates as templates } from "../../db/schema/index.ts";

/** The comment templates' queries. */

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateInsert = typeof templates.$inferInsert;

/**
 * One page of templates, by display_order, then title (case-insensitive), then id, with the count
 * of them all: one building's, some buildings' (null: every building).
 */
export async function listTemplates(
  db: DbOrTx,
  buildingIds: readonly number[] | null,
  page: { limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; count: number }> {
  if (buildingIds && !buildingIds.length) return { rows: [], count: 0 };
  const where = buildingIds
    ? buildingIds.length === 1
      ? eq(templates.building_id, buildingIds[0])
      : inArray(templates.building_id, [...buildingIds])
    : undefined;
  const [rows, [{ count }]] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(where)
      .orderBy(asc(templates.display_order), sql`lower(${templates.title})`, asc(templates.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(templates)
      .where(where),
  ]);
  return { rows, count: Number(count) };
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | null> {
  const rows = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(db: DbOrTx, values: TemplateInsert): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  return row;
}

/** The changed template (null when it is gone). */
export async function updateTemplate(
  db: DbOrTx,
  id: number,
  set: Partial<TemplateInsert>,
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(templates)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(templates.id, id))
    .returning();
  return row ?? null;
}

/** Deletes a template of the building; false when there was none. */
export async function deleteTemplate(db: DbOrTx, id: number, buildingId: number): Promise<boolean> {
  const rows = await db
    .delete(templates)
    .where(and(eq(templates.id, id), eq(templates.building_id, buildingId)))
    .returning({ id: templates.id });
  return rows.length > 0;
}
