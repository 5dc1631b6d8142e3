import sharp from "sharp";
import type { z } from "zod";
import {
  type ApartmentPackages,
  type BatchedPackage,
  type BatchedPackagePatch,
  BatchedPackageWrite,
  bracketedIds,
  canPackages,
  changeNote,
  type Event,
  hasBuildingAccess,
  isPlaceholderEmail,
  type Package,
  PACKAGE_ACTIVITY_HOURS,
  PACKAGE_BULK_MAX_ROWS,
  PACKAGE_EVENT_DISPLAY,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_LIST_DEFAULT_ORDERING,
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUS_DISPLAY,
  type PackageActivityItem,
  PackageBulkRow,
  type PackageBulkResult,
  type PackageEventType,
  type PackageGrid,
  type PackageGroup,
  type PackageListQuery,
  type PackageRecord,
  type PackageRemind,
  type PackageTypeSummary,
} from "@portico/contract";
import type { Db, DbOrTx } from "../../db/client.ts";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { type ContactView, contactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import { type CurrentUser, requireUser } from "../../lib/current-user.ts";
import { boundOf, iso, todayIn } from "../../lib/dates.ts";
import { fieldErrorsOf, HttpError, NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { saveImage } from "../../lib/files.ts";
import { topics } from "../../lib/change-feed.ts";
import { paginate } from "../../lib/pagination.ts";
import type { View } from "../../lib/view-cache.ts";
import {
  type BuildingInfo,
  type NoticePackage,
  notifyPackageTrackers,
  sendClosedNotice,
  sendLoggedNotice,
  sendReminder,
} from "./notifications.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

/** Closing photos are kept at most this many pixels on their longest side. */
export const CLOSING_PHOTO_MAX = 1600;

type Page = { limit: number; offset: number };

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

const typeName = (v: unknown) =>
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
// Output

export function toTypeSummary(t: {
  id: number;
  name: string;
  abbreviation: string;
  color_hex: string;
  font_color_hex: string;
  group: string;
  is_pic_required: boolean;
  is_public_display: boolean;
}): PackageTypeSummary {
  const group = t.group as PackageGroup;
  return {
    id: t.id,
    name: t.name,
    abbreviation: t.abbreviation,
    color_hex: t.color_hex,
    font_color_hex: t.font_color_hex,
    group,
    group_display: PACKAGE_GROUP_DISPLAY[group] ?? group,
    is_pic_required: t.is_pic_required,
    is_public_display: t.is_public_display,
  };
}

const person = (id: number | null, first: string | null, last: string | null) =>
  id == null ? null : { id, first_name: first ?? "", last_name: last ?? "" };

export function toPackage(
  r: repo.PackageRow,
  contact: ContactView,
  extra: { record?: PackageRecord | null; texts?: Package["text_recipient_set"] } = {},
): Package {
  return {
    id: r.id,
    building_id: r.building_id,
    status: r.status,
    status_display: PACKAGE_STATUS_DISPLAY[r.status] ?? r.status,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupancy_id: r.occupancy_id,
    occupants: r.occupants,
    occupancy_status: r.occupancy_status,
    is_active_occupancy: r.is_active_occupancy,
    is_future_occupancy: r.is_future_occupancy,
    is_lease_expired: r.is_lease_expired,
    package_type: toTypeSummary(r.package_type),
    date_opened: iso(r.date_opened)!,
    date_closed: iso(r.date_closed),
    date_created: iso(r.date_created)!,
    opened_by: person(r.ob_id, r.ob_first_name, r.ob_last_name),
    closed_by: person(r.cb_id, r.cb_first_name, r.cb_last_name),
    opening_comment: r.opening_comment,
    closing_comment: r.closing_comment,
    closing_photo_url: r.closing_photo_url,
    package_count: r.package_count,
    send_notification_occupants: r.send_notification_occupants,
    send_notification_to: residentEmail(contact, r.send_notification_to),
    record: extra.record ?? null,
    text_recipient_set: extra.texts ?? [],
    barcode: r.barcode,
    carrier: r.carrier,
    scanned_at: iso(r.scanned_at),
  };
}

const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();

async function recordOf(db: DbOrTx, r: repo.PackageRow, contact: ContactView): Promise<PackageRecord | null> {
  if (!r.notification_email_id) return null;
  const m = await repo.findEmail(db, r.notification_email_id);
  if (!m) return null;
  const people = await repo.occupantEmails(db, r.send_notification_occupants);
  return {
    id: m.id,
    subject: m.subject,
    body: m.body_html,
    body_text: m.body_text,
    state: m.status,
    date_created: iso(m.date_created)!,
    recipient_set: m.recipients.map((rec) => {
      const match =
        people.find((p) => p.email.trim().toLowerCase() === rec.email.toLowerCase()) ??
        people.find((p) => rec.name && fullName(p) === rec.name);
      return {
        name: rec.name ?? (match ? fullName(match) : ""),
        email: residentEmail(contact, rec.email),
        current_email: match ? residentEmail(contact, match.email) : null,
        time_sent: iso(m.sent_at),
        mandrill_state: m.status,
        mandrill_reject_reason: m.error,
        opens: 0,
      };
    }),
  };
}

async function textsOf(
  db: DbOrTx,
  r: repo.PackageRow,
  contact: ContactView,
): Promise<Package["text_recipient_set"]> {
  const rows = await repo.findTexts(db, r.notification_sms_ids);
  return rows.map((s) => ({
    name: s.to_name,
    phone_number: residentPhone(contact, s.to_number),
    state: s.status,
    time_sent: iso(s.sent_at),
    error: s.error,
  }));
}

const SORT_DEFAULT = { key: "date_opened", desc: true } as const;
function parseSort(ordering: string | undefined): repo.Sort {
  const o = ordering || PACKAGE_LIST_DEFAULT_ORDERING;
  const desc = o.startsWith("-");
  const key = (desc ? o.slice(1) : o) as repo.SortKey;
  return key ? { key, desc } : SORT_DEFAULT;
}

const buildingInfo = (scope: BuildingScope): BuildingInfo => ({
  id: scope.building.id,
  name: scope.building.name,
  time_zone: scope.building.time_zone,
});

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
  const filter: repo.PackageFilter = {
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
      const { rows, count } = await repo.listPackages(db, filter, parseSort(q.ordering), page, today);
      const contact = contactView(user, scope.ctx);
      return { count, results: rows.map((r) => toPackage(r, contact)) };
    },
  };
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

export async function loadPackage(db: Db, scope: BuildingScope, id: number, detail = true): Promise<Package> {
  const [row] = await repo.selectPackages(
    db,
    { buildingId: scope.building.id, ids: [id] },
    { key: "id", desc: false },
    { limit: 1, offset: 0 },
    todayIn(scope.building.time_zone),
  );
  if (!row) throw new NotFoundError();
  const contact = contactView(scope.user, scope.ctx);
  if (!detail) return toPackage(row, contact);
  const [record, texts] = [await recordOf(db, row, contact), await textsOf(db, row, contact)];
  return toPackage(row, contact, { record, texts });
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

const event = (type: PackageEventType) => ({ type, type_display: PACKAGE_EVENT_DISPLAY[type] });

/** After a commit: this instance's cached views of these buildings' packages are stale. */
const touchPackages = (ctx: ServiceContext, ...buildingIds: number[]) =>
  ctx.changes.touch(...buildingIds.map(topics.packages));

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
// Logging (bulk, queue)

interface ValidRow {
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
async function validateRows(
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
  const occs = await repo.occupancyInfo(db, occIds);
  if (!scope) {
    const first = parsed
      .map((p) => p && occs.get(p.occupancy))
      .find((o) => o && hasBuildingAccess(user, o.building_id));
    if (first) scope = await requireBuilding(ctx, db, first.building_id, "nav.packages");
  }
  const types = new Map(
    (await repo.findTypes(db, [...new Set(parsed.filter((p) => p).map((p) => p!.package_type))])).map((t) => [t.id, t]),
  );
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

interface NewPackage {
  occ: repo.OccupancyInfo;
  type: repo.TypeRow;
  opening_comment: string;
  occupants: number[];
  barcode?: string | null;
  carrier?: string | null;
  scanned_at?: Date | null;
  barcode_success?: boolean | null;
  apartment_success?: boolean | null;
  package_type_success?: boolean | null;
}

/** Inserts the packages and their PACKAGE_OPENED events (inside the caller's transaction). */
async function insertNewPackages(tx: DbOrTx, scope: BuildingScope, rows: NewPackage[], at: Date): Promise<number[]> {
  const ids = await repo.insertPackages(
    tx,
    rows.map((r) => ({
      building_id: scope.building.id,
      occupancy_id: r.occ.id,
      apartment_id: r.occ.apartment_id,
      package_type_id: r.type.id,
      status: "OPEN",
      opening_comment: r.opening_comment,
      date_opened: at,
      date_created: at,
      opened_by_id: scope.user.id,
      send_notification_occupants: r.occupants,
      barcode: r.barcode ?? null,
      carrier: r.carrier ?? null,
      scanned_at: r.scanned_at ?? null,
      barcode_success: r.barcode_success ?? null,
      apartment_success: r.apartment_success ?? null,
      package_type_success: r.package_type_success ?? null,
    })),
  );
  await repo.insertEvents(
    tx,
    ids.map((id, i) => ({
      building_id: scope.building.id,
      package_id: id,
      ...event("PACKAGE_OPENED"),
      note: `Package opened: ${rows[i].type.name}${rows[i].opening_comment ? ` – ${rows[i].opening_comment}` : ""}`,
      performed_by_id: scope.user.id,
    })),
  );
  return ids;
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
async function notifyLogged(
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

async function loadMany(db: Db, scope: BuildingScope, ids: number[]): Promise<Package[]> {
  if (!ids.length) return [];
  const rows = await repo.selectPackages(
    db,
    { buildingId: scope.building.id, ids },
    { key: "id", desc: false },
    { limit: ids.length, offset: 0 },
    todayIn(scope.building.time_zone),
  );
  const contact = contactView(scope.user, scope.ctx);
  return rows.map((r) => toPackage(r, contact));
}

/** POST /packages/bulk/: validates every row, logs them all, notifies per unit. */
export async function bulkLog(
  ctx: ServiceContext,
  body: unknown,
  queryBuilding: number | undefined,
): Promise<PackageBulkResult> {
  const { scope, rows } = await validateRows(ctx, body, PackageBulkRow, queryBuilding);
  const at = new Date();
  const ids = await ctx.db.transaction((tx) => insertNewPackages(tx, scope, rows, at));
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
  const heads = await repo.findPackageHeads(db, list);
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
  const done = await db.transaction(async (tx) => {
    const ids = await repo.closePackages(tx, list, {
      closed_by_id: user.id,
      closing_comment: comment,
      closing_photo_url: photoUrl,
      at,
    });
    const got = new Set(ids);
    const lost = list.filter((id) => !got.has(id));
    if (lost.length) throw new ValidationError({ packages: lost.map((id) => M.alreadyClosed(id)) });
    await repo.insertEvents(
      tx,
      ids.map((id) => ({
        building_id: byId.get(id)!.building_id,
        package_id: id,
        ...event("PACKAGE_CLOSED"),
        note: comment ? `Package closed: ${comment}` : "Package closed",
        performed_by_id: user.id,
        data: photoUrl ? { closing_photo_url: photoUrl } : null,
      })),
    );
    return ids;
  });
  touchPackages(ctx, ...scopes.keys());

  // Notices per building and unit.
  const closedHeads = done.map((id) => byId.get(id)!);
  const occs = await repo.occupancyInfo(db, [...new Set(closedHeads.map((h) => h.occupancy_id))]);
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

// ---------------------------------------------------------------------------------------------
// Building views

/** GET /core/buildings/{b}/package-activity/: package events of the past 24 hours. */
export async function packageActivity(ctx: ServiceContext, buildingId: number, page: Page) {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  return { buildingId: scope.building.id, load: () => loadActivity(db, scope.building.id, page) };
}

async function loadActivity(db: Db, buildingId: number, page: Page) {
  const since = new Date(Date.now() - PACKAGE_ACTIVITY_HOURS * 3600_000);
  const { rows, count } = await repo.listActivity(db, buildingId, since, page);
  const results: PackageActivityItem[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    type_display: r.type_display,
    note: r.note,
    performed_by: r.performed_by,
    date_created: iso(r.date_created)!,
    package: {
      id: r.package_id,
      status: r.status,
      apartment_number: r.apartment_number,
      occupancy_id: r.occupancy_id,
      package_type: toTypeSummary(r.package_type),
    },
  }));
  return { count, results };
}

// The grid and apartment packages hold no per-user field: one view per building, local date
// ("future" and "expired" leases) and query serves every role that may open them.
const viewTopics = (buildingId: number) => [topics.packages(buildingId), topics.units(buildingId), topics.packageTypes];

/** GET /core/buildings/{b}/package-grid/ */
export async function packageGrid(ctx: ServiceContext, buildingId: number): Promise<View> {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const b = scope.building.id;
  const today = todayIn(scope.building.time_zone);
  return { key: `${b}:${today}`, topics: viewTopics(b), load: () => loadPackageGrid(db, b, today) };
}

async function loadPackageGrid(db: Db, buildingId: number, today: string): Promise<PackageGrid> {
  const [rows, types] = await Promise.all([repo.packageGrid(db, buildingId, today), repo.gridTypes(db, buildingId)]);
  return {
    building_id: buildingId,
    total_count: rows.reduce((n, r) => n + r.total_count, 0),
    package_types: types.map((t) => ({
      ...toTypeSummary(t),
      display_order: t.display_order,
      grid_display: t.grid_display,
    })),
    results: rows,
  };
}

/** GET /core/buildings/{b}/apartment-packages/ (the page's links come from the URL: in the key) */
export async function apartmentPackages(
  ctx: ServiceContext,
  buildingId: number,
  page: Page,
  publicOnly: boolean,
): Promise<View> {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const b = scope.building.id;
  const today = todayIn(scope.building.time_zone);
  return {
    key: `${b}:${today}:${ctx.url}`,
    topics: viewTopics(b),
    load: async () => {
      const { count, results } = await loadApartmentPackages(db, b, today, page, publicOnly);
      return paginate(ctx, page, count, results);
    },
  };
}

async function loadApartmentPackages(
  db: Db,
  buildingId: number,
  today: string,
  page: Page,
  publicOnly: boolean,
): Promise<{ count: number; results: ApartmentPackages[] }> {
  const { rows, count } = await repo.apartmentPackages(db, buildingId, today, page, publicOnly);
  return {
    count,
    results: rows.map((r) => ({
      occupancy_id: r.occupancy_id,
      apartment_id: r.apartment_id,
      apartment_number: r.apartment_number,
      occupancy_status: r.occupancy_status,
      is_active_occupancy: r.is_active_occupancy,
      is_future_occupancy: r.is_future_occupancy,
      occupants: r.occupants,
      package_count: r.package_count,
      packages: r.packages.map((p) => ({ ...p, package_type: toTypeSummary(p.package_type) })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Batch queue

function toBatched(r: repo.QueueRow, user: CurrentUser, scope: BuildingScope): BatchedPackage {
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
  const { rows, count } = await repo.listQueue(db, scope.building.id, page);
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
  const ids = await repo.insertQueue(
    db,
    rows.map((r) => ({
      building_id: scope.building.id,
      occupancy_id: r.occ.id,
      package_type_id: r.type.id,
      opening_comment: r.opening_comment,
      send_notification_occupants: r.occupants,
      created_by_id: scope.user.id,
      barcode: r.barcode ?? null,
      carrier: r.carrier ?? null,
    })),
  );
  const { rows: out } = await repo.listQueue(db, scope.building.id, { limit: ids.length, offset: 0 }, ids);
  const items = out.map((r) => toBatched(r, scope.user, scope));
  return single ? items[0] : items;
}

async function reachableQueueItem(ctx: ServiceContext, buildingId: number, id: number) {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const item = await repo.findQueueItem(db, id);
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
  const set: Partial<repo.QueueInsert> = {};
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
  if (Object.keys(set).length) await repo.updateQueueItem(db, id, set);
  const { rows } = await repo.listQueue(db, scope.building.id, { limit: 1, offset: 0 }, [id]);
  if (!rows.length) throw new NotFoundError();
  return toBatched(rows[0], scope.user, scope);
}

/** DELETE /core/buildings/{b}/package-queue/{id}/ */
export async function removeQueueItem(ctx: ServiceContext, buildingId: number, id: number): Promise<void> {
  const db = ctx.db;
  await reachableQueueItem(ctx, buildingId, id);
  if (!(await repo.deleteQueueItem(db, id))) throw new NotFoundError();
}

/** POST /core/buildings/{b}/package-queue/convert_queue/: logs the whole batch, then notifies. */
export async function convertQueue(ctx: ServiceContext, buildingId: number): Promise<PackageBulkResult> {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "nav.packages");
  const at = new Date();
  const { ids, rows } = await db.transaction(async (tx) => {
    const items = await repo.takeQueue(tx, scope.building.id);
    if (!items.length) throw new ValidationError({ non_field_errors: [M.emptyBatch] });
    const occs = await repo.occupancyInfo(
      tx,
      items.map((i) => i.occupancy_id),
    );
    const types = new Map(
      (await repo.findTypes(tx, [...new Set(items.map((i) => i.package_type_id))])).map((t) => [t.id, t]),
    );
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
