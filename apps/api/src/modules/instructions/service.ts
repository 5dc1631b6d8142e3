import {
  addDays,
  type Action,
  changeNote,
  type Event,
  FOOD_DELIVERY_TYPE_ID,
  hasBuildingAccess,
  type Instruction,
  INSTRUCTION_DEFAULT_ORDERING,
  INSTRUCTION_EVENT_DISPLAY,
  INSTRUCTION_MESSAGES as IM,
  type InstructionDrawerQuery,
  type InstructionEventType,
  instructionFormErrors,
  type InstructionListQuery,
  type InstructionPatch,
  instructionStatus,
  type InstructionWrite,
  isManagerLevel,
  MESSAGES,
  PACKAGE_MESSAGES,
  RECENTLY_EXPIRED_DAYS,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveImage } from "../../lib/files.ts";
import { notifyTrackers } from "../../lib/notifications.ts";
import type { Page } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";
import { toTypeSummary } from "./types.ts";

/**
 * Front-desk instructions (document 2 sections 4–7): lists, one instruction (detail, events),
 * create, edit, expire and its photo. Statuses and "today" are in the building's time zone.
 * Views: every staff member of the building; writes: as instructionsettings.is_write_manager_only
 * allows (contract `can`). Another building's instruction is 404.
 */

/** A photo of an instruction: fitted within these, re-encoded as JPEG without metadata. */
const PHOTO_SIZE = { width: 1280, height: 1280 } as const;

// ---------------------------------------------------------------------------------------------
// Output

export function toInstruction(r: repo.InstructionRow, today: string): Instruction {
  const out = {
    id: r.id,
    building_id: r.building_id,
    occupancy: r.occupancy_id,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupancy_is_active: r.occupancy_is_active,
    occupancy_status: r.occupancy_status,
    occupancy_is_do_not_disturb: r.occupancy_is_do_not_disturb,
    occupants: r.occupants,
    instruction_type: toTypeSummary(r.type),
    name: r.name,
    instruction_text: r.instruction_text,
    start_date: r.start_date,
    expiration_date: r.expiration_date,
    photo_url: r.photo_url,
    entered_by: r.entered_by,
    entered_date: iso(r.entered_date)!,
    is_manually_expired: r.is_manually_expired,
    is_management: r.is_management,
    photo_last_changed_datetime: iso(r.photo_last_changed_datetime),
    photo_last_changed_user: r.photo_last_changed_user,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
    is_food_delivery: r.type.id === FOOD_DELIVERY_TYPE_ID,
  };
  return { ...out, status: instructionStatus(out, today) };
}

const todayOf = (ctx: ServiceContext, scope: BuildingScope) => todayIn(scope.building.time_zone, ctx.clock());

async function loadOne(ctx: ServiceContext, scope: BuildingScope, id: number): Promise<Instruction> {
  const today = todayOf(ctx, scope);
  const { rows } = await repo.listInstructions(
    ctx.db,
    { buildingId: scope.building.id, ids: [id], status: "all" },
    { key: "id", desc: false },
    { limit: 1, offset: 0 },
    today,
  );
  if (!rows.length) throw new NotFoundError();
  return toInstruction(rows[0], today);
}

const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.instructions(buildingId));

// ---------------------------------------------------------------------------------------------
// Lists

/** The building of a list: `building`, else the unit profile's; out of reach → 403. */
async function listScope(ctx: ServiceContext, q: { building?: number; occupancy?: number }) {
  let buildingId = q.building;
  if (buildingId === undefined) {
    if (q.occupancy === undefined) throw new ValidationError({ building: [MESSAGES.fieldRequired] });
    const occ = await repo.findOccupancy(ctx.db, q.occupancy);
    if (!occ) throw new ValidationError({ occupancy: [PACKAGE_MESSAGES.invalidPk(q.occupancy)] });
    buildingId = occ.building_id;
  }
  return requireBuilding(ctx, ctx.db, buildingId, "instruction.view");
}

