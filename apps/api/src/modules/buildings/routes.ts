import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ApartmentDropdownItem,
  Building,
  BuildingListQuery,
  BuildingSettings,
  BuildingSettingsPatch,
  ComboSearchItem,
  ComboSearchQuery,
  Detail,
  FieldErrors,
  Id,
  paginated,
  QuickSearchItem,
  QuickSearchQuery,
} from "@portico/contract";
import { sendView, userPageKey, type ViewBody } from "../../lib/view-cache.ts";
import { topics } from "../../lib/change-feed.ts";
import { requireUser } from "../../lib/current-user.ts";
import * as service from "./service.ts";
import { contextOf } from "../../lib/context.ts";

const tags = ["buildings"];
const BuildingParam = z.object({ building: Id });
const IdParam = z.object({ id: Id });
const errors = { 401: Detail, 403: Detail, 404: Detail };

/** Shell and lookups: buildings, building settings, unit pickers and searches. */
const routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const quickSearchViews = app.changes.cache<ViewBody>("quick-search");
  const dropdownViews = app.changes.cache<ViewBody>("apartment-dropdown");
  const buildingLists = app.changes.cache<ViewBody>("building-lists");

  app.get(
    "/core/buildings/",
    {
      schema: {
        tags,
        summary: "Buildings the user may see, by the number at the start of the address",
        querystring: BuildingListQuery,
        response: { 200: paginated(Building), 401: Detail },
      },
    },
    // Kept per user until their account or grants, or any building, change.
    async (req, reply) =>
      sendView(req, reply as FastifyReply, buildingLists, {
        key: userPageKey(req),
        topics: [topics.user(requireUser(req).id), topics.buildings],
        load: () => service.listBuildings(contextOf(req), req.query),
      }),
  );

  app.get(
    "/core/building-settings/:building/",
    {
      config: { can: "building.settings.view" },
      schema: {
        tags,
        summary: "Every settings group of a building, with defaults",
        params: BuildingParam,
        response: { 200: BuildingSettings, ...errors },
      },
    },
    (req) => service.getSettings(contextOf(req), req.params.building),
  );

  app.patch(
    "/core/building-settings/:building/",
    {
      config: { can: "building.settings.edit" },
      // The building gate runs before the body is judged: the service validates it.
      attachValidation: true,
      schema: {
        tags,
        summary: "Change settings (managers and office); groups merge field by field",
        params: BuildingParam,
        body: BuildingSettingsPatch,
        response: { 200: BuildingSettings, 400: z.union([FieldErrors, Detail]), ...errors },
      },
    },
    (req) => service.patchSettings(contextOf(req), (req.params as { building: unknown }).building, req.body),
  );

  app.get(
    "/core/buildings/:id/apartments/dropdown/",
    {
      config: { can: "apartment.dropdown" },
      schema: {
        tags,
        summary: "Every unit of the building in unit order, with its current lease",
        params: IdParam,
        response: { 200: z.array(ApartmentDropdownItem), ...errors },
      },
    },
    // One view per building and local date, kept until a unit or lease of the building changes.
    async (req, reply) =>
      sendView(req, reply as FastifyReply, dropdownViews, await service.apartmentDropdown(contextOf(req), req.params.id)),
  );

  app.get(
    "/core/quick-search/",
    {
      config: { can: "resident.search" },
      schema: {
        tags,
        summary: "Every unit of the building with its active leases and residents ('Unit or name' box)",
        querystring: QuickSearchQuery,
        response: { 200: z.array(QuickSearchItem), ...errors },
      },
    },
    // Sent as built by the database, kept until a unit, lease or resident of the building changes.
    async (req, reply) =>
      sendView(req, reply as FastifyReply, quickSearchViews, await service.quickSearch(contextOf(req), req.query.building)),
  );

  app.get(
    "/core/buildings/:id/combo-search/",
    {
      config: { can: "resident.search" },
      schema: {
        tags,
        summary: "Up to 20 units (number prefix) and residents (name) matching the term",
        params: IdParam,
        querystring: ComboSearchQuery,
        response: { 200: z.array(ComboSearchItem), ...errors },
      },
    },
    (req) => service.comboSearch(contextOf(req), req.params.id, req.query.search),
  );
};

export default routes;
