import {
  AddExistingOccupant,
  can,
  type Event,
  type Occupancy,
  OccupancyCreate,
  type OccupancyEvent,
  OccupancyPatch,
  TRACK_FIELDS,
  UNIT_PROFILE_MESSAGES as M,
  type OccupancyListQuery,
  hasBuildingAccess,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl } from "../../lib/files.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import { changeNotes, diff, FormError, gateObject, nestedErrors, parseBody, viewerOf } from "./common.ts";
import type { ServiceContext } from "../../lib/context.ts";
import * as repo from "./repository.ts";
import {
  ResidentContext,
  checkNewResidents,
  insertExistingResident,
  insertNewResident,
  usernameRace,
} from "./residents.ts";

const encodeLeaseId = (id: string | null) => (id ? Buffer.from(id, "utf8").toString("base64url") : null);

export async function buildOccupancies(db: DbOrTx, ids: number[], viewer: repo.Viewer): Promise<Occupancy[]> {
  if (!ids.length) return [];
  const [bases, people, flags, tracking] = await Promise.all([
    repo.occupancyBases(db, ids),
    repo.occupantsByOccupancy(db, ids, viewer),
    repo.activeFlags(db, ids),
    viewer.canTrack ? repo.trackingOf(db, ids) : Promise.resolve([]),
  ]);
  const byId = new Map(bases.map((b) => [b.id, b]));
  const out: Occupancy[] = [];
  for (const id of ids) {
    const b = byId.get(id);
    if (!b) continue;
    const today = todayIn(b.time_zone);
    const isFuture = !!b.lease_start_date && b.lease_start_date > today;
    const all = people.get(id) ?? [];
    const flag = flags.get(id) ?? null;
    const mine = tracking.find((t) => t.occupancy_id === id && t.user_id === viewer.userId) ?? null;
    out.push({
      id: b.id,
      building_id: b.building_id,
      building_name: b.building_name,
      apartment_id: b.apartment_id,
      apartment_number: b.apartment_number,
      bedrooms: b.bedrooms,
      bathrooms: b.bathrooms,
      floor: b.floor,
      line: b.line,
      is_balcony_apt: b.is_balcony_apt,
      is_management: b.is_management,
      is_active: b.is_active,
      is_future: isFuture,
      status: !b.is_active ? "INACTIVE" : isFuture ? "FUTURE" : "CURRENT",
      is_do_not_disturb: b.is_do_not_disturb,
      is_lease_expired: b.is_active && !!b.lease_end_date && b.lease_end_date < today,
      lease_start_date: b.lease_start_date,
      lease_end_date: b.lease_end_date,
      move_in_date: b.move_in_date,
      move_out_date: b.move_out_date,
      occupant_set: all.filter((o) => o.is_active),
      inactive_occupant_set: all.filter((o) => !o.is_active),
      flag: flag && (!flag.is_manager_only || viewer.manager) ? flag : null,
      tracking: mine
        ? {
            id: mine.id,
            occupancy_id: mine.occupancy_id,
            user_id: mine.user_id,
            track_instructions: mine.track_instructions,
            track_maintenance_requests: mine.track_maintenance_requests,
            track_packages: mine.track_packages,
            track_service_elevators: mine.track_service_elevators,
            track_shift_log_notes: mine.track_shift_log_notes,
          }
        : null,
      tracking_employees: viewer.manager
        ? tracking.filter((t) => t.occupancy_id === id && TRACK_FIELDS.some((f) => t[f]))
        : [],
      external_lease_id: viewer.manager ? b.external_lease_id : null,
      encoded_external_lease_id: viewer.manager ? encodeLeaseId(b.external_lease_id) : null,
      date_created: iso(b.date_created)!,
      last_modified: iso(b.last_modified)!,
    });
  }
  return out;
}

/** Loads an occupancy and passes its building's gate (404 when unreachable, 403 for the action). */
export async function gateOccupancy(ctx: ServiceContext, id: number, action: Parameters<typeof gateObject>[2]) {
  const ref = await repo.occupancyRef(ctx.db, id);
  if (!ref) throw new NotFoundError();
  const scope = await gateObject(ctx, ref.building_id, action);
  return { ref, scope, viewer: viewerOf(scope) };
}

async function occupancyOut(db: DbOrTx, id: number, viewer: repo.Viewer): Promise<Occupancy> {
  const [o] = await buildOccupancies(db, [id], viewer);
  if (!o) throw new NotFoundError();
  return o;
}