function parseSort(ordering: string | undefined): repo.Sort {
  const o = ordering || INSTRUCTION_DEFAULT_ORDERING;
  const desc = o.startsWith("-");
  return { key: (desc ? o.slice(1) : o) as repo.SortKey, desc };
}

async function page(ctx: ServiceContext, scope: BuildingScope, f: repo.InstructionFilter, sort: repo.Sort, p: Page) {
  const today = todayOf(ctx, scope);
  const { rows, count } = await repo.listInstructions(ctx.db, f, sort, p, today);
  return { count, results: rows.map((r) => toInstruction(r, today)) };
}

/** GET /instructions/instructions/ with every filter of document 2. */
export async function listInstructions(ctx: ServiceContext, q: InstructionListQuery, p: Page) {
  const scope = await listScope(ctx, q);
  return page(
    ctx,
    scope,
    {
      buildingId: scope.building.id,
      occupancyId: q.occupancy,
      apartmentId: q.apartment,
      typeIds: q.instruction_type,
      foodDelivery: q.food_delivery || undefined,
      excludeFoodDelivery: q.exclude_food_delivery || undefined,
      status: q.status ?? "active",
      occupancyIsActive: q.occupancy__is_active,
      occupantStatuses: q.occupant_status,
      search: q.search?.trim() || undefined,
      rangeMin: q.date_range_min,
      rangeMax: q.date_range_max,
    },
    parseSort(q.ordering),
    p,
  );
}

/** A drawer's list (recently expired, security): the building, a unit profile, a search, its own filter. */
async function drawer(
  ctx: ServiceContext,
  q: InstructionDrawerQuery,
  p: Page,
  filter: (today: string) => Pick<repo.InstructionFilter, "status" | "endedSince" | "securityOnly">,
  sort: repo.Sort,
) {
  const scope = await listScope(ctx, q);
  const f = filter(todayOf(ctx, scope));
  const search = q.search?.trim() || undefined;
  return page(ctx, scope, { buildingId: scope.building.id, occupancyId: q.occupancy, search, ...f }, sort, p);
}

/** GET /instructions/instructions/expired/: ended within the past 30 days, latest end first. */
export const listRecentlyExpired = (ctx: ServiceContext, q: InstructionDrawerQuery, p: Page) =>
  drawer(ctx, q, p, (today) => ({ status: "expired", endedSince: addDays(today, -RECENTLY_EXPIRED_DAYS) }), {
    key: "expiration_date",
    desc: true,
  });

/** GET /instructions/instructions/security/: active instructions of is_security types, by unit. */
export const listSecurity = (ctx: ServiceContext, q: InstructionDrawerQuery, p: Page) =>
  drawer(ctx, q, p, () => ({ status: "active", securityOnly: true }), { key: "apartment_number", desc: false });

// ---------------------------------------------------------------------------------------------
// One instruction

/** The instruction when the user may see it (404 when missing, out of reach or of another building). */
async function reachable(ctx: ServiceContext, id: number, queryBuilding: number | undefined, action: Action) {
  const user = requireUser(ctx);
  const head = await repo.findInstruction(ctx.db, id);
  if (!head || !hasBuildingAccess(user, head.building_id)) throw new NotFoundError();
  if (queryBuilding !== undefined && queryBuilding !== head.building_id) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, head.building_id, action);
  return { head, scope };
}

