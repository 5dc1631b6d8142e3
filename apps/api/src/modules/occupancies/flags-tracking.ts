import {
  can,
  FlagWrite,
  type OccupancyTracking,
  TRACK_FIELDS,
  type TrackField,
  TrackingWrite,
  UNIT_PROFILE_MESSAGES as M,
  hasBuildingAccess,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { requireUser } from "../../lib/current-user.ts";
import { HttpError, NotFoundError } from "../../lib/errors.ts";
import { gateObject, parseBody } from "./common.ts";
import type { ServiceContext } from "../../lib/context.ts";
import * as repo from "./repository.ts";
import { gateOccupancy } from "./service.ts";

/* A unit's flag (managers) and the staff's subscriptions to the unit (tracking). */

/** POST /core/occupancies/{id}/flag/ (managers). */
export async function createFlag(ctx: ServiceContext, id: number, body: unknown) {
  const { ref, scope } = await gateOccupancy(ctx, id, "occupancy.flag");
  const input = parseBody(FlagWrite, body);
  const db = ctx.db;
  if (await repo.hasActiveFlag(db, id)) throw new HttpError(400, { detail: M.flagExists });
  let flagId: number;
  try {
    flagId = await db.transaction(async (tx) => {
      const newFlagId = await repo.insertFlag(tx, {
        occupancy_id: id,
        comment: input.comment,
        is_manager_only: input.is_manager_only ?? false,
        entered_by_id: scope.user.id,
      });
      await repo.insertEvents(tx, [
        {
          building_id: ref.building_id,
          entity_type: "occupancy_flag",
          entity_id: newFlagId,
          type: "FLAG_ADDED",
          type_display: "Flag added",
          note: `${input.comment}${input.is_manager_only ? " (managers only)" : ""}`,
          performed_by_id: scope.user.id,
          data: { occupancy_id: id, is_manager_only: input.is_manager_only ?? false },
        },
      ]);
      return newFlagId;
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw new HttpError(400, { detail: M.flagExists });
    throw err;
  }
  return (await repo.flagById(db, flagId))!;
}

/** DELETE /core/occupancy-flags/{id}/ (managers): the flag is removed (kept for the history). */
export async function deleteFlag(ctx: ServiceContext, flagId: number): Promise<void> {
  const db = ctx.db;
  const ref = await repo.flagRef(db, flagId);
  if (!ref || !ref.is_active) throw new NotFoundError();
  const user = requireUser(ctx);
  // A managers-only flag does not exist for those who may not see it.
  if (ref.is_manager_only && hasBuildingAccess(user, ref.building_id) && !can(user, "flag.view_manager_only"))
    throw new NotFoundError();
  const scope = await gateObject(ctx, ref.building_id, "occupancy.flag");
  await db.transaction(async (tx) => {
    await repo.deactivateFlag(tx, flagId, scope.user.id);
    await repo.insertEvents(tx, [
      {
        building_id: ref.building_id,
        entity_type: "occupancy_flag",
        entity_id: flagId,
        type: "FLAG_REMOVED",
        type_display: "Flag removed",
        note: ref.comment,
        performed_by_id: scope.user.id,
        data: { occupancy_id: ref.occupancy_id, is_manager_only: ref.is_manager_only },
      },
    ]);
  });
}

const trackValues = (input: Record<string, unknown>): Partial<Record<TrackField, boolean>> =>
  Object.fromEntries(TRACK_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f] as boolean]));

/** POST /core/occupancies/{id}/track/ (managers): the caller's subscription, created or replaced. */
export async function createTracking(ctx: ServiceContext, id: number, body: unknown): Promise<OccupancyTracking> {
  const { scope } = await gateOccupancy(ctx, id, "occupancy.track");
  const input = parseBody(TrackingWrite, body);
  const saved = await repo.upsertTracking(ctx.db, id, scope.user.id, trackValues(input));
  ctx.changes.touch(topics.units(scope.building.id));
  return saved;
}

/** PATCH /core/occupancies/{id}/track/{trackId}/ (managers): only one's own subscription. */
export async function patchTracking(
  ctx: ServiceContext,
  id: number,
  trackId: number,
  body: unknown,
): Promise<OccupancyTracking> {
  const { scope } = await gateOccupancy(ctx, id, "occupancy.track");
  const db = ctx.db;
  const t = await repo.trackingById(db, trackId);
  if (!t || t.occupancy_id !== id || t.user_id !== scope.user.id) throw new NotFoundError();
  const input = parseBody(TrackingWrite, body);
  const values = trackValues(input);
  if (!Object.keys(values).length) return t;
  const saved = await repo.updateTracking(db, trackId, values);
  ctx.changes.touch(topics.units(scope.building.id));
  return saved;
}
