import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  MaintenanceBuildingQuery,
  MaintenanceComment,
  MaintenanceCommentCreate,
  MaintenanceEvent,
  MaintenanceExportQuery,
  MaintenanceListQuery,
  MaintenancePhoto,
  MaintenancePhotoForm,
  MaintenancePhotoWrite,
  MaintenanceRequest,
  MaintenanceRequestCreate,
  MaintenanceRequestListItem,
  MaintenanceRequestPatch,
  MaintenanceRequestPatchForm,
  MaintenanceStatusesQuery,
  MaintenanceStatusOption,
  MaintenanceStatusUpdate,
  PageQuery,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { bodyAsSent, isUploadedFile, registerUploadParsers } from "../../lib/files.ts";
import { pageOf } from "../../lib/pagination.ts";
import { readUploadForm } from "../../lib/upload-form.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["maintenance-requests"];
const BASE = "/maintenance-requests/maintenance-requests/";
const Spreadsheet = z.any().meta({ type: "string", format: "binary", description: "maintenance-requests.xlsx" });
const EventsQuery = PageQuery.extend({ building: Id.optional() });

/** A body judged by a schema (field errors, 400). */
function judged<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return parsed.data;
}

/** The request id a comment or photo body names, when it is one (checked before the body is judged). */
function requestIdOf(body: unknown): number | undefined {
  const raw =
    body && typeof body === "object"
      ? (body as { maintenance_request_id?: unknown }).maintenance_request_id
      : undefined;
  const id = Id.safeParse(Array.isArray(raw) ? raw[0] : raw);
  return id.success ? id.data : undefined;
}

