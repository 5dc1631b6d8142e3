import {
  type AccessKey,
  type Action,
  can,
  changeNote,
  hasBuildingAccess,
  isKeyOverdue,
  KEY_ENTITY_TYPE_DISPLAY,
  KEY_EVENT_DISPLAY,
  KEY_MESSAGES as KM,
  KEY_STATUS_DISPLAY,
  type KeyEntity,
  type KeyEntityType,
  type KeyEventType,
  type KeyJourney,
  type KeyListQuery,
  type KeyLocation,
  type KeyLocationPatch,
  type KeyLocationQuery,
  type KeyLocationWrite,
  type KeyPatch,
  type KeyRegister,
  MESSAGES,
  PACKAGE_MESSAGES,
  VERBAL_PERMISSION_HOURS,
  type VerbalPermission,
  type VerbalPermissionWrite,
} from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveImage } from "../../lib/files.ts";
import type { Page } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";

/**
 * Access keys (document 2 sections 2–9): keys, their journeys, key-box locations, recipients,
 * scans, sign out / in, missing reports, renames, deactivation and verbal permissions. Every call
 * of a building whose `accesskeyssettings.has_access_keys` is off is refused (403); another
 * building's key, journey or location is 404. Every change of a key is an event.
 */

/** The recipient's photo: fitted within these (the capture is about 340 by 420), JPEG without metadata. */
const PHOTO_SIZE = { width: 680, height: 840 } as const;

// ---------------------------------------------------------------------------------------------
// Gates

/** The building with access keys on (403 with a clear detail otherwise) and the action allowed (403). */
async function keysScope(ctx: ServiceContext, buildingId: number, action: Action): Promise<BuildingScope> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId);
  if (!scope.settings.accesskeyssettings.has_access_keys) throw new PermissionDeniedError(KM.featureOff);
  if (!can(scope.user, action, scope.ctx)) throw new PermissionDeniedError();
  return scope;
}

/** An object of a building the user reaches (404 otherwise, also when ?building names another). */
function reach(ctx: ServiceContext, buildingId: number | undefined, queryBuilding: number | undefined) {
  const user = requireUser(ctx);
  if (buildingId === undefined || !hasBuildingAccess(user, buildingId)) throw new NotFoundError();
  if (queryBuilding !== undefined && queryBuilding !== buildingId) throw new NotFoundError();
}

async function reachableKey(ctx: ServiceContext, id: number, queryBuilding: number | undefined, action: Action) {
  const key = await repo.findKey(ctx.db, id);
  reach(ctx, key?.building_id, queryBuilding);
  const scope = await keysScope(ctx, key!.building_id, action);
  return { key: key!, scope };
}

const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.accessKeys(buildingId));
const overdueHours = (scope: BuildingScope) => scope.settings.accesskeyssettings.overdue_hours;

// ---------------------------------------------------------------------------------------------
// Output

function toJourney(j: repo.JourneyRow): KeyJourney {
  const type = (j.entity_type as KeyEntityType | null) ?? null;
  return {
    id: j.id,
    access_key: j.access_key_id,
    access_key_name: j.key_name,
    apartment_number: j.apartment_number,
    status: j.status,
    key_out_photo_url: j.photo_url,
    key_out_to_entity_type: type,
    key_out_to_entity_id: j.entity_id,
    readable_key_out_to_name: j.recipient_name,
    readable_key_out_to_entity_type: type ? KEY_ENTITY_TYPE_DISPLAY[type] : "",
    readable_key_out_to_entity_subtype: j.recipient_subtype,
    key_out_datetime: iso(j.key_out_datetime),
    readable_key_out_by_employee: j.out_by,
    key_declared_missing_datetime: iso(j.key_declared_missing_datetime),
    key_in_datetime: iso(j.key_in_datetime),
    readable_key_in_by_employee: j.in_by,
  };
}

