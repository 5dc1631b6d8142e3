import {
  type AdminContractorVisitQuery,
  CONTRACTOR_EVENT_DISPLAY,
  CONTRACTOR_MAX_LIMIT,
  CONTRACTOR_MESSAGES as CM,
  CONTRACTOR_NOTES_LIMIT,
  CONTRACTOR_PAGE_SIZE,
  CONTRACTOR_PLACEHOLDER_PHOTO_URL,
  type ContractorEventType,
  type ContractorNote,
  type ContractorNoteWrite,
  type ContractorVisit,
  type ContractorVisitListQuery,
  type ContractorVisitWrite,
  hasBuildingAccess,
  PACKAGE_MESSAGES,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { dayRangeIn, iso } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveImage } from "../../lib/files.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";

/**
 * Contractor visits (document 2 sections 2–9, document 3 section 7): log a visit (a company of
 * the list or a new one typed in, the contractor, a unit, a note, the photo), the building's list,
 * the admin-scope list of every building the user sees, check out (once), and notes. Every staff
 * member of the building; another building's visit is 404.
 */

const PHOTO_SIZE = { width: 1280, height: 1280 } as const;
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.contractors(buildingId));
const event = (type: ContractorEventType) => ({ type, type_display: CONTRACTOR_EVENT_DISPLAY[type] });

export function toVisit(r: repo.VisitRow): ContractorVisit {
  return {
    id: r.id,
    building: r.building_id,
    building_name: r.building_name,
    contractor_type_id: r.contractor_type_id,
    company_name: r.company_name,
    name: r.name,
    note: r.note,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupancy_id: r.occupancy_id,
    photo_url: r.photo_url,
    date_created: iso(r.date_created)!,
    date_closed: iso(r.date_closed),
    opened_by: r.opened_by,
    closed_by: r.closed_by,
    in_building: r.date_closed === null,
    notes_count: r.notes_count,
  };
}

async function loadOne(ctx: ServiceContext, buildingId: number, id: number): Promise<ContractorVisit> {
  const { rows } = await repo.listVisits(ctx.db, { buildingIds: [buildingId], ids: [id] }, { limit: 1, offset: 0 });
  if (!rows.length) throw new NotFoundError();
  return toVisit(rows[0]);
}

/** A visit the user may reach (404 when missing or of a building out of reach). */
async function reachable(ctx: ServiceContext, id: number) {
  const user = requireUser(ctx);
  const head = await repo.findVisit(ctx.db, id);
  if (!head || !hasBuildingAccess(user, head.building_id)) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, head.building_id, "contractor.use");
  return { head, scope };
}

/** Checked before a form naming the visit is judged (403/404 before 400). */
export async function requireVisit(ctx: ServiceContext, id: number): Promise<void> {
  await reachable(ctx, id);
}

/** Checked before the visit form is judged (403 before 400). */
export async function requireVisitBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, "contractor.use");
}

// ---------------------------------------------------------------------------------------------
// Lists

/** GET /core/buildings/{b}/contractor-visits/: newest first, 30 a page; days in the building's zone. */
export async function listBuildingVisits(ctx: ServiceContext, buildingId: number, q: ContractorVisitListQuery) {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "contractor.use");
  const page = pageOf(q, CONTRACTOR_PAGE_SIZE, CONTRACTOR_MAX_LIMIT);
  const { rows, count } = await repo.listVisits(
    ctx.db,
    {
      buildingIds: [buildingId],
      typeId: q.contractor_type_id,
      apartmentId: q.apartment,
      inBuilding: q.in_building,
      ...dayRangeIn(q, scope.building.time_zone),
    },
    page,
  );
  return paginate(ctx, page, count, rows.map(toVisit));
}

/**
 * GET /contractors/visits/: admin scope, every building the user may see (office: all), or one
 * of them (`building`; out of reach → 403); from / until are UTC days.
 */
