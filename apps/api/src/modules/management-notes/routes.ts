import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  ManagementNote,
  ManagementNoteAcknowledgements,
  ManagementNoteAcknowledgeResult,
  ManagementNoteCreate,
  ManagementNoteEditDoc,
  ManagementNoteListQuery,
  ManagementNotePage,
  ManagementNoteParams,
  ManagementNoteUnacknowledged,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent } from "../../lib/files.ts";
import * as service from "./service.ts";

const BuildingParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["management-notes"];
const LIST = "/core/buildings/:id/management-notes/";
const ONE = "/core/buildings/:id/management-notes/:managementNoteId/";

/**
 * Management notes (document 3 section 7 "Management notes"). Bodies are judged after the
 * building and the note are checked (403/404 before 400): the schemas below document them.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    LIST,
    {
      config: { can: "management_note.view" },
      schema: {
        tags,
        summary: "The building's active notes from management, newest first (managers: is_active=false, the expired)",
        params: BuildingParams,
        querystring: ManagementNoteListQuery,
        response: { 200: ManagementNotePage, ...errors },
      },
    },
    async (req) => service.listNotes(contextOf(req), req.params.id, req.query),
  );

  app.post(
    LIST,
    {
      config: { can: "management_note.manage" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a note from management (is_require_acknowledgement: every staff member acknowledges it)",
        params: BuildingParams,
        body: ManagementNoteCreate,
        response: { 201: ManagementNote, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createNote(contextOf(req), req.params.id, req.body)),
  );

  app.get(
    "/core/buildings/:id/management-notes/get_unacknowledged/",
    {
      config: { can: "management_note.view" },
      schema: {
        tags,
        summary: "The active notes requiring acknowledgement the caller has not acknowledged (newest first)",
        params: BuildingParams,
        response: { 200: ManagementNoteUnacknowledged, ...errors },
      },
    },
    async (req) => service.unacknowledged(contextOf(req), req.params.id),
  );

  app.patch(
    ONE,
    {
      config: { can: "management_note.manage" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Edits an active note ({body, require_acknowledge_edits}: everyone acknowledges again) or expires it ({is_active: false})",
        params: ManagementNoteParams,
        body: ManagementNoteEditDoc,
        response: { 200: ManagementNote, ...errors },
      },
    },
    async (req) => service.editNote(contextOf(req), req.params.id, req.params.managementNoteId, req.body),
  );

  app.post(
    "/core/buildings/:id/management-notes/:managementNoteId/acknowledge/",
    {
      config: { can: "management_note.view" },
      schema: {
        tags,
        summary: "The caller acknowledges the note's current version (again: the same acknowledgement)",
        params: ManagementNoteParams,
        response: { 200: ManagementNoteAcknowledgeResult, ...errors },
      },
    },
    async (req) => service.acknowledge(contextOf(req), req.params.id, req.params.managementNoteId),
  );

  app.get(
    "/core/buildings/:id/management-notes/:managementNoteId/acknowledgements/",
    {
      config: { can: "management_note.manage" },
      schema: {
        tags,
        summary: "Who acknowledged the note's current version, newest first",
        params: ManagementNoteParams,
        response: { 200: ManagementNoteAcknowledgements, ...errors },
      },
    },
    async (req) => service.acknowledgements(contextOf(req), req.params.id, req.params.managementNoteId),
  );
};

export default routes;
