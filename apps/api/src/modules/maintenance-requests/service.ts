import {
  changeNote,
  hasBuildingAccess,
  isClosedStatus,
  MAINTENANCE_DEFAULT_ORDERING,
  MAINTENANCE_EVENT_DISPLAY,
  MAINTENANCE_EXPORT_FILENAME,
  MAINTENANCE_EXPORT_LIMIT,
  MAINTENANCE_INITIAL_STATUS,
  MAINTENANCE_MAX_LIMIT,
  MAINTENANCE_MESSAGES as MM,
  MAINTENANCE_PAGE_SIZE,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_STATUS_DISPLAY,
  type Base64Photo,
  type MaintenanceComment,
  type MaintenanceCommentCreate,
  type MaintenanceEventType,
  type MaintenanceExportQuery,
  type MaintenanceListQuery,
  type MaintenancePhoto,
  type MaintenancePhotoWrite,
  type MaintenanceRequest,
  type MaintenanceRequestCreate,
  type MaintenanceRequestListItem,
  type MaintenanceRequestPatch,
  type MaintenanceStatus,
  type MaintenanceStatusOption,
  type MaintenanceStatusUpdate,
  MESSAGES,
  ROLE_DISPLAY,
  type Role,
  statusesOf,
  statusOptionsOf,
  statusText,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { boundOf, dayjs, iso, todayIn } from "../../lib/dates.ts";
import { HttpError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { listEntityEvents } from "../../lib/events-repository.ts";
import { deleteFileByUrl, saveImage, type StoredFile } from "../../lib/files.ts";
import { type Page, pageOf, paginate } from "../../lib/pagination.ts";
import { type ContactView, contactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import * as lists from "./list-repository.ts";
import { notify, type NoticeKind } from "./notifications.ts";
import * as repo from "./repository.ts";

/**
 * Maintenance requests (document 2 sections 2–9): the building's list (every filter), one request
 * with its comments, photos and history, create and edit (base64 photos, the signature), status
 * updates in the building's vocabulary, comments and captioned photos. Every staff member of the
 * building (maintenance.use); another building's request is 404. Notices: notifications.ts.
 */

const PHOTO_SIZE = { width: 1600, height: 1600, fit: "inside", format: "jpeg" } as const;
const SIGNATURE_SIZE = { width: 1200, height: 600, fit: "inside", format: "jpeg" } as const;

const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.maintenanceRequests(buildingId));
const event = (type: MaintenanceEventType) => ({ type, type_display: MAINTENANCE_EVENT_DISPLAY[type] });
const todayOf = (ctx: ServiceContext, scope: BuildingScope) => todayIn(scope.building.time_zone, ctx.clock());
const statusSetOf = (scope: BuildingScope) => scope.settings.maintenancerequestsettings.status_set;
const actorOf = (scope: BuildingScope) => ({
  id: scope.user.id,
  name: `${scope.user.first_name} ${scope.user.last_name}`.trim() || scope.user.username,
});

// ---------------------------------------------------------------------------------------------
// Answers

const personOf = (p: lists.PersonJson | null) =>
  p
    ? {
        id: Number(p.id),
        first_name: p.first_name ?? "",
        last_name: p.last_name ?? "",
        username: p.username ?? "",
        role_display: ROLE_DISPLAY[p.role as Role] ?? p.role ?? "",
        phone_number: p.phone_number ?? "",
      }
    : null;

function toComment(requestId: number, c: lists.CommentJson): MaintenanceComment {
  return {
    id: Number(c.id),
    maintenance_request_id: requestId,
    comment: c.comment ?? "",
    is_private: !!c.is_private,
    change_status_to: c.change_status_to ?? null,
    change_status_to_display: c.change_status_to ? MAINTENANCE_STATUS_DISPLAY[c.change_status_to] : null,
    entered_by: personOf(c.entered_by),
    date_created: iso(c.date_created)!,
  };
}

function toPhoto(requestId: number, p: lists.PhotoJson): MaintenancePhoto {
  return {
    id: Number(p.id),
    maintenance_request_id: requestId,
    photo_url: p.photo_url,
    caption: p.caption ?? "",
    is_private: !!p.is_private,
    entered_by: personOf(p.entered_by),
    date_created: iso(p.date_created)!,
  };
}

function toListItem(r: lists.RequestRow, view: ContactView): MaintenanceRequestListItem {
  return {
    id: r.id,
    building_id: r.building_id,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupancy_id: r.occupancy_id,
    employee_id: r.employee_id,
    employee_name: r.employee_name,
    maintenance_request_type_id: r.maintenance_request_type_id,
    maintenance_request_type_name: r.type_name,
    maintenance_request_type_category: r.type_category,
    description: r.description,
    is_high_priority: r.is_high_priority,
    additional_emails: r.additional_emails,
    additional_phone_numbers: r.additional_phone_numbers,
    is_permission_to_enter: r.is_permission_to_enter,
    permission_to_enter_comments: r.permission_to_enter_comments,
    status: r.status,
    status_display: MAINTENANCE_STATUS_DISPLAY[r.status] ?? r.status,
    date_opened: iso(r.date_opened)!,
    date_created: iso(r.date_created)!,
    date_closed: iso(r.date_closed),
    date_on_hold_until: r.date_on_hold_until,
    last_modified: iso(r.last_modified)!,
    signature_url: r.signature_url,
    recurring_maintenance_request_id: r.recurring_maintenance_request_id,
    occupant_set: r.occupant_set.map((o) => ({
      id: Number(o.id),
      first_name: o.first_name ?? "",
      last_name: o.last_name ?? "",
      email: residentEmail(view, o.email),
      phone_number: residentPhone(view, o.phone_number),
      is_active: !!o.is_active,
    })),
    entered_by: personOf(r.entered_by),
    comments: r.comments.map((c) => toComment(r.id, c)),
  };
}

const toRequest = (r: lists.RequestRow, view: ContactView): MaintenanceRequest => ({
  ...toListItem(r, view),
  maintenancerequestphoto_set: r.photos.map((p) => toPhoto(r.id, p)),
});

async function loadOne(ctx: ServiceContext, scope: BuildingScope, id: number): Promise<MaintenanceRequest> {
  const { rows } = await lists.listRequests(
    ctx.db,
    { buildingId: scope.building.id, ids: [id], includePastOccupancies: true },
    { limit: 1, offset: 0 },
    MAINTENANCE_DEFAULT_ORDERING,
    { withPhotos: true },
  );
  if (!rows.length) throw new NotFoundError();
  return toRequest(rows[0], contactView(scope.user, scope.ctx));
}

// ---------------------------------------------------------------------------------------------
// Scope

/** The building of a list or a create (403 without access or the permission, 404 when missing). */
export const buildingScope = (ctx: ServiceContext, buildingId: number) =>
  requireBuilding(ctx, ctx.db, buildingId, "maintenance.use");

/**
 * A request the user may reach (404 when missing, out of reach, or not of the ?building named);
 * its building must allow maintenance.use (403).
 */
async function reachable(ctx: ServiceContext, id: number, building?: number) {
  const user = requireUser(ctx);
  const head = await repo.findRequest(ctx.db, id);
  if (!head || !hasBuildingAccess(user, head.building_id) || (building !== undefined && building !== head.building_id))
    throw new NotFoundError();
  const scope = await buildingScope(ctx, head.building_id);
  return { head, scope };
}

/** Checked before the body is judged (403/404 before 400). */
export async function requireRequest(ctx: ServiceContext, id: number, building?: number): Promise<void> {
  await reachable(ctx, id, building);
}

// ---------------------------------------------------------------------------------------------
// Reads

function filterOf(q: Omit<MaintenanceListQuery, "limit" | "offset">, tz: string): lists.RequestFilter {
  const statuses = q.status ? [q.status] : q.statuses;
  return {
    buildingId: q.building,
    statuses: statuses?.length ? statuses : undefined,
    apartmentId: q.apartment,
    occupancyId: q.occupancy,
    typeId: q.maintenance_request_type,
    openedFrom: q.min_date_opened ? boundOf(q.min_date_opened, tz, "min") : undefined,
    openedUntil: q.max_date_opened ? boundOf(q.max_date_opened, tz, "max") : undefined,
    closedFrom: q.min_date_closed ? boundOf(q.min_date_closed, tz, "min") : undefined,
    closedUntil: q.max_date_closed ? boundOf(q.max_date_closed, tz, "max") : undefined,
    search: q.search,
    isHighPriority: q.is_high_priority,
    includePastOccupancies: q.is_include_past_occupancies ?? false,
    onlyRecurring: q.is_only_recurring ?? false,
    recurringId: q.recurring_maintenance_request,
  };
}

/** GET /maintenance-requests/maintenance-requests/?building — one page (30 by default). */
export async function listRequests(ctx: ServiceContext, q: MaintenanceListQuery) {
  const scope = await buildingScope(ctx, q.building);
  const page = pageOf(q, MAINTENANCE_PAGE_SIZE, MAINTENANCE_MAX_LIMIT);
  const { rows, count } = await lists.listRequests(
    ctx.db,
    filterOf(q, scope.building.time_zone),
    page,
    q.ordering ?? MAINTENANCE_DEFAULT_ORDERING,
  );
  const view = contactView(scope.user, scope.ctx);
  return paginate(
    ctx,
    page,
    count,
    rows.map((r) => toListItem(r, view)),
  );
}

/** The export's columns (MAINTENANCE_EXPORT_COLUMNS), days in the building's zone. */
function exportColumns(tz: string): XlsxColumn<MaintenanceRequestListItem>[] {
  const day = (d: string | null) => (d ? dayjs(d).tz(tz).format("MM/DD/YY") : "");
  return [
    { header: "Req #", width: 8, value: (r) => r.id },
    { header: "Unit", width: 10, value: (r) => r.apartment_number },
    { header: "Request type", width: 22, value: (r) => r.maintenance_request_type_name },
    {
      header: "Entered by",
      width: 22,
      value: (r) => (r.entered_by ? `${r.entered_by.first_name} ${r.entered_by.last_name}`.trim() : ""),
    },
    { header: "Assigned to", width: 22, value: (r) => r.employee_name ?? "" },
    { header: "PTE?", width: 6, value: (r) => (r.is_permission_to_enter ? "Yes" : "No") },
    { header: "Priority", width: 9, value: (r) => (r.is_high_priority ? "High" : "Normal") },
    { header: "Status", width: 22, value: (r) => statusText(r.status, r.date_on_hold_until) },
    { header: "Opened on", width: 11, value: (r) => day(r.date_opened) },
    { header: "Closed on", width: 11, value: (r) => day(r.date_closed) },
    { header: "Description", width: 60, value: (r) => r.description },
  ];
}

/**
 * GET .../maintenance-requests/as-excel/ — the list's filters and order, every row (the list's
 * rows); above 3000 → 400 'Export limit is 3000. Please refine your filters.'.
 */
export async function exportRequests(ctx: ServiceContext, q: MaintenanceExportQuery) {
  const scope = await buildingScope(ctx, q.building);
  const tz = scope.building.time_zone;
  const filter = filterOf(q, tz);
  if ((await lists.countRequests(ctx.db, filter)) > MAINTENANCE_EXPORT_LIMIT)
    throw new HttpError(400, { detail: MM.exportLimit });
  const view = contactView(scope.user, scope.ctx);
  const rows = lists.iterateRequests(ctx.db, filter, q.ordering ?? MAINTENANCE_DEFAULT_ORDERING, {
    limit: MAINTENANCE_EXPORT_LIMIT,
  });
  async function* items() {
    for await (const r of rows) yield toListItem(r, view);
  }
  return new XlsxSheet(MAINTENANCE_EXPORT_FILENAME, exportColumns(tz), items(), { sheetName: "Maintenance requests" });
}

/** GET /maintenance-requests/maintenance-requests/{id}/ */
export async function getRequest(ctx: ServiceContext, id: number, building?: number): Promise<MaintenanceRequest> {
  const { scope } = await reachable(ctx, id, building);
  return loadOne(ctx, scope, id);
}

/** GET /maintenance-requests/maintenance-requests/{id}/events/ — newest first. */
export async function requestEvents(ctx: ServiceContext, id: number, building: number | undefined, page: Page) {
  await reachable(ctx, id, building);
  const { rows, count } = await listEntityEvents(ctx.db, "maintenance_request", id, page);
  return paginate(
    ctx,
    page,
    count,
    rows.map((e) => ({ ...e, date_created: iso(e.date_created)! })),
  );
}

/** GET /maintenance-requests/statuses/?building — the building's vocabulary as radio options. */
export async function statusOptions(ctx: ServiceContext, building: number): Promise<MaintenanceStatusOption[]> {
  const scope = await buildingScope(ctx, building);
  return statusOptionsOf(statusSetOf(scope));
}

// ---------------------------------------------------------------------------------------------
// Photos and the signature

/** The bytes of a base64 photo ({type, name, content}; a data URL is accepted). */
function decodeBase64(content: string): Buffer {
  const comma = content.startsWith("data:") ? content.indexOf(",") : -1;
  return Buffer.from(comma >= 0 ? content.slice(comma + 1) : content, "base64");
}

const tooLarge = (field: string) => new HttpError(413, { [field]: [MM.photoTooLarge] });

async function savePhoto(
  ctx: ServiceContext,
  scope: BuildingScope,
  data: Buffer,
  name: string,
  field: string,
  purpose = "maintenance_photo",
): Promise<StoredFile> {
  if (data.length > MAINTENANCE_PHOTO_MAX_BYTES) throw tooLarge(field);
  return saveImage(ctx, {
    data,
    purpose,
    original_name: name,
    building_id: scope.building.id,
    created_by_id: scope.user.id,
    resize: purpose === "maintenance_signature" ? SIGNATURE_SIZE : PHOTO_SIZE,
    field,
  });
}

/** Saves every base64 photo (all checked for size first); on failure the saved ones are removed. */
async function saveBase64Photos(ctx: ServiceContext, scope: BuildingScope, photos: Base64Photo[] | undefined) {
  const decoded = (photos ?? []).map((p) => ({ data: decodeBase64(p.content), name: p.name }));
  if (decoded.some((p) => p.data.length > MAINTENANCE_PHOTO_MAX_BYTES)) throw tooLarge("photos");
  const saved: StoredFile[] = [];
  try {
    for (const p of decoded) {
      if (!p.data.length) throw new ValidationError({ photos: [MM.notAnImage] });
      saved.push(await savePhoto(ctx, scope, p.data, p.name, "photos"));
    }
  } catch (err) {
    await discard(ctx, saved);
    throw err;
  }
  return saved;
}

const discard = (ctx: ServiceContext, files: StoredFile[]) =>
  Promise.all(files.map((f) => deleteFileByUrl(ctx, f.url).catch(() => undefined)));

// ---------------------------------------------------------------------------------------------
// Writes

interface Resolved {
  apartment_id?: number;
  occupancy_id?: number | null;
  employee_id?: number | null;
  maintenance_request_type_id?: number;
}

/** The unit, unit profile, assignee and type of a write, each checked against the building. */
async function resolveRefs(
  ctx: ServiceContext,
  scope: BuildingScope,
  body: Partial<MaintenanceRequestCreate>,
  current: { apartment_id: number; occupancy_id: number | null } | null,
): Promise<Resolved> {
  const out: Resolved = {};
  const errors: Record<string, string[]> = {};
  const buildingId = scope.building.id;
  let apartmentId = current?.apartment_id;
  if (body.apartment_id !== undefined) {
    const apt = await repo.findApartment(ctx.db, body.apartment_id);
    if (!apt || apt.building_id !== buildingId) errors.apartment_id = [MM.apartmentNotInBuilding];
    else out.apartment_id = apartmentId = apt.id;
  }
  if (body.occupancy_id !== undefined && body.occupancy_id !== null) {
    const occ = await repo.findOccupancy(ctx.db, body.occupancy_id);
    if (!occ || occ.building_id !== buildingId || (apartmentId !== undefined && occ.apartment_id !== apartmentId))
      errors.occupancy_id = [MM.occupancyNotOfApartment];
    else out.occupancy_id = occ.id;
  } else if (body.occupancy_id === null) out.occupancy_id = null;
  else if (out.apartment_id !== undefined && out.apartment_id !== current?.apartment_id)
    out.occupancy_id = await repo.currentOccupancyOf(ctx.db, out.apartment_id, todayOf(ctx, scope));
  if (body.employee_id !== undefined && body.employee_id !== null) {
    const emp = await repo.findMaintenanceEmployee(ctx.db, body.employee_id, buildingId);
    if (!emp) errors.employee_id = [MM.notMaintenanceEmployee];
    else out.employee_id = emp.id;
  } else if (body.employee_id === null) out.employee_id = null;
  if (body.maintenance_request_type_id !== undefined) {
    const type = await repo.findType(ctx.db, body.maintenance_request_type_id);
    if (!type) errors.maintenance_request_type_id = [MESSAGES.invalidChoice(body.maintenance_request_type_id)];
    else if (!type.is_active) errors.maintenance_request_type_id = [MM.typeInactive];
    else out.maintenance_request_type_id = type.id;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out;
}

async function announce(
  ctx: ServiceContext,
  scope: BuildingScope,
  kind: NoticeKind,
  request: MaintenanceRequest,
  comment?: string,
) {
  await notify(ctx, {
    kind,
    request,
    building: { id: scope.building.id, name: scope.building.name },
    comment,
    actor: actorOf(scope),
  });
}

/**
 * The notices of a new request a recurring schedule made (the job: no signed-in user; residents'
 * contacts are read by the notices themselves, never returned).
 */
export async function announceGenerated(
  ctx: ServiceContext,
  id: number,
  building: { id: number; name: string },
  madeBy: string,
): Promise<void> {
  const { rows } = await lists.listRequests(
    ctx.db,
    { buildingId: building.id, ids: [id], includePastOccupancies: true },
    { limit: 1, offset: 0 },
    MAINTENANCE_DEFAULT_ORDERING,
  );
  if (!rows.length) return;
  await notify(ctx, {
    kind: "created",
    request: toRequest(rows[0], { email: false, phone: false }),
    building,
    actor: { id: 0, name: madeBy },
  });
}

/** POST /maintenance-requests/maintenance-requests/?building — 201 with the request. */
export async function createRequest(
  ctx: ServiceContext,
  body: MaintenanceRequestCreate,
  building: number,
): Promise<MaintenanceRequest> {
  const scope = await buildingScope(ctx, building);
  const refs = await resolveRefs(ctx, scope, body, null);
  const occupancyId =
    refs.occupancy_id !== undefined
      ? refs.occupancy_id
      : await repo.currentOccupancyOf(ctx.db, refs.apartment_id!, todayOf(ctx, scope));
  const photos = await saveBase64Photos(ctx, scope, body.photos);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const id = await repo.insertRequest(tx, {
        building_id: scope.building.id,
        apartment_id: refs.apartment_id!,
        occupancy_id: occupancyId,
        maintenance_request_type_id: refs.maintenance_request_type_id!,
        employee_id: refs.employee_id ?? null,
        entered_by_id: scope.user.id,
        description: body.description,
        is_high_priority: body.is_high_priority ?? false,
        is_permission_to_enter: body.is_permission_to_enter ?? false,
        permission_to_enter_comments: body.permission_to_enter_comments ?? "",
        additional_emails: body.additional_emails ?? "",
        additional_phone_numbers: body.additional_phone_numbers ?? "",
        status: MAINTENANCE_INITIAL_STATUS[statusSetOf(scope)],
      });
      for (const p of photos)
        await repo.insertPhoto(tx, { maintenance_request_id: id, photo_url: p.url, entered_by_id: scope.user.id });
      await repo.insertEvent(tx, {
        building_id: scope.building.id,
        request_id: id,
        ...event("MAINTENANCE_REQUEST_CREATED"),
        note: `Request #${id} created${photos.length ? ` with ${photos.length} photo(s)` : ""}`,
        performed_by_id: scope.user.id,
      });
      return id;
    });
  } catch (err) {
    await discard(ctx, photos);
    throw err;
  }
  touch(ctx, scope.building.id);
  const request = await loadOne(ctx, scope, id);
  await announce(ctx, scope, "created", request);
  return request;
}

