import { count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { emailTemplateCategories as categories, emailTemplates as templates } from "../../db/schema/index.ts";

/** Every query of the e-mail template library. */

export type CategoryRow = typeof categories.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export interface TemplateSummaryRow {
  id: number;
  title: string;
  category_id: number;
}

/** The whole tree: every category and every template (without content), each by title. */
export async function loadTree(db: DbOrTx): Promise<{ categories: CategoryRow[]; templates: TemplateSummaryRow[] }> {
  const [cats, temps] = await Promise.all([
    db
      .select()
      .from(categories)
      .orderBy(categories.sort, sql`lower(${categories.title})`, categories.id),
    db
      .select({ id: templates.id, title: templates.title, category_id: templates.category_id })
      .from(templates)
      .orderBy(sql`lower(${templates.title})`, templates.id),
  ]);
  return { categories: cats, templates: temps };
}

/** Every category's id and parent (the moves' cycle check). */
export async function categoryParents(db: DbOrTx): Promise<{ id: number; parent_id: number | null }[]> {
  return db.select({ id: categories.id, parent_id: categories.parent_id }).from(categories);
}

export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | null> {
  const rows = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertCategory(db: DbOrTx, title: string, parentId: number | null): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values({ title, parent_id: parentId }).returning();
  return row;
}

export async function updateCategory(
  db: DbOrTx,
  id: number,
  set: { title?: string; parent_id?: number | null },
  at: Date,
): Promise<CategoryRow | null> {
  const rows = await db
    .update(categories)
    .set({ ...set, last_modified: at })
    .where(eq(categories.id, id))
    .returning();
  return rows[0] ?? null;
}

/** How many sub-categories and templates a category holds. */
export async function categoryContents(db: DbOrTx, id: number): Promise<number> {
  const [subs, temps] = await Promise.all([
    db.select({ n: count() }).from(categories).where(eq(categories.parent_id, id)),
    db.select({ n: count() }).from(templates).where(eq(templates.category_id, id)),
  ]);
  return Number(subs[0].n) + Number(temps[0].n);
}

export async function deleteCategory(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return rows.length > 0;
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | null> {
  const rows = await db.select().from(templates).where(eq(templates.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(
  db: DbOrTx,
  values: { title: string; content: string; category_id: number },
): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  return row;
}

export async function updateTemplate(
  db: DbOrTx,
  id: number,
  set: { title?: string; content?: string; category_id?: number },
  at: Date,
): Promise<TemplateRow | null> {
  const rows = await db
    .update(templates)
    .set({ ...set, last_modified: at })
    .where(eq(templates.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(templates).where(eq(templates.id, id)).returning({ id: templates.id });
  return rows.length > 0;
}
