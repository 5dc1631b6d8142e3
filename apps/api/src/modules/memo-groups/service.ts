import {
  MEMO_GROUP_MAX_LIMIT,
  MEMO_GROUP_MESSAGES as M,
  MEMO_GROUP_PAGE_SIZE,
  type MemoGroup,
  type MemoGroupDeleted,
  type MemoGroupPatch,
  type MemoGroupQuery,
  type MemoGroupWrite,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./repository.ts";

/**
 * Memo groups (document 3 section 7): a building's named sets of units. Managers (memo.send) list,
 * add, change and delete them; a unit of another building is refused under apartment_ids; another
 * building's group is not found.
 */

const ACTION = "memo.send" as const;
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.memoGroups(buildingId));

const toGroup = (g: repo.MemoGroupView): MemoGroup => ({
  id: g.id,
  building: g.building_id,
  name: g.name,
  apartments: g.apartments,
  apartment_ids: g.apartments.map((a) => a.id),
  created_by: g.created_by,
  last_edited_by: g.last_edited_by,
  date_created: iso(g.date_created)!,
  last_modified: iso(g.last_modified)!,
});

async function scope(ctx: ServiceContext, buildingId: number) {
  const s = await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  return { ...s, today: todayIn(s.building.time_zone, ctx.clock()) };
}

/** GET /core/buildings/{b}/memo-groups/: by name, every group (up to 1000 a page). */
export async function listGroups(ctx: ServiceContext, buildingId: number, q: MemoGroupQuery) {
  const { today } = await scope(ctx, buildingId);
  const page = pageOf(q, MEMO_GROUP_PAGE_SIZE, MEMO_GROUP_MAX_LIMIT);
  const { rows, count } = await repo.listGroups(ctx.db, { buildingId, today }, page);
  return paginate(ctx, page, count, rows.map(toGroup));
}

async function view(ctx: ServiceContext, buildingId: number, id: number, today: string): Promise<MemoGroup> {
  const { rows } = await repo.listGroups(ctx.db, { buildingId, today, id }, { limit: 1, offset: 0 });
  if (!rows.length) throw new NotFoundError();
  return toGroup(rows[0]);
}

/** GET .../memo-groups/{id}/ */
export async function getGroup(ctx: ServiceContext, buildingId: number, id: number): Promise<MemoGroup> {
  const { today } = await scope(ctx, buildingId);
  return view(ctx, buildingId, id, today);
}

/** The group, when it is one of the building's (404 otherwise). */
async function groupOf(ctx: ServiceContext, buildingId: number, id: number) {
  const row = await repo.findGroup(ctx.db, id);
  if (!row || row.building_id !== buildingId) throw new NotFoundError();
  return row;
}

async function checkWrite(ctx: ServiceContext, buildingId: number, body: MemoGroupPatch, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  if (body.name !== undefined && (await repo.nameTaken(ctx.db, buildingId, body.name, exceptId)))
    errors.name = [M.nameTaken];
  if (body.apartment_ids?.length) {
    const known = await repo.apartmentsOfBuilding(ctx.db, buildingId, body.apartment_ids);
    const stranger = body.apartment_ids.find((id) => !known.has(id));
    if (stranger !== undefined) errors.apartment_ids = [M.apartmentNotInBuilding(stranger)];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e.code === "23505") return true;
  return false;
}
/** A name that lost a race to the unique index is the same field error. */
async function nameSafe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ name: [M.nameTaken] });
    throw err;
  }
}

/** POST /core/buildings/{b}/memo-groups/ {name, apartment_ids}: 'Memo group created'. */
export async function createGroup(ctx: ServiceContext, buildingId: number, body: MemoGroupWrite): Promise<MemoGroup> {
  const { user, today } = await scope(ctx, buildingId);
  await checkWrite(ctx, buildingId, body);
  const id = await nameSafe(() =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.insertGroup(tx, {
        building_id: buildingId,
        name: body.name,
        created_by_id: user.id,
        last_edited_by_id: user.id,
      });
      await repo.setGroupApartments(tx, row.id, body.apartment_ids ?? []);
      return row.id;
    }),
  );
  touch(ctx, buildingId);
  return view(ctx, buildingId, id, today);
}

/** PATCH .../memo-groups/{id}/ {name, apartment_ids}: 'Memo group updated'. */
export async function updateGroup(
  ctx: ServiceContext,
  buildingId: number,
  id: number,
  body: MemoGroupPatch,
): Promise<MemoGroup> {
  const { user, today } = await scope(ctx, buildingId);
  await groupOf(ctx, buildingId, id);
  await checkWrite(ctx, buildingId, body, id);
  await nameSafe(() =>
    ctx.db.transaction(async (tx) => {
      await repo.updateGroup(tx, id, { name: body.name, last_edited_by_id: user.id }, ctx.clock());
      if (body.apartment_ids !== undefined) await repo.setGroupApartments(tx, id, body.apartment_ids);
    }),
  );
  touch(ctx, buildingId);
  return view(ctx, buildingId, id, today);
}

/** DELETE .../memo-groups/{id}/: 'Memo group "{name}" deleted'. */
export async function deleteGroup(ctx: ServiceContext, buildingId: number, id: number): Promise<MemoGroupDeleted> {
  await scope(ctx, buildingId);
  const row = await groupOf(ctx, buildingId, id);
  if (!(await repo.deleteGroup(ctx.db, id))) throw new NotFoundError();
  touch(ctx, buildingId);
  return { id, detail: M.deleted(row.name) };
}
