import crypto from "node:crypto";
import { importJWK, SignJWT } from "jose";
import {
  can,
  type Event,
  EMAIL_RE,
  type GuestDetails,
  IMPERSONATION_AUDIENCE,
  IMPERSONATION_TTL_SECONDS,
  type ImpersonateResult,
  isPlaceholderEmail,
  NOTIFICATION_PREFERENCE_FIELDS,
  OCCUPANT_PHOTO_SIZE,
  type Occupant,
  OccupantCreate,
  OccupantPatch,
  placeholderEmail,
  UNIT_PROFILE_MESSAGES as M,
  WELCOME_EMAIL_INTERVAL_SECONDS,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { HttpError, NotFoundError, PermissionDeniedError } from "../../lib/errors.ts";
import { deleteFileByUrl, saveImage, type Upload } from "../../lib/files.ts";
import { escapeHtml, sendMail } from "../../lib/mail.ts";
import { loadSigningKeys } from "../../lib/signing-keys.ts";
import { changeNotes, diff, FormError, gateObject, parseBody, viewerOf } from "./common.ts";
import * as repo from "./repository.ts";
import { checkNewResidents, insertNewResident } from "./residents.ts";
import { entityEventPage, toEvent } from "./service.ts";
import type { ServiceContext } from "../../lib/context.ts";

/** Loads a resident and passes its building's gate (404 when unreachable, 403 for the action). */
async function gateOccupant(ctx: ServiceContext, id: number, action: Parameters<typeof gateObject>[2]) {
  const ref = await repo.occupantRef(ctx.db, id);
  if (!ref) throw new NotFoundError();
  const scope = await gateObject(ctx, ref.building_id, action);
  return { ref, scope, viewer: viewerOf(scope) };
}

async function occupantOut(ctx: ServiceContext, id: number, viewer: repo.Viewer): Promise<Occupant> {
  const o = await repo.occupantById(ctx.db, id, viewer);
  if (!o) throw new NotFoundError();
  return o;
}

/** GET /core/occupants/{id}/ */
export async function getOccupant(ctx: ServiceContext, id: number): Promise<Occupant> {
  const { viewer } = await gateOccupant(ctx, id, "occupancy.view");
  return occupantOut(ctx, id, viewer);
}

/** POST /core/occupants/ (managers): a new resident of an occupancy. */
export async function createOccupant(ctx: ServiceContext, body: unknown): Promise<Occupant> {
  const user = requireUser(ctx);
  if (!can(user, "occupant.create")) throw new PermissionDeniedError();
  const input = parseBody(OccupantCreate, body);
  const db = ctx.db;
  const occ = await repo.occupancyRef(db, input.occupancy_id);
  if (!occ || !can(user, "occupancy.view", { id: occ.building_id }))
    throw new FormError({ occupancy_id: ["Select a valid unit profile."] });
  const scope = await requireBuilding(ctx, db, occ.building_id, "occupant.create");
  const [errors] = await checkNewResidents(db, [input], new Set());
  if (Object.keys(errors).length) throw new FormError(errors);
  let id: number;
  try {
    id = await db.transaction((tx) =>
      insertNewResident(
        tx,
        input,
        {
          occupancyId: occ.id,
          buildingId: occ.building_id,
          apartmentNumber: occ.apartment_number,
          userId: scope.user.id,
        },
        new Set(),
      ),
    );
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw new FormError({ username: [M.usernameTaken] });
    throw err;
  }
  ctx.changes.touch(topics.units(occ.building_id));
  return occupantOut(ctx, id, viewerOf(scope));
}

/** A resident's own fields a PATCH stores as sent. */
const RESIDENT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_number",
  "pronouns",
  "emergency_contact_info",
  "type",
  "is_active",
] as const;
/** The fields of the change notes, in order. */
const OCCUPANT_FIELDS = [...RESIDENT_FIELDS, ...NOTIFICATION_PREFERENCE_FIELDS] as const;

/**
 * PATCH /core/occupants/{id}/ (managers). The username is read-only; `no_email: true` sets the
 * placeholder address. Name, e-mail and phone belong to the resident's account (shared by
 * their other leases); the rest to this residency.
 */
