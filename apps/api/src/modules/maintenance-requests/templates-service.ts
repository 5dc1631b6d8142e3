import {
  type Action,
  type BuildingCommentTemplateQuery,
  COMMENT_TEMPLATE_PAGE_SIZE,
  type CommentTemplate,
  type CommentTemplatePatch,
  type CommentTemplateQuery,
  type CommentTemplateWrite,
  hasBuildingAccess,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./templates-repository.ts";

/**
 * Comment templates of a building (document 2 sections 3, 7, 8; issue 17 item 9): every staff
 * member reads them (the status update's comment picks one), managers write them; ordered by
 * display_order, then title. Another building's template is 404.
 */

const READ: Action = "maintenance.use";
const WRITE: Action = "maintenance.manage_templates";
const touch = (ctx: ServiceContext) => ctx.changes.touch(topics.maintenanceSetup);

const toTemplate = (r: repo.TemplateRow): CommentTemplate => ({
  id: r.id,
  building_id: r.building_id,
  title: r.title,
  template: r.template,
  display_order: r.display_order,
});

async function page(
  ctx: ServiceContext,
  buildingIds: readonly number[] | null,
  q: { limit?: number; offset?: number },
) {
  const p = pageOf(q, COMMENT_TEMPLATE_PAGE_SIZE, COMMENT_TEMPLATE_PAGE_SIZE);
  const { rows, count } = await repo.listTemplates(ctx.db, buildingIds, p);
  return paginate(ctx, p, count, rows.map(toTemplate));
}

/** GET /maintenance-requests/comment-templates/: one building's (`building`), else every building the user sees. */
export async function listTemplates(ctx: ServiceContext, q: CommentTemplateQuery) {
  const user = requireUser(ctx);
  if (q.building !== undefined) {
    await requireBuilding(ctx, ctx.db, q.building, READ);
    return page(ctx, [q.building], q);
  }
  return page(ctx, user.role === "OF" ? null : user.buildings, q);
}

/** GET /core/buildings/{b}/comment-templates/ */
export async function listBuildingTemplates(ctx: ServiceContext, buildingId: number, q: BuildingCommentTemplateQuery) {
  await requireBuilding(ctx, ctx.db, buildingId, READ);
  return page(ctx, [buildingId], q);
}

/** A template the user may reach for `action` (404 when missing or of a building out of reach). */
async function reachable(ctx: ServiceContext, id: number, action: Action): Promise<repo.TemplateRow> {
  const user = requireUser(ctx);
  const row = await repo.findTemplate(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id)) throw new NotFoundError();
  await requireBuilding(ctx, ctx.db, row.building_id, action);
  return row;
}

/** Checked before a body naming the building is judged (403 before 400). */
export async function requireTemplateBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, WRITE);
}

/** Checked before an edit's body is judged (404/403 before 400). */
export async function requireTemplate(ctx: ServiceContext, id: number): Promise<void> {
  await reachable(ctx, id, WRITE);
}

/** POST /maintenance-requests/comment-templates/ (managers of the building). */
export async function createTemplate(ctx: ServiceContext, body: CommentTemplateWrite): Promise<CommentTemplate> {
  await requireBuilding(ctx, ctx.db, body.building_id, WRITE);
  const row = await repo.insertTemplate(ctx.db, {
    building_id: body.building_id,
    title: body.title,
    template: body.template,
    display_order: body.display_order,
  });
  touch(ctx);
  return toTemplate(row);
}

/** PATCH /maintenance-requests/comment-templates/{id}/: any subset; a new building_id must be one the user manages. */
export async function updateTemplate(
  ctx: ServiceContext,
  id: number,
  body: CommentTemplatePatch,
): Promise<CommentTemplate> {
  const current = await reachable(ctx, id, WRITE);
  if (body.building_id !== undefined && body.building_id !== current.building_id)
    await requireBuilding(ctx, ctx.db, body.building_id, WRITE);
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return toTemplate(current);
  const row = await repo.updateTemplate(ctx.db, id, set);
  if (!row) throw new NotFoundError();
  touch(ctx);
  return toTemplate(row);
}

/** DELETE /maintenance-requests/comment-templates/{id}/ */
export async function deleteTemplate(ctx: ServiceContext, id: number): Promise<void> {
  const current = await reachable(ctx, id, WRITE);
  if (!(await repo.deleteTemplate(ctx.db, id, current.building_id))) throw new NotFoundError();
  touch(ctx);
}
