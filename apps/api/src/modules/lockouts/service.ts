import {
  hasBuildingAccess,
  type Lockout,
  LOCKOUT_EVENT_DISPLAY,
  LOCKOUT_EXPORT_FILENAME,
  LOCKOUT_EXPORT_LIMIT,
  LOCKOUT_MESSAGES as LM,
  LOCKOUT_PAGE_SIZE,
  LOCKOUT_MAX_LIMIT,
  LOCKOUT_PROFILE_LIMIT,
  type LockoutDelete,
  type LockoutDeleted,
  type LockoutEventType,
  type LockoutExportQuery,
  type LockoutListQuery,
  lockoutPerson,
  type LockoutWrite,
  MESSAGES,
  type OccupancyLockoutQuery,
  PACKAGE_MESSAGES,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { dayRangeIn, iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveImage } from "../../lib/files.ts";
import { type Page, pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import * as repo from "./repository.ts";

/**
 * Lockouts (document 2 sections 2–9): create for a unit profile (a resident or a registered
 * guest), the building's list and its spreadsheet, the unit profile's latest, delete with a
 * reason (kept for audit, off the lists). Every call needs lockoutsettings.has_lockouts (403);
 * another building's lockout or unit profile is 404. Days are the building's.
 */

const PHOTO_SIZE = { width: 1280, height: 1280 } as const;

const todayOf = (ctx: ServiceContext, scope: BuildingScope) => todayIn(scope.building.time_zone, ctx.clock());
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.lockouts(buildingId));
const event = (type: LockoutEventType) => ({ type, type_display: LOCKOUT_EVENT_DISPLAY[type] });
const name = (p: { first_name: string; last_name: string } | null) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";

export function toLockout(r: repo.LockoutRow): Lockout {
  return {
    id: r.id,
    building_id: r.building_id,
    date_created: iso(r.date_created)!,
    entered_by: r.entered_by,
    requester_type: r.requester_type,
    occupancy_id: r.occupancy_id,
    occupancy: {
      id: r.occupancy_id,
      apartment_id: r.apartment_id,
      apartment_number: r.apartment_number,
      status: r.occupancy_status,
      is_active: r.occupancy_is_active,
    },
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupant_id: r.occupant_id,
    occupant: r.occupant,
    instruction_id: r.instruction_id,
    guest: r.guest,
    photo_url: r.photo_url,
  };
}

async function loadOne(ctx: ServiceContext, scope: BuildingScope, id: number): Promise<Lockout> {
  const { rows } = await repo.listLockouts(
    ctx.db,
    { buildingId: scope.building.id, ids: [id] },
    { limit: 1, offset: 0 },
    todayOf(ctx, scope),
  );
  if (!rows.length) throw new NotFoundError();
  return toLockout(rows[0]);
}

/** A unit profile the user may reach, in a building with lockouts (404 out of reach, 403 without lockouts). */
async function occupancyScope(ctx: ServiceContext, occupancyId: number) {
  const user = requireUser(ctx);
  const occ = await repo.findOccupancy(ctx.db, occupancyId);
  if (!occ || !hasBuildingAccess(user, occ.building_id)) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, occ.building_id, "lockout.use");
  return { occ, scope };
}

/** Checked before the form is judged (403/404 before 400). */
export async function requireOccupancy(ctx: ServiceContext, occupancyId: number): Promise<void> {
  await occupancyScope(ctx, occupancyId);
}

/** Checked before the form is judged (403/404 before 400). */
export async function requireLockout(ctx: ServiceContext, id: number): Promise<void> {
  await reachable(ctx, id);
}

/** The building of a list, with lockouts (403 otherwise). */
export const buildingScope = (ctx: ServiceContext, buildingId: number) =>
  requireBuilding(ctx, ctx.db, buildingId, "lockout.use");

// ---------------------------------------------------------------------------------------------
// Lists

/** GET /core/buildings/{b}/lockouts/: newest first, 30 a page. */
export async function listBuildingLockouts(ctx: ServiceContext, buildingId: number, q: LockoutListQuery) {
  const scope = await buildingScope(ctx, buildingId);
  const page = pageOf(q, LOCKOUT_PAGE_SIZE, LOCKOUT_MAX_LIMIT);
  const { rows, count } = await repo.listLockouts(
    ctx.db,
    { buildingId, apartmentId: q.occupancy__apartment, ...dayRangeIn(q, scope.building.time_zone) },
    page,
    todayOf(ctx, scope),
  );
  return paginate(ctx, page, count, rows.map(toLockout));
}

/** GET /core/occupancies/{id}/lockouts/: the unit profile's, newest first (the panel asks 4). */
export async function listOccupancyLockouts(ctx: ServiceContext, occupancyId: number, q: OccupancyLockoutQuery) {
  const { occ, scope } = await occupancyScope(ctx, occupancyId);
  const page: Page = pageOf(q, LOCKOUT_PROFILE_LIMIT, LOCKOUT_MAX_LIMIT);
  const { rows, count } = await repo.listLockouts(
    ctx.db,
    { buildingId: occ.building_id, occupancyId },
    page,
    todayOf(ctx, scope),
  );
  return paginate(ctx, page, count, rows.map(toLockout));
}

const time = (d: string, tz: string, part: "date" | "time") =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    ...(part === "date"
      ? { year: "numeric", month: "2-digit", day: "2-digit" }
      : { hour: "numeric", minute: "2-digit", hour12: true }),
  }).format(new Date(d));