/** GET /core/occupancies/{id}/ */
export async function getOccupancy(ctx: ServiceContext, id: number): Promise<Occupancy> {
  const { viewer } = await gateOccupancy(ctx, id, "occupancy.view");
  return occupancyOut(ctx.db, id, viewer);
}

/** GET /core/occupancies/?apartment_id=&building=&is_active= */
export async function listOccupancies(ctx: ServiceContext, q: OccupancyListQuery) {
  const user = requireUser(ctx);
  const db = ctx.db;
  let buildingId = q.building;
  if (q.apartment_id !== undefined) {
    const apt = await repo.apartmentRef(db, q.apartment_id);
    if (
      !apt ||
      !hasBuildingAccess(user, apt.building_id) ||
      (buildingId !== undefined && apt.building_id !== buildingId)
    ) {
      // An apartment the user cannot see has no occupancies for them.
      if (buildingId !== undefined) await requireBuilding(ctx, db, buildingId, "occupancy.view");
      return paginate(ctx, pageOf(q), 0, []);
    }
    buildingId = apt.building_id;
  }
  if (buildingId === undefined) throw new ValidationError({ building: [M.fieldRequired] });
  const scope = await requireBuilding(ctx, db, buildingId, "occupancy.view");
  const page = pageOf(q);
  const { count, ids } = await repo.listOccupancyIds(
    db,
    { buildingIds: [scope.building.id], apartmentId: q.apartment_id, isActive: q.is_active },
    page,
  );
  return paginate(ctx, page, count, await buildOccupancies(db, ids, viewerOf(scope)));
}

/** GET /core/occupancies/{id}/adjacent_units/ */
export async function adjacentUnits(ctx: ServiceContext, id: number) {
  await gateOccupancy(ctx, id, "occupancy.view");
  const db = ctx.db;
  const [base] = await repo.occupancyBases(db, [id]);
  return repo.adjacentUnits(db, base.building_id, base.sort_key, base.apartment_id);
}

/** GET /core/occupancies/{id}/events/ — the unit's history (front desk and managers). */
export async function occupancyEvents(ctx: ServiceContext, id: number, q: { limit?: number; offset?: number }) {
  const { scope, viewer } = await gateOccupancy(ctx, id, "occupancy.history");
  const page = pageOf(q);
  const { count, rows } = await repo.occupancyEvents(
    ctx.db,
    id,
    { manager: viewer.manager, notes: can(scope.user, "occupancy.notes", scope.ctx), viewEmail: viewer.viewEmail },
    page,
  );
  return paginate(ctx, page, count, rows as OccupancyEvent[]);
}

