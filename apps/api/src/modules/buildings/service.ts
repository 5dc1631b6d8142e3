import type { z } from "zod";
import {
  BUILDING_LIST_DEFAULT_LIMIT,
  type BuildingSettings,
  type BuildingSettingsGroups,
  BuildingSettingsPatch,
  changeNote,
  COMBO_SEARCH_LIMIT,
  type ComboSearchItem,
  MESSAGES,
  mergeBuildingSettings,
  SETTINGS_GROUP_KEYS,
} from "@portico/contract";
import { parseBuildingId, requireBuilding, type BuildingScope } from "../../lib/access.ts";
import { requireUser } from "../../lib/current-user.ts";
import { ValidationError } from "../../lib/errors.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import { todayIn } from "../../lib/dates.ts";
import { topics } from "../../lib/change-feed.ts";
import type { View } from "../../lib/view-cache.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";


/** GET /core/buildings/ — OF sees every active building, others the ones granted to them. */
export async function listBuildings(ctx: ServiceContext, query: { limit?: number; offset?: number }) {
  const user = requireUser(ctx);
  const page = pageOf(query, BUILDING_LIST_DEFAULT_LIMIT, BUILDING_LIST_DEFAULT_LIMIT);
  const scope: repo.BuildingScope = user.role === "OF" ? { all: true } : { all: false, ids: user.buildings };
  const { count, rows } = await repo.listBuildings(ctx.db, scope, page);
  return paginate(ctx, page, count, rows);
}

const withIds = (buildingId: number, settings: BuildingSettingsGroups): BuildingSettings => ({
  id: buildingId,
  building: buildingId,
  ...settings,
});

/** GET /core/building-settings/{building}/ — every group, stored values over the defaults. */
export async function getSettings(ctx: ServiceContext, buildingId: number): Promise<BuildingSettings> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "building.settings.view");
  return withIds(scope.building.id, scope.settings);
}

/** zod issues of a settings patch as `{group: [msg]}` / `{"group.field": [msg]}`. */
function settingsErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (key: string, msg: string) => (out[key || "non_field_errors"] ??= []).push(msg);
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) add(path ? `${path}.${k}` : k, "Unknown setting.");
    } else if (issue.code === "invalid_type") {
      const expected = String(issue.expected);
      add(
        path,
        expected === "boolean"
          ? MESSAGES.notABoolean
          : expected === "string"
            ? MESSAGES.notAString
            : expected === "object"
              ? "Expected an object of settings."
              : issue.message,
      );
    } else add(path, issue.message);
  }
  return out;
}

function flatten(settings: BuildingSettingsGroups): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const k of SETTINGS_GROUP_KEYS) {
    const v = settings[k];
    if (v && typeof v === "object") for (const [f, fv] of Object.entries(v)) out.set(`${k}.${f}`, fv);
    else out.set(k, v);
  }
  return out;
}

/**
 * PATCH /core/building-settings/{building}/ — managers and office. Groups merge field by
 * field into the stored document; a change records an event with a change note.
 */
export async function patchSettings(
  ctx: ServiceContext,
  rawBuildingId: unknown,
  body: unknown,
): Promise<BuildingSettings> {
  const buildingId = parseBuildingId(rawBuildingId);
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "building.settings.edit");
  const parsed = BuildingSettingsPatch.safeParse(body ?? {});
  if (!parsed.success) throw new ValidationError(settingsErrors(parsed.error));
  const patch = parsed.data as BuildingSettingsPatch;
  const merged = await ctx.db.transaction(async (tx) => {
    const stored = await repo.getSettingsDocument(tx, scope.building.id, { forUpdate: true });
    const before = mergeBuildingSettings(stored);
    const after = mergeBuildingSettings(before, patch);
    const a = flatten(before);
    const changes = [...flatten(after)]
      .filter(([k, v]) => a.get(k) !== v)
      .map(([field, to]) => ({ field, from: a.get(field), to }));
    if (changes.length || stored === null) await repo.saveSettingsDocument(tx, scope.building.id, after);
    if (changes.length) {
      await repo.insertEvent(tx, {
        building_id: scope.building.id,
        entity_type: "building_settings",
        entity_id: scope.building.id,
        type: "UPDATED",
        type_display: "Updated",
        note: changeNote(changes),
        performed_by_id: scope.user.id,
        data: { changes: changes.map((c) => c.field) },
      });
    }
    return after;
  });
  ctx.changes.touch(topics.building(scope.building.id));
  return withIds(scope.building.id, merged);
}

/** Resident lookups (units with residents' names): staff only. */
const requireLookup = (ctx: ServiceContext, buildingId: number): Promise<BuildingScope> =>
  requireBuilding(ctx, ctx.db, buildingId, "resident.search");

/** GET /core/buildings/{id}/apartments/dropdown/ */
export async function apartmentDropdown(ctx: ServiceContext, buildingId: number): Promise<View> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "apartment.dropdown");
  const b = scope.building.id;
  const today = todayIn(scope.building.time_zone);
  return { key: `${b}:${today}`, topics: [topics.units(b)], load: () => repo.apartmentDropdown(ctx.db, b, today) };
}

/**
 * GET /core/quick-search/?building= — the JSON text of the list (see repo.quickSearchJson). No
 * per-user field: one view per building and local date ("future" leases) for every role.
 */
export async function quickSearch(ctx: ServiceContext, buildingId: number): Promise<View> {
  const scope = await requireLookup(ctx, buildingId);
  const b = scope.building.id;
  const today = todayIn(scope.building.time_zone);
  return { key: `${b}:${today}`, topics: [topics.units(b)], load: () => repo.quickSearchJson(ctx.db, b, today) };
}

/**
 * GET /core/buildings/{id}/combo-search/?search= — units whose number starts with the term, then
 * residents whose name contains it (see contract), up to 20. The desk types a letter at a time:
 * the building's units and residents are read once (comboSearchIndex, kept per building and
 * local day until a unit, lease or resident of the building changes) and matched in memory.
 */
export async function comboSearch(ctx: ServiceContext, buildingId: number, search: string | undefined) {
  const scope = await requireLookup(ctx, buildingId);
  const b = scope.building.id;
  const today = todayIn(scope.building.time_zone);
  const indexes = ctx.changes.cache<Awaited<ReturnType<typeof repo.comboSearchIndex>>>("combo-search-index");
  const index = await indexes.get(`${b}:${today}`, [topics.units(b)], () => repo.comboSearchIndex(ctx.db, b, today));
  const term = (search ?? "").trim().toLowerCase();
  const found: ComboSearchItem[] = [];
  for (const u of index.units) {
    if (found.length === COMBO_SEARCH_LIMIT) return found;
    if (u.text.startsWith(term)) found.push(u.item);
  }
  if (!term) return found;
  for (const r of index.residents) {
    if (found.length === COMBO_SEARCH_LIMIT) return found;
    if (r.text.includes(term)) found.push(r.item);
  }
  return found;
}