export async function patchOccupant(ctx: ServiceContext, id: number, body: unknown): Promise<Occupant> {
  const { ref, scope, viewer } = await gateOccupant(ctx, id, "occupant.edit");
  const input = parseBody(OccupantPatch, body);
  const db = ctx.db;
  let userId: number | null = null;
  await db.transaction(async (tx) => {
    const cur = await repo.occupantForUpdate(tx, id);
    if (!cur) throw new NotFoundError();
    userId = cur.user_id;
    if (input.username !== undefined && input.username.toLowerCase() !== cur.username.toLowerCase())
      throw new FormError({ username: [M.usernameReadOnly] });
    const next: Record<string, unknown> = {};
    for (const f of RESIDENT_FIELDS) if (input[f] !== undefined) next[f] = input[f];
    if (input.no_email) next.email = placeholderEmail(cur.username);
    for (const [k, v] of Object.entries(input.notification_preferences ?? {})) if (v !== undefined) next[k] = v;
    const first = (next.first_name ?? cur.first_name) as string;
    const last = (next.last_name ?? cur.last_name) as string;
    if (!first && !last) throw new FormError({ first_name: [M.nameRequired] });
    const changes = diff(cur as unknown as Record<string, unknown>, next, OCCUPANT_FIELDS);
    if (!changes.length) return;
    const userSet: Record<string, unknown> = {};
    const occSet: Record<string, unknown> = {};
    for (const c of changes) {
      if (["first_name", "last_name", "email", "phone_number"].includes(c.field)) userSet[c.field] = c.to;
      else occSet[c.field] = c.to;
    }
    await repo.updateOccupantAndUser(tx, { occupantId: id, userId: cur.user_id }, userSet, occSet);
    const { note, public_note } = changeNotes(changes);
    await repo.insertEvents(tx, [
      {
        building_id: ref.building_id,
        entity_type: "occupant",
        entity_id: id,
        type: "UPDATED",
        type_display: "Updated",
        note,
        performed_by_id: scope.user.id,
        data: {
          occupancy_id: ref.occupancy_id,
          changes: changes.map((c) => c.field),
          ...(public_note ? { public_note } : {}),
        },
      },
    ]);
  });
  // The resident's account (name, e-mail) and the unit views; a renamed resident's other
  // buildings hear it from the change feed.
  ctx.changes.touch(topics.units(ref.building_id), ...(userId === null ? [] : [topics.user(userId)]));
  return occupantOut(ctx, id, viewer);
}

/** GET /core/occupants/{id}/events/ (front desk and managers). */
export async function occupantEvents(ctx: ServiceContext, id: number, q: { limit?: number; offset?: number }) {
  const { viewer } = await gateOccupant(ctx, id, "occupancy.history");
  return entityEventPage(ctx, { type: "occupant", id }, viewer, q);
}

/** GET /core/occupants/{id}/last_photo_event — the last 'Photo changed' event, or null. */
export async function lastPhotoEvent(ctx: ServiceContext, id: number): Promise<Event | null> {
  const { viewer } = await gateOccupant(ctx, id, "occupancy.view");
  const { rows } = await repo.entityEvents(
    ctx.db,
    "occupant",
    id,
    { viewEmail: viewer.viewEmail, type: "PHOTO_CHANGED" },
    { limit: 1, offset: 0 },
  );
  return rows.length ? toEvent(rows[0]) : null;
}

/**
 * GET /core/occupants/{id}/guest_details/ — the resident's unit and its active registered-guest
 * instructions (an empty list until the instructions area exists).
 */
export async function guestDetails(ctx: ServiceContext, id: number): Promise<GuestDetails> {
  const { ref, viewer } = await gateOccupant(ctx, id, "occupancy.view");
  const o = await occupantOut(ctx, id, viewer);
  return {
    occupant_id: o.id,
    occupancy_id: ref.occupancy_id,
    building_id: ref.building_id,
    apartment_number: ref.apartment_number,
    first_name: o.first_name,
    last_name: o.last_name,
    registered_guests: [],
  };
}

async function tenantSite(ctx: ServiceContext, buildingId: number) {
  const row = await repo.buildingTenantSite(ctx.db, buildingId);
  const url = (row?.url || ctx.config.tenantSiteUrl || "").replace(/\/$/, "");
  return { url: url || null, buildingName: row?.name ?? "" };
}