function toKey(r: repo.KeyRow, scope: BuildingScope, now: Date): AccessKey {
  const hours = overdueHours(scope);
  const away_since = iso(r.away_since);
  return {
    id: r.id,
    building: r.building_id,
    name: r.name,
    rfid: r.rfid,
    status: r.status,
    status_display: KEY_STATUS_DISPLAY[r.status] ?? r.status,
    is_active: r.is_active,
    photo_url: r.journey?.photo_url ?? null,
    entity_id: r.journey?.entity_id ?? null,
    entity_type: (r.journey?.entity_type as KeyEntityType | null) ?? null,
    apartment: r.apartment_id,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    location_id: r.location_id,
    location: r.location_id !== null ? { id: r.location_id, label: r.location_name ?? "" } : null,
    latest_open_journey: r.journey ? toJourney(r.journey) : null,
    last_status_change: iso(r.last_status_change)!,
    away_since,
    is_overdue: isKeyOverdue({ status: r.status, away_since }, now, hours),
    overdue_hours: hours,
    date_created: iso(r.date_created)!,
  };
}

async function loadKey(ctx: ServiceContext, scope: BuildingScope, id: number): Promise<AccessKey> {
  const { rows } = await repo.listKeys(
    ctx.db,
    { buildingId: scope.building.id, ids: [id] },
    { key: "id", desc: false },
    { limit: 1, offset: 0 },
  );
  if (!rows.length) throw new NotFoundError();
  return toKey(rows[0], scope, ctx.clock());
}

const toLocation = (l: repo.LocationRow): KeyLocation => ({
  id: l.id,
  building: l.building_id,
  name: l.name,
  label: l.name,
  is_active: l.is_active,
  display_order: l.display_order,
  key_count: l.key_count,
});

// ---------------------------------------------------------------------------------------------
// Keys: reads

/** GET /access-keys/keys/: the building's (or the apartment's) keys with every filter. */
export async function listKeys(ctx: ServiceContext, q: KeyListQuery, p: Page) {
  let buildingId = q.building;
  if (q.apartment !== undefined) {
    const apt = await repo.findApartment(ctx.db, q.apartment);
    if (!apt || (buildingId !== undefined && apt.building_id !== buildingId))
      throw new ValidationError({ apartment: [PACKAGE_MESSAGES.invalidPk(q.apartment)] });
    buildingId = apt.building_id;
  }
  if (buildingId === undefined) throw new ValidationError({ building: [MESSAGES.fieldRequired] });
  const scope = await keysScope(ctx, buildingId, "key.use");
  const now = ctx.clock();
  const desc = q.ordering?.startsWith("-") ?? false;
  const sortKey = (q.ordering ? q.ordering.replace(/^-/, "") : q.overdue ? "away_since" : "name") as repo.KeySortKey;
  const { rows, count } = await repo.listKeys(
    ctx.db,
    {
      buildingId,
      apartmentId: q.apartment,
      isActive: q.is_active,
      statuses: q.status,
      locationId: q.location,
      awayBefore: q.overdue ? new Date(+now - overdueHours(scope) * 3_600_000) : undefined,
    },
    { key: sortKey, desc },
    p,
  );
  return { count, results: rows.map((r) => toKey(r, scope, now)) };
}

