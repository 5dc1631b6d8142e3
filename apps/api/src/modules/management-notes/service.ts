import type { z } from "zod";
import {
  can,
  MANAGEMENT_NOTES_LIMIT,
  type ManagementNote,
  type ManagementNoteAcknowledgement,
  ManagementNoteCreate,
  ManagementNoteEdit,
  type ManagementNoteListQuery,
  type ManagementNotePage,
  type ManagementNoteUnacknowledged,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso } from "../../lib/dates.ts";
import { fieldErrorsOf, NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./repository.ts";

/**
 * Management notes (document 3 sections 2–9): every staff member of a building reads the active
 * notes and acknowledges those that require it (management_note.view); managers add, edit, expire
 * and see the acknowledgements (management_note.manage). An acknowledgement counts for the note's
 * current version; an edit with require_acknowledge_edits starts a new one. Another building's
 * note, or an expired one for edits and acknowledgements, is 404.
 */

/** A JSON body judged by its schema after the building is checked (field errors, 400). */
function judged<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return parsed.data;
}

const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.managementNotes(buildingId));

function toNote(r: repo.NoteRow): ManagementNote {
  return {
    id: r.id,
    body: r.body,
    is_require_acknowledgement: r.is_require_acknowledgement,
    is_active: r.is_active,
    entered_by:
      r.entered_by_id === null
        ? null
        : { id: r.entered_by_id, first_name: r.entered_by_first_name ?? "", last_name: r.entered_by_last_name ?? "" },
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
    is_acknowledged: r.is_require_acknowledgement && Boolean(r.is_acknowledged),
  };
}

const toAcknowledgement = (a: repo.AckRow): ManagementNoteAcknowledgement => ({
  id: a.id,
  user_id: a.user_id,
  first_name: a.first_name,
  last_name: a.last_name,
  date_created: iso(a.date_created)!,
});

/** GET: the active notes, newest first; managers may ask for the expired ones (is_active=false). */
export async function listNotes(
  ctx: ServiceContext,
  buildingId: number,
  query: ManagementNoteListQuery,
): Promise<ManagementNotePage> {
  const { user, ctx: building } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.view");
  const isActive = query.is_active ?? true;
  if (!isActive && !can(user, "management_note.manage", building)) throw new PermissionDeniedError();
  const page = pageOf(query, MANAGEMENT_NOTES_LIMIT, MANAGEMENT_NOTES_LIMIT);
  const { count, rows } = await repo.listNotes(ctx.db, buildingId, isActive, user.id, page);
  return paginate(ctx, page, count, rows.map(toNote));
}

async function noteOf(ctx: ServiceContext, buildingId: number, id: number, userId: number): Promise<repo.NoteRow> {
  const note = await repo.findNote(ctx.db, buildingId, id, userId);
  if (!note) throw new NotFoundError();
  return note;
}

/** POST: a new active note by the caller. */
export async function createNote(ctx: ServiceContext, buildingId: number, body: unknown): Promise<ManagementNote> {
  const { user } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.manage");
  const input = judged(ManagementNoteCreate, body);
  const id = await repo.insertNote(ctx.db, {
    building_id: buildingId,
    body: input.body,
    is_require_acknowledgement: input.is_require_acknowledgement,
    entered_by_id: user.id,
  });
  touch(ctx, buildingId);
  return toNote(await noteOf(ctx, buildingId, id, user.id));
}

/** PATCH: {body, require_acknowledge_edits} edits an active note; {is_active: false} expires it. */
export async function editNote(
  ctx: ServiceContext,
  buildingId: number,
  id: number,
  body: unknown,
): Promise<ManagementNote> {
  const { user } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.manage");
  const input = judged(ManagementNoteEdit, body);
  const note = await noteOf(ctx, buildingId, id, user.id);
  if (!note.is_active) throw new NotFoundError();
  const changed = await repo.updateNote(
    ctx.db,
    id,
    {
      body: input.body,
      newVersion:
        input.body !== undefined && note.is_require_acknowledgement && input.require_acknowledge_edits === true,
      expire: input.is_active === false,
    },
    ctx.clock(),
  );
  if (!changed) throw new NotFoundError();
  touch(ctx, buildingId);
  return toNote(await noteOf(ctx, buildingId, id, user.id));
}

/** GET get_unacknowledged: the active notes requiring acknowledgement the caller has not acknowledged (newest first). */
export async function unacknowledged(ctx: ServiceContext, buildingId: number): Promise<ManagementNoteUnacknowledged> {
  const { user } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.view");
  return { unacknowledged_ids: await repo.unacknowledgedIds(ctx.db, buildingId, user.id) };
}

/** POST acknowledge: the caller acknowledges the note's current version (again: the same acknowledgement). */
export async function acknowledge(
  ctx: ServiceContext,
  buildingId: number,
  id: number,
): Promise<{ acknowledgement: ManagementNoteAcknowledgement }> {
  const { user } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.view");
  const note = await noteOf(ctx, buildingId, id, user.id);
  if (!note.is_active) throw new NotFoundError();
  const existed = note.is_acknowledged;
  const ack = await repo.acknowledge(ctx.db, id, user.id, note.ack_version);
  if (!existed) touch(ctx, buildingId);
  return { acknowledgement: toAcknowledgement(ack) };
}

/** GET acknowledgements: who acknowledged the note's current version, newest first. */
export async function acknowledgements(
  ctx: ServiceContext,
  buildingId: number,
  id: number,
): Promise<ManagementNoteAcknowledgement[]> {
  const { user } = await requireBuilding(ctx, ctx.db, buildingId, "management_note.manage");
  const note = await noteOf(ctx, buildingId, id, user.id);
  return (await repo.acknowledgements(ctx.db, id, note.ack_version)).map(toAcknowledgement);
}