export async function getInstruction(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<Instruction> {
  const { scope } = await reachable(ctx, id, queryBuilding, "instruction.view");
  return loadOne(ctx, scope, id);
}

export async function instructionEvents(
  ctx: ServiceContext,
  id: number,
  q: { building?: number; ordering?: string },
  p: Page,
): Promise<{ count: number; results: Event[] }> {
  await reachable(ctx, id, q.building, "instruction.view");
  const { rows, count } = await repo.listEvents(ctx.db, id, p, q.ordering !== "date_created");
  return { count, results: rows.map((e) => ({ ...e, date_created: iso(e.date_created)! })) };
}

const event = (type: InstructionEventType) => ({ type, type_display: INSTRUCTION_EVENT_DISPLAY[type] });

/** Staff who track the unit's instructions hear of it (a failure is only logged). */
async function tellTrackers(
  ctx: ServiceContext,
  scope: BuildingScope,
  i: { id: number; occupancy_id: number; name: string; apartment_number: string; type_name: string },
  what: string,
) {
  try {
    if (!(await repo.instructionsTracked(ctx.db, i.occupancy_id))) return;
    const who = `${scope.user.first_name} ${scope.user.last_name}`.trim() || scope.user.username;
    const b = scope.building;
    await notifyTrackers(ctx, {
      building_id: b.id,
      occupancy_id: i.occupancy_id,
      area: "instructions",
      subject: `Instruction ${what} for unit ${i.apartment_number} – ${b.name}`,
      text: `${who} ${what} the ${i.type_name.toLowerCase()} instruction "${i.name}" for unit ${i.apartment_number} at ${b.name}.`,
      link: `/${b.id}/front-desk/instructions/${i.id}`,
      exclude_user_id: scope.user.id,
      related: { entity_type: "instruction", entity_id: i.id },
    });
  } catch (err) {
    ctx.log.error({ err, instruction: i.id }, "instruction tracking notification failed");
  }
}

async function savePhoto(ctx: ServiceContext, scope: BuildingScope, photo: PhotoUpload) {
  return saveImage(ctx, {
    data: photo.data,
    purpose: "instruction_photo",
    original_name: photo.filename,
    building_id: scope.building.id,
    created_by_id: scope.user.id,
    resize: { ...PHOTO_SIZE, fit: "inside", format: "jpeg" },
  });
}

/** An active type for a form (unknown → invalid pk, inactive → 'This instruction type is not active.'). */
async function activeType(ctx: ServiceContext, id: number) {
  const type = await repo.findType(ctx.db, id);
  if (!type) throw new ValidationError({ instruction_type: [PACKAGE_MESSAGES.invalidPk(id)] });
  if (!type.is_active) throw new ValidationError({ instruction_type: [IM.inactiveType] });
  return type;
}

/** The unit profile of a form, in the building (else invalid pk: another building's is not named). */
async function formOccupancy(ctx: ServiceContext, id: number, buildingId?: number) {
  const user = requireUser(ctx);
  const occ = await repo.findOccupancy(ctx.db, id);
  if (!occ || !hasBuildingAccess(user, occ.building_id) || (buildingId !== undefined && occ.building_id !== buildingId))
    throw new ValidationError({ occupancy: [PACKAGE_MESSAGES.invalidPk(id)] });
  return occ;
}

/** Runs a write that stored a new photo; the photo goes again when the write fails. */
async function withPhoto<T>(ctx: ServiceContext, url: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (url) await deleteFileByUrl(ctx, url).catch(() => undefined);
    throw err;
  }
}

/** May the user create instructions in this building (403 otherwise)? */
export async function requireWritableBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, "instruction.create");
}