export async function listAdminVisits(ctx: ServiceContext, q: AdminContractorVisitQuery) {
  const user = requireUser(ctx);
  let buildingIds: number[] | null;
  if (q.building !== undefined) {
    await requireBuilding(ctx, ctx.db, q.building, "contractor.use");
    buildingIds = [q.building];
  } else buildingIds = user.role === "OF" ? null : [...user.buildings];
  const page = pageOf(q, CONTRACTOR_PAGE_SIZE, CONTRACTOR_MAX_LIMIT);
  const { rows, count } = await repo.listVisits(
    ctx.db,
    { buildingIds, typeId: q.contractor_type_id, inBuilding: q.in_building, ...dayRangeIn(q, "UTC") },
    page,
  );
  return paginate(ctx, page, count, rows.map(toVisit));
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The company of a form: one of the list (active), or a typed name (an existing one, any case, or a new one). */
async function companyOf(ctx: ServiceContext, body: ContractorVisitWrite) {
  if (body.contractor_type_id !== undefined) {
    const type = await repo.findType(ctx.db, body.contractor_type_id);
    if (!type) throw new ValidationError({ contractor_type_id: [PACKAGE_MESSAGES.invalidPk(body.contractor_type_id)] });
    if (!type.is_active) throw new ValidationError({ contractor_type_id: [CM.inactiveType] });
    return type;
  }
  const name = body.company_name!;
  const found = await repo.findTypeByName(ctx.db, name);
  if (found) return found;
  const { row, created } = await repo.insertTypeNamed(ctx.db, name);
  if (created) ctx.changes.touch(topics.contractorTypes);
  return row;
}

/** The unit of a form (apartment and/or unit profile of the building; else invalid pk). */
async function unitOf(ctx: ServiceContext, buildingId: number, body: ContractorVisitWrite) {
  let apartmentId: number | null = null;
  let occupancyId: number | null = null;
  if (body.apartment_id !== undefined) {
    const apt = await repo.findApartment(ctx.db, body.apartment_id);
    if (!apt || apt.building_id !== buildingId)
      throw new ValidationError({ apartment_id: [PACKAGE_MESSAGES.invalidPk(body.apartment_id)] });
    apartmentId = apt.id;
  }
  if (body.occupancy_id !== undefined) {
    const occ = await repo.findOccupancy(ctx.db, body.occupancy_id);
    if (!occ || occ.building_id !== buildingId || (apartmentId !== null && occ.apartment_id !== apartmentId))
      throw new ValidationError({ occupancy_id: [PACKAGE_MESSAGES.invalidPk(body.occupancy_id)] });
    occupancyId = occ.id;
    apartmentId = occ.apartment_id;
  } else if (apartmentId !== null) occupancyId = await repo.activeOccupancyOf(ctx.db, apartmentId);
  return { apartmentId, occupancyId };
}

/**
 * POST /contractors/visits/: the photo is required unless the building waives it
 * (contractorsettings.is_photo_required false: the placeholder image is stored).
 */
export async function createVisit(
  ctx: ServiceContext,
  body: ContractorVisitWrite,
  photo: PhotoUpload | null,
): Promise<ContractorVisit> {
  const scope = await requireBuilding(ctx, ctx.db, body.building, "contractor.use");
  const buildingId = scope.building.id;
  const { apartmentId, occupancyId } = await unitOf(ctx, buildingId, body);
  if (!photo && scope.settings.contractorsettings.is_photo_required)
    throw new ValidationError({ photo_url: [CM.photoRequired] });
  const type = await companyOf(ctx, body);
  const file = photo
    ? await saveImage(ctx, {
        data: photo.data,
        purpose: "contractor_photo",
        original_name: photo.filename,
        building_id: buildingId,
        created_by_id: scope.user.id,
        resize: { ...PHOTO_SIZE, fit: "inside", format: "jpeg" },
      })
    : null;
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const id = await repo.insertVisit(tx, {
        building_id: buildingId,
        contractor_type_id: type.id,
        name: body.name,
        note: body.note ?? "",
        apartment_id: apartmentId,
        occupancy_id: occupancyId,
        photo_url: file?.url ?? CONTRACTOR_PLACEHOLDER_PHOTO_URL,
        opened_by_id: scope.user.id,
      });
      await repo.insertEvent(tx, {
        building_id: buildingId,
        visit_id: id,
        ...event("CONTRACTOR_VISIT_OPENED"),
        note: `${body.name} (${type.company_name}) entered the building`,
        performed_by_id: scope.user.id,
      });
      return id;
    });
  } catch (err) {
    if (file) await deleteFileByUrl(ctx, file.url).catch(() => undefined);
    throw err;
  }
  touch(ctx, buildingId);
  return loadOne(ctx, buildingId, id);
}

/** POST /contractors/visits/{id}/close/: checks the contractor out; a closed visit → 400. */
export async function closeVisit(ctx: ServiceContext, id: number): Promise<ContractorVisit> {
  const { head, scope } = await reachable(ctx, id);
  const closed = () => new ValidationError({ non_field_errors: [CM.alreadyClosed] });
  if (head.date_closed) throw closed();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.closeVisit(tx, id, scope.user.id, ctx.clock()))) throw closed();
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      visit_id: id,
      ...event("CONTRACTOR_VISIT_CLOSED"),
      note: `${head.name} checked out`,
      performed_by_id: scope.user.id,
    });
  });
  touch(ctx, head.building_id);
  return loadOne(ctx, head.building_id, id);
}

// ---------------------------------------------------------------------------------------------
// Notes

const toNote = (n: Awaited<ReturnType<typeof repo.listNotes>>["rows"][number]): ContractorNote => ({
  ...n,
  date_created: iso(n.date_created)!,
});

/** GET /contractors/visits/{id}/notes/: oldest first. */
export async function listNotes(ctx: ServiceContext, visitId: number, q: { limit?: number; offset?: number }) {
  await reachable(ctx, visitId);
  const page = pageOf(q, CONTRACTOR_NOTES_LIMIT, CONTRACTOR_NOTES_LIMIT);
  const { rows, count } = await repo.listNotes(ctx.db, { visitId }, page);
  return paginate(ctx, page, count, rows.map(toNote));
}

/** POST /contractors/notes/: text required ('Please enter a note'). */
export async function addNote(ctx: ServiceContext, body: ContractorNoteWrite): Promise<ContractorNote> {
  const { head, scope } = await reachable(ctx, body.contractor_visit_id);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertNote(tx, head.id, body.text, scope.user.id);
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      visit_id: head.id,
      ...event("CONTRACTOR_NOTE_ADDED"),
      note: body.text,
      performed_by_id: scope.user.id,
    });
    return id;
  });
  touch(ctx, head.building_id);
  const { rows } = await repo.listNotes(ctx.db, { visitId: head.id, id }, { limit: 1, offset: 0 });
  return toNote(rows[0]);
}
