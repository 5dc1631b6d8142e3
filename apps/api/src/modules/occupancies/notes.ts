import { type OccupancyNote, OccupancyNotePatch, OccupancyNoteWrite, ROLE_DISPLAY, type Role } from "@portico/contract";
import { iso } from "../../lib/dates.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import { changeNotes, parseBody } from "./common.ts";
import type { ServiceContext } from "../../lib/context.ts";
import * as repo from "./repository.ts";
import { entityEventPage, gateOccupancy } from "./service.ts";

/* Internal office notes (managers and office; the building must enable them). */

function toNote(r: Record<string, unknown>): OccupancyNote {
  const links = (typeof r.links === "string" ? JSON.parse(r.links) : r.links) as OccupancyNote["links"];
  return {
    id: Number(r.id),
    occupancy_id: Number(r.occupancy_id),
    note: String(r.note),
    entered_by:
      r.by_id == null
        ? null
        : {
            id: Number(r.by_id),
            username: String(r.username ?? ""),
            email: String(r.email ?? ""),
            first_name: String(r.first_name ?? ""),
            last_name: String(r.last_name ?? ""),
            is_active: Boolean(r.is_active),
            role_display: ROLE_DISPLAY[r.role as Role] ?? String(r.role ?? ""),
          },
    links: links.map((l) => ({ id: Number(l.id), link_text: l.link_text, link_url: l.link_url })),
    dateCreated: iso(r.date_created as Date)!,
    lastModified: iso(r.last_modified as Date)!,
    is_edited: Boolean(r.is_edited),
  };
}

async function noteOut(ctx: ServiceContext, noteId: number): Promise<OccupancyNote> {
  const { rows } = await repo.notesOf(ctx.db, { noteId }, { limit: 1, offset: 0 });
  if (!rows.length) throw new NotFoundError();
  return toNote(rows[0]);
}

async function gateNote(ctx: ServiceContext, id: number, noteId: number) {
  const g = await gateOccupancy(ctx, id, "occupancy.notes");
  const note = await repo.noteRef(ctx.db, noteId);
  if (!note || note.occupancy_id !== id) throw new NotFoundError();
  return { ...g, note };
}

/** GET /core/occupancies/{id}/notes/ (newest first). */
export async function listNotes(ctx: ServiceContext, id: number, q: { limit?: number; offset?: number }) {
  await gateOccupancy(ctx, id, "occupancy.notes");
  const page = pageOf(q);
  const { count, rows } = await repo.notesOf(ctx.db, { occupancyId: id }, page);
  return paginate(ctx, page, count, rows.map(toNote));
}

/** GET /core/occupancies/{id}/notes/count/ */
export async function noteCount(ctx: ServiceContext, id: number) {
  await gateOccupancy(ctx, id, "occupancy.notes");
  return { count: await repo.noteCount(ctx.db, id) };
}

/** POST /core/occupancies/{id}/notes/ */
export async function createNote(ctx: ServiceContext, id: number, body: unknown): Promise<OccupancyNote> {
  const { ref, scope } = await gateOccupancy(ctx, id, "occupancy.notes");
  const input = parseBody(OccupancyNoteWrite, body);
  const noteId = await ctx.db.transaction(async (tx) => {
    const nid = await repo.insertNote(tx, {
      occupancy_id: id,
      note: input.note,
      entered_by_id: scope.user.id,
      links: input.links ?? [],
    });
    await repo.insertEvents(tx, [
      {
        building_id: ref.building_id,
        entity_type: "occupancy_note",
        entity_id: nid,
        type: "CREATED",
        type_display: "Created",
        note: input.note,
        performed_by_id: scope.user.id,
        data: { occupancy_id: id, links: (input.links ?? []).length },
      },
    ]);
    return nid;
  });
  return noteOut(ctx, noteId);
}

/** PATCH /core/occupancies/{id}/notes/{noteId}/ — only the note text. */
export async function patchNote(
  ctx: ServiceContext,
  id: number,
  noteId: number,
  body: unknown,
): Promise<OccupancyNote> {
  const { ref, scope, note } = await gateNote(ctx, id, noteId);
  const input = parseBody(OccupancyNotePatch, body);
  if (input.note !== note.note) {
    await ctx.db.transaction(async (tx) => {
      await repo.updateNote(tx, noteId, input.note);
      await repo.insertEvents(tx, [
        {
          building_id: ref.building_id,
          entity_type: "occupancy_note",
          entity_id: noteId,
          type: "UPDATED",
          type_display: "Updated",
          note: changeNotes([{ field: "note", from: note.note, to: input.note }]).note,
          performed_by_id: scope.user.id,
          data: { occupancy_id: id },
        },
      ]);
    });
  }
  return noteOut(ctx, noteId);
}

/** GET /core/occupancies/{id}/notes/{noteId}/events/ */
export async function noteEvents(
  ctx: ServiceContext,
  id: number,
  noteId: number,
  q: { limit?: number; offset?: number },
) {
  const { viewer } = await gateNote(ctx, id, noteId);
  return entityEventPage(ctx, { type: "occupancy_note", id: noteId }, viewer, q);
}