/** POST /instructions/instructions/ (JSON or multipart with the photo file photo_url). */
export async function createInstruction(
  ctx: ServiceContext,
  body: InstructionWrite,
  photo: PhotoUpload | null,
  queryBuilding?: number,
): Promise<Instruction> {
  const occ = await formOccupancy(ctx, body.occupancy, queryBuilding);
  const scope = await requireBuilding(ctx, ctx.db, occ.building_id, "instruction.create");
  const type = await activeType(ctx, body.instruction_type);
  const start = body.start_date ?? todayOf(ctx, scope);
  const end = body.expiration_date ?? null;
  const errors = instructionFormErrors({ start_date: start, expiration_date: end }, type);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const file = photo ? await savePhoto(ctx, scope, photo) : null;
  const now = ctx.clock();
  const id = await withPhoto(ctx, file?.url ?? null, () =>
    ctx.db.transaction(async (tx) => {
      const id = await repo.insertInstruction(tx, {
        building_id: occ.building_id,
        occupancy_id: occ.id,
        apartment_id: occ.apartment_id,
        instruction_type_id: type.id,
        name: body.name,
        instruction_text: body.instruction_text ?? "",
        start_date: start,
        expiration_date: end,
        photo_url: file?.url ?? null,
        entered_by_id: scope.user.id,
        entered_date: now,
        is_management: isManagerLevel(scope.user.role),
        photo_last_changed_datetime: file ? now : null,
        photo_last_changed_user_id: file ? scope.user.id : null,
      });
      await repo.insertEvent(tx, {
        building_id: occ.building_id,
        instruction_id: id,
        ...event("INSTRUCTION_CREATED"),
        note: `Instruction created: ${type.name} – ${body.name}`,
        performed_by_id: scope.user.id,
      });
      return id;
    }),
  );
  touch(ctx, occ.building_id);
  await tellTrackers(
    ctx,
    scope,
    { id, occupancy_id: occ.id, name: body.name, apartment_number: occ.apartment_number, type_name: type.name },
    "added",
  );
  return loadOne(ctx, scope, id);
}

/**
 * PATCH /instructions/instructions/{id}/: any of the form's fields; a start_date other than the
 * stored one is refused; the type's end-date rule and the order of the dates are checked again.
 */
export async function editInstruction(
  ctx: ServiceContext,
  id: number,
  body: InstructionPatch,
  photo: PhotoUpload | null,
  queryBuilding?: number,
): Promise<Instruction> {
  const { head, scope } = await reachable(ctx, id, queryBuilding, "instruction.edit");
  if (body.start_date !== undefined && body.start_date !== null && body.start_date !== head.start_date)
    throw new ValidationError({ start_date: [IM.startDateLocked] });
  const currentType = (await repo.findType(ctx.db, head.instruction_type_id))!;
  const type =
    body.instruction_type !== undefined && body.instruction_type !== head.instruction_type_id
      ? await activeType(ctx, body.instruction_type)
      : currentType;
  const currentOcc = (await repo.findOccupancy(ctx.db, head.occupancy_id))!;
  const occ =
    body.occupancy !== undefined && body.occupancy !== head.occupancy_id
      ? await formOccupancy(ctx, body.occupancy, head.building_id)
      : currentOcc;
  const end = body.expiration_date !== undefined ? body.expiration_date : head.expiration_date;
  const errors = instructionFormErrors({ start_date: head.start_date, expiration_date: end }, type);
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const changes: { field: string; from: unknown; to: unknown }[] = [];
  const set: Partial<repo.InstructionInsert> = {};
  if (type.id !== currentType.id) {
    changes.push({ field: "instruction_type", from: currentType.name, to: type.name });
    set.instruction_type_id = type.id;
  }
  if (occ.id !== currentOcc.id) {
    changes.push({ field: "occupancy", from: currentOcc.apartment_number, to: occ.apartment_number });
    Object.assign(set, { occupancy_id: occ.id, apartment_id: occ.apartment_id });
  }
  if (body.name !== undefined && body.name !== head.name) {
    changes.push({ field: "name", from: head.name, to: body.name });
    set.name = body.name;
  }
  if (body.instruction_text !== undefined && body.instruction_text !== head.instruction_text) {
    changes.push({ field: "instruction_text", from: head.instruction_text, to: body.instruction_text });
    set.instruction_text = body.instruction_text;
  }
  if (end !== head.expiration_date) {
    changes.push({ field: "expiration_date", from: head.expiration_date, to: end });
    set.expiration_date = end;
  }
  const file = photo ? await savePhoto(ctx, scope, photo) : null;
  if (file) {
    changes.push({ field: "photo_url", from: head.photo_url ? "photo" : null, to: "new photo" });
    Object.assign(set, {
      photo_url: file.url,
      photo_last_changed_datetime: ctx.clock(),
      photo_last_changed_user_id: scope.user.id,
    });
  }
  if (!changes.length) return loadOne(ctx, scope, id);
  await withPhoto(ctx, file?.url ?? null, () =>
    ctx.db.transaction(async (tx) => {
      await repo.updateInstruction(tx, id, set);
      await repo.insertEvent(tx, {
        building_id: head.building_id,
        instruction_id: id,
        ...event("INSTRUCTION_EDITED"),
        note: changeNote(changes),
        performed_by_id: scope.user.id,
      });
    }),
  );
  if (file && head.photo_url) await deleteFileByUrl(ctx, head.photo_url).catch(() => undefined);
  touch(ctx, head.building_id);
  await tellTrackers(
    ctx,
    scope,
    {
      id,
      occupancy_id: occ.id,
      name: set.name ?? head.name,
      apartment_number: occ.apartment_number,
      type_name: type.name,
    },
    "changed",
  );
  return loadOne(ctx, scope, id);
}

