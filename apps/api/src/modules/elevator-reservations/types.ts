import {
  RESERVATION_TYPE_MAX_LIMIT,
  RESERVATION_TYPE_MESSAGES as M,
  RESERVATION_TYPE_PAGE_SIZE,
  ReservationType,
  ReservationTypePatch,
  ReservationTypeQuery,
  ReservationTypeWrite,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { defineTypeList, typeListService } from "../../lib/type-lists/service.ts";
import { type ReservationTypeRow, reservationTypeRows, unknownBuildings } from "./types-repository.ts";

/**
 * Service elevator reservation types (document 3 sections 2–7): portfolio-level, each offered in
 * the buildings it lists. The writes (create, edit, toggle; immutable ones refused with 403; a
 * name unique whatever its case) are the shared type list's (lib/type-lists) over a repository
 * that also keeps building_ids. The reads are not: a building's staff read the types listing
 * their building (`?building`, checked like every building call), Office every type — the
 * shared list only knows global types read by a building-independent permission.
 */
export const reservationTypeList = defineTypeList({
  path: "/reservations/reservation-types/",
  noun: "service elevator reservation type",
  tags: ["elevator-reservations"],
  rows: reservationTypeRows,
  topic: topics.reservationTypes,
  can: { view: "elevator.use", manage: "reservation_types.manage" },
  schemas: {
    item: ReservationType,
    write: ReservationTypeWrite,
    patch: ReservationTypePatch,
    query: ReservationTypeQuery,
  },
  messages: { nameTaken: M.nameTaken, immutable: M.immutable },
  toItem: (t: ReservationTypeRow): ReservationType => ({
    id: t.id,
    name: t.name,
    short_name: t.short_name,
    is_active: t.is_active,
    is_immutable: t.is_immutable,
    display_order: Number(t.display_order),
    building_ids: t.building_ids,
    instructions_text: t.instructions_text,
    new_reservation_email_text: t.new_reservation_email_text,
    email_recipients: t.email_recipients,
  }),
  values: (b: ReservationTypePatch) => ({
    name: b.name,
    short_name: b.short_name,
    display_order: b.display_order,
    building_ids: b.building_ids,
    instructions_text: b.instructions_text,
    new_reservation_email_text: b.new_reservation_email_text,
    email_recipients: b.email_recipients,
    is_active: b.is_active,
  }),
  defaults: {
    instructions_text: "",
    new_reservation_email_text: "",
    email_recipients: "",
    is_active: true,
    is_immutable: false,
  },
  pageSize: { default: RESERVATION_TYPE_PAGE_SIZE, max: RESERVATION_TYPE_MAX_LIMIT },
});

const shared = typeListService(reservationTypeList);
const depsOf = (ctx: ServiceContext) => ({ db: ctx.db, changes: ctx.changes });
const toItem = reservationTypeList.toItem;

/**
 * GET /reservations/reservation-types/?building: with a building, the types listing it (the
 * caller must reach the building with elevator.use); without, Office sees every type and the
 * others the types of their buildings.
 */
export async function listReservationTypes(ctx: ServiceContext, q: ReservationTypeQuery) {
  const user = requireUser(ctx);
  if (q.building !== undefined) await requireBuilding(ctx, ctx.db, q.building, "elevator.use");
  const buildingIds = q.building !== undefined ? [q.building] : user.role === "OF" ? undefined : user.buildings;
  const page = pageOf(q, RESERVATION_TYPE_PAGE_SIZE, RESERVATION_TYPE_MAX_LIMIT);
  const { rows, count } = await reservationTypeRows.list(ctx.db, { buildingIds, is_active: q.is_active }, page);
  return paginate(ctx, page, count, rows.map(toItem));
}

/** GET /reservations/reservation-types/{id}/: a type of one of the caller's buildings (Office: any). */
export async function getReservationType(ctx: ServiceContext, id: number): Promise<ReservationType> {
  const user = requireUser(ctx);
  const row = await reservationTypeRows.find(ctx.db, id);
  if (!row || (user.role !== "OF" && !row.building_ids.some((b) => user.buildings.includes(b))))
    throw new NotFoundError();
  return toItem(row);
}

/** building_ids must all be buildings (400 under building_ids otherwise). */
async function checkBuildings(ctx: ServiceContext, ids: number[] | undefined) {
  if (!ids) return;
  const unknown = await unknownBuildings(ctx.db, ids);
  if (unknown.length)
    throw new ValidationError({ building_ids: [`Invalid pk "${unknown[0]}" - object does not exist.`] });
}

/** POST /reservations/reservation-types/ (Office). */
export async function createReservationType(ctx: ServiceContext, body: ReservationTypeWrite) {
  await checkBuildings(ctx, body.building_ids);
  return shared.create(depsOf(ctx), requireUser(ctx), body);
}

/** PATCH /reservations/reservation-types/{id}/ (Office; an immutable type → 403). */
export async function updateReservationType(ctx: ServiceContext, id: number, body: ReservationTypePatch) {
  await checkBuildings(ctx, body.building_ids);
  return shared.update(depsOf(ctx), requireUser(ctx), id, body);
}

/** POST /reservations/reservation-types/{id}/toggle_active/ (Office; an immutable type → 403). */
export const toggleReservationType = (ctx: ServiceContext, id: number) =>
  shared.toggle(depsOf(ctx), requireUser(ctx), id);
