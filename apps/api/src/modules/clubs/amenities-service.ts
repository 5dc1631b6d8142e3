import {
  type AmenitiesOfTypeQuery,
  amenityGuestsRule,
  type AmenitySlot,
  type AmenitySlotCreate,
  type AmenitySlotPatch,
  type AmenityType,
  type AmenityTypeCreate,
  type AmenityTypePatch,
  type BuildingAmenitiesQuery,
  type BuildingAmenityTypesQuery,
  CLUB_LIST_DEFAULT_LIMIT,
  type ScheduleEntry,
  type UpdateSchedule,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./amenities-repository.ts";
import { reachClub, savePhoto, touchClub, withPhoto } from "./scope.ts";

/**
 * Amenity types, their schedules and slots (document 3 sections 2–7). Reading needs
 * amenity.view in a building of the type's club; writing club.manage. A type, slot or schedule
 * of a club the caller cannot see is 404.
 */

const toSchedule = (s: repo.ScheduleRow): ScheduleEntry => ({
  id: s.id,
  amenity_type: s.amenity_type_id,
  day_of_week: s.day_of_week,
  specific_date: s.specific_date,
  is_open: s.is_open,
  open_time: s.open_time,
  close_time: s.close_time,
  max_number_guests: s.max_number_guests,
});

function toType(r: repo.TypeRow, schedules: repo.ScheduleRow[]): AmenityType {
  return {
    id: r.id,
    name: r.name,
    label: r.label,
    description: r.description,
    rules: r.rules,
    photo_url: r.photo_url,
    location_label: r.location_label,
    is_active: r.is_active,
    club: r.club_id,
    club_name: r.club_name,
    building: r.building_id,
    max_reservation_length: r.max_reservation_length,
    reservation_note: r.reservation_note,
    max_persons_permitted_display: r.max_persons_permitted_display,
    max_user_open_reservations: r.max_user_open_reservations,
    max_user_weekly_reservations: r.max_user_weekly_reservations,
    max_user_daily_reservations: r.max_user_daily_reservations,
    is_allow_guests: r.is_allow_guests,
    max_number_guests: r.max_number_guests,
    reservation_window_days: r.reservation_window_days,
    has_checkin: r.has_checkin,
    send_qr_codes: r.send_qr_codes,
    is_approval_required_for_reservation: r.is_approval_required_for_reservation,
    is_payment_required_for_reservation: r.is_payment_required_for_reservation,
    open_time: r.open_time,
    close_time: r.close_time,
    schedule_set: schedules.filter((s) => s.amenity_type_id === r.id).map(toSchedule),
    amenity_count: r.amenity_count,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
  };
}

const toSlot = (r: repo.SlotRow): AmenitySlot => ({
  id: r.id,
  label: r.label,
  is_active: r.is_active,
  amenity_type: r.amenity_type_id,
  amenity_type_name: r.amenity_type_name,
  amenity_type_is_active: r.amenity_type_is_active,
  club_id: r.club_id,
  has_checkin: r.has_checkin,
  last_modified: iso(r.last_modified)!,
});

async function withSchedules(ctx: ServiceContext, rows: repo.TypeRow[]): Promise<AmenityType[]> {
  const schedules = await repo.schedulesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toType(r, schedules));
}

/** A type the caller reaches for the action (404 when missing or out of reach). */
async function reachType(ctx: ServiceContext, id: number, action: "amenity.view" | "club.manage") {
  const type = await repo.findType(ctx.db, id);
  if (!type) throw new NotFoundError();
  return { type, ...(await reachClub(ctx, type.club_id, action)) };
}

/** Checked before a body naming the club or type is judged (403/404 before 400). */
export const requireClubForTypes = (ctx: ServiceContext, clubId: number) => reachClub(ctx, clubId, "club.manage");
export const requireTypeForWrite = (ctx: ServiceContext, typeId: number) => reachType(ctx, typeId, "club.manage");

// ---------------------------------------------------------------------------------------------
// Types

/** GET /clubs/clubs/{id}/amenity-types/ */
export async function listClubTypes(ctx: ServiceContext, clubId: number, q: { limit?: number; offset?: number }) {
  await reachClub(ctx, clubId, "amenity.view");
  const page = pageOf(q, CLUB_LIST_DEFAULT_LIMIT, CLUB_LIST_DEFAULT_LIMIT);
  const { rows, count } = await repo.listTypesOfClub(ctx.db, clubId, page);
  return paginate(ctx, page, count, await withSchedules(ctx, rows));
}

/** GET /core/buildings/{b}/amenity-types/ — the types of the clubs in b (primary or shared). */
export async function listBuildingTypes(ctx: ServiceContext, buildingId: number, q: BuildingAmenityTypesQuery) {
  await requireBuilding(ctx, ctx.db, buildingId, "amenity.view");
  const page = pageOf(q, CLUB_LIST_DEFAULT_LIMIT, CLUB_LIST_DEFAULT_LIMIT);
  const { rows, count } = await repo.listBuildingTypes(ctx.db, buildingId, q, page);
  return paginate(ctx, page, count, await withSchedules(ctx, rows));
}

/** GET /clubs/amenity-types/{id}/ */
export async function getType(ctx: ServiceContext, id: number): Promise<AmenityType> {
  const { type } = await reachType(ctx, id, "amenity.view");
  return (await withSchedules(ctx, [type]))[0];
}

const defined = <T extends object>(v: T): Partial<T> =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;

