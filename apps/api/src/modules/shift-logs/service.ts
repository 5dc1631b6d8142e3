import {
  can,
  changeNote,
  type Event,
  hasBuildingAccess,
  SHIFT_END_CODE,
  SHIFT_LOG_EXPORT_FILENAME,
  SHIFT_LOG_EXPORT_LIMIT,
  SHIFT_LOG_SEARCH_DEFAULT_LIMIT,
  SHIFT_LOG_DEFAULT_ORDERING,
  SHIFT_LOG_MESSAGES,
  type ShiftLogNote,
  type ShiftLogNotePatch,
  type ShiftLogNoteQuery,
  type ShiftLogNoteWrite,
} from "@portico/contract";
import type { Db } from "../../db/client.ts";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { requireUser } from "../../lib/current-user.ts";
import { boundOf, iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { notifyTrackers } from "../../lib/notifications.ts";
import { exportPageOf, pageOf, paginate } from "../../lib/pagination.ts";
import { XlsxSheet } from "../../lib/xlsx.ts";
import { exportColumns } from "./export.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

// ---------------------------------------------------------------------------------------------
// Output

export function toNote(r: repo.NoteRow): ShiftLogNote {
  return {
    id: r.id,
    body: r.body,
    owner: { id: r.owner_id, first_name: r.owner_first_name, last_name: r.owner_last_name, username: r.owner_username },
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
    apartments: r.apartments.map((a) => ({
      id: Number(a.id),
      apartment_number: a.apartment_number,
      current_occupancy_id: a.current_occupancy_id == null ? null : Number(a.current_occupancy_id),
    })),
    occupancy_ids: [...new Set(r.apartments.filter((a) => a.occupancy_id != null).map((a) => Number(a.occupancy_id)))],
    shift_log_type_id: r.shift_log_type_id,
    shift_log_type_name: r.type_name,
    shift_log_type_short_name: r.type_short_name,
    is_end_of_shift: r.type_code === SHIFT_END_CODE,
    is_high_priority: r.is_high_priority,
    building: { id: r.building_id, name: r.building_name },
    location: r.location,
    is_edited: r.is_edited,
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface ResolvedNoteQuery {
  filter: repo.NoteFilter;
  sort: repo.Sort;
  /** Time zone of every building in scope (for export formatting). */
  zones: Map<number, string>;
  /** True when the list spans more than one building (the export adds a Building column). */
  multiBuilding: boolean;
}

function parseSort(ordering: string | undefined): repo.Sort {
  const o = ordering || SHIFT_LOG_DEFAULT_ORDERING;
  const desc = o.startsWith("-");
  return { key: (desc ? o.slice(1) : o) as repo.SortKey, desc };
}

/**
 * Who may list what: `building` (the gate: 403 when the user may not reach it), or for OF a
 * comma list `buildings` or nothing (every building). Others must name a building.
 */
export async function resolveNoteQuery(
  ctx: ServiceContext,
  q: ShiftLogNoteQuery,
  extra: Partial<repo.NoteFilter> = {},
): Promise<ResolvedNoteQuery> {
  const db = ctx.db;
  const user = requireUser(ctx);
  let buildingIds: number[] | null;
  const zones = new Map<number, string>();
  if (q.building !== undefined) {
    const scope = await requireBuilding(ctx, db, q.building, "shiftlog.view");
    buildingIds = [scope.building.id];
    zones.set(scope.building.id, scope.building.time_zone);
  } else if (q.buildings && q.buildings.length) {
    buildingIds = [...new Set(q.buildings)];
    for (const id of buildingIds) {
      const scope = await requireBuilding(ctx, db, id, "shiftlog.view");
      zones.set(id, scope.building.time_zone);
    }
  } else {
    if (user.role !== "OF") throw new ValidationError({ building: ["This field is required."] });
    if (!can(user, "shiftlog.view")) throw new PermissionDeniedError();
    buildingIds = null;
    for (const b of await repo.buildingZones(db, null)) zones.set(b.id, b.time_zone);
  }
  if (!can(user, "shiftlog.view")) throw new PermissionDeniedError();

  let dateRanges: repo.DateRange[] | undefined;
  if (q.min_date_created || q.max_date_created) {
    const byZone = new Map<string, number[]>();
    for (const [id, tz] of zones) byZone.set(tz, [...(byZone.get(tz) ?? []), id]);
    dateRanges = [...byZone].map(([tz, ids]) => ({
      buildingIds: buildingIds === null && byZone.size === 1 ? null : ids,
      min: q.min_date_created ? boundOf(q.min_date_created, tz, "min") : undefined,
      max: q.max_date_created ? boundOf(q.max_date_created, tz, "max") : undefined,
    }));
    if (!dateRanges.length) dateRanges = [{ buildingIds: [] }];
  }

  const typeIds = q.shift_log_type_id;
  let includeEndOfShift = q.include_end_of_shift_notes ?? false;
  if (!includeEndOfShift && typeIds?.length) {
    const shiftEnd = await repo.findTypeByCode(db, SHIFT_END_CODE);
    if (shiftEnd && typeIds.includes(shiftEnd.id)) includeEndOfShift = true;
  }

  return {
    filter: {
      buildingIds,
      dateRanges,
      isHighPriority: q.is_high_priority,
      apartmentNumber: q.apartment_number || undefined,
      typeIds,
      search: q.search,
      onlyEdited: q.only_edited || undefined,
      hasApartment: q.has_apartment_filter,
      include: q.include_apartments,
      exclude: q.exclude_apartments,
      includeEndOfShift,
      ...extra,
    },
    sort: parseSort(q.ordering),
    zones,
    multiBuilding: buildingIds === null || buildingIds.length > 1,
  };
}

export async function listNotes(db: Db, r: ResolvedNoteQuery, page: { limit: number; offset: number }) {
  const zone = r.filter.buildingIds?.length === 1 ? r.zones.get(r.filter.buildingIds[0]) : undefined;
  const { rows, count } = await repo.listNotes(db, r.filter, r.sort, page, zone && todayIn(zone));
  return { count, results: rows.map(toNote) };
}

/**
 * GET /shift-logs/notes/: a page of notes, or (xlsx) the notes as shift_logs.xlsx, up to the
 * export limit from the offset.
 */
export async function searchNotes(ctx: ServiceContext, q: ShiftLogNoteQuery, xlsx: boolean) {
  const resolved = await resolveNoteQuery(ctx, q);
  if (xlsx) {
    const page = exportPageOf(q, SHIFT_LOG_EXPORT_LIMIT);
    return new XlsxSheet(
      SHIFT_LOG_EXPORT_FILENAME,
      exportColumns(resolved.multiBuilding),
      repo.iterateNotes(ctx.db, resolved.filter, resolved.sort, page),
      { sheetName: "Shift log" },
    );
  }
  const page = pageOf(q, SHIFT_LOG_SEARCH_DEFAULT_LIMIT, SHIFT_LOG_EXPORT_LIMIT);
  const { count, results } = await listNotes(ctx.db, resolved, page);
  return paginate(ctx, page, count, results);
}

/**
 * GET /core/occupancies/{id}/shift-log-notes/: notes linked to that occupancy, newest first.
 * The access check runs now; `load` reads the page (the route may serve it from its cache).
 */
export async function occupancyNotesView(
  ctx: ServiceContext,
  occupancyId: number,
  page: { limit: number; offset: number },
): Promise<{ buildingId: number; load: () => Promise<[number, ShiftLogNote[]]> }> {
  const db = ctx.db;
  const user = requireUser(ctx);
  const occ = await repo.findOccupancy(db, occupancyId);
  if (!occ || !hasBuildingAccess(user, occ.building_id)) throw new NotFoundError();
  await requireBuilding(ctx, db, occ.building_id, "shiftlog.view");
  const filter: repo.NoteFilter = { buildingIds: [occ.building_id], occupancyId, includeEndOfShift: true };
  const sort: repo.Sort = { key: "date_created", desc: true };
  return {
    buildingId: occ.building_id,
    load: async () => {
      const { rows, count } = await repo.listNotes(db, filter, sort, page);
      return [count, rows.map(toNote)];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One note

/** The note, when the user may see it; 404 for missing notes and for buildings out of reach. */
async function reachableNote(
  ctx: ServiceContext,
  id: number,
): Promise<{ head: repo.NoteHead; scope: BuildingScope }> {
  const db = ctx.db;
  const user = requireUser(ctx);
  const head = await repo.findNoteHead(db, id);
  if (!head || !hasBuildingAccess(user, head.building_id)) throw new NotFoundError();
  const scope = await requireBuilding(ctx, db, head.building_id, "shiftlog.view");
  return { head, scope };
}

export async function loadNote(db: Db, id: number): Promise<ShiftLogNote> {
  const [row] = await repo.selectNotes(
    db,
    { noteId: id, buildingIds: null, includeEndOfShift: true },
    { key: "date_created", desc: true },
    { limit: 1 },
  );
  if (!row) throw new NotFoundError();
  return toNote(row);
}

export async function getNote(ctx: ServiceContext, id: number): Promise<ShiftLogNote> {
  const db = ctx.db;
  await reachableNote(ctx, id);
  return loadNote(db, id);
}

export async function noteEvents(ctx: ServiceContext, id: number, page: { limit: number; offset: number }) {
  const db = ctx.db;
  await reachableNote(ctx, id);
  const { rows, count } = await repo.listNoteEvents(db, id, page);
  const results: Event[] = rows.map((e) => ({ ...e, date_created: iso(e.date_created)! }));
  return { count, results };
}

const doesNotExist = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** Validates units and occupancies of a write (against its facts); returns the links to store. */
function resolveUnits(
  facts: repo.NoteWriteFacts,
  scope: BuildingScope,
  apartmentIds: number[],
  occupancyIds: number[] | undefined,
  keep: Map<number, number | null> = new Map(),
): { links: repo.NoteLink[]; numbers: string[] } {
  const ids = [...new Set(apartmentIds)];
  const found = facts.apartments;
  const byId = new Map(found.map((a) => [a.id, a]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new ValidationError({ apartment_ids: missing.map(doesNotExist) });

  const chosen = new Map<number, number>();
  if (occupancyIds?.length) {
    const occById = new Map(facts.occupancies.map((o) => [o.id, o]));
    for (const oid of new Set(occupancyIds)) {
      const o = occById.get(oid);
      if (!o || o.building_id !== scope.building.id) throw new ValidationError({ occupancy_ids: [doesNotExist(oid)] });
      if (!byId.has(o.apartment_id))
        throw new ValidationError({ occupancy_ids: [SHIFT_LOG_MESSAGES.occupancyNotInUnits] });
      chosen.set(o.apartment_id, o.id);
    }
  }
  const sorted = [...found].sort((a, b) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id - b.id));
  return {
    links: sorted.map((a) => ({
      apartment_id: a.id,
      occupancy_id: chosen.get(a.id) ?? (keep.has(a.id) ? keep.get(a.id)! : a.current_occupancy_id),
    })),
    numbers: sorted.map((a) => a.apartment_number),
  };
}

/** The facts a note's write checks (repo.noteWriteFacts): one query. */
const writeFacts = (
  db: Db,
  scope: BuildingScope,
  q: { type?: { id: number } | { code: string } | null; apartmentIds: number[]; occupancyIds?: number[]; noteId?: number },
) =>
  repo.noteWriteFacts(db, {
    buildingId: scope.building.id,
    timeZone: scope.building.time_zone,
    type: q.type,
    apartmentIds: [...new Set(q.apartmentIds)],
    occupancyIds: [...new Set(q.occupancyIds ?? [])],
    noteId: q.noteId,
  });

async function notifyNewOccupancies(
  ctx: ServiceContext,
  note: ShiftLogNote,
  occupancyIds: number[],
  actorId: number,
  log?: ServiceContext["log"],
) {
  for (const occupancyId of occupancyIds) {
    const apt = note.apartments.find((a) => a.current_occupancy_id === occupancyId) ?? note.apartments[0];
    const unit = apt ? `unit ${apt.apartment_number}` : "a unit";
    const who = `${note.owner.first_name} ${note.owner.last_name}`.trim() || note.owner.username;
    try {
      await notifyTrackers(ctx, {
        building_id: note.building.id,
        occupancy_id: occupancyId,
        area: "shift_log_notes",
        subject: `${note.is_high_priority ? "High priority shift log note" : "Shift log note"} for ${unit} – ${note.building.name}`,
        text: `${who} logged a ${note.shift_log_type_name ? `${note.shift_log_type_name} ` : ""}note for ${unit} at ${note.building.name}:\n\n${note.body}`,
        link: `/${note.building.id}/manage/unit-profiles/${occupancyId}`,
        exclude_user_id: actorId,
        related: { entity_type: repo.NOTE_ENTITY, entity_id: note.id },
      });
    } catch (err) {
      log?.error({ err, note: note.id }, "tracking notification failed");
    }
  }
}

export async function createNote(
  ctx: ServiceContext,
  body: ShiftLogNoteWrite & { is_end_of_shift?: boolean },
  queryBuilding?: number,
): Promise<ShiftLogNote> {
  const db = ctx.db;
  const buildingId = body.building_id ?? queryBuilding;
  if (!buildingId) throw new ValidationError({ building_id: ["This field is required."] });
  const scope = await requireBuilding(ctx, db, buildingId, "shiftlog.create");
  const user = scope.user;

  const apartmentIds = body.no_apartment ? [] : (body.apartment_ids ?? []);
  const askedType = body.is_end_of_shift
    ? { code: SHIFT_END_CODE }
    : body.shift_log_type_id != null
      ? { id: body.shift_log_type_id }
      : null;
  const facts = await writeFacts(db, scope, { type: askedType, apartmentIds, occupancyIds: body.occupancy_ids });
  let typeId = body.shift_log_type_id ?? null;
  if (body.is_end_of_shift) {
    if (!facts.type) throw new ValidationError({ shift_log_type_id: [doesNotExist(0)] });
    typeId = facts.type.id;
  }
  if (typeId !== null) {
    const type = facts.type;
    if (!type) throw new ValidationError({ shift_log_type_id: [doesNotExist(typeId)] });
    if (type.code === SHIFT_END_CODE && !scope.settings.shiftlogsettings.is_enable_end_of_shift_logging)
      throw new ValidationError({ shift_log_type_id: [SHIFT_LOG_MESSAGES.endOfShiftDisabled] });
    if (!type.is_active) throw new ValidationError({ shift_log_type_id: [SHIFT_LOG_MESSAGES.inactiveType] });
  }

  const { links } = resolveUnits(facts, scope, apartmentIds, body.occupancy_ids);
  const location = scope.settings.shiftlogsettings.is_recordable_by_location ? body.location?.trim() || null : null;

  // The note, its links and its event: one statement (atomic), answering the note.
  const note = toNote(
    await repo.insertNote(
      db,
      {
        building_id: scope.building.id,
        owner_id: user.id,
        body: body.body,
        shift_log_type_id: typeId,
        is_high_priority: body.is_high_priority ?? false,
        location,
      },
      links,
      { type: "CREATED", type_display: "Created", note: "Note created", performed_by_id: user.id },
    ),
  );
  // The trackers of each linked occupancy are told (an occupancy nobody tracks has none to look up).
  const tracked = new Set(facts.tracked);
  const occs = [...new Set(links.map((l) => l.occupancy_id).filter((o): o is number => o != null && tracked.has(o)))];
  if (occs.length) await notifyNewOccupancies(ctx, note, occs, user.id, ctx.log);
  return note;
}

export async function updateNote(
  ctx: ServiceContext,
  id: number,
  body: ShiftLogNotePatch & { is_end_of_shift?: boolean },
): Promise<ShiftLogNote> {
  const db = ctx.db;
  const { head, scope } = await reachableNote(ctx, id);
  const user = scope.user;
  if (head.owner_id !== user.id && !can(user, "shiftlog.edit_any", scope.ctx)) throw new PermissionDeniedError();
  if (head.type_is_immutable) throw new PermissionDeniedError(SHIFT_LOG_MESSAGES.immutableNote);

  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const set: Parameters<typeof repo.updateNote>[2] = {};

  if (body.body !== undefined && body.body !== head.body) {
    changes.push({ field: "body", from: head.body, to: body.body });
    set.body = body.body;
  }
  if (body.is_end_of_shift) throw new ValidationError({ shift_log_type_id: [SHIFT_LOG_MESSAGES.endOfShiftTypeChange] });
  const typeChange = body.shift_log_type_id !== undefined && (body.shift_log_type_id ?? null) !== head.shift_log_type_id;
  const unitsChange = body.apartment_ids !== undefined || !!body.no_apartment;
  const apartmentIds = body.no_apartment ? [] : (body.apartment_ids ?? []);
  // What the checks below read (the new type, the units, the note's links): one query, when any.
  const facts =
    (typeChange && body.shift_log_type_id != null) || unitsChange
      ? await writeFacts(db, scope, {
          type: typeChange && body.shift_log_type_id != null ? { id: body.shift_log_type_id } : null,
          apartmentIds: unitsChange ? apartmentIds : [],
          occupancyIds: unitsChange ? body.occupancy_ids : [],
          noteId: unitsChange ? id : undefined,
        })
      : null;
  if (typeChange) {
    const newId = body.shift_log_type_id ?? null;
    let newName: string | null = null;
    if (newId !== null) {
      const type = facts!.type;
      if (!type) throw new ValidationError({ shift_log_type_id: [doesNotExist(newId)] });
      if (type.code === SHIFT_END_CODE || type.is_immutable)
        throw new ValidationError({ shift_log_type_id: [SHIFT_LOG_MESSAGES.endOfShiftTypeChange] });
      if (!type.is_active) throw new ValidationError({ shift_log_type_id: [SHIFT_LOG_MESSAGES.inactiveType] });
      newName = type.name;
    }
    changes.push({ field: "shift_log_type", from: head.type_name, to: newName });
    set.shift_log_type_id = newId;
  }
  if (body.is_high_priority !== undefined && body.is_high_priority !== head.is_high_priority) {
    changes.push({ field: "is_high_priority", from: head.is_high_priority, to: body.is_high_priority });
    set.is_high_priority = body.is_high_priority;
  }
  if (body.location !== undefined && scope.settings.shiftlogsettings.is_recordable_by_location) {
    const loc = body.location?.trim() || null;
    if (loc !== head.location) {
      changes.push({ field: "location", from: head.location, to: loc });
      set.location = loc;
    }
  }

  let newLinks: repo.NoteLink[] | null = null;
  let addedOccupancies: number[] = [];
  if (unitsChange) {
    const existing = facts!.links;
    const keep = new Map(existing.map((l) => [l.apartment_id, l.occupancy_id]));
    const { links, numbers } = resolveUnits(
      facts!,
      scope,
      apartmentIds,
      body.occupancy_ids,
      body.occupancy_ids?.length ? new Map() : keep,
    );
    const before = existing.map((l) => `${l.apartment_id}:${l.occupancy_id}`).join(",");
    const after = links.map((l) => `${l.apartment_id}:${l.occupancy_id}`).join(",");
    if (before !== after) {
      const fromNumbers = existing.map((l) => l.apartment_number).join(", ");
      const toNumbers = numbers.join(", ");
      if (fromNumbers !== toNumbers) changes.push({ field: "apartments", from: fromNumbers, to: toNumbers });
      newLinks = links;
      const had = new Set(existing.map((l) => l.occupancy_id).filter((o) => o != null));
      // The trackers of each new occupancy are told (an occupancy nobody tracks has none to look up).
      const tracked = new Set(facts!.tracked);
      addedOccupancies = [
        ...new Set(
          links.map((l) => l.occupancy_id).filter((o): o is number => o != null && !had.has(o) && tracked.has(o)),
        ),
      ];
    }
  }

  if (!changes.length && !newLinks) return loadNote(db, id);
  // The note, its links and its event: one statement (atomic), answering the note.
  const row = await repo.updateNote(db, id, set, newLinks, {
    type: "UPDATED",
    type_display: "Updated",
    note: changes.length ? changeNote(changes) : "Changes: occupancies updated",
    performed_by_id: user.id,
  });
  if (!row) throw new NotFoundError();
  const note = toNote(row);
  if (addedOccupancies.length) await notifyNewOccupancies(ctx, note, addedOccupancies, user.id, ctx.log);
  return note;
}

export async function deleteNote(ctx: ServiceContext, id: number): Promise<void> {
  const db = ctx.db;
  const { head } = await reachableNote(ctx, id);
  const scope = await requireBuilding(ctx, db, head.building_id, "shiftlog.delete");
  // The event and the delete: one statement (atomic).
  await repo.deleteNote(db, id, {
    building_id: head.building_id,
    type: "DELETED",
    type_display: "Deleted",
    note: "Note deleted",
    performed_by_id: scope.user.id,
    data: { body: head.body, shift_log_type_id: head.shift_log_type_id, owner_id: head.owner_id },
  });
}
