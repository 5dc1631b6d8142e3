import {
  type ApartmentPackages,
  PACKAGE_ACTIVITY_HOURS,
  type PackageActivityItem,
  type PackageGrid,
} from "@portico/contract";
import type { Db } from "../../db/client.ts";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { paginate } from "../../lib/pagination.ts";
import type { View } from "../../lib/view-cache.ts";
import { type Page, toTypeSummary } from "./output.ts";
import * as repo from "./views-repository.ts";

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