/** The spreadsheet's columns (LOCKOUT_EXPORT_COLUMNS), times in the building's zone. */
function exportColumns(tz: string): XlsxColumn<Lockout>[] {
  return [
    { header: "Date", width: 12, value: (l) => time(l.date_created, tz, "date") },
    { header: "Time", width: 10, value: (l) => time(l.date_created, tz, "time") },
    { header: "Entered by", width: 22, value: (l) => name(l.entered_by) },
    { header: "Unit", width: 10, value: (l) => l.apartment_number },
    { header: "Occupancy", width: 12, value: (l) => l.occupancy.status },
    { header: "Occupant", width: 22, value: (l) => name(l.occupant) },
    { header: "Guest", width: 22, value: (l) => l.guest?.name ?? "" },
    { header: "Photo", width: 40, value: (l) => l.photo_url ?? "" },
  ];
}

/** GET /core/buildings/{b}/lockouts/as_excel/: every lockout of the filter as lockouts.xlsx. */
export async function exportLockouts(ctx: ServiceContext, buildingId: number, q: LockoutExportQuery) {
  const scope = await buildingScope(ctx, buildingId);
  const tz = scope.building.time_zone;
  const rows = repo.iterateLockouts(
    ctx.db,
    { buildingId, apartmentId: q.occupancy_apartment, ...dayRangeIn(q, tz) },
    todayOf(ctx, scope),
    { limit: LOCKOUT_EXPORT_LIMIT },
  );
  async function* lockouts() {
    for await (const r of rows) yield toLockout(r);
  }
  return new XlsxSheet(LOCKOUT_EXPORT_FILENAME, exportColumns(tz), lockouts(), { sheetName: "Lockouts" });
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * POST /core/occupancies/{id}/lockouts/: a resident (an active occupant of the unit) or a
 * registered guest (an unexpired registered-guest instruction of the unit), with a photo.
 */
export async function createLockout(
  ctx: ServiceContext,
  occupancyId: number,
  body: LockoutWrite,
  photo: PhotoUpload | null,
): Promise<Lockout> {
  const { occ, scope } = await occupancyScope(ctx, occupancyId);
  if (body.occupancy_id !== undefined && body.occupancy_id !== occupancyId)
    throw new ValidationError({ occupancy_id: [PACKAGE_MESSAGES.invalidPk(body.occupancy_id)] });
  let occupantId: number | null = null;
  let instructionId: number | null = null;
  let who: string;
  if (body.requester_type === "resident") {
    const residents = await repo.activeOccupants(ctx.db, occ.id);
    if (!residents.length) throw new ValidationError({ occupant_id: [LM.noResidents] });
    const chosen = body.occupant_id === undefined ? residents[0] : residents.find((r) => r.id === body.occupant_id);
    if (!chosen) throw new ValidationError({ occupant_id: [LM.notAResidentOfUnit] });
    occupantId = chosen.id;
    who = `resident ${name(chosen)}`;
  } else {
    const guests = await repo.registeredGuests(ctx.db, occ.id, todayOf(ctx, scope));
    if (!guests.length) throw new ValidationError({ instruction_id: [LM.noRegisteredGuests] });
    if (body.instruction_id === undefined) throw new ValidationError({ instruction_id: [MESSAGES.fieldRequired] });
    const chosen = guests.find((g) => g.id === body.instruction_id);
    if (!chosen) throw new ValidationError({ instruction_id: [LM.notAGuestOfUnit] });
    instructionId = chosen.id;
    who = `guest ${chosen.name}`;
  }
  const file = photo
    ? await saveImage(ctx, {
        data: photo.data,
        purpose: "lockout_photo",
        original_name: photo.filename,
        building_id: occ.building_id,
        created_by_id: scope.user.id,
        resize: { ...PHOTO_SIZE, fit: "inside", format: "jpeg" },
      })
    : null;
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const id = await repo.insertLockout(tx, {
        building_id: occ.building_id,
        occupancy_id: occ.id,
        apartment_id: occ.apartment_id,
        requester_type: body.requester_type,
        occupant_id: occupantId,
        instruction_id: instructionId,
        photo_url: file?.url ?? null,
        entered_by_id: scope.user.id,
      });
      await repo.insertEvent(tx, {
        building_id: occ.building_id,
        lockout_id: id,
        ...event("LOCKOUT_CREATED"),
        note: `Lockout of unit ${occ.apartment_number}: ${who}`,
        performed_by_id: scope.user.id,
      });
      return id;
    });
  } catch (err) {
    if (file) await deleteFileByUrl(ctx, file.url).catch(() => undefined);
    throw err;
  }
  touch(ctx, occ.building_id);
  return loadOne(ctx, scope, id);
}

/** A lockout the user may reach (404 when missing, deleted, out of reach); its building needs lockouts (403). */
async function reachable(ctx: ServiceContext, id: number) {
  const user = requireUser(ctx);
  const head = await repo.findLockout(ctx.db, id);
  if (!head || head.is_deleted || !hasBuildingAccess(user, head.building_id)) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, head.building_id, "lockout.use");
  return { head, scope };
}

/** POST /lockouts/lockouts/{id}/delete/: a reason is required; the lockout is kept for audit, off the lists. */
export async function deleteLockout(ctx: ServiceContext, id: number, body: LockoutDelete): Promise<LockoutDeleted> {
  const { head, scope } = await reachable(ctx, id);
  const before = await loadOne(ctx, scope, id);
  await ctx.db.transaction(async (tx) => {
    const done = await repo.markDeleted(tx, id, {
      delete_reason: body.delete_reason,
      deleted_by_id: scope.user.id,
      deleted_at: ctx.clock(),
    });
    if (!done) throw new NotFoundError();
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      lockout_id: id,
      ...event("LOCKOUT_DELETED"),
      note: `Lockout of unit ${before.apartment_number} (${lockoutPerson(before) || before.requester_type}) deleted: ${body.delete_reason}`,
      performed_by_id: scope.user.id,
    });
  });
  touch(ctx, head.building_id);
  return { id, detail: LM.deleted };
}