/** POST /core/occupancies/ (managers). */
export async function createOccupancy(ctx: ServiceContext, body: unknown): Promise<Occupancy> {
  const user = requireUser(ctx);
  if (!can(user, "occupancy.create")) throw new PermissionDeniedError();
  const db = ctx.db;
  const input = parseBody(OccupancyCreate, body, (errors) => {
    const rowErrors = ["new_occupants", "new_occupants_by_username"].some((k) => Array.isArray(errors[k]));
    if (rowErrors) errors.non_field_errors = [...((errors.non_field_errors as string[]) ?? []), M.invalidOccupantRows];
  });
  const newRows = input.new_occupants ?? [];
  const existingRows = input.new_occupants_by_username ?? [];
  if (!newRows.length && !existingRows.length) throw new FormError({ non_field_errors: [M.atLeastOneResident] });

  const apt = await repo.apartmentRef(db, input.apartment_id);
  if (!apt || !hasBuildingAccess(user, apt.building_id)) throw new FormError({ apartment_id: [M.invalidUnit] });
  const scope = await requireBuilding(ctx, db, apt.building_id, "occupancy.create");

  // Resident rows against the database.
  const seen = new Set<string>();
  const newErrors = await checkNewResidents(db, newRows, seen);
  const existingUsers: { id: number }[] = [];
  const existingErrors: Record<string, string[]>[] = [];
  const seenUsers = new Set<number>();
  for (const r of existingRows) {
    const e: Record<string, string[]> = {};
    const u = await repo.findResidentUser(db, r.username);
    if (!u || u.role !== "TN") e.username = [M.residentNotFound];
    else if (seenUsers.has(u.id)) e.username = [M.duplicateInRequest];
    else seenUsers.add(u.id);
    existingUsers.push({ id: u?.id ?? 0 });
    existingErrors.push(e);
  }
  const bad = (list: Record<string, string[]>[]) => list.some((e) => Object.keys(e).length);
  if (bad(newErrors) || bad(existingErrors)) {
    const errors: Record<string, unknown> = { non_field_errors: [M.invalidOccupantRows] };
    if (bad(newErrors)) errors.new_occupants = newErrors;
    if (bad(existingErrors)) errors.new_occupants_by_username = existingErrors;
    throw new FormError(errors);
  }

  const id = await db
    .transaction(async (tx) => {
      const occupancyId = await repo.insertOccupancy(tx, {
        building_id: apt.building_id,
        apartment_id: apt.id,
        lease_start_date: input.lease_start_date ?? null,
        lease_end_date: input.lease_end_date ?? null,
        move_in_date: input.move_in_date ?? null,
        move_out_date: input.move_out_date ?? null,
        is_active: input.is_active ?? true,
        is_do_not_disturb: input.is_do_not_disturb ?? false,
        external_lease_id: input.external_lease_id || null,
      });
      const ctx: ResidentContext = {
        occupancyId,
        buildingId: apt.building_id,
        apartmentNumber: apt.apartment_number,
        userId: scope.user.id,
      };
      await repo.insertEvents(tx, [
        {
          building_id: apt.building_id,
          entity_type: "occupancy",
          entity_id: occupancyId,
          type: "CREATED",
          type_display: "Created",
          note: `Unit profile created for unit ${apt.apartment_number} (lease ${input.lease_start_date ?? "None"} to ${input.lease_end_date ?? "None"}) with ${newRows.length + existingRows.length} resident(s).`,
          performed_by_id: scope.user.id,
        },
      ]);
      const taken = new Set<string>();
      for (const r of newRows) await insertNewResident(tx, r, ctx, taken);
      for (let i = 0; i < existingRows.length; i++)
        await insertExistingResident(tx, existingUsers[i].id, existingRows[i], ctx);
      return occupancyId;
    })
    .catch((err) => {
      throw usernameRace(err);
    });
  ctx.changes.touch(topics.units(apt.building_id));
  return occupancyOut(db, id, viewerOf(scope));
}

const LEASE_FIELDS = repo.OCCUPANCY_LEASE_FIELDS;
/** What only managers may change: everything but moving out. */
const MANAGER_FIELDS = ["apartment_id", ...LEASE_FIELDS.filter((f) => f !== "move_out_date"), "external_lease_id"];
/** The fields of the change notes, in order. */
const OCCUPANCY_FIELDS = ["apartment_number", ...LEASE_FIELDS, "external_lease_id"] as const;

/**
 * PATCH /core/occupancies/{id}/. Managers change anything; other staff only move out
 * (move_out_date, or move_out: true for today in the building's time zone). Moving out
 * deactivates nothing.
 */
export async function patchOccupancy(ctx: ServiceContext, id: number, body: unknown): Promise<Occupancy> {
  const { scope, viewer } = await gateOccupancy(ctx, id, "occupancy.view");
  const input = parseBody(OccupancyPatch, body);
  const sent = (k: string) => (input as Record<string, unknown>)[k] !== undefined;
  if (MANAGER_FIELDS.some(sent) && !can(scope.user, "occupancy.edit", scope.ctx)) throw new PermissionDeniedError();
  if ((sent("move_out_date") || input.move_out) && !can(scope.user, "occupancy.move_out", scope.ctx))
    throw new PermissionDeniedError();
  const db = ctx.db;
  await db.transaction(async (tx) => {
    const cur = await repo.occupancyForUpdate(tx, id);
    if (!cur) throw new NotFoundError();
    const next: Record<string, unknown> = {};
    let apartmentNumber = cur.apartment_number;
    if (input.apartment_id !== undefined && input.apartment_id !== cur.apartment_id) {
      const apt = await repo.apartmentRef(tx, input.apartment_id);
      if (!apt || !hasBuildingAccess(scope.user, apt.building_id))
        throw new FormError({ apartment_id: [M.invalidUnit] });
      if (apt.building_id !== cur.building_id) throw new FormError({ apartment_id: [M.unitOtherBuilding] });
      next.apartment_id = apt.id;
      apartmentNumber = apt.apartment_number;
    }
    for (const k of LEASE_FIELDS) if (input[k] !== undefined) next[k] = input[k];
    if (input.external_lease_id !== undefined) next.external_lease_id = input.external_lease_id || null;
    if (input.move_out) next.move_out_date = todayIn(scope.building.time_zone);
    const start = (next.lease_start_date !== undefined ? next.lease_start_date : cur.lease_start_date) as string | null;
    const end = (next.lease_end_date !== undefined ? next.lease_end_date : cur.lease_end_date) as string | null;
    if (start && end && end < start) throw new FormError({ lease_end_date: [M.leaseEndBeforeStart] });
    if (next.is_active === false && cur.is_active && (await repo.activeOccupantCount(tx, id)) > 0)
      throw new FormError({ is_active: [M.deactivateWithActiveOccupants] });

    const changes = diff(
      { ...cur } as Record<string, unknown>,
      { ...next, ...(next.apartment_id !== undefined ? { apartment_number: apartmentNumber } : {}) },
      OCCUPANCY_FIELDS,
    );
    if (!changes.length) return;
    const { apartment_number: _n, ...values } = next as Record<string, unknown> & { apartment_number?: string };
    await repo.updateOccupancy(tx, id, values as Parameters<typeof repo.updateOccupancy>[2]);
    const movedOut = !cur.move_out_date && !!next.move_out_date && changes.length === 1;
    await repo.insertEvents(tx, [
      {
        building_id: cur.building_id,
        entity_type: "occupancy",
        entity_id: id,
        type: movedOut ? "MOVED_OUT" : "UPDATED",
        type_display: movedOut ? "Moved out" : "Updated",
        note: changeNotes(changes).note,
        performed_by_id: scope.user.id,
        data: { changes: changes.map((c) => c.field) },
      },
    ]);
  });
  ctx.changes.touch(topics.units(scope.building.id));
  return occupancyOut(db, id, viewer);
}

