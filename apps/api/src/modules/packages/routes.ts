import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  APARTMENT_PACKAGES_LIMIT,
  ApartmentPackages,
  ApartmentPackagesQuery,
  BatchedPackage,
  BatchedPackageAdd,
  BatchedPackagePatch,
  ConvertQueueResult,
  Detail,
  Event,
  FieldErrors,
  Id,
  Package,
  PACKAGE_COLORS,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_GROUPS,
  PACKAGE_LIST_DEFAULT_LIMIT,
  PACKAGE_LIST_MAX_LIMIT,
  PACKAGE_QUEUE_LIMIT,
  PackageActivityItem,
  PackageActivityQuery,
  PackageBuildingQuery,
  PackageBulkResult,
  PackageBulkWrite,
  PackageCloseFields,
  PackageCloseForm,
  PackageCloseResult,
  PackageColor,
  PackageCommentPatch,
  PackageEventsQuery,
  PackageGrid,
  PackageGroupOption,
  PackageListQuery,
  PackageQueueQuery,
  PackageRemind,
  PackageRemindResult,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, isUploadedFile, registerUploadParsers } from "../../lib/files.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { registerTypeList } from "../../lib/type-lists/routes.ts";
import { sendView, type ViewBody } from "../../lib/view-cache.ts";
import { ensurePackageTypes } from "../../db/seed/packages.ts";
import * as logClose from "./log-close-service.ts";
import * as queue from "./queue-service.ts";
import * as service from "./service.ts";
import * as views from "./views-service.ts";
import { packageTypeList } from "./types.ts";
import { registerSummaryRoute } from "./summary.ts";

