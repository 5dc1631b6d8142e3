import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import {
  type Action,
  type BuildingContext,
  type BuildingSettingsGroups,
  can,
  canPackages,
  hasBuildingAccess,
  MAX_ID,
  mergeBuildingSettings,
  type PackageAction,
  type Subject,
} from "@portico/contract";
import type { DbOrTx } from "../db/client.ts";
import { buildingSettings, buildings } from "../db/schema/index.ts";
import { type ChangeFeed, topics } from "./change-feed.ts";
import type { ServiceContext } from "./context.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "./errors.ts";
import { type CurrentUser, requireUser } from "./current-user.ts";

export interface BuildingScope {
  user: CurrentUser;
  building: { id: number; name: string; address: string; time_zone: string };
  settings: BuildingSettingsGroups;
  ctx: BuildingContext;
}

export const NO_BUILDING_ACCESS = "You do not have access to this building";

/** Reads a building id from a route or query value; a missing or malformed one is a field error. */
export function parseBuildingId(value: unknown, field = "building"): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) throw new ValidationError({ [field]: ["A valid building is required."] });
  return n;
}

interface CachedBuilding {
  building: BuildingScope["building"];
  settings: BuildingSettingsGroups;
  ctx: BuildingContext;
}

const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
};

/** A building with its settings over the defaults (null: no such building); shared, read-only. */
async function loadBuilding(db: DbOrTx, buildingId: number): Promise<CachedBuilding | null> {
  const rows = await db
    .select({
      id: buildings.id,
      name: buildings.name,
      address: buildings.address,
      time_zone: buildings.time_zone,
      settings: buildingSettings.settings,
    })
    .from(buildings)
    .leftJoin(buildingSettings, eq(buildingSettings.building_id, buildings.id))
    .where(eq(buildings.id, buildingId))
    .limit(1);
  if (!rows.length) return null;
  const { settings: stored, ...building } = rows[0];
  const settings = mergeBuildingSettings(stored);
  return deepFreeze({ building, settings, ctx: { id: building.id, settings } });
}

const cachedBuilding = (changes: ChangeFeed, db: DbOrTx, buildingId: number) =>
  changes
    .cache<CachedBuilding | null>("building-scope")
    .get(`${buildingId}`, [topics.building(buildingId)], () => loadBuilding(db, buildingId));

/**
 * The gate every building-scoped call passes: the user is signed in and may reach this
 * building (403 otherwise), the building exists (404), and, when given, the action is allowed
 * (403). Returns the building, its settings and the context for further `can` checks (kept
 * in the change feed's cache until the building or its settings change; read-only).
 */
export async function requireBuilding(
  actor: Pick<ServiceContext, "user" | "changes">,
  db: DbOrTx,
  buildingId: number,
  action?: Action,
): Promise<BuildingScope> {
  const user = requireUser(actor);
  if (!hasBuildingAccess(user, buildingId)) throw new PermissionDeniedError(NO_BUILDING_ACCESS);
  const found = await cachedBuilding(actor.changes, db, buildingId);
  if (!found) throw new NotFoundError();
  const { building, settings, ctx } = found;
  if (action && !can(user, action, ctx)) throw new PermissionDeniedError();
  return { user, building, settings, ctx };
}

/** A permission a route declares (`config: { can }`): the product's rules or the package rules. */
export type RouteAction = Action | PackageAction;
const PACKAGE_ACTIONS: ReadonlySet<string> = new Set<PackageAction>([
  "packages.use",
  "package_types.view",
  "package_types.manage",
]);

/** The rule of a route action, in a building or (without one) regardless of buildings. */
export const allows = (user: Subject, action: RouteAction, building?: BuildingContext): boolean =>
  PACKAGE_ACTIONS.has(action)
    ? canPackages(user, action as PackageAction, building)
    : can(user, action as Action, building);

/**
 * May the user do this in at least one of their buildings? The rule without a building first;
 * rules that depend on a building's settings (keys, ID cards …) are then asked of each of the
 * user's buildings (every building for office users), read through the building cache.
 */
export async function allowsSomewhere(req: FastifyRequest, user: Subject, action: RouteAction): Promise<boolean> {
  if (allows(user, action)) return true;
  if (user.role === "TN") return false;
  const db = req.server.db;
  const ids =
    user.role === "OF"
      ? (await db.select({ id: buildings.id }).from(buildings).where(eq(buildings.is_active, true))).map((b) => b.id)
      : user.buildings;
  for (const id of ids) {
    const b = await cachedBuilding(req.server.changes, db, id);
    if (b && allows(user, action, b.ctx)) return true;
  }
  return false;
}
