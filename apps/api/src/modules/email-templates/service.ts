import {
  EMAIL_TEMPLATE_MAX_DEPTH,
  EMAIL_TEMPLATE_MESSAGES as M,
  type EmailCategoryPatch,
  type EmailCategoryWrite,
  type EmailTemplate,
  type EmailTemplateCategory,
  type EmailTemplateCategoryNode,
  type EmailTemplateDeleted,
  type EmailTemplateHierarchy,
  type EmailTemplatePatch,
  type EmailTemplateWrite,
} from "@portico/contract";
import { allows, type RouteAction } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { cleanHtml } from "../../lib/html.ts";
import * as repo from "./repository.ts";

/**
 * The e-mail template library (document 3 section 7): one global tree. Managers read it
 * (memo.send), managers and Office change it (email_templates.manage). Template HTML is cleaned
 * before it is stored. A category holding anything is not deleted; a move never makes a cycle.
 */

const READ: RouteAction = "memo.send";
const WRITE: RouteAction = "email_templates.manage";

function require(ctx: ServiceContext, action: RouteAction): void {
  if (!allows(requireUser(ctx), action)) throw new PermissionDeniedError();
}
const touch = (ctx: ServiceContext) => ctx.changes.touch(topics.emailTemplates);

const toCategory = (c: repo.CategoryRow): EmailTemplateCategory => ({ id: c.id, title: c.title, parent: c.parent_id });
const toTemplate = (t: repo.TemplateRow): EmailTemplate => ({
  id: t.id,
  title: t.title,
  category: t.category_id,
  content: t.content,
  date_created: iso(t.date_created)!,
  last_modified: iso(t.last_modified)!,
});

/** GET /emails/templates_hierarchy/: the top-level categories with their trees. */
export async function hierarchy(ctx: ServiceContext): Promise<EmailTemplateHierarchy> {
  require(ctx, READ);
  const { categories, templates } = await repo.loadTree(ctx.db);
  const nodes = new Map<number, EmailTemplateCategoryNode>();
  for (const c of categories) nodes.set(c.id, { ...toCategory(c), categories: [], templates: [] });
  const roots: EmailTemplateCategoryNode[] = [];
  for (const c of categories) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id === null ? undefined : nodes.get(c.parent_id);
    (parent ? parent.categories : roots).push(node);
  }
  for (const t of templates) nodes.get(t.category_id)?.templates.push({ id: t.id, title: t.title, category: t.category_id });
  return { categories: roots };
}

/** The depth of each category (1 at the top) and the ids under each one, from the parent links. */
function treeOf(rows: { id: number; parent_id: number | null }[]) {
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    for (let p = parent.get(id) ?? null; p !== null && out.length <= rows.length; p = parent.get(p) ?? null) out.push(p);
    return out;
  };
  const height = (id: number): number => {
    const kids = rows.filter((r) => r.parent_id === id);
    return 1 + Math.max(0, ...kids.map((k) => height(k.id)));
  };
  return { ancestors, height };
}

async function existingParent(ctx: ServiceContext, id: number | null | undefined, field: string) {
  if (id === null || id === undefined) return null;
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw new ValidationError({ [field]: [M.categoryNotFound] });
  return row;
}

/** POST /emails/categories/ {title, parent?} */
export async function createCategory(ctx: ServiceContext, body: EmailCategoryWrite): Promise<EmailTemplateCategory> {
  require(ctx, WRITE);
  const parent = await existingParent(ctx, body.parent, "parent");
  if (parent) {
    const { ancestors } = treeOf(await repo.categoryParents(ctx.db));
    if (ancestors(parent.id).length + 2 > EMAIL_TEMPLATE_MAX_DEPTH) throw new ValidationError({ parent: [M.tooDeep] });
  }
  const row = await repo.insertCategory(ctx.db, body.title, parent?.id ?? null);
  touch(ctx);
  return toCategory(row);
}