/** DELETE /core/occupancies/{id}/ (managers): removes the profile, its residents, flags, notes and subscriptions. */
export async function deleteOccupancy(ctx: ServiceContext, id: number): Promise<void> {
  const { ref, scope } = await gateOccupancy(ctx, id, "occupancy.delete");
  const db = ctx.db;
  const photos = await repo.occupancyPhotoUrls(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteOccupancy(tx, id);
    await repo.insertEvents(tx, [
      {
        building_id: ref.building_id,
        entity_type: "occupancy",
        entity_id: id,
        type: "DELETED",
        type_display: "Deleted",
        note: `Unit profile of unit ${ref.apartment_number} deleted.`,
        performed_by_id: scope.user.id,
      },
    ]);
  });
  // Its residents and packages went with it.
  ctx.changes.touch(topics.units(ref.building_id), topics.packages(ref.building_id));
  for (const url of photos) await deleteFileByUrl(ctx, url).catch(() => undefined);
}

/** POST /core/occupancies/{id}/add-existing-occupant/ (managers): every error also in non_field_errors. */
export async function addExistingOccupant(ctx: ServiceContext, id: number, body: unknown) {
  const { ref, scope, viewer } = await gateOccupancy(ctx, id, "occupant.create");
  const db = ctx.db;
  const r = AddExistingOccupant.safeParse(body ?? {});
  if (!r.success) {
    const errors = nestedErrors(r.error.issues, body) as Record<string, string[]>;
    errors.non_field_errors = [...new Set(r.error.issues.map((i) => i.message))];
    throw new FormError(errors);
  }
  const u = await repo.findResidentUser(db, r.data.username);
  if (!u || u.role !== "TN") throw new FormError({ non_field_errors: [M.residentNotFound] });
  if (await repo.occupantOnOccupancy(db, id, u.id)) throw new FormError({ non_field_errors: [M.alreadyOnProfile] });
  const occupantId = await db.transaction((tx) =>
    insertExistingResident(tx, u.id, r.data, {
      occupancyId: id,
      buildingId: ref.building_id,
      apartmentNumber: ref.apartment_number,
      userId: scope.user.id,
    }),
  );
  ctx.changes.touch(topics.units(ref.building_id));
  return (await repo.occupantById(db, occupantId, viewer))!;
}

export const toEvent = (r: {
  id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by: string | null;
  date_created: string;
}): Event => ({
  id: r.id,
  type: r.type,
  type_display: r.type_display,
  note: r.note,
  performed_by: r.performed_by,
  date_created: r.date_created,
});

/** A page of one object's history (a resident, an internal note). */
export async function entityEventPage(
  ctx: ServiceContext,
  entity: { type: string; id: number },
  viewer: repo.Viewer,
  q: { limit?: number; offset?: number },
) {
  const page = pageOf(q);
  const { count, rows } = await repo.entityEvents(
    ctx.db,
    entity.type,
    entity.id,
    { viewEmail: viewer.viewEmail },
    page,
  );
  return paginate(ctx, page, count, rows.map(toEvent));
}