/**
 * GET (as the spec's client calls it) or POST /core/occupants/{id}/send_tenant_welcome_email/
 * (managers; not when the building's tenant site is federated). Mails the resident a link to
 * the tenant site; failure → 400 'Could not send welcome email.'. At most one mail per
 * resident per minute: a repeat within the minute answers 200 with the first send time and
 * does not mail again.
 */
export async function sendWelcomeEmail(ctx: ServiceContext, id: number) {
  const { ref, scope } = await gateOccupant(ctx, id, "occupancy.view");
  if (!can(scope.user, "occupant.welcome_email", scope.ctx)) {
    if (can(scope.user, "occupant.edit", scope.ctx) && scope.settings.is_tenant_federated)
      throw new PermissionDeniedError(M.welcomeEmailFederated);
    throw new PermissionDeniedError();
  }
  const db = ctx.db;
  const cur = await repo.occupantForUpdate(db, id);
  if (!cur) throw new NotFoundError();
  const site = await tenantSite(ctx, ref.building_id);
  const failed = () => new HttpError(400, { detail: M.welcomeEmailFailed, non_field_errors: [M.welcomeEmailFailed] });
  if (!site.url || !cur.email || isPlaceholderEmail(cur.email) || !EMAIL_RE.test(cur.email) || !cur.user_is_active)
    throw failed();
  // One mail per resident per minute, whichever instance answers: the send time is claimed
  // first (a prefetch, a double click or a retry within the minute gets 200 and no second mail).
  const before = await repo.welcomeEmailSentTime(db, id);
  const claimed = await repo.claimWelcomeEmail(db, id, WELCOME_EMAIL_INTERVAL_SECONDS);
  if (!claimed) {
    const last = await repo.welcomeEmailSentTime(db, id);
    return { welcome_email_sent_time: iso(last)!, detail: M.welcomeEmailAlreadySent };
  }
  const portal = scope.settings.tenant_portal_name || `${site.buildingName} residents`;
  const name = [cur.first_name, cur.last_name].filter(Boolean).join(" ") || cur.username;
  const link = `${site.url}/`;
  const text =
    `Hello ${cur.first_name || name},\n\n` +
    `Welcome to ${portal}. Your resident account for unit ${ref.apartment_number} at ${site.buildingName} is ready.\n` +
    `Sign in at ${link} with the username ${cur.username}.\n`;
  const html =
    `<p>Hello ${escapeHtml(cur.first_name || name)},</p>` +
    `<p>Welcome to ${escapeHtml(portal)}. Your resident account for unit ${escapeHtml(ref.apartment_number)} at ${escapeHtml(site.buildingName)} is ready.</p>` +
    `<p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(portal)}</a> with the username <b>${escapeHtml(cur.username)}</b>.</p>`;
  let sent: Awaited<ReturnType<typeof sendMail>> = null;
  try {
    sent = await sendMail(ctx, {
      kind: "tenant_welcome",
      to: [{ email: cur.email, name }],
      subject: `Welcome to ${portal}`,
      text,
      html,
      building_id: ref.building_id,
      related: { entity_type: "occupant", entity_id: id },
    });
  } catch (err) {
    ctx.log.error({ err }, "welcome email failed");
  }
  if (!sent) {
    // Not sent: the claim is given back.
    await repo.setWelcomeEmailSentTime(db, id, before);
    throw failed();
  }
  const row = claimed;
  await repo.insertEvents(db, [
    {
      building_id: ref.building_id,
      entity_type: "occupant",
      entity_id: id,
      type: "WELCOME_EMAIL_SENT",
      type_display: "Welcome email sent",
      note: `Welcome email sent to ${cur.email}.`,
      performed_by_id: scope.user.id,
      data: { occupancy_id: ref.occupancy_id, message_id: sent.id, public_note: "Welcome email sent." },
    },
  ]);
  return { welcome_email_sent_time: iso(row.at)!, detail: M.welcomeEmailSent };
}

/**
 * GET /core/occupants/{id}/impersonate/ (managers): a short-lived token for the tenant site
 * (RS256 with the portal's signing keys; aud 'tenant-site', sub the resident's user id,
 * act.sub the manager's) and the tenant site's redirect. 404 when the resident has no account.
 */