const EDITABLE = [
  "apartment_id",
  "occupancy_id",
  "maintenance_request_type_id",
  "employee_id",
  "description",
  "is_high_priority",
  "is_permission_to_enter",
  "permission_to_enter_comments",
  "additional_emails",
  "additional_phone_numbers",
] as const;

/**
 * PATCH /maintenance-requests/maintenance-requests/{id}/ — the fields sent; photos are added;
 * signature_url (base64) or `signature` (a multipart file) only with has_signatures.
 */
export async function patchRequest(
  ctx: ServiceContext,
  id: number,
  body: MaintenanceRequestPatch,
  signatureFile: PhotoUpload | null,
  building?: number,
): Promise<MaintenanceRequest> {
  const { head, scope } = await reachable(ctx, id, building);
  const wantsSignature = signatureFile !== null || body.signature_url !== undefined;
  if (wantsSignature && !scope.settings.maintenancerequestsettings.has_signatures)
    throw new ValidationError({ signature_url: [MM.signaturesOff] });
  const signatureBytes = signatureFile?.data ?? (body.signature_url ? decodeBase64(body.signature_url) : null);
  if (wantsSignature && !signatureBytes?.length) throw new ValidationError({ signature_url: [MM.signatureRequired] });
  const refs = await resolveRefs(ctx, scope, body, head);
  const before = await loadOne(ctx, scope, id);
  const saved: StoredFile[] = [];
  let signature: StoredFile | null = null;
  try {
    if (signatureBytes) {
      const name = signatureFile?.filename || "signature";
      signature = await savePhoto(ctx, scope, signatureBytes, name, "signature_url", "maintenance_signature");
      saved.push(signature);
    }
    const photos = await saveBase64Photos(ctx, scope, body.photos);
    saved.push(...photos);
    const values: Partial<repo.RequestInsert> = {};
    const changes: { field: string; from: unknown; to: unknown }[] = [];
    for (const field of EDITABLE) {
      const next = field in refs ? refs[field as keyof Resolved] : body[field];
      if (next === undefined || next === before[field]) continue;
      (values as Record<string, unknown>)[field] = next;
      changes.push({ field, from: before[field], to: next });
    }
    if (signature) values.signature_url = signature.url;
    const now = ctx.clock();
    await ctx.db.transaction(async (tx) => {
      const log = (type: MaintenanceEventType, note: string) =>
        repo.insertEvent(tx, {
          building_id: head.building_id,
          request_id: id,
          ...event(type),
          note,
          performed_by_id: scope.user.id,
        });
      await repo.updateRequest(tx, id, { ...values, last_modified: now });
      for (const p of photos)
        await repo.insertPhoto(tx, { maintenance_request_id: id, photo_url: p.url, entered_by_id: scope.user.id });
      if (changes.length) await log("MAINTENANCE_REQUEST_UPDATED", changeNote(changes));
      if (photos.length) await log("MAINTENANCE_REQUEST_PHOTO_ADDED", `${photos.length} photo(s)`);
      if (signature) await log("MAINTENANCE_REQUEST_SIGNED", "");
    });
  } catch (err) {
    await discard(ctx, saved);
    throw err;
  }
  if (signature && head.signature_url) await deleteFileByUrl(ctx, head.signature_url).catch(() => undefined);
  touch(ctx, head.building_id);
  return loadOne(ctx, scope, id);
}