export async function getKey(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<AccessKey> {
  const { scope } = await reachableKey(ctx, id, queryBuilding, "key.use");
  return loadKey(ctx, scope, id);
}

/** The key of a scanned tag the user may see, or null (unknown, or of a building out of reach). */
async function keyOfTag(ctx: ServiceContext, rfid: string, queryBuilding?: number) {
  const user = requireUser(ctx);
  const key = await repo.findKeyByRfid(ctx.db, rfid);
  if (!key || !hasBuildingAccess(user, key.building_id)) return null;
  if (queryBuilding !== undefined && key.building_id !== queryBuilding) return null;
  return key;
}

/** GET /access-keys/keys/rfid/{rfid}/: the key of a tag (unknown → 404 'This RFID tag is not mapped …'). */
export async function getKeyByRfid(ctx: ServiceContext, rfid: string, queryBuilding?: number): Promise<AccessKey> {
  if (queryBuilding !== undefined) await keysScope(ctx, queryBuilding, "key.use");
  const key = await keyOfTag(ctx, rfid, queryBuilding);
  if (!key) throw new NotFoundErrorWith(KM.notMapped);
  const scope = await keysScope(ctx, key.building_id, "key.use");
  return loadKey(ctx, scope, key.id);
}

class NotFoundErrorWith extends NotFoundError {
  constructor(detail: string) {
    super();
    (this.body as { detail: string }).detail = detail;
  }
}

/** POST /access-keys/scan-rfid/: 'Valid Key' with the key, or 400 on rfid. */
export async function scanRfid(ctx: ServiceContext, rfid: string, queryBuilding?: number) {
  if (queryBuilding !== undefined) await keysScope(ctx, queryBuilding, "key.use");
  const key = await keyOfTag(ctx, rfid, queryBuilding);
  if (!key) throw new ValidationError({ rfid: [KM.notMapped] });
  const scope = await keysScope(ctx, key.building_id, "key.use");
  return { detail: KM.validKey, access_key: await loadKey(ctx, scope, key.id) };
}

/** GET /access-keys/keys/{id}/entities/: who may take the key. */
export async function keyEntities(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<KeyEntity[]> {
  const { key, scope } = await reachableKey(ctx, id, queryBuilding, "key.use");
  const now = ctx.clock();
  const rows = await repo.allowedEntities(ctx.db, key, todayIn(scope.building.time_zone, now), now);
  return rows.map((r) => ({
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    name: r.name,
    description: r.description ?? KEY_ENTITY_TYPE_DISPLAY[r.entity_type],
    photo_url: r.photo_url,
  }));
}

// ---------------------------------------------------------------------------------------------
// Journeys

/** GET /access-keys/journeys/?access_key: the key's journeys, newest first. */
export async function listJourneys(ctx: ServiceContext, q: { access_key?: number; building?: number }, p: Page) {
  if (q.access_key === undefined) throw new ValidationError({ access_key: [MESSAGES.fieldRequired] });
  await reachableKey(ctx, q.access_key, q.building, "key.use");
  const { rows, count } = await repo.listJourneys(ctx.db, { keyId: q.access_key }, p);
  return { count, results: rows.map(toJourney) };
}

export async function getJourney(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<KeyJourney> {
  const j = await repo.findJourney(ctx.db, id);
  reach(ctx, j?.building_id, queryBuilding);
  await keysScope(ctx, j!.building_id, "key.use");
  const { rows } = await repo.listJourneys(ctx.db, { id }, { limit: 1, offset: 0 });
  if (!rows.length) throw new NotFoundError();
  return toJourney(rows[0]);
}

// ---------------------------------------------------------------------------------------------
// Locations

export async function listLocations(ctx: ServiceContext, q: KeyLocationQuery, p: Page) {
  if (q.building === undefined) throw new ValidationError({ building: [MESSAGES.fieldRequired] });
  await keysScope(ctx, q.building, "key.use");
  const { rows, count } = await repo.listLocations(
    ctx.db,
    { buildingId: q.building, noAccessKey: q.no_access_key || undefined, isActive: q.is_active },
    p,
  );
  return { count, results: rows.map(toLocation) };
}

async function loadLocation(ctx: ServiceContext, buildingId: number, id: number): Promise<KeyLocation> {
  const { rows } = await repo.listLocations(ctx.db, { buildingId, ids: [id] }, { limit: 1, offset: 0 });
  if (!rows.length) throw new NotFoundError();
  return toLocation(rows[0]);
}

export async function getLocation(ctx: ServiceContext, id: number, queryBuilding?: number): Promise<KeyLocation> {
  const l = await repo.findLocation(ctx.db, id);
  reach(ctx, l?.building_id, queryBuilding);
  await keysScope(ctx, l!.building_id, "key.use");
  return loadLocation(ctx, l!.building_id, id);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e.code === "23505") return true;
  return false;
}

async function uniqueName<T>(run: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ValidationError({ [field]: [message] });
    throw err;
  }
}

/** May the user manage this building's locations (403 otherwise)? */
export async function requireLocationBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await keysScope(ctx, buildingId, "key_locations.manage");
}

/** POST /access-keys/locations/ (managers). */
export async function createLocation(ctx: ServiceContext, body: KeyLocationWrite): Promise<KeyLocation> {
  await keysScope(ctx, body.building, "key_locations.manage");
  const id = await uniqueName(
    () =>
      repo.insertLocation(ctx.db, {
        building_id: body.building,
        name: body.name,
        is_active: body.is_active ?? true,
        display_order: body.display_order ?? 0,
      }),
    "name",
    KM.locationNameTaken,
  );
  touch(ctx, body.building);
  return loadLocation(ctx, body.building, id);
}

