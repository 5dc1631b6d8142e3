import sharp from "sharp";
import type { z } from "zod";
import {
  BatchedPackageWrite,
  canPackages,
  hasBuildingAccess,
  PACKAGE_BULK_MAX_ROWS,
  PACKAGE_MESSAGES as M,
  PackageBulkRow,
  type PackageBulkResult,
  type PackageGroup,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { fieldErrorsOf, HttpError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { saveImage } from "../../lib/files.ts";
import { type NoticePackage, notifyPackageTrackers, sendClosedNotice, sendLoggedNotice } from "./notifications.ts";
import { buildingInfo, event, loadMany, touchPackages } from "./output.ts";
import * as repo from "./repository.ts";

/** Logging packages (bulk and from the batch queue) and closing them, with their notices. */

/** Closing photos are kept at most this many pixels on their longest side. */
export const CLOSING_PHOTO_MAX = 1600;

// ---------------------------------------------------------------------------------------------
// Errors

/** 400 with one error object per submitted row: `[{}, {"package_type": ["…"]}]`. */
export class RowErrors extends HttpError {
  constructor(public readonly rows: Record<string, string[]>[]) {
    super(400, rows as unknown as Record<string, unknown>);
  }
}

/** A zod error as the API's field errors (first path segment is the field). */
const rowErrorsOf = (err: z.ZodError) => fieldErrorsOf(err.issues, 1);

export const typeName = (v: unknown) =>
  v === null
    ? "NoneType"
    : Array.isArray(v)
      ? "list"
      : typeof v === "object"
        ? "dict"
        : typeof v === "string"
          ? "str"
          : typeof v === "number"
            ? "int"
            : typeof v === "boolean"
              ? "bool"
              : typeof v;

// ---------------------------------------------------------------------------------------------
// Logging (bulk, queue)

export interface ValidRow {
  occ: repo.OccupancyInfo;
  type: repo.TypeRow;
  opening_comment: string;
  occupants: number[];
  barcode?: string | null;
  carrier?: string | null;
}

type RowSchema = typeof PackageBulkRow | typeof BatchedPackageWrite;

/**
 * Validates a list of log rows: shape (row-indexed field errors), the building (the query's,
 * else the first reachable occupancy's), each occupancy (of that building, active), each type
 * (existing, active), the chosen residents (of that occupancy) and the building's comment rule.
 */
export async function validateRows(
  ctx: ServiceContext,
  body: unknown,
  schema: RowSchema,
  queryBuilding: number | undefined,
): Promise<{ scope: BuildingScope; rows: ValidRow[] }> {
  const db = ctx.db;
  const user = requireUser(ctx);
  if (!canPackages(user, "packages.use")) throw new PermissionDeniedError();
  // An explicit building is checked first (403 when out of reach).
  let scope: BuildingScope | null = queryBuilding
    ? await requireBuilding(ctx, db, queryBuilding, "nav.packages")
    : null;
  if (!Array.isArray(body)) throw new ValidationError({ non_field_errors: [M.notAList(typeName(body))] });
  if (!body.length) throw new ValidationError({ non_field_errors: [M.atLeastOnePackage] });
  if (body.length > PACKAGE_BULK_MAX_ROWS) throw new ValidationError({ non_field_errors: [M.maxRows] });

  const errors: Record<string, string[]>[] = body.map(() => ({}));
  const parsed = body.map((raw, i) => {
    const r = schema.safeParse(raw);
    if (!r.success) {
      errors[i] = rowErrorsOf(r.error);
      return null;
    }
    return r.data as z.infer<typeof BatchedPackageWrite>;
  });
  const occIds = [...new Set(parsed.filter((p) => p).map((p) => p!.occupancy))];
  const typeIds = [...new Set(parsed.filter((p) => p).map((p) => p!.package_type))];
  // The occupancies and types of the rows: one query.
  const { occs, types: found } = await repo.logFacts(db, occIds, typeIds);
  if (!scope) {
    const first = parsed
      .map((p) => p && occs.get(p.occupancy))
      .find((o) => o && hasBuildingAccess(user, o.building_id));
    if (first) scope = await requireBuilding(ctx, db, first.building_id, "nav.packages");
  }
  const types = new Map(found.map((t) => [t.id, t]));
  const requireComment = !!scope?.settings.packagesettings.is_require_comments_for_building;

  const rows: ValidRow[] = [];
  parsed.forEach((p, i) => {
    if (!p) return;
    const e: Record<string, string[]> = {};
    const occ = occs.get(p.occupancy);
    if (!occ || !scope || occ.building_id !== scope.building.id) e.occupancy = [M.invalidPk(p.occupancy)];
    else if (!occ.is_active) e.occupancy = [M.cannotLogForOccupancy];
    const type = types.get(p.package_type);
    if (!type) e.package_type = [M.invalidPk(p.package_type)];
    else if (!type.is_active) e.package_type = [M.inactiveType];
    const comment = p.opening_comment ?? "";
    if (requireComment && !comment) e.opening_comment = [M.commentRequired];
    let chosen: number[] = [];
    if (occ && !e.occupancy) {
      const own = new Set(occ.occupants.map((o) => o.id));
      if (p.send_notification_occupants === undefined) {
        chosen = occ.occupants.filter((o) => o.is_active).map((o) => o.id);
      } else {
        const bad = p.send_notification_occupants.find((id) => !own.has(id));
        if (bad !== undefined) e.send_notification_occupants = [M.invalidPk(bad)];
        chosen = p.send_notification_occupants;
      }
    }
    if (Object.keys(e).length) {
      errors[i] = e;
      return;
    }
    rows.push({
      occ: occ!,
      type: type!,
      opening_comment: comment,
      occupants: chosen,
      barcode: p.barcode ?? null,
      carrier: p.carrier ?? null,
    });
  });
  if (errors.some((e) => Object.keys(e).length)) throw new RowErrors(errors);
  if (!scope) throw new ValidationError({ building: [M.fieldRequired] });
  return { scope, rows };
}

/** A package to log: a valid row, or a queue item with what its scan recorded. */
export interface NewPackage extends ValidRow {
  scanned_at?: Date | null;
  barcode_success?: boolean | null;
  apartment_success?: boolean | null;
  package_type_success?: boolean | null;
}

/** The columns a valid row fills, in the packages table as in the batch queue. */
export const rowColumns = (scope: BuildingScope, r: ValidRow) => ({
  building_id: scope.building.id,
  occupancy_id: r.occ.id,
  package_type_id: r.type.id,
  opening_comment: r.opening_comment,
  send_notification_occupants: r.occupants,
  barcode: r.barcode ?? null,
  carrier: r.carrier ?? null,
});

/** Inserts the packages and their PACKAGE_OPENED events, in one statement. */
export async function insertNewPackages(
  db: DbOrTx,
  scope: BuildingScope,
  rows: NewPackage[],
  at: Date,
): Promise<number[]> {
  return repo.insertPackagesWithEvents(
    db,
    rows.map((r) => ({
      ...rowColumns(scope, r),
      apartment_id: r.occ.apartment_id,
      status: "OPEN" as const,
      date_opened: at,
      date_created: at,
      opened_by_id: scope.user.id,
      scanned_at: r.scanned_at ?? null,
      barcode_success: r.barcode_success ?? null,
      apartment_success: r.apartment_success ?? null,
      package_type_success: r.package_type_success ?? null,
    })),
    rows.map((r) => ({
      ...event("PACKAGE_OPENED"),
      note: `Package opened: ${r.type.name}${r.opening_comment ? ` – ${r.opening_comment}` : ""}`,
      performed_by_id: scope.user.id,
    })),
  );
}

const noticeOf = (id: number, r: NewPackage): NoticePackage => ({
  id,
  type_name: r.type.name,
  group: r.type.group as PackageGroup,
  email_subject: r.type.email_subject,
  comment: r.opening_comment,
  occupants: r.occupants,
});

/** After commit: one notice per unit (mail + texts), recorded on its packages; trackers told. */
export async function notifyLogged(
  ctx: ServiceContext,
  scope: BuildingScope,
  rows: NewPackage[],
  ids: number[],
): Promise<{ emails: number; texts: number }> {
  const byOcc = new Map<number, { occ: repo.OccupancyInfo; list: NoticePackage[] }>();
  rows.forEach((r, i) => {
    const g = byOcc.get(r.occ.id) ?? { occ: r.occ, list: [] };
    g.list.push(noticeOf(ids[i], r));
    byOcc.set(r.occ.id, g);
  });
  let emails = 0;
  let texts = 0;
  const b = buildingInfo(scope);
  for (const { occ, list } of byOcc.values()) {
    try {
      const res = await sendLoggedNotice(ctx, b, occ, list);
      const notified = list.filter((p) => p.group !== "KEYS" && p.occupants.length).map((p) => p.id);
      if (res.email_id || res.sms_ids.length) {
        await repo.setNotification(ctx.db, notified, {
          notification_email_id: res.email_id,
          send_notification_to: res.sent_to.join(";"),
          notification_sms_ids: res.sms_ids,
        });
      }
      emails += res.sent_to.length;
      texts += res.sms_ids.length;
    } catch (err) {
      ctx.log?.error({ err, occupancy: occ.id }, "package notification failed");
    }
    await notifyPackageTrackers(ctx, b, occ, "logged", list, scope.user);
  }
  return { emails, texts };
}

/** POST /packages/bulk/: validates every row, logs them all, notifies per unit. */
export async function bulkLog(
  ctx: ServiceContext,
  body: unknown,
  queryBuilding: number | undefined,
): Promise<PackageBulkResult> {
  const { scope, rows } = await validateRows(ctx, body, PackageBulkRow, queryBuilding);
  const at = new Date();
  // One statement: atomic without a transaction.
  const ids = await insertNewPackages(ctx.db, scope, rows, at);
  touchPackages(ctx, scope.building.id);
  const sent = await notifyLogged(ctx, scope, rows, ids);
  return {
    message: M.packagesLogged,
    count: ids.length,
    results: await loadMany(ctx.db, scope, ids),
    emails_sent: sent.emails,
    texts_sent: sent.texts,
  };
}

// ---------------------------------------------------------------------------------------------
// Closing

export interface CloseInput {
  packages: number[];
  closing_comment?: string;
  photo?: { data: Buffer; filename: string } | null;
  queryBuilding?: number;
}

/** POST /packages/bulk/close/ */
export async function bulkClose(ctx: ServiceContext, input: CloseInput) {
  const db = ctx.db;
  const user = requireUser(ctx);
  const list = [...new Set(input.packages)];
  if (!list.length) throw new ValidationError({ packages: [M.selectToClose] });
  const heads = await repo.findPackagesToClose(db, list);
  const byId = new Map(heads.map((h) => [h.id, h]));
  for (const id of list) {
    const h = byId.get(id);
    if (
      !h ||
      !hasBuildingAccess(user, h.building_id) ||
      (input.queryBuilding !== undefined && h.building_id !== input.queryBuilding)
    )
      throw new ValidationError({ packages: [M.invalidPk(id)] });
  }
  const scopes = new Map<number, BuildingScope>();
  for (const b of [...new Set(heads.map((h) => h.building_id))])
    scopes.set(b, await requireBuilding(ctx, db, b, "nav.packages"));
  const closed = heads.filter((h) => h.status !== "OPEN");
  if (closed.length) throw new ValidationError({ packages: closed.map((h) => M.alreadyClosed(h.id)) });
  const needsPhoto = heads.some(
    (h) =>
      h.type_is_pic_required && scopes.get(h.building_id)!.settings.packagesettings.is_require_pictures_for_building,
  );
  if (needsPhoto && !input.photo) throw new ValidationError({ closing_photo_url: [M.photoRequired] });

  let photoUrl: string | null = null;
  if (input.photo) {
    const first = scopes.get(heads[0].building_id)!;
    // At most CLOSING_PHOTO_MAX px on the longest side, never enlarged.
    const meta = await sharp(input.photo.data)
      .metadata()
      .catch(() => null);
    const side = Math.min(CLOSING_PHOTO_MAX, Math.max(meta?.width ?? CLOSING_PHOTO_MAX, meta?.height ?? 1, 1));
    const saved = await saveImage(ctx, {
      data: input.photo.data,
      purpose: "package_closing_photo",
      original_name: input.photo.filename,
      building_id: first.building.id,
      created_by_id: user.id,
      field: "closing_photo_url",
      resize: { width: side, height: side, fit: "inside", quality: 85 },
    });
    photoUrl = saved.url;
  }

  const comment = input.closing_comment?.trim() ?? "";
  const at = new Date();
  const close = async (on: DbOrTx) => {
    const ids = await repo.closePackagesWithEvent(
      on,
      list,
      { closed_by_id: user.id, closing_comment: comment, closing_photo_url: photoUrl, at },
      {
        ...event("PACKAGE_CLOSED"),
        note: comment ? `Package closed: ${comment}` : "Package closed",
        performed_by_id: user.id,
        data: photoUrl ? { closing_photo_url: photoUrl } : null,
      },
    );
    const got = new Set(ids);
    const lost = list.filter((id) => !got.has(id));
    if (lost.length) throw new ValidationError({ packages: lost.map((id) => M.alreadyClosed(id)) });
    return ids;
  };
  // One statement; several packages close all or none (one found closed meanwhile undoes the others).
  const done = list.length === 1 ? await close(db) : await db.transaction((tx) => close(tx));
  touchPackages(ctx, ...scopes.keys());

  // Notices per building and unit.
  const closedHeads = done.map((id) => byId.get(id)!);
  const occs = new Map(closedHeads.flatMap((h) => (h.occupancy ? [[h.occupancy_id, h.occupancy] as const] : [])));
  const groups = new Map<number, repo.PackageHead[]>();
  for (const h of closedHeads) groups.set(h.occupancy_id, [...(groups.get(h.occupancy_id) ?? []), h]);
  for (const [occId, hs] of groups) {
    const occ = occs.get(occId);
    if (!occ) continue;
    const scope = scopes.get(hs[0].building_id)!;
    const notices: NoticePackage[] = hs.map((h) => ({
      id: h.id,
      type_name: h.type_name,
      group: h.type_group as PackageGroup,
      email_subject: "",
      comment,
      occupants: h.send_notification_occupants ?? [],
    }));
    try {
      await sendClosedNotice(ctx, buildingInfo(scope), occ, notices, at);
    } catch (err) {
      ctx.log?.error({ err, occupancy: occId }, "package closed notification failed");
    }
    await notifyPackageTrackers(ctx, buildingInfo(scope), occ, "closed", notices, user);
  }
  return { message: M.closed(done.length), count: done.length, ids: done };
}
