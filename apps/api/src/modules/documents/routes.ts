import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BuildingDocument,
  Detail,
  DocumentBuildingQuery,
  DocumentDeleted,
  DocumentFields,
  DocumentForm,
  DocumentListQuery,
  DocumentPatch,
  FieldErrors,
  Id,
  paginated,
} from "@portico/contract";
import { parseBuildingId } from "../../lib/access.ts";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { idInBody, readUploadForm } from "../../lib/upload-form.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["documents"];
const config = { can: "document.use" } as const;
const FILE = "file";

/** Building documents (document 3 section 7): list, one, multipart create and edit, delete. */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  app.get(
    "/emails/documents/",
    {
      config,
      schema: {
        tags,
        summary: "The building's documents, newest first (staff: those visible to staff; managers: all)",
        querystring: DocumentListQuery,
        response: { 200: paginated(BuildingDocument), ...errors },
      },
    },
    async (req) => service.listDocuments(contextOf(req), req.query),
  );

  app.post(
    "/emails/documents/",
    {
      config,
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a document (multipart: building, title, subtitle, file, is_visible_to_tenants, is_visible_to_staff)",
        consumes: ["multipart/form-data"],
        querystring: DocumentBuildingQuery,
        body: DocumentForm,
        response: { 201: BuildingDocument, ...errors, 413: Detail },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = parseBuildingId(idInBody(req.body, "building") ?? req.query.building);
      await service.documentScope(ctx, building);
      const { values, photo } = readUploadForm(DocumentFields, withoutBuilding(req.body), FILE);
      return reply.status(201).send(await service.createDocument(ctx, building, values, photo));
    },
  );

  app.get(
    "/emails/documents/:id/",
    {
      config,
      schema: {
        tags,
        summary: "One document",
        params: IdParams,
        querystring: DocumentBuildingQuery,
        response: { 200: BuildingDocument, ...errors },
      },
    },
    async (req) => service.getDocument(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    "/emails/documents/:id/",
    {
      config,
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Changes a document (multipart, any subset; a new file replaces the old) ('Document successfully updated')",
        consumes: ["multipart/form-data"],
        params: IdParams,
        querystring: DocumentBuildingQuery,
        body: DocumentForm,
        response: { 200: BuildingDocument, ...errors, 413: Detail },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.getDocument(ctx, req.params.id, req.query.building);
      const { values, photo } = readUploadForm(DocumentPatch, withoutBuilding(req.body), FILE);
      return service.updateDocument(ctx, req.params.id, values, photo, req.query.building);
    },
  );

  app.delete(
    "/emails/documents/:id/",
    {
      config,
      schema: {
        tags,
        summary: "Deletes a document and its file ('Document successfully deleted')",
        params: IdParams,
        querystring: DocumentBuildingQuery,
        response: { 200: DocumentDeleted, ...errors },
      },
    },
    async (req) => service.deleteDocument(contextOf(req), req.params.id, req.query.building),
  );
};

/** The form's fields but its building (read apart, before the rest is judged). */
function withoutBuilding(body: unknown): unknown {
  if (!body || typeof body !== "object" || Buffer.isBuffer(body)) return body;
  const { building: _b, ...rest } = body as Record<string, unknown>;
  return rest;
}

export default routes;