/** POST /instructions/instructions/{id}/expire/: only while active (else 400); ends it today at the latest. */
export async function expireInstruction(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<Instruction> {
  const { head, scope } = await reachable(ctx, id, queryBuilding, "instruction.expire");
  const today = todayOf(ctx, scope);
  const notActive = () => new ValidationError({ non_field_errors: [IM.notActive] });
  if (instructionStatus(head, today) !== "Active") throw notActive();
  const end = head.expiration_date && head.expiration_date < today ? head.expiration_date : today;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.expireInstruction(tx, id, today))) throw notActive();
    const changes = [{ field: "is_manually_expired", from: "False", to: "True" }];
    if (end !== head.expiration_date) changes.push({ field: "expiration_date", from: head.expiration_date!, to: end });
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      instruction_id: id,
      ...event("INSTRUCTION_EXPIRED"),
      note: changeNote(changes),
      performed_by_id: scope.user.id,
    });
  });
  touch(ctx, head.building_id);
  const occ = await repo.findOccupancy(ctx.db, head.occupancy_id);
  const type = await repo.findType(ctx.db, head.instruction_type_id);
  if (occ && type)
    await tellTrackers(
      ctx,
      scope,
      { id, occupancy_id: occ.id, name: head.name, apartment_number: occ.apartment_number, type_name: type.name },
      head.instruction_type_id === FOOD_DELIVERY_TYPE_ID ? "marked arrived" : "expired",
    );
  return loadOne(ctx, scope, id);
}

/** PATCH /instructions/instructions-photos/{id}/: a new photo (records who changed it and when). */
export async function updatePhoto(
  ctx: ServiceContext,
  id: number,
  photo: PhotoUpload | null,
  queryBuilding?: number,
): Promise<Instruction> {
  const { head, scope } = await reachable(ctx, id, queryBuilding, "instruction.edit");
  if (!photo) throw new ValidationError({ photo_url: [IM.photoRequired] });
  const file = await savePhoto(ctx, scope, photo);
  await withPhoto(ctx, file.url, () =>
    ctx.db.transaction(async (tx) => {
      await repo.updateInstruction(tx, id, {
        photo_url: file.url,
        photo_last_changed_datetime: ctx.clock(),
        photo_last_changed_user_id: scope.user.id,
      });
      await repo.insertEvent(tx, {
        building_id: head.building_id,
        instruction_id: id,
        ...event("PHOTO_CHANGED"),
        note: head.photo_url ? "Photo replaced." : "Photo added.",
        performed_by_id: scope.user.id,
        data: { file_id: file.id, photo_url: file.url },
      });
    }),
  );
  if (head.photo_url) await deleteFileByUrl(ctx, head.photo_url).catch(() => undefined);
  touch(ctx, head.building_id);
  return loadOne(ctx, scope, id);
}
