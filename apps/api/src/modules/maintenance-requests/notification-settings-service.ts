import {
  hasBuildingAccess,
  MAINTENANCE_SETTINGS_MESSAGES as M,
  type MaintenanceNotificationSettings,
  type MaintenanceNotificationSettingsPatch,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import * as repo from "./notification-settings-repository.ts";

/**
 * The building's maintenance notification settings (document 2 sections 3 and 7): who is mailed
 * about new requests and status changes, semicolon-joined. One row per building, made on first
 * read; the managers' (settings Maintenance tab).
 */

const ACTION = "maintenance.manage_templates";

const toSettings = (r: repo.NotificationSettingsRow): MaintenanceNotificationSettings => ({
  id: r.id,
  building_id: r.building_id,
  email_recipients: r.email_recipients,
});

/** GET /maintenance-requests/notification-settings/?building */
export async function getSettings(ctx: ServiceContext, buildingId: number): Promise<MaintenanceNotificationSettings> {
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  return toSettings(await repo.ensureSettings(ctx.db, buildingId));
}

/** The settings row the user may edit (404 when missing or of a building out of reach). */
async function reachable(ctx: ServiceContext, id: number): Promise<repo.NotificationSettingsRow> {
  const row = await repo.findSettings(ctx.db, id);
  if (!row || !hasBuildingAccess(requireUser(ctx), row.building_id)) throw new NotFoundError();
  await requireBuilding(ctx, ctx.db, row.building_id, ACTION);
  return row;
}

/** Checked before the body is judged (404/403 before 400). */
export async function requireSettings(ctx: ServiceContext, id: number): Promise<void> {
  await reachable(ctx, id);
}

/** PATCH /maintenance-requests/notification-settings/{id}/ — email_recipients (each a valid address). */
export async function updateSettings(
  ctx: ServiceContext,
  id: number,
  body: MaintenanceNotificationSettingsPatch,
): Promise<MaintenanceNotificationSettings> {
  const current = await reachable(ctx, id);
  if (body.building_id !== undefined && body.building_id !== current.building_id)
    throw new ValidationError({ building_id: [M.otherBuilding] });
  if (body.email_recipients === undefined || body.email_recipients === current.email_recipients)
    return toSettings(current);
  const row = await repo.updateRecipients(ctx.db, id, body.email_recipients);
  if (!row) throw new NotFoundError();
  ctx.changes.touch(topics.maintenanceSetup);
  return toSettings(row);
}