/**
 * POST .../{id}/update_status/ — any other status of the building's vocabulary (400 under status
 * otherwise); closing sets date_closed, reopening clears it; ON_HOLD takes date_on_hold_until
 * (default today in building time). The comment is stored with change_status_to; an event.
 */
export async function updateStatus(
  ctx: ServiceContext,
  id: number,
  body: MaintenanceStatusUpdate,
  building?: number,
): Promise<MaintenanceRequest> {
  const { head, scope } = await reachable(ctx, id, building);
  const allowed = statusesOf(statusSetOf(scope));
  const to = body.status;
  if (!allowed.includes(to)) throw new ValidationError({ status: [MESSAGES.invalidChoice(to)] });
  const from = head.status as MaintenanceStatus;
  if (to === from) throw new ValidationError({ status: [MM.sameStatus(MAINTENANCE_STATUS_DISPLAY[to])] });
  const now = ctx.clock();
  const onHold = to === "ON_HOLD" ? (body.date_on_hold_until ?? todayOf(ctx, scope)) : null;
  const closing = isClosedStatus(to);
  const comment = body.comment ?? { comment: "", is_private: false };
  await ctx.db.transaction(async (tx) => {
    const done = await repo.setStatus(tx, id, from, {
      status: to,
      date_closed: closing ? (head.date_closed ?? now) : null,
      date_on_hold_until: onHold,
      last_modified: now,
    });
    if (!done) throw new ValidationError({ status: [MM.sameStatus(MAINTENANCE_STATUS_DISPLAY[to])] });
    await repo.insertComment(tx, {
      maintenance_request_id: id,
      comment: comment.comment,
      is_private: comment.is_private,
      change_status_to: to,
      entered_by_id: scope.user.id,
      date_created: now,
    });
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      request_id: id,
      ...event("MAINTENANCE_REQUEST_STATUS_CHANGED"),
      note: `${MAINTENANCE_STATUS_DISPLAY[from]} ==> ${MAINTENANCE_STATUS_DISPLAY[to]}${onHold ? ` ${MM.until(onHold)}` : ""}`,
      performed_by_id: scope.user.id,
    });
  });
  touch(ctx, head.building_id);
  const request = await loadOne(ctx, scope, id);
  await announce(ctx, scope, "status", request, comment.is_private ? undefined : comment.comment || undefined);
  return request;
}