export async function impersonate(ctx: ServiceContext, id: number): Promise<ImpersonateResult> {
  const { ref, scope } = await gateOccupant(ctx, id, "occupant.impersonate");
  const db = ctx.db;
  const cur = await repo.occupantForUpdate(db, id);
  if (!cur) throw new NotFoundError();
  const site = await tenantSite(ctx, ref.building_id);
  const host = site.url ? new URL(site.url).host : "the tenant site";
  if (!cur.has_account || !site.url) throw new HttpError(404, { detail: M.impersonateFailed(host) });
  const [key] = await loadSigningKeys(db);
  const pk = await importJWK(key.jwk, "RS256");
  const now = Math.floor(Date.now() / 1000);
  const issuer = ctx.config.oidc.issuer;
  const sign = (claims: Record<string, unknown>, typ: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ })
      .setIssuer(issuer)
      .setAudience(IMPERSONATION_AUDIENCE)
      .setSubject(String(cur.user_id))
      .setIssuedAt(now)
      .setJti(crypto.randomUUID())
      .setExpirationTime(now + IMPERSONATION_TTL_SECONDS)
      .sign(pk);
  const act = { sub: String(scope.user.id), username: scope.user.username };
  const access_token = await sign(
    {
      scope: "openid profile email",
      client_id: IMPERSONATION_AUDIENCE,
      act,
      occupant_id: id,
      building_id: ref.building_id,
    },
    "at+jwt",
  );
  const id_token = await sign(
    {
      act,
      preferred_username: cur.username,
      given_name: cur.first_name,
      family_name: cur.last_name,
      name: [cur.first_name, cur.last_name].filter(Boolean).join(" "),
      email: cur.email,
    },
    "JWT",
  );
  await repo.insertEvents(db, [
    {
      building_id: ref.building_id,
      entity_type: "occupant",
      entity_id: id,
      type: "IMPERSONATED",
      type_display: "Impersonated",
      note: `Signed in to the tenant site as this resident.`,
      performed_by_id: scope.user.id,
      data: { occupancy_id: ref.occupancy_id },
    },
  ]);
  return {
    redirect_url: `${site.url}/impersonate#token=${encodeURIComponent(access_token)}`,
    access_token,
    id_token,
    refresh_token: "",
    client: IMPERSONATION_AUDIENCE,
  };
}

/**
 * PATCH /core/occupant-photos/{id}/ (any staff): multipart with the file in `photo_url` (and
 * current_building_id, unit), or the image as the raw body. Cropped to 340×420, re-encoded as
 * JPEG without metadata, stored through lib/files.ts; records 'Photo changed'.
 */
export async function updatePhoto(
  ctx: ServiceContext,
  id: number,
  readUpload: () => Promise<Upload | null>,
): Promise<Occupant> {
  const { ref, scope, viewer } = await gateOccupant(ctx, id, "occupant.photo");
  const upload = await readUpload();
  if (!upload) throw new FormError({ photo_url: [M.noFile] });
  const claimed = upload.fields.current_building_id;
  if (claimed && claimed !== String(ref.building_id)) throw new FormError({ current_building_id: [M.wrongBuilding] });
  const db = ctx.db;
  const file = await saveImage(ctx, {
    data: upload.data,
    purpose: "occupant_photo",
    original_name: upload.filename,
    building_id: ref.building_id,
    created_by_id: scope.user.id,
    resize: { width: OCCUPANT_PHOTO_SIZE.width, height: OCCUPANT_PHOTO_SIZE.height, fit: "cover", format: "jpeg" },
  });
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const cur = await repo.occupantPhotoForUpdate(tx, id);
      if (!cur) throw new NotFoundError();
      old = cur.photo_url;
      await repo.setOccupantPhoto(tx, id, file.url);
      await repo.insertEvents(tx, [
        {
          building_id: ref.building_id,
          entity_type: "occupant",
          entity_id: id,
          type: "PHOTO_CHANGED",
          type_display: "Photo changed",
          note: old ? "Photo replaced." : "Photo added.",
          performed_by_id: scope.user.id,
          data: { occupancy_id: ref.occupancy_id, file_id: file.id, photo_url: file.url },
        },
      ]);
    });
  } catch (err) {
    await deleteFileByUrl(ctx, file.url).catch(() => undefined);
    throw err;
  }
  if (old) await deleteFileByUrl(ctx, old).catch(() => undefined);
  return occupantOut(ctx, id, viewer);
}