const IdParams = z.object({ id: Id });
const QueueItemParams = z.object({ id: Id, itemId: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
/** Bulk writes answer 400 with one error object per row. */
const rowErrors = { ...errors, 400: z.union([z.array(FieldErrors), FieldErrors]) };
const tags = ["packages"];

/** The fields and photo of a close request: a multipart form (read into the body), or JSON without a photo. */
function readCloseRequest(body: unknown) {
  const fields: Record<string, string[]> = {};
  let photo: { data: Buffer; filename: string } | null = null;
  for (const [k, v] of Object.entries(body && typeof body === "object" && !Buffer.isBuffer(body) ? body : {})) {
    for (const x of Array.isArray(v) ? v : [v]) {
      if (x === undefined || x === null) continue;
      if (isUploadedFile(x)) {
        if ((k === "closing_photo_url" || k === "photo") && !photo && x.data.length)
          photo = { data: x.data, filename: x.filename };
      } else (fields[k] ??= []).push(String(x));
    }
  }
  const rawIds = [...(fields.packages ?? []), ...(fields["packages[]"] ?? [])].flatMap((v) =>
    v
      .replace(/^\s*\[|\]\s*$/g, "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const parsed = PackageCloseFields.safeParse({
    packages: rawIds,
    closing_comment: fields.closing_comment?.[0],
  });
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return { ...parsed.data, photo };
}

/**
 * Packages (document 2 section 7): the list and one package (detail, events, comment edit,
 * reopen), bulk log and bulk close, reminders, the building's package views (activity, grid,
 * apartment packages), the batch queue, and the global package types.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });
  const gridViews = app.changes.cache<ViewBody>("package-grid");
  const apartmentPackagesViews = app.changes.cache<ViewBody>("apartment-packages");
  // The default types (Keys among them) exist on every installation.
  app.addHook("onReady", async () => {
    await ensurePackageTypes(app.db);
  });

  // Packages ---------------------------------------------------------------------------------

  app.get(
    "/packages/list/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Packages of a building (default: open, newest opened first, 30 per page, up to 5000)",
        querystring: PackageListQuery,
        response: { 200: paginated(Package), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, PACKAGE_LIST_DEFAULT_LIMIT, PACKAGE_LIST_MAX_LIMIT);
      const list = await service.listPackages(contextOf(req), req.query, page);
      const { count, results } = await list.load();
      return paginate(req, page, count, results);
    },
  );

  app.post(
    "/packages/list/remind/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Reminder mails for open incoming deliveries ('{count} email(s) sent')",
        querystring: PackageBuildingQuery,
        body: PackageRemind,
        response: { 200: PackageRemindResult, ...errors },
      },
    },
    async (req) => service.remind(contextOf(req), req.query.building, req.body),
  );

  app.get(
    "/packages/list/:id/",
    {
      config: { can: "packages.use" },
      schema: { tags, params: IdParams, querystring: PackageBuildingQuery, response: { 200: Package, ...errors } },
    },
    async (req) => service.getPackage(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    "/packages/list/:id/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Edits the opening comment (only while the package is open)",
        params: IdParams,
        querystring: PackageBuildingQuery,
        body: PackageCommentPatch,
        response: { 200: Package, ...errors },
      },
    },
    async (req) =>
      service.editOpeningComment(contextOf(req), req.params.id, req.query.building, req.body.opening_comment),
  );

  app.get(
    "/packages/list/:id/events/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        params: IdParams,
        querystring: PackageEventsQuery,
        response: { 200: paginated(Event), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, 100, 1000);
      const { count, results } = await service.packageEvents(contextOf(req), req.params.id, req.query, page);
      return paginate(req, page, count, results);
    },
  );

  app.post(
    "/packages/list/:id/reopen/",
    {
      config: { can: "packages.use" },
      schema: { tags, params: IdParams, querystring: PackageBuildingQuery, response: { 200: Package, ...errors } },
    },
    async (req) => service.reopenPackage(contextOf(req), req.params.id, req.query.building),
  );

  app.post(
    "/packages/bulk/",
    {
      config: { can: "packages.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Logs packages: a list of {occupancy, package_type, opening_comment, send_notification_occupants[]}; errors row by row",
        querystring: PackageBuildingQuery,
        body: PackageBulkWrite,
        response: { 201: PackageBulkResult, ...rowErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await logClose.bulkLog(contextOf(req), req.body, req.query.building)),
  );

  app.post(
    "/packages/bulk/close/",
    {
      config: { can: "packages.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Closes packages (multipart: packages[], closing_comment, closing_photo_url file)",
        querystring: PackageBuildingQuery,
        consumes: ["multipart/form-data", "application/json"],
        body: PackageCloseForm,
        response: { 200: PackageCloseResult, ...errors, 413: Detail },
      },
    },
    async (req) =>
      logClose.bulkClose(contextOf(req), { ...readCloseRequest(req.body), queryBuilding: req.query.building }),
  );

  // Building views ---------------------------------------------------------------------------

  app.get(
    "/core/buildings/:id/package-activity/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Package events of the past 24 hours, newest first",
        params: IdParams,
        querystring: PackageActivityQuery,
        response: { 200: paginated(PackageActivityItem), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, 500, 5000);
      const activity = await views.packageActivity(contextOf(req), req.params.id, page);
      const { count, results } = await activity.load();
      return paginate(req, page, count, results);
    },
  );

  app.get(
    "/core/buildings/:id/package-grid/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Open packages per unit and package type",
        params: IdParams,
        response: { 200: PackageGrid, ...errors },
      },
    },
    async (req, reply) => sendView(req, reply, gridViews, await views.packageGrid(contextOf(req), req.params.id)),
  );

  app.get(
    "/core/buildings/:id/apartment-packages/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Unit profiles with open packages, each with its packages",
        params: IdParams,
        querystring: ApartmentPackagesQuery,
        response: { 200: paginated(ApartmentPackages), ...errors },
      },
    },
    async (req, reply) => {
      const page = pageOf(req.query, APARTMENT_PACKAGES_LIMIT, 5000);
      const view = await views.apartmentPackages(contextOf(req), req.params.id, page, req.query.public_only ?? false);
      return sendView(req, reply, apartmentPackagesViews, view);
    },
  );

  registerSummaryRoute(app);

  // Batch queue ------------------------------------------------------------------------------

  app.get(
    "/core/buildings/:id/package-queue/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        params: IdParams,
        querystring: PackageQueueQuery,
        response: { 200: paginated(BatchedPackage), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, PACKAGE_QUEUE_LIMIT, 5000);
      const { count, results } = await queue.listQueue(contextOf(req), req.params.id, page);
      return paginate(req, page, count, results);
    },
  );

  app.post(
    "/core/buildings/:id/package-queue/",
    {
      config: { can: "packages.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds to the batch: one row (answer: the item) or a list of rows (answer: the list)",
        params: IdParams,
        body: BatchedPackageAdd,
        response: { 201: z.union([BatchedPackage, z.array(BatchedPackage)]), ...rowErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await queue.addToQueue(contextOf(req), req.params.id, req.body)),
  );

  app.post(
    "/core/buildings/:id/package-queue/convert_queue/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        summary: "Logs the whole batch (notifications are sent then)",
        params: IdParams,
        response: { 201: ConvertQueueResult, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await queue.convertQueue(contextOf(req), req.params.id)),
  );

  app.patch(
    "/core/buildings/:id/package-queue/:itemId/",
    {
      config: { can: "packages.use" },
      schema: {
        tags,
        params: QueueItemParams,
        body: BatchedPackagePatch,
        response: { 200: BatchedPackage, ...errors },
      },
    },
    async (req) => queue.patchQueueItem(contextOf(req), req.params.id, req.params.itemId, req.body),
  );

  app.delete(
    "/core/buildings/:id/package-queue/:itemId/",
    {
      config: { can: "packages.use" },
      schema: { tags, params: QueueItemParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await queue.removeQueueItem(contextOf(req), req.params.id, req.params.itemId);
      return reply.status(204).send(null);
    },
  );

  // Package types ----------------------------------------------------------------------------

  registerTypeList(app, packageTypeList);

  app.get(
    "/packages/package-types/colors/",
    {
      config: { can: "package_types.view" },
      schema: {
        tags,
        summary: "The named colours of package types",
        response: { 200: z.array(PackageColor), ...errors },
      },
    },
    async () => PACKAGE_COLORS.map((c) => ({ ...c })),
  );

  app.get(
    "/packages/package-types/groups/",
    {
      config: { can: "package_types.view" },
      schema: { tags, summary: "The package type groups", response: { 200: z.array(PackageGroupOption), ...errors } },
    },
    async () => PACKAGE_GROUPS.map((g) => ({ value: g, display: PACKAGE_GROUP_DISPLAY[g] })),
  );
};

export default routes;