/** PATCH /emails/categories/{id}/ {title} renames; {new_category_id} moves (null: to the top). */
export async function updateCategory(
  ctx: ServiceContext,
  id: number,
  body: EmailCategoryPatch,
): Promise<EmailTemplateCategory> {
  require(ctx, WRITE);
  const current = await repo.findCategory(ctx.db, id);
  if (!current) throw new NotFoundError();
  const set: { title?: string; parent_id?: number | null } = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.new_category_id !== undefined) {
    const target = await existingParent(ctx, body.new_category_id, "new_category_id");
    if (target) {
      const { ancestors, height } = treeOf(await repo.categoryParents(ctx.db));
      if (target.id === id || ancestors(target.id).includes(id))
        throw new ValidationError({ new_category_id: [M.categoryCycle] });
      if (ancestors(target.id).length + 1 + height(id) > EMAIL_TEMPLATE_MAX_DEPTH)
        throw new ValidationError({ new_category_id: [M.tooDeep] });
    }
    set.parent_id = target?.id ?? null;
  }
  const row = await repo.updateCategory(ctx.db, id, set, ctx.clock());
  if (!row) throw new NotFoundError();
  touch(ctx);
  return toCategory(row);
}

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e.code === "23503") return true;
  return false;
};

/** DELETE /emails/categories/{id}/: only an empty category (400 otherwise). */
export async function deleteCategory(ctx: ServiceContext, id: number): Promise<EmailTemplateDeleted> {
  require(ctx, WRITE);
  const current = await repo.findCategory(ctx.db, id);
  if (!current) throw new NotFoundError();
  const notEmpty = () => new ValidationError({ non_field_errors: [M.categoryNotEmpty] });
  if ((await repo.categoryContents(ctx.db, id)) > 0) throw notEmpty();
  try {
    if (!(await repo.deleteCategory(ctx.db, id))) throw new NotFoundError();
  } catch (err) {
    // Something was added to it meanwhile: the references refuse.
    if (isForeignKeyViolation(err)) throw notEmpty();
    throw err;
  }
  touch(ctx);
  return { id, detail: M.categoryDeleted(current.title) };
}

/** GET /emails/templates/{id}/ */
export async function getTemplate(ctx: ServiceContext, id: number): Promise<EmailTemplate> {
  require(ctx, READ);
  const row = await repo.findTemplate(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toTemplate(row);
}

/** POST /emails/templates/ {title, content, category} */
export async function createTemplate(ctx: ServiceContext, body: EmailTemplateWrite): Promise<EmailTemplate> {
  require(ctx, WRITE);
  const category = await existingParent(ctx, body.category, "category");
  const row = await repo.insertTemplate(ctx.db, {
    title: body.title,
    content: cleanHtml(body.content ?? ""),
    category_id: category!.id,
  });
  touch(ctx);
  return toTemplate(row);
}

/** PATCH /emails/templates/{id}/ {title}, {category} (moves it) or {content}. */
export async function updateTemplate(ctx: ServiceContext, id: number, body: EmailTemplatePatch): Promise<EmailTemplate> {
  require(ctx, WRITE);
  const current = await repo.findTemplate(ctx.db, id);
  if (!current) throw new NotFoundError();
  const set: { title?: string; content?: string; category_id?: number } = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.content !== undefined) set.content = cleanHtml(body.content);
  if (body.category !== undefined) set.category_id = (await existingParent(ctx, body.category, "category"))!.id;
  const row = await repo.updateTemplate(ctx.db, id, set, ctx.clock());
  if (!row) throw new NotFoundError();
  touch(ctx);
  return toTemplate(row);
}

/** DELETE /emails/templates/{id}/ */
export async function deleteTemplate(ctx: ServiceContext, id: number): Promise<EmailTemplateDeleted> {
  require(ctx, WRITE);
  const current = await repo.findTemplate(ctx.db, id);
  if (!current || !(await repo.deleteTemplate(ctx.db, id))) throw new NotFoundError();
  touch(ctx);
  return { id, detail: M.templateDeleted(current.title) };
}