/** PATCH /access-keys/locations/{id}/ (managers). */
export async function editLocation(
  ctx: ServiceContext,
  id: number,
  body: KeyLocationPatch,
  queryBuilding?: number,
): Promise<KeyLocation> {
  const l = await repo.findLocation(ctx.db, id);
  reach(ctx, l?.building_id, queryBuilding);
  await keysScope(ctx, l!.building_id, "key_locations.manage");
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) {
    await uniqueName(() => repo.updateLocation(ctx.db, id, set), "name", KM.locationNameTaken);
    touch(ctx, l!.building_id);
  }
  return loadLocation(ctx, l!.building_id, id);
}

// ---------------------------------------------------------------------------------------------
// Keys: writes

const event = (type: KeyEventType) => ({ type, type_display: KEY_EVENT_DISPLAY[type] });

/** May the user register keys in this building (403 otherwise)? */
export async function requireKeysBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await keysScope(ctx, buildingId, "key.use");
}

/** POST /access-keys/keys/: registers an unknown tag for an apartment, in a location (status IN). */
export async function registerKey(ctx: ServiceContext, body: KeyRegister, queryBuilding?: number): Promise<AccessKey> {
  const user = requireUser(ctx);
  const apt = await repo.findApartment(ctx.db, body.apartment);
  if (
    !apt ||
    !hasBuildingAccess(user, apt.building_id) ||
    (queryBuilding !== undefined && apt.building_id !== queryBuilding)
  )
    throw new ValidationError({ apartment: [PACKAGE_MESSAGES.invalidPk(body.apartment)] });
  const scope = await keysScope(ctx, apt.building_id, "key.use");
  const loc = await repo.findLocation(ctx.db, body.location);
  if (!loc || loc.building_id !== apt.building_id)
    throw new ValidationError({ location: [PACKAGE_MESSAGES.invalidPk(body.location)] });
  if (!loc.is_active) throw new ValidationError({ location: [KM.invalidLocation] });
  if (await repo.findKeyByRfid(ctx.db, body.rfid)) throw new ValidationError({ rfid: [KM.alreadyRegistered] });
  const name = body.name ?? `${apt.apartment_number}-${(await repo.keyCountOfApartment(ctx.db, apt.id)) + 1}`;
  const now = ctx.clock();
  const id = await uniqueName(
    () =>
      ctx.db.transaction(async (tx) => {
        const id = await repo.insertKey(tx, {
          building_id: apt.building_id,
          apartment_id: apt.id,
          location_id: loc.id,
          name,
          rfid: body.rfid,
          status: "IN",
          is_active: true,
          last_status_change: now,
        });
        await repo.insertEvent(tx, {
          building_id: apt.building_id,
          key_id: id,
          ...event("KEY_REGISTERED"),
          note: `Key ${name} registered for unit ${apt.apartment_number} at ${loc.name}`,
          performed_by_id: scope.user.id,
        });
        return id;
      }),
    "rfid",
    KM.alreadyRegistered,
  );
  touch(ctx, apt.building_id);
  return loadKey(ctx, scope, id);
}

/** A scanned tag that is not this key's: 400 naming where the scanned key belongs (when the user may know). */
async function wrongKey(ctx: ServiceContext, key: repo.KeyRecord, rfid: string): Promise<ValidationError> {
  const other = await keyOfTag(ctx, rfid);
  if (!other) return new ValidationError({ rfid: [KM.notMapped] });
  if (other.building_id !== key.building_id) return new ValidationError({ rfid: [KM.notThisKey] });
  const apt = await repo.findApartment(ctx.db, other.apartment_id);
  const loc = other.location_id !== null ? await repo.findLocation(ctx.db, other.location_id) : null;
  return new ValidationError({
    rfid: [KM.wrongKey(other.name, apt?.apartment_number ?? "", loc?.name ?? null)],
    scanned_key: [String(other.id)],
    scanned_key_apartment: [apt?.apartment_number ?? ""],
    scanned_key_location: [loc?.name ?? ""],
  });
}

/**
 * PATCH /access-keys/keys/{id}/: one change: a status (OUT with photo and recipient, IN by scan,
 * MISSING), a name, or is_active false (permanent).
 */
