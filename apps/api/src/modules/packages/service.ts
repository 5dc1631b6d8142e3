import {
  canPackages,
  changeNote,
  type Event,
  hasBuildingAccess,
  type Package,
  PACKAGE_LIST_DEFAULT_ORDERING,
  PACKAGE_MESSAGES as M,
  type PackageListQuery,
  type PackageRemind,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { boundOf, iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { contactView } from "../../lib/resident-contact.ts";
import { sendReminder } from "./notifications.ts";
import { buildingInfo, event, loadPackage, type Page, toPackage, touchPackages } from "./output.ts";
import * as listRepo from "./list-repository.ts";
import * as repo from "./repository.ts";

/**
 * Packages one by one: the list, a package (detail, events, comment edit, reopen) and
 * reminders. Logging and closing: log-close-service.ts; the batch queue: queue-service.ts;
 * the building's package views: views-service.ts.
 */

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * GET /packages/list/: the building gate (403 for a building out of reach) now; `load` reads
 * the page and its count (repository listPackages), or the route serves it from its cache.
 */
export async function listPackages(ctx: ServiceContext, q: PackageListQuery, page: Page) {
  const db = ctx.db;
  const user = requireUser(ctx);
  let buildingId = q.building;
  if (buildingId === undefined) {
    if (q.occupancy === undefined) throw new ValidationError({ building: [M.fieldRequired] });
    const occ = await repo.findOccupancy(db, q.occupancy);
    if (!occ) throw new ValidationError({ occupancy: [M.invalidPk(q.occupancy)] });
    buildingId = occ.building_id;
  }
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  if (!canPackages(user, "packages.use", scope.ctx)) throw new PermissionDeniedError();
  const tz = scope.building.time_zone;
  const filter: listRepo.PackageFilter = {
    buildingId: scope.building.id,
    statuses: q.package_status ?? ["OPEN"],
    typeIds: q.package_type,
    groups: q.package_type__group,
    occupancyId: q.occupancy,
    includeDeactivated: q.include_deactivated_units ?? false,
    apartmentId: q.apartment,
    openedMin: q.min_date_opened ? boundOf(q.min_date_opened, tz, "min") : undefined,
    openedMax: q.max_date_opened ? boundOf(q.max_date_opened, tz, "max") : undefined,
    closedMin: q.min_date_closed ? boundOf(q.min_date_closed, tz, "min") : undefined,
    closedMax: q.max_date_closed ? boundOf(q.max_date_closed, tz, "max") : undefined,
    search: q.search?.trim() || undefined,
  };
  const today = todayIn(tz);
  return {
    buildingId: scope.building.id,
    today,
    load: async () => {
      const { rows, count } = await listRepo.listPackages(db, filter, parseSort(q.ordering), page, today);
      const contact = contactView(user, scope.ctx);
      return { count, results: rows.map((r) => toPackage(r, contact)) };
    },
  };
}

const SORT_DEFAULT = { key: "date_opened", desc: true } as const;
function parseSort(ordering: string | undefined): listRepo.Sort {
  const o = ordering || PACKAGE_LIST_DEFAULT_ORDERING;
  const desc = o.startsWith("-");
  const key = (desc ? o.slice(1) : o) as listRepo.SortKey;
  return key ? { key, desc } : SORT_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// One package

/** The package when the user may see it; 404 when missing, out of reach or of another building. */
async function reachablePackage(
  ctx: ServiceContext,
  id: number,
  queryBuilding?: number,
): Promise<{ head: repo.PackageHead; scope: BuildingScope }> {
  const db = ctx.db;
  const user = requireUser(ctx);
  const head = await repo.findPackageHead(db, id);
  if (!head || !hasBuildingAccess(user, head.building_id)) throw new NotFoundError();
  if (queryBuilding !== undefined && queryBuilding !== head.building_id) throw new NotFoundError();
  const scope = await requireBuilding(ctx, db, head.building_id, "nav.packages");
  return { head, scope };
}

export async function getPackage(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<Package> {
  const db = ctx.db;
  const { scope } = await reachablePackage(ctx, id, queryBuilding);
  return loadPackage(db, scope, id);
}

export async function packageEvents(
  ctx: ServiceContext,
  id: number,
  q: { building?: number; ordering?: string },
  page: Page,
) {
  const db = ctx.db;
  await reachablePackage(ctx, id, q.building);
  const { rows, count } = await repo.listEvents(db, id, page, q.ordering !== "date_created");
  const results: Event[] = rows.map((e) => ({ ...e, date_created: iso(e.date_created)! }));
  return { count, results };
}

/** PATCH /packages/list/{id}/: the opening comment, only while the package is open. */
export async function editOpeningComment(
  ctx: ServiceContext,
  id: number,
  queryBuilding: number | undefined,
  comment: string,
): Promise<Package> {
  const db = ctx.db;
  const { head, scope } = await reachablePackage(ctx, id, queryBuilding);
  if (head.status !== "OPEN") throw new ValidationError({ opening_comment: [M.closedNotEditable] });
  if (comment !== head.opening_comment) {
    await db.transaction(async (tx) => {
      if (!(await repo.updateOpeningComment(tx, id, comment)))
        throw new ValidationError({ opening_comment: [M.closedNotEditable] });
      await repo.insertEvents(tx, [
        {
          building_id: head.building_id,
          package_id: id,
          ...event("COMMENT_EDITED"),
          note: changeNote([{ field: "opening_comment", from: head.opening_comment, to: comment }]),
          performed_by_id: scope.user.id,
        },
      ]);
    });
    touchPackages(ctx, head.building_id);
  }
  return loadPackage(db, scope, id);
}

/** POST /packages/list/{id}/reopen/: CLOSED → OPEN (the closing details go into the event). */
export async function reopenPackage(
  ctx: ServiceContext,
  id: number,
  queryBuilding: number | undefined,
): Promise<Package> {
  const db = ctx.db;
  const { head, scope } = await reachablePackage(ctx, id, queryBuilding);
  if (head.status !== "CLOSED") throw new ValidationError({ non_field_errors: [M.notClosed] });
  await db.transaction(async (tx) => {
    if (!(await repo.reopenPackage(tx, id))) throw new ValidationError({ non_field_errors: [M.notClosed] });
    await repo.insertEvents(tx, [
      {
        building_id: head.building_id,
        package_id: id,
        ...event("PACKAGE_REOPENED"),
        note: "Package re-opened",
        performed_by_id: scope.user.id,
        data: {
          closing_comment: head.closing_comment,
          closing_photo_url: head.closing_photo_url,
          date_closed: iso(head.date_closed),
          closed_by_id: head.closed_by_id,
        },
      },
    ]);
  });
  touchPackages(ctx, head.building_id);
  return loadPackage(db, scope, id);
}

// ---------------------------------------------------------------------------------------------
// Reminders

/** POST /packages/list/remind/?building */
export async function remind(ctx: ServiceContext, queryBuilding: number | undefined, body: PackageRemind) {
  const db = ctx.db;
  if (queryBuilding === undefined) throw new ValidationError({ building: [M.fieldRequired] });
  const scope = await requireBuilding(ctx, db, queryBuilding, "nav.packages");
  const list = [...new Set(body.notify_package_ids)];
  const heads = await repo.findPackageHeads(db, list);
  const byId = new Map(heads.map((h) => [h.id, h]));
  for (const id of list) {
    const h = byId.get(id);
    if (!h || h.building_id !== scope.building.id) throw new ValidationError({ notify_package_ids: [M.invalidPk(id)] });
  }
  if (heads.some((h) => h.status !== "OPEN")) throw new ValidationError({ notify_package_ids: [M.remindOpenOnly] });
  if (heads.some((h) => h.type_group !== "INCOMING_DELIVERY"))
    throw new ValidationError({ notify_package_ids: [M.remindIncomingOnly] });

  const groups = new Map<number, repo.PackageHead[]>();
  for (const h of heads) groups.set(h.occupancy_id, [...(groups.get(h.occupancy_id) ?? []), h]);
  const occs = await repo.occupancyInfo(db, [...groups.keys()]);
  let count = 0;
  const b = buildingInfo(scope);
  for (const [occId, hs] of groups) {
    const occ = occs.get(occId);
    if (!occ) continue;
    const earliest = new Date(Math.min(...hs.map((h) => h.date_opened.getTime())));
    const sent = await sendReminder(ctx, b, occ, earliest, body.email);
    count += sent;
    if (sent) {
      await repo.insertEvents(
        db,
        hs.map((h) => ({
          building_id: scope.building.id,
          package_id: h.id,
          ...event("REMINDER_SENT"),
          note: `Reminder emailed to ${sent} resident${sent === 1 ? "" : "s"}`,
          performed_by_id: scope.user.id,
        })),
      );
    }
  }
  // The reminders are package events (the activity list) though no package row changed.
  if (count) touchPackages(ctx, scope.building.id);
  return { results: "success" as const, count };
}
