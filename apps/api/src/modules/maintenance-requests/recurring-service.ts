import {
  hasBuildingAccess,
  MAINTENANCE_MESSAGES,
  MESSAGES,
  MONTH_FLAGS,
  normalizeRule,
  PACKAGE_MESSAGES,
  RECURRING_INTERVAL_DISPLAY,
  RECURRING_INTERVAL_OPTIONS,
  RECURRING_MAX_LIMIT,
  RECURRING_MESSAGES as RM,
  RECURRING_PAGE_SIZE,
  type RecurringInterval,
  type RecurringIntervalOption,
  type RecurringListQuery,
  type RecurringRequest,
  type RecurringRequestDeleted,
  type RecurringRequestPatch,
  type RecurringRequestWrite,
  WEEKDAY_FLAGS,
} from "@portico/contract";
import { parseBuildingId, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./recurring-repository.ts";
import { scheduledFrom } from "./recurring-schedule.ts";

/**
 * Recurring maintenance requests (document 2 sections 2–7): the building's schedules, for every
 * staff member (maintenance.use); another building's schedule is 404. next_scheduled_date is
 * worked out on every save, from the building's today (recurring-schedule.ts); the job
 * (recurring-job.ts) makes the requests. Deleting a schedule keeps its requests.
 */

const ACTION = "maintenance.use" as const;
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.recurringRequests(buildingId));

const flagsOf = (r: repo.RecurringTableRow) =>
  Object.fromEntries([...WEEKDAY_FLAGS, ...MONTH_FLAGS].map((k) => [k, r[k]])) as Pick<
    RecurringRequest,
    (typeof WEEKDAY_FLAGS)[number] | (typeof MONTH_FLAGS)[number]
  >;

export function toRecurring(r: repo.RecurringRow): RecurringRequest {
  const interval = r.interval as RecurringInterval;
  return {
    id: r.id,
    building: r.building_id,
    name: r.name,
    employee_id: r.employee_id,
    employee_name: r.employee_name,
    description: r.description,
    maintenance_request_type_id: r.maintenance_request_type_id,
    maintenance_request_type_name: r.type_name,
    is_active: r.is_active,
    is_high_priority: r.is_high_priority,
    is_permission_to_enter: r.is_permission_to_enter,
    permission_to_enter_comments: r.permission_to_enter_comments,
    start_date: r.start_date,
    end_date: r.end_date,
    is_forever: r.end_date === null,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    interval,
    interval_display: RECURRING_INTERVAL_DISPLAY[interval] ?? interval,
    ...flagsOf(r),
    next_scheduled_date: r.next_scheduled_date,
    maintenance_request_count: Number(r.request_count),
    created_by_id: r.created_by_id,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
  };
}

/** Checked before a body naming the building is judged (403 before 400). */
export async function requireRecurringBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
}

/** A schedule the user may reach (404 when missing, of a building out of reach, or not `?building`'s). */
async function reachable(ctx: ServiceContext, id: number, buildingId?: number) {
  const user = requireUser(ctx);
  const row = await repo.findRecurring(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id) || (buildingId !== undefined && row.building_id !== buildingId))
    throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, row.building_id, ACTION);
  return { row, scope };
}