/**
 * Maintenance requests (document 2 section 7): the building's list and its spreadsheet, one
 * request and its history, create, edit (photos, the signature), status updates, comments,
 * photos, and the building's status vocabulary. Every staff member (maintenance.use).
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  app.get(
    BASE,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary:
          "The building's requests (statuses, apartment, maintenance_request_type, date opened/closed, search, priority, past occupancies, recurring; 30 a page)",
        querystring: MaintenanceListQuery,
        response: { 200: paginated(MaintenanceRequestListItem), ...errors },
      },
    },
    async (req) => service.listRequests(contextOf(req), req.query),
  );

  app.get(
    `${BASE}as-excel/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The list's requests as a spreadsheet (the list's filters; above 3000 → 400)",
        querystring: MaintenanceExportQuery,
        produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        response: { 200: Spreadsheet, ...errors },
      },
    },
    async (req, reply) => (await service.exportRequests(contextOf(req), req.query)).send(reply),
  );

  app.get(
    "/maintenance-requests/statuses/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The building's status vocabulary as radio options ({value, label})",
        querystring: MaintenanceStatusesQuery,
        response: { 200: z.array(MaintenanceStatusOption), ...errors },
      },
    },
    async (req) => service.statusOptions(contextOf(req), req.query.building),
  );

  app.get(
    `${BASE}:id/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "One request with its occupants, comments and photos",
        params: IdParams,
        querystring: MaintenanceBuildingQuery,
        response: { 200: MaintenanceRequest, ...errors },
      },
    },
    async (req) => service.getRequest(contextOf(req), req.params.id, req.query.building),
  );

  app.get(
    `${BASE}:id/events/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The request's history, newest first",
        params: IdParams,
        querystring: EventsQuery,
        response: { 200: paginated(MaintenanceEvent), ...errors },
      },
    },
    async (req) =>
      service.requestEvents(contextOf(req), req.params.id, req.query.building, pageOf(req.query, 100, 1000)),
  );

  app.post(
    BASE,
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Files a request (JSON; photos as base64 {type, name, content}, each under 10 MB)",
        querystring: z.object({ building: Id }),
        body: z.looseObject({
          apartment_id: z
            .number()
            .int()
            .meta({ examples: [1] }),
          maintenance_request_type_id: z
            .number()
            .int()
            .meta({ examples: [1] }),
          description: z.string().meta({ examples: ["Kitchen sink leaks"] }),
          photos: z
            .array(z.object({ type: z.string(), name: z.string(), content: z.string() }))
            .optional()
            .meta({ description: "Base64 photos" }),
        }),
        response: { 201: MaintenanceRequest, ...errors, 413: FieldErrors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      // The building is checked before the body is judged (403 before 400).
      await service.buildingScope(ctx, req.query.building);
      const body = judged(MaintenanceRequestCreate, req.body);
      return reply.status(201).send(await service.createRequest(ctx, body, req.query.building));
    },
  );

  app.patch(
    `${BASE}:id/`,
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Edits a request (JSON: any field, photos added; signature_url a base64 image or, multipart, the file; only with has_signatures)",
        params: IdParams,
        querystring: MaintenanceBuildingQuery,
        consumes: ["application/json", "multipart/form-data"],
        body: MaintenanceRequestPatchForm,
        response: { 200: MaintenanceRequest, ...errors, 413: FieldErrors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.requireRequest(ctx, req.params.id, req.query.building);
      const sent = (req.body ?? {}) as Record<string, unknown>;
      const file = Array.isArray(sent.signature_url) ? sent.signature_url[0] : sent.signature_url;
      if (isUploadedFile(file)) {
        const { values, photo } = readUploadForm(MaintenanceRequestPatch, req.body, "signature_url");
        return service.patchRequest(
          ctx,
          req.params.id,
          values,
          photo ?? { data: Buffer.alloc(0), filename: "" },
          req.query.building,
        );
      }
      const values = judged(MaintenanceRequestPatch, req.body);
      return service.patchRequest(ctx, req.params.id, values, null, req.query.building);
    },
  );

  app.post(
    `${BASE}:id/update_status/`,
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Moves the request to another status of the building's set (date_on_hold_until for ON_HOLD; comment {comment, is_private})",
        params: IdParams,
        querystring: MaintenanceBuildingQuery,
        body: z.looseObject({ status: z.string().meta({ examples: ["ON_HOLD"] }) }),
        response: { 200: MaintenanceRequest, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.requireRequest(ctx, req.params.id, req.query.building);
      const body = judged(MaintenanceStatusUpdate, req.body);
      return service.updateStatus(ctx, req.params.id, body, req.query.building);
    },
  );

  app.post(
    "/maintenance-requests/comments/",
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a comment (maintenance_request_id, comment, is_private; private ones never reach residents)",
        querystring: MaintenanceBuildingQuery,
        body: z.looseObject({
          maintenance_request_id: z
            .union([z.number().int(), z.string()])
            .optional()
            .meta({ examples: [1] }),
          comment: z.string().meta({ examples: ["On my way"] }),
          is_private: z.boolean().optional(),
        }),
        response: { 201: MaintenanceComment, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const id = requestIdOf(req.body);
      if (id !== undefined) await service.requireRequest(ctx, id, req.query.building);
      const body = judged(MaintenanceCommentCreate, req.body);
      return reply.status(201).send(await service.addComment(ctx, body, req.query.building));
    },
  );

  app.post(
    "/maintenance-requests/photos/",
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a photo (multipart: maintenance_request_id, photo_url under 10 MB, caption, is_private)",
        querystring: MaintenanceBuildingQuery,
        consumes: ["multipart/form-data"],
        body: MaintenancePhotoForm,
        response: { 201: MaintenancePhoto, ...errors, 413: FieldErrors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const id = requestIdOf(req.body);
      if (id !== undefined) await service.requireRequest(ctx, id, req.query.building);
      const { values, photo } = readUploadForm(MaintenancePhotoWrite, req.body, "photo_url");
      return reply.status(201).send(await service.addPhoto(ctx, values, photo, req.query.building));
    },
  );
};

export default routes;