/** POST /clubs/amenity-types/ (the web says 'Amenity type created'). */
export async function createType(ctx: ServiceContext, body: AmenityTypeCreate, photo: PhotoUpload | null) {
  const { club, buildingIds, scope } = await reachClub(ctx, body.club, "club.manage");
  const { club: _c, ...values } = body;
  const saved = photo ? await savePhoto(ctx, scope, photo, "amenity_type_photo") : null;
  const id = await withPhoto(ctx, saved?.url ?? null, null, () =>
    repo.insertType(ctx.db, club.id, club.building_id, { ...values, photo_url: saved?.url ?? null }),
  );
  touchClub(ctx, buildingIds);
  return getType(ctx, id);
}

/** PATCH /clubs/amenity-types/{id}/ — any subset; the guests rule on the merged values (the web says 'Amenity type updated'). */
export async function updateType(ctx: ServiceContext, id: number, body: AmenityTypePatch, photo: PhotoUpload | null) {
  const { type, buildingIds, scope } = await reachType(ctx, id, "club.manage");
  const values = defined(body) as repo.TypeValues;
  if (body.is_allow_guests !== undefined || body.max_number_guests !== undefined) {
    const rule = amenityGuestsRule(
      body.is_allow_guests ?? type.is_allow_guests,
      body.max_number_guests ?? type.max_number_guests,
    );
    if (rule.error) throw new ValidationError({ max_number_guests: [rule.error] });
    values.max_number_guests = rule.value;
  }
  const saved = photo ? await savePhoto(ctx, scope, photo, "amenity_type_photo") : null;
  await withPhoto(ctx, saved?.url ?? null, type.photo_url, () =>
    repo.updateType(ctx.db, id, { ...values, ...(saved ? { photo_url: saved.url } : {}) }, ctx.clock()),
  );
  touchClub(ctx, buildingIds);
  return getType(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Schedules

/** GET /clubs/amenity-types/{id}/schedules/ — weekly entries by day, then special dates by date. */
export async function listSchedules(ctx: ServiceContext, id: number): Promise<ScheduleEntry[]> {
  await reachType(ctx, id, "amenity.view");
  return (await repo.schedulesOf(ctx.db, [id])).map(toSchedule);
}

/** PATCH /clubs/amenity-types/{id}/update-schedule/ — replaces the weekly set or the special dates. */
export async function updateSchedule(ctx: ServiceContext, id: number, body: UpdateSchedule): Promise<ScheduleEntry[]> {
  const { buildingIds } = await reachType(ctx, id, "club.manage");
  const entries: repo.ScheduleValues[] = body.schedules.map((s) => ({
    day_of_week: body.is_special ? null : s.day_of_week,
    specific_date: body.is_special ? s.specific_date : null,
    is_open: s.is_open,
    open_time: s.is_open ? s.open_time : null,
    close_time: s.is_open ? s.close_time : null,
    max_number_guests: s.max_number_guests,
  }));
  await ctx.db.transaction(async (tx) => {
    await repo.replaceSchedules(tx, id, body.is_special, entries);
    await repo.updateType(tx, id, {}, ctx.clock());
  });
  touchClub(ctx, buildingIds);
  return listSchedules(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Slots

/** GET /core/buildings/{b}/amenities/ */
export async function listBuildingSlots(ctx: ServiceContext, buildingId: number, q: BuildingAmenitiesQuery) {
  await requireBuilding(ctx, ctx.db, buildingId, "amenity.view");
  const page = pageOf(q, CLUB_LIST_DEFAULT_LIMIT, CLUB_LIST_DEFAULT_LIMIT);
  const { rows, count } = await repo.listSlots(ctx.db, { ...q, buildingId }, page);
  return paginate(ctx, page, count, rows.map(toSlot));
}

/** GET /clubs/amenities/?amenity_type */
export async function listTypeSlots(ctx: ServiceContext, q: AmenitiesOfTypeQuery) {
  await reachType(ctx, q.amenity_type, "amenity.view");
  const page = pageOf(q, CLUB_LIST_DEFAULT_LIMIT, CLUB_LIST_DEFAULT_LIMIT);
  const { rows, count } = await repo.listSlots(ctx.db, q, page);
  return paginate(ctx, page, count, rows.map(toSlot));
}

async function slotOut(ctx: ServiceContext, id: number): Promise<AmenitySlot> {
  const row = await repo.findSlot(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toSlot(row);
}

/** POST /clubs/amenities/ */
export async function createSlot(ctx: ServiceContext, body: AmenitySlotCreate): Promise<AmenitySlot> {
  const { buildingIds } = await reachType(ctx, body.amenity_type, "club.manage");
  const id = await repo.insertSlot(ctx.db, body.amenity_type, body.label, body.is_active);
  touchClub(ctx, buildingIds);
  return slotOut(ctx, id);
}

/** A slot the caller may change (404 when missing or out of reach), checked before the body. */
export async function requireSlotForWrite(ctx: ServiceContext, id: number) {
  const slot = await repo.findSlot(ctx.db, id);
  if (!slot) throw new NotFoundError();
  return { slot, ...(await reachClub(ctx, slot.club_id, "club.manage")) };
}

/** PATCH /clubs/amenities/{id}/ — label and/or is_active ('{label} successfully updated.' on the web). */
export async function updateSlot(ctx: ServiceContext, id: number, body: AmenitySlotPatch): Promise<AmenitySlot> {
  const { buildingIds } = await requireSlotForWrite(ctx, id);
  await repo.updateSlot(ctx.db, id, defined(body), ctx.clock());
  touchClub(ctx, buildingIds);
  return slotOut(ctx, id);
}
