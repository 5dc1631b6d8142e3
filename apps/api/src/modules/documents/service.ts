import {
  type BuildingDocument,
  can,
  DOCUMENT_MAX_LIMIT,
  DOCUMENT_MESSAGES as M,
  DOCUMENT_PAGE_SIZE,
  type DocumentDeleted,
  type DocumentFields,
  type DocumentListQuery,
  type DocumentPatch,
  hasBuildingAccess,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveFile } from "../../lib/files.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";

/**
 * Building documents (document 3 sections 2, 6, 7): every staff member uses them (document.use)
 * but sees, edits and deletes only the ones visible to staff; managers and Office
 * (document.view_all) reach all. Another building's document, or one hidden from the user, is
 * not found. Files go through lib/files (48 MB: 413).
 */

const ACTION = "document.use" as const;
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.documents(buildingId));

export const toDocument = (r: repo.DocumentRow): BuildingDocument => ({
  id: r.id,
  building: r.building_id,
  title: r.title,
  subtitle: r.subtitle,
  file: r.file,
  file_name: r.file_name,
  content_type: r.content_type,
  size: r.size,
  is_visible_to_tenants: r.is_visible_to_tenants,
  is_visible_to_staff: r.is_visible_to_staff,
  date_created: iso(r.date_created)!,
  last_modified: iso(r.last_modified)!,
});

/** The building's gate; `all`: the user sees documents hidden from staff too. */
export async function documentScope(ctx: ServiceContext, buildingId: number) {
  const s = await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  return { ...s, all: can(s.user, "document.view_all", s.ctx) };
}

/** A document the user may reach (404 when missing, out of reach, not `?building`'s, or hidden from them). */
async function reachable(ctx: ServiceContext, id: number, buildingId?: number): Promise<repo.DocumentRow> {
  const user = requireUser(ctx);
  const row = await repo.findDocument(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id) || (buildingId !== undefined && row.building_id !== buildingId))
    throw new NotFoundError();
  const { all } = await documentScope(ctx, row.building_id);
  if (!all && !row.is_visible_to_staff) throw new NotFoundError();
  return row;
}

/** GET /emails/documents/?building: newest first, 30 a page. */
export async function listDocuments(ctx: ServiceContext, q: DocumentListQuery) {
  const { all } = await documentScope(ctx, q.building);
  const page = pageOf(q, DOCUMENT_PAGE_SIZE, DOCUMENT_MAX_LIMIT);
  const { rows, count } = await repo.listDocuments(
    ctx.db,
    { buildingId: q.building, staffOnly: !all, search: q.search || undefined },
    page,
  );
  return paginate(ctx, page, count, rows.map(toDocument));
}

/** GET /emails/documents/{id}/ */
export async function getDocument(ctx: ServiceContext, id: number, buildingId?: number): Promise<BuildingDocument> {
  return toDocument(await reachable(ctx, id, buildingId));
}

async function store(ctx: ServiceContext, buildingId: number, file: PhotoUpload) {
  const name = file.filename.replace(/[/\\]/g, "_").slice(0, 255);
  const saved = await saveFile(ctx, {
    data: file.data,
    purpose: "document",
    original_name: name,
    building_id: buildingId,
    created_by_id: requireUser(ctx).id,
    name: name || undefined,
  });
  return { file: saved.url, file_name: name, content_type: saved.content_type, size: saved.size };
}

/** POST /emails/documents/ (multipart): title and file required; visible to staff unless told. */
export async function createDocument(
  ctx: ServiceContext,
  buildingId: number,
  body: DocumentFields,
  file: PhotoUpload | null,
): Promise<BuildingDocument> {
  const { user } = await documentScope(ctx, buildingId);
  if (!file) throw new ValidationError({ file: [M.fileRequired] });
  const stored = await store(ctx, buildingId, file);
  const row = await repo.insertDocument(ctx.db, {
    building_id: buildingId,
    title: body.title,
    subtitle: body.subtitle ?? "",
    is_visible_to_tenants: body.is_visible_to_tenants ?? false,
    is_visible_to_staff: body.is_visible_to_staff ?? true,
    created_by_id: user.id,
    ...stored,
  });
  touch(ctx, buildingId);
  return toDocument(row);
}

/** PATCH /emails/documents/{id}/ (multipart): any subset; a new file replaces the old one. */
export async function updateDocument(
  ctx: ServiceContext,
  id: number,
  body: DocumentPatch,
  file: PhotoUpload | null,
  buildingId?: number,
): Promise<BuildingDocument> {
  const head = await reachable(ctx, id, buildingId);
  const values: Partial<repo.DocumentValues> = Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined),
  );
  if (file) Object.assign(values, await store(ctx, head.building_id, file));
  const row = Object.keys(values).length ? await repo.updateDocument(ctx.db, id, values, ctx.clock()) : head;
  if (!row) throw new NotFoundError();
  if (file && head.file !== row.file) await deleteFileByUrl(ctx, head.file);
  touch(ctx, head.building_id);
  return toDocument(row);
}

/** DELETE /emails/documents/{id}/: 'Document successfully deleted'; the file goes too. */
export async function deleteDocument(ctx: ServiceContext, id: number, buildingId?: number): Promise<DocumentDeleted> {
  const head = await reachable(ctx, id, buildingId);
  const row = await repo.deleteDocument(ctx.db, id);
  if (!row) throw new NotFoundError();
  await deleteFileByUrl(ctx, row.file);
  touch(ctx, head.building_id);
  return { id, detail: M.deleted };
}