export async function patchKey(
  ctx: ServiceContext,
  id: number,
  body: KeyPatch,
  photo: PhotoUpload | null,
  queryBuilding?: number,
): Promise<AccessKey> {
  const changes = [body.status, body.name, body.is_active].filter((v) => v !== undefined).length;
  if (changes > 1) throw new ValidationError({ non_field_errors: [KM.oneChange] });
  const action: Action = body.is_active === false ? "key.deactivate" : "key.use";
  const { key, scope } = await reachableKey(ctx, id, queryBuilding, action);
  if (body.status === "OUT") await signOut(ctx, scope, key, body, photo);
  else if (body.status === "IN") await signIn(ctx, scope, key, body);
  else if (body.status === "MISSING") await markMissing(ctx, scope, key);
  else if (body.name !== undefined) await rename(ctx, scope, key, body.name);
  else if (body.is_active !== undefined) await setActive(ctx, scope, key, body.is_active);
  return loadKey(ctx, scope, id);
}

/** Runs a write that stored a new photo; the photo goes again when the write fails. */
async function withPhoto<T>(ctx: ServiceContext, url: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    await deleteFileByUrl(ctx, url).catch(() => undefined);
    throw err;
  }
}

type Tx = Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0];

/**
 * One change of a key, in a transaction: the key locked and still in the state the checks saw
 * (else 'Error when attempting to update key. Please retry in 10 seconds.'), the writes, the
 * event; then the live topic.
 */
async function keyChange(
  ctx: ServiceContext,
  scope: BuildingScope,
  key: repo.KeyRecord,
  type: KeyEventType,
  note: string,
  write: (tx: Tx) => Promise<void>,
) {
  await ctx.db.transaction(async (tx) => {
    const now = await repo.findKey(tx, key.id, true);
    if (!now || now.status !== key.status || now.is_active !== key.is_active)
      throw new ValidationError({ non_field_errors: [KM.updateFailed] });
    await write(tx);
    await repo.insertEvent(tx, {
      building_id: key.building_id,
      key_id: key.id,
      ...event(type),
      note,
      performed_by_id: scope.user.id,
    });
  });
  touch(ctx, key.building_id);
}

const statusNote = (key: repo.KeyRecord, to: string) => changeNote([{ field: "status", from: key.status, to }]);

async function signOut(
  ctx: ServiceContext,
  scope: BuildingScope,
  key: repo.KeyRecord,
  body: KeyPatch,
  photo: PhotoUpload | null,
) {
  if (!key.is_active) throw new ValidationError({ status: [KM.inactive] });
  if (key.status === "OUT") throw new ValidationError({ status: [KM.alreadyOut] });
  if (key.status === "MISSING") throw new ValidationError({ status: [KM.reportedMissing] });
  if (body.rfid !== undefined && body.rfid !== key.rfid) throw await wrongKey(ctx, key, body.rfid);
  const errors: Record<string, string[]> = {};
  if (!photo) errors.photo_url = [KM.photoRequired];
  if (body.entity_type === undefined) errors.entity_type = [KM.recipientRequired];
  if (body.entity_id === undefined) errors.entity_id = [KM.recipientRequired];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const now = ctx.clock();
  const [recipient] = await repo.allowedEntities(ctx.db, key, todayIn(scope.building.time_zone, now), now, {
    type: body.entity_type!,
    id: body.entity_id!,
  });
  if (!recipient) throw new ValidationError({ entity_id: [KM.invalidRecipient] });
  const file = await saveImage(ctx, {
    data: photo!.data,
    purpose: "key_out_photo",
    original_name: photo!.filename,
    building_id: key.building_id,
    created_by_id: scope.user.id,
    resize: { ...PHOTO_SIZE, fit: "inside", format: "jpeg" },
    field: "photo_url",
  });
  const what = recipient.description ?? KEY_ENTITY_TYPE_DISPLAY[recipient.entity_type];
  await withPhoto(ctx, file.url, () =>
    keyChange(ctx, scope, key, "KEY_OUT", `Signed out to ${recipient.name} (${what})`, async (tx) => {
      await repo.insertJourney(tx, {
        building_id: key.building_id,
        access_key_id: key.id,
        status: "OUT",
        key_out_datetime: now,
        photo_url: file.url,
        entity_type: recipient.entity_type,
        entity_id: recipient.entity_id,
        recipient_name: recipient.name,
        recipient_subtype: recipient.entity_type === "instruction" ? recipient.description : null,
        out_by_id: scope.user.id,
      });
      await repo.updateKey(tx, key.id, { status: "OUT", last_status_change: now, away_since: now });
    }),
  );
}

