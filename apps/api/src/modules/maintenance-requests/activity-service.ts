import {
  MAINTENANCE_ACTIVITY_HOURS,
  MAINTENANCE_SETTINGS_MESSAGES,
  MAINTENANCE_STATUS_DISPLAY,
  type MaintenanceStatus,
  MAINTENANCE_ACTIVITY_MAX_LIMIT,
  MAINTENANCE_ACTIVITY_PAGE_SIZE,
  type MaintenanceActivity,
  type MaintenanceActivityQuery,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso } from "../../lib/dates.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./activity-repository.ts";

/** What happened, in words: a status change names its new status. */
function describe(r: repo.ActivityRow): string {
  if (!r.status) return r.type_display;
  const label = MAINTENANCE_STATUS_DISPLAY[r.status as MaintenanceStatus] ?? r.status;
  return MAINTENANCE_SETTINGS_MESSAGES.statusChangedTo(label);
}

/**
 * GET /maintenance-requests/activity/?building (document 2 sections 2, 7 and 9): what happened to
 * the building's requests in the last 48 hours, newest first — created, status changed to X,
 * comments, photos, edits, signatures — read from the events the requests write. All staff.
 */
export async function listActivity(ctx: ServiceContext, q: MaintenanceActivityQuery) {
  await requireBuilding(ctx, ctx.db, q.building, "maintenance.use");
  const since = new Date(ctx.clock().getTime() - MAINTENANCE_ACTIVITY_HOURS * 3600_000);
  const page = pageOf(q, MAINTENANCE_ACTIVITY_PAGE_SIZE, MAINTENANCE_ACTIVITY_MAX_LIMIT);
  const { rows, count } = await repo.listActivity(ctx.db, q.building, since, page);
  const results = rows.map((r): MaintenanceActivity => ({
    id: r.id,
    maintenance_request_id: r.maintenance_request_id,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    maintenance_request_type_id: r.maintenance_request_type_id,
    maintenance_request_type_name: r.maintenance_request_type_name,
    type: r.type,
    type_display: r.type_display,
    status: r.status,
    description: describe(r),
    note: r.note,
    performed_by: r.performed_by,
    date_created: iso(r.date_created)!,
  }));
  return paginate(ctx, page, count, results);
}