type Head = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

/**
 * Adds something to a request in one transaction (`insert` returns its id): the request's
 * last_modified moves and an event is written; then the change is announced to the feed.
 */
async function addToRequest(
  ctx: ServiceContext,
  head: Head,
  scope: BuildingScope,
  what: { type: MaintenanceEventType; note: string },
  insert: (tx: Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0], now: Date) => Promise<number>,
) {
  const now = ctx.clock();
  const id = await ctx.db.transaction(async (tx) => {
    const id = await insert(tx, now);
    await repo.touchRequest(tx, head.id, now);
    await repo.insertEvent(tx, {
      building_id: head.building_id,
      request_id: head.id,
      ...event(what.type),
      note: what.note,
      performed_by_id: scope.user.id,
    });
    return id;
  });
  touch(ctx, head.building_id);
  return { id, request: await loadOne(ctx, scope, head.id) };
}

/** POST /maintenance-requests/comments/ — 201 with the comment; a public one is announced. */
export async function addComment(
  ctx: ServiceContext,
  body: MaintenanceCommentCreate,
  building?: number,
): Promise<MaintenanceComment> {
  const { head, scope } = await reachable(ctx, body.maintenance_request_id, building);
  const note = body.is_private ? "Private comment" : "Public comment";
  const { id, request } = await addToRequest(
    ctx,
    head,
    scope,
    { type: "MAINTENANCE_REQUEST_COMMENT_ADDED", note },
    (tx, now) =>
      repo.insertComment(tx, {
        maintenance_request_id: head.id,
        comment: body.comment,
        is_private: body.is_private,
        entered_by_id: scope.user.id,
        date_created: now,
      }),
  );
  if (!body.is_private) await announce(ctx, scope, "comment", request, body.comment);
  return request.comments.find((c) => c.id === id)!;
}

/** POST /maintenance-requests/photos/ — multipart; 201 with the photo. */
export async function addPhoto(
  ctx: ServiceContext,
  body: MaintenancePhotoWrite,
  photo: PhotoUpload | null,
  building?: number,
): Promise<MaintenancePhoto> {
  const { head, scope } = await reachable(ctx, body.maintenance_request_id, building);
  if (!photo) throw new ValidationError({ photo_url: [MESSAGES.fieldRequired] });
  const file = await savePhoto(ctx, scope, photo.data, photo.filename, "photo_url");
  try {
    const { id, request } = await addToRequest(
      ctx,
      head,
      scope,
      { type: "MAINTENANCE_REQUEST_PHOTO_ADDED", note: body.caption },
      (tx, now) =>
        repo.insertPhoto(tx, {
          maintenance_request_id: head.id,
          photo_url: file.url,
          caption: body.caption,
          is_private: body.is_private,
          entered_by_id: scope.user.id,
          date_created: now,
        }),
    );
    return request.maintenancerequestphoto_set.find((p) => p.id === id)!;
  } catch (err) {
    await discard(ctx, [file]);
    throw err;
  }
}
