import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Detail, FieldErrors, Id, PackageSummary } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import { contextOf } from "../../lib/context.ts";
import { iso, startOfDayIn, todayIn } from "../../lib/dates.ts";
import { sendView, type View, type ViewBody } from "../../lib/view-cache.ts";
import { toTypeSummary } from "./output.ts";
import * as repo from "./summary-repository.ts";

/**
 * A building's packages at a glance (GET /core/buildings/{b}/package-summary/): open per type,
 * logged today, the oldest waiting. No field depends on the viewer, so one view per building and
 * local day serves every role that may open packages, until the building's packages, units or
 * the package types change.
 */
export function summaryView(db: DbOrTx, building: BuildingScope["building"]): View {
  const today = todayIn(building.time_zone);
  return {
    key: `${building.id}:${today}`,
    topics: [topics.packages(building.id), topics.units(building.id), topics.packageTypes],
    load: () => loadSummary(db, building.id, today, startOfDayIn(today, building.time_zone)),
  };
}

async function loadSummary(db: DbOrTx, buildingId: number, today: string, midnight: Date): Promise<PackageSummary> {
  const byType = await repo.openByType(db, buildingId);
  const loggedToday = await repo.countOpenedSince(db, buildingId, midnight);
  const oldest = await repo.oldestOpen(db, buildingId);
  return {
    building_id: buildingId,
    today,
    open_count: byType.reduce((n, r) => n + Number(r.count), 0),
    open_by_type: byType.map((r) => ({ package_type: toTypeSummary(r.type), count: Number(r.count) })),
    logged_today: loggedToday,
    oldest_waiting: oldest && {
      id: oldest.id,
      apartment_number: oldest.apartment_number,
      occupancy_id: oldest.occupancy_id,
      package_type: toTypeSummary(oldest.type),
      date_opened: iso(oldest.date_opened)!,
    },
  };
}

/** Registers the summary route on the packages module's app. */
export function registerSummaryRoute(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const views = app.changes.cache<ViewBody>("package-summary");
  app.get(
    "/core/buildings/:id/package-summary/",
    {
      config: { can: "packages.use" },
      schema: {
        tags: ["packages"],
        summary: "A building's packages at a glance: open per type, logged today, the oldest waiting",
        params: z.object({ id: Id }),
        response: { 200: PackageSummary, 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail },
      },
    },
    async (req, reply) => {
      const scope = await requireBuilding(contextOf(req), app.db, req.params.id, "nav.packages");
      return sendView(req, reply, views, summaryView(app.db, scope.building));
    },
  );
}