async function loadOne(ctx: ServiceContext, id: number): Promise<RecurringRequest> {
  const row = await repo.findRecurring(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toRecurring(row);
}

/** GET …/intervals/ */
export const intervals = (): RecurringIntervalOption[] => RECURRING_INTERVAL_OPTIONS;

/** GET …/?building: by name; active only unless include_inactive; is_active picks one side. */
export async function listRecurring(ctx: ServiceContext, q: RecurringListQuery) {
  await requireBuilding(ctx, ctx.db, q.building, ACTION);
  const page = pageOf(q, RECURRING_PAGE_SIZE, RECURRING_MAX_LIMIT);
  const isActive = q.is_active ?? (q.include_inactive ? undefined : true);
  const { rows, count } = await repo.listRecurring(
    ctx.db,
    { buildingId: q.building, isActive, apartmentId: q.apartment },
    page,
  );
  return paginate(ctx, page, count, rows.map(toRecurring));
}

/** GET …/{id}/ */
export async function getRecurring(ctx: ServiceContext, id: number, buildingId?: number): Promise<RecurringRequest> {
  return toRecurring((await reachable(ctx, id, buildingId)).row);
}

// ---------------------------------------------------------------------------------------------
// Writes

type Merged = Omit<repo.RecurringValues, "next_scheduled_date" | "created_by_id">;

/** The type, unit and assignee a schedule names must be usable in the building (400 under each). */
async function checkReferences(ctx: ServiceContext, buildingId: number, v: Partial<Merged>, changed: Set<string>) {
  const errors: Record<string, string[]> = {};
  if (changed.has("maintenance_request_type_id") && v.maintenance_request_type_id !== undefined) {
    const type = await repo.findType(ctx.db, v.maintenance_request_type_id);
    if (!type) errors.maintenance_request_type_id = [PACKAGE_MESSAGES.invalidPk(v.maintenance_request_type_id)];
    else if (!type.is_active) errors.maintenance_request_type_id = [RM.inactiveType];
  }
  if (changed.has("apartment_id") && v.apartment_id !== undefined) {
    const apt = await repo.findApartment(ctx.db, v.apartment_id);
    if (!apt || apt.building_id !== buildingId) errors.apartment_id = [MAINTENANCE_MESSAGES.apartmentNotInBuilding];
  }
  if (changed.has("employee_id") && v.employee_id != null) {
    if (!(await repo.findMaintenanceEmployee(ctx.db, v.employee_id, buildingId)))
      errors.employee_id = [MAINTENANCE_MESSAGES.notMaintenanceEmployee];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The §5 rules on the merged schedule, its end after its start, and its next day from today. */
function finish(merged: Merged & { is_forever?: boolean }, today: string) {
  const { is_forever: _f, ...v } = normalizeRule({ ...merged, interval: merged.interval as RecurringInterval });
  if (v.end_date && v.end_date < v.start_date) throw new ValidationError({ end_date: [MESSAGES.endBeforeStart] });
  const next = scheduledFrom({ ...v, interval: v.interval as RecurringInterval, end_date: v.end_date ?? null }, today);
  return { ...v, next_scheduled_date: next };
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;

/** POST …/: the building from the body or ?building; a blank start is today. */
export async function createRecurring(
  ctx: ServiceContext,
  body: RecurringRequestWrite,
  queryBuilding?: number,
): Promise<RecurringRequest> {
  const buildingId = parseBuildingId(body.building ?? queryBuilding);
  const scope = await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  const { building: _b, start_date, end_date, ...rest } = body;
  const today = todayIn(scope.building.time_zone, ctx.clock());
  const merged = {
    ...defined(rest),
    start_date: start_date ?? today,
    end_date: end_date ?? null,
  } as Merged & { is_forever?: boolean };
  await checkReferences(ctx, buildingId, merged, new Set(Object.keys(merged)));
  const values = finish(merged, today);
  const id = await repo.insertRecurring(ctx.db, buildingId, { ...values, created_by_id: scope.user.id });
  touch(ctx, buildingId);
  return loadOne(ctx, id);
}

/** PATCH …/{id}/: any subset; a blank start keeps the stored one; the rules apply to the result. */
export async function updateRecurring(
  ctx: ServiceContext,
  id: number,
  body: RecurringRequestPatch,
  buildingId?: number,
): Promise<RecurringRequest> {
  const { row, scope } = await reachable(ctx, id, buildingId);
  const { start_date, end_date, ...rest } = body;
  const changes: Partial<Merged> & { is_forever?: boolean } = defined(rest);
  if (start_date) changes.start_date = start_date;
  if (end_date !== undefined) changes.end_date = end_date;
  const {
    id: _i,
    building_id: _bid,
    date_created: _c,
    last_modified: _m,
    next_scheduled_date: _n,
    created_by_id: _cb,
    type_name: _t,
    apartment_number: _a,
    employee_name: _e,
    request_count: _rc,
    ...stored
  } = row;
  await checkReferences(ctx, row.building_id, changes, new Set(Object.keys(changes)));
  const today = todayIn(scope.building.time_zone, ctx.clock());
  const values = finish({ ...stored, ...changes }, today);
  if (!(await repo.updateRecurring(ctx.db, id, values, ctx.clock()))) throw new NotFoundError();
  touch(ctx, row.building_id);
  return loadOne(ctx, id);
}

/** DELETE …/{id}/: the requests it made stay (their link is cleared). */
export async function deleteRecurring(
  ctx: ServiceContext,
  id: number,
  buildingId?: number,
): Promise<RecurringRequestDeleted> {
  const { row } = await reachable(ctx, id, buildingId);
  if (!(await repo.deleteRecurring(ctx.db, id))) throw new NotFoundError();
  touch(ctx, row.building_id);
  ctx.changes.touch(topics.maintenanceRequests(row.building_id));
  return { id, detail: RM.deleted };
}
