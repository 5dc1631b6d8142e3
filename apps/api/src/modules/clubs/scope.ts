import { type Action, CLUB_PHOTO_LIMIT_BYTES, CLUBS_MESSAGES as CM, hasBuildingAccess } from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { deleteFileByUrl, saveImage } from "../../lib/files.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";

/**
 * How a club is reached: a club is in its primary building and in each additional building.
 * The caller reaches it through the first of those buildings they have access to where the
 * action is allowed; none of them accessible → 404, accessible but refused → 403.
 */
export interface ClubScope {
  club: repo.ClubListRow;
  /** Primary first. */
  buildingIds: number[];
  /** The building the caller reaches the club through. */
  scope: BuildingScope;
}

export async function reachClub(ctx: ServiceContext, clubId: number, action: Action): Promise<ClubScope> {
  const user = requireUser(ctx);
  const club = await repo.findClub(ctx.db, clubId);
  if (!club) throw new NotFoundError();
  const buildingIds = [club.building_id, ...club.additional.map((b) => b.id)];
  const reachable = buildingIds.filter((b) => hasBuildingAccess(user, b));
  if (!reachable.length) throw new NotFoundError();
  let refused: unknown = new PermissionDeniedError();
  for (const b of reachable) {
    try {
      return { club, buildingIds, scope: await requireBuilding(ctx, ctx.db, b, action) };
    } catch (err) {
      refused = err;
    }
  }
  throw refused;
}

/** Tells every building of the club that it changed (live screens). */
export function touchClub(ctx: ServiceContext, buildingIds: readonly number[]): void {
  for (const b of new Set(buildingIds)) ctx.changes.touch(topics.clubs(b));
}

const PHOTO_SIZE = { width: 1280, height: 1280 } as const;

/** Stores a club or amenity type photo (an image, at most 10 MB; 400 on `photo` otherwise). */
export async function savePhoto(ctx: ServiceContext, scope: BuildingScope, photo: PhotoUpload, purpose: string) {
  if (photo.data.length > CLUB_PHOTO_LIMIT_BYTES) throw new ValidationError({ photo: [CM.photoTooLarge] });
  return saveImage(ctx, {
    data: photo.data,
    purpose,
    original_name: photo.filename,
    building_id: scope.building.id,
    created_by_id: scope.user.id,
    field: "photo",
    resize: { ...PHOTO_SIZE, fit: "inside", format: "jpeg" },
  });
}

/** Runs a write that stored a new photo; the new photo goes when the write fails, the old one when it succeeds. */
export async function withPhoto<T>(
  ctx: ServiceContext,
  url: string | null,
  old: string | null,
  run: () => Promise<T>,
): Promise<T> {
  try {
    const out = await run();
    if (url && old) await deleteFileByUrl(ctx, old).catch(() => undefined);
    return out;
  } catch (err) {
    if (url) await deleteFileByUrl(ctx, url).catch(() => undefined);
    throw err;
  }
}