async function signIn(ctx: ServiceContext, scope: BuildingScope, key: repo.KeyRecord, body: KeyPatch) {
  if (body.rfid === undefined) throw new ValidationError({ rfid: [KM.scanRequired] });
  if (body.rfid !== key.rfid) throw await wrongKey(ctx, key, body.rfid);
  if (key.status === "IN") throw new ValidationError({ status: [KM.alreadyIn] });
  const now = ctx.clock();
  await keyChange(ctx, scope, key, "KEY_IN", statusNote(key, "IN"), async (tx) => {
    const open = await repo.openJourney(tx, key.id);
    if (open) await repo.updateJourney(tx, open.id, { status: "IN", key_in_datetime: now, in_by_id: scope.user.id });
    await repo.updateKey(tx, key.id, { status: "IN", last_status_change: now, away_since: null });
  });
}

async function markMissing(ctx: ServiceContext, scope: BuildingScope, key: repo.KeyRecord) {
  if (!key.is_active) throw new ValidationError({ status: [KM.inactive] });
  if (key.status === "MISSING") throw new ValidationError({ status: [KM.alreadyMissing] });
  const now = ctx.clock();
  await keyChange(ctx, scope, key, "KEY_MISSING", statusNote(key, "MISSING"), async (tx) => {
    const open = await repo.openJourney(tx, key.id);
    if (open) await repo.updateJourney(tx, open.id, { status: "MISSING", key_declared_missing_datetime: now });
    else
      await repo.insertJourney(tx, {
        building_id: key.building_id,
        access_key_id: key.id,
        status: "MISSING",
        key_declared_missing_datetime: now,
        out_by_id: scope.user.id,
      });
    await repo.updateKey(tx, key.id, { status: "MISSING", last_status_change: now, away_since: key.away_since ?? now });
  });
}

async function rename(ctx: ServiceContext, scope: BuildingScope, key: repo.KeyRecord, name: string) {
  if (name === key.name) return;
  const note = changeNote([{ field: "name", from: key.name, to: name }]);
  await keyChange(ctx, scope, key, "KEY_RENAMED", note, (tx) => repo.updateKey(tx, key.id, { name }));
}

async function setActive(ctx: ServiceContext, scope: BuildingScope, key: repo.KeyRecord, active: boolean) {
  if (active) {
    if (!key.is_active) throw new ValidationError({ is_active: [KM.permanentDeactivation] });
    return;
  }
  if (!key.is_active) return;
  const note = changeNote([{ field: "is_active", from: "True", to: "False" }]);
  await keyChange(ctx, scope, key, "KEY_DEACTIVATED", note, (tx) => repo.updateKey(tx, key.id, { is_active: false }));
}

/** POST /access-keys/verbal-permissions/: a permission valid 24 h to take the key. */
export async function createVerbalPermission(
  ctx: ServiceContext,
  body: VerbalPermissionWrite,
  queryBuilding?: number,
): Promise<VerbalPermission> {
  const key = await repo.findKey(ctx.db, body.access_key);
  const user = requireUser(ctx);
  if (
    !key ||
    !hasBuildingAccess(user, key.building_id) ||
    (queryBuilding !== undefined && key.building_id !== queryBuilding)
  )
    throw new ValidationError({ access_key: [PACKAGE_MESSAGES.invalidPk(body.access_key)] });
  const scope = await keysScope(ctx, key.building_id, "key.use");
  const now = ctx.clock();
  const row = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertVerbalPermission(tx, {
      building_id: key.building_id,
      access_key_id: key.id,
      comment: body.comment,
      entered_by_id: scope.user.id,
      date_created: now,
      expires_at: new Date(+now + VERBAL_PERMISSION_HOURS * 3_600_000),
    });
    await repo.insertEvent(tx, {
      building_id: key.building_id,
      key_id: key.id,
      ...event("VERBAL_PERMISSION_CREATED"),
      note: body.comment,
      performed_by_id: scope.user.id,
    });
    return row;
  });
  const u = scope.user;
  return {
    id: row.id,
    access_key: key.id,
    comment: row.comment,
    entered_by_name: `${u.first_name} ${u.last_name}`.trim() || u.username,
    date_created: iso(row.date_created)!,
    expires_at: iso(row.expires_at)!,
  };
}
