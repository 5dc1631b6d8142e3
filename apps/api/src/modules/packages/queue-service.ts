import {
  type BatchedPackage,
  type BatchedPackagePatch,
  BatchedPackageWrite,
  bracketedIds,
  isPlaceholderEmail,
  PACKAGE_MESSAGES as M,
  type PackageBulkResult,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import type { CurrentUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { contactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import {
  insertNewPackages,
  type NewPackage,
  notifyLogged,
  RowErrors,
  rowColumns,
  typeName,
  validateRows,
  type ValidRow,
} from "./log-close-service.ts";
import { loadMany, type Page, person, toTypeSummary, touchPackages } from "./output.ts";
import * as queueRepo from "./queue-repository.ts";
import * as repo from "./repository.ts";

/** The batch queue of a building: packages noted one by one, logged together (convertQueue). */

// ---------------------------------------------------------------------------------------------
// Batch queue

function toBatched(r: queueRepo.QueueRow, user: CurrentUser, scope: BuildingScope): BatchedPackage {
  const contact = contactView(user, scope.ctx);
  return {
    id: r.id,
    building_id: r.building_id,
    occupancy: r.occupancy_id,
    apartment_number: r.apartment_number,
    package_type: r.package_type_id,
    package_type_details: toTypeSummary(r.package_type),
    opening_comment: r.opening_comment,
    send_notification_occupants: bracketedIds(r.send_notification_occupants),
    notification_ids: r.send_notification_occupants,
    occupancy_details: {
      id: r.occupancy_id,
      apartment_number: r.apartment_number,
      occupant_set: r.occupants.map((o) => ({
        id: o.id,
        first_name: o.first_name,
        last_name: o.last_name,
        email: residentEmail(contact, o.email),
        has_email: !!o.email.trim() && !isPlaceholderEmail(o.email),
        phone_number: residentPhone(contact, o.phone_number),
        is_active: o.is_active,
        notification_preferences: {
          is_email_package_activity: o.is_email_package_activity,
          is_text_package_activity: o.is_text_package_activity,
        },
      })),
    },
    created_by: person(r.cb_id, r.cb_first_name, r.cb_last_name),
    date_created: iso(r.date_created)!,
    barcode: r.barcode,
    carrier: r.carrier,
  };
}

export async function listQueue(ctx: ServiceContext, buildingId: number, page: Page) {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const { rows, count } = await queueRepo.listQueue(db, scope.building.id, page);
  return { count, results: rows.map((r) => toBatched(r, scope.user, scope)) };
}

/** POST /core/buildings/{b}/package-queue/: one row (→ one item) or a list (→ the list). */
export async function addToQueue(
  ctx: ServiceContext,
  buildingId: number,
  body: unknown,
): Promise<BatchedPackage | BatchedPackage[]> {
  const db = ctx.db;
  const single = !Array.isArray(body);
  if (single && (body === null || typeof body !== "object"))
    throw new ValidationError({ non_field_errors: [M.notAList(typeName(body))] });
  let validated: { scope: BuildingScope; rows: ValidRow[] };
  try {
    validated = await validateRows(ctx, single ? [body] : body, BatchedPackageWrite, buildingId);
  } catch (err) {
    if (single && err instanceof RowErrors) throw new ValidationError(err.rows[0]);
    throw err;
  }
  const { scope, rows } = validated;
  const ids = await queueRepo.insertQueue(
    db,
    rows.map((r) => ({ ...rowColumns(scope, r), created_by_id: scope.user.id })),
  );
  const { rows: out } = await queueRepo.listQueue(db, scope.building.id, { limit: ids.length, offset: 0 }, ids);
  const items = out.map((r) => toBatched(r, scope.user, scope));
  return single ? items[0] : items;
}

async function reachableQueueItem(ctx: ServiceContext, buildingId: number, id: number) {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const item = await queueRepo.findQueueItem(db, id);
  if (!item || item.building_id !== scope.building.id) throw new NotFoundError();
  return { scope, item };
}

/** PATCH /core/buildings/{b}/package-queue/{id}/ */
export async function patchQueueItem(
  ctx: ServiceContext,
  buildingId: number,
  id: number,
  body: BatchedPackagePatch,
): Promise<BatchedPackage> {
  const db = ctx.db;
  const { scope, item } = await reachableQueueItem(ctx, buildingId, id);
  const errors: Record<string, string[]> = {};
  const set: Partial<queueRepo.QueueInsert> = {};
  if (body.package_type !== undefined) {
    const type = await repo.findType(db, body.package_type);
    if (!type) errors.package_type = [M.invalidPk(body.package_type)];
    else if (!type.is_active && type.id !== item.package_type_id) errors.package_type = [M.inactiveType];
    else set.package_type_id = type.id;
  }
  if (body.opening_comment !== undefined) {
    if (!body.opening_comment && scope.settings.packagesettings.is_require_comments_for_building)
      errors.opening_comment = [M.commentRequired];
    else set.opening_comment = body.opening_comment;
  }
  if (body.send_notification_occupants !== undefined) {
    const occ = (await repo.occupancyInfo(db, [item.occupancy_id])).get(item.occupancy_id);
    const own = new Set(occ?.occupants.map((o) => o.id) ?? []);
    const bad = body.send_notification_occupants.find((o) => !own.has(o));
    if (bad !== undefined) errors.send_notification_occupants = [M.invalidPk(bad)];
    else set.send_notification_occupants = body.send_notification_occupants;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (Object.keys(set).length) await queueRepo.updateQueueItem(db, id, set);
  const { rows } = await queueRepo.listQueue(db, scope.building.id, { limit: 1, offset: 0 }, [id]);
  if (!rows.length) throw new NotFoundError();
  return toBatched(rows[0], scope.user, scope);
}

/** DELETE /core/buildings/{b}/package-queue/{id}/ */
export async function removeQueueItem(ctx: ServiceContext, buildingId: number, id: number): Promise<void> {
  const db = ctx.db;
  await reachableQueueItem(ctx, buildingId, id);
  if (!(await queueRepo.deleteQueueItem(db, id))) throw new NotFoundError();
}

/** POST /core/buildings/{b}/package-queue/convert_queue/: logs the whole batch, then notifies. */
export async function convertQueue(ctx: ServiceContext, buildingId: number): Promise<PackageBulkResult> {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const at = new Date();
  const { ids, rows } = await db.transaction(async (tx) => {
    const items = await queueRepo.takeQueue(tx, scope.building.id);
    if (!items.length) throw new ValidationError({ non_field_errors: [M.emptyBatch] });
    const facts = await repo.logFacts(
      tx,
      items.map((i) => i.occupancy_id),
      items.map((i) => i.package_type_id),
    );
    const occs = facts.occs;
    const types = new Map(facts.types.map((t) => [t.id, t]));
    const rows: NewPackage[] = items
      .filter((i) => occs.has(i.occupancy_id) && types.has(i.package_type_id))
      .map((i) => {
        const occ = occs.get(i.occupancy_id)!;
        const own = new Set(occ.occupants.map((o) => o.id));
        return {
          occ,
          type: types.get(i.package_type_id)!,
          opening_comment: i.opening_comment,
          occupants: (i.send_notification_occupants ?? []).filter((o) => own.has(o)),
          barcode: i.barcode,
          carrier: i.carrier,
          scanned_at: i.scanned_at,
          barcode_success: i.barcode_success,
          apartment_success: i.apartment_success,
          package_type_success: i.package_type_success,
        };
      });
    const ids = await insertNewPackages(tx, scope, rows, at);
    return { ids, rows };
  });
  touchPackages(ctx, scope.building.id);
  const sent = await notifyLogged(ctx, scope, rows, ids);
  return {
    message: M.packagesLogged,
    count: ids.length,
    results: await loadMany(db, scope, ids),
    emails_sent: sent.emails,
    texts_sent: sent.texts,
  };
}
