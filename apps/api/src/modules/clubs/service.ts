import {
  type BuildingClubsQuery,
  type Club,
  CLUB_LIST_DEFAULT_LIMIT,
  CLUBS_MESSAGES as CM,
  type ClubCreate,
  type ClubPatch,
  hasBuildingAccess,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import * as repo from "./repository.ts";
import { reachClub, savePhoto, touchClub, withPhoto } from "./scope.ts";

/**
 * Clubs (document 3 sections 2–7): managers (club.manage) create and edit them; whoever may see
 * clubs (club.view) reads them. GET /core/buildings/{b}/clubs/ lists the clubs whose primary
 * building is b; include_external_clubs=1 adds those other buildings share with b.
 */

export function toClub(r: repo.ClubListRow): Club {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    photo_url: r.photo_url,
    is_open: r.is_open,
    auto_enroll_members: r.auto_enroll_members,
    has_open_checkin: r.has_open_checkin,
    building: r.building_id,
    primary_building: { id: r.building_id, name: r.primary_name },
    additional_buildings: r.additional,
    member_count: r.member_count,
    amenity_count: r.amenity_count,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
  };
}

/** GET /core/buildings/{b}/clubs/ */
export async function listBuildingClubs(ctx: ServiceContext, buildingId: number, q: BuildingClubsQuery) {
  await requireBuilding(ctx, ctx.db, buildingId, "club.view");
  const page = pageOf(q, CLUB_LIST_DEFAULT_LIMIT, CLUB_LIST_DEFAULT_LIMIT);
  const { rows, count } = await repo.listBuildingClubs(ctx.db, buildingId, q.include_external_clubs === true, page);
  return paginate(ctx, page, count, rows.map(toClub));
}

/** GET /clubs/clubs/{id}/ */
export async function getClub(ctx: ServiceContext, id: number): Promise<Club> {
  return toClub((await reachClub(ctx, id, "club.view")).club);
}

/** Checked before the body is judged (403 before 400). */
export async function requireClubBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, "club.manage");
}

/** Additional buildings: existing, reachable by the caller, the primary left out. */
async function additionalOf(ctx: ServiceContext, primary: number, ids: number[] | undefined) {
  if (ids === undefined) return undefined;
  const user = requireUser(ctx);
  const wanted = ids.filter((b) => b !== primary);
  const found = await repo.existingBuildings(ctx.db, wanted);
  if (found.length !== wanted.length || wanted.some((b) => !hasBuildingAccess(user, b)))
    throw new ValidationError({ additional_buildings: [CM.unknownBuilding] });
  return wanted;
}

const clubValues = (v: ClubPatch): repo.ClubValues => {
  const { additional_buildings: _a, building: _b, ...rest } = v;
  return Object.fromEntries(Object.entries(rest).filter(([, x]) => x !== undefined)) as repo.ClubValues;
};

/** POST /clubs/clubs/ (multipart with an optional photo, or JSON). */
export async function createClub(ctx: ServiceContext, body: ClubCreate, photo: PhotoUpload | null): Promise<Club> {
  const scope = await requireBuilding(ctx, ctx.db, body.building, "club.manage");
  const additional = (await additionalOf(ctx, body.building, body.additional_buildings)) ?? [];
  const saved = photo ? await savePhoto(ctx, scope, photo, "club_photo") : null;
  const id = await withPhoto(ctx, saved?.url ?? null, null, () =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.insertClub(tx, body.building, {
        ...clubValues(body),
        name: body.name,
        photo_url: saved?.url ?? null,
      });
      await repo.setAdditionalBuildings(tx, row.id, additional);
      return row.id;
    }),
  );
  touchClub(ctx, [body.building, ...additional]);
  return getClub(ctx, id);
}

/** PATCH /clubs/clubs/{id}/ — any subset; additional_buildings, when sent, replaces the list. */
export async function updateClub(
  ctx: ServiceContext,
  id: number,
  body: ClubPatch,
  photo: PhotoUpload | null,
): Promise<Club> {
  const { club, buildingIds, scope } = await reachClub(ctx, id, "club.manage");
  const additional = await additionalOf(ctx, club.building_id, body.additional_buildings);
  const saved = photo ? await savePhoto(ctx, scope, photo, "club_photo") : null;
  await withPhoto(ctx, saved?.url ?? null, club.photo_url, () =>
    ctx.db.transaction(async (tx) => {
      await repo.updateClub(tx, id, { ...clubValues(body), ...(saved ? { photo_url: saved.url } : {}) }, ctx.clock());
      if (additional) await repo.setAdditionalBuildings(tx, id, additional);
    }),
  );
  touchClub(ctx, [...buildingIds, ...(additional ?? [])]);
  return getClub(ctx, id);
}
