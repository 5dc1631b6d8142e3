import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AdminContractorVisitQuery,
  ContractorNote,
  ContractorNoteQuery,
  ContractorNoteWrite,
  ContractorVisit,
  ContractorVisitForm,
  ContractorVisitListQuery,
  ContractorVisitWrite,
  Detail,
  FieldErrors,
  Id,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { registerTypeList } from "../../lib/type-lists/routes.ts";
import { idInBody, readUploadForm } from "../../lib/upload-form.ts";
import * as service from "./service.ts";
import { contractorTypeList } from "./types.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["contractors"];

/**
 * Contractors (document 2 section 7, document 3 section 7): companies (a type list), visits
 * (log, lists, check out) and their notes.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  registerTypeList(app, contractorTypeList);

  app.post(
    "/contractors/visits/",
    {
      config: { can: "contractor.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Logs a contractor visit (multipart: building, contractor_type_id or company_name, name, apartment_id, occupancy_id, note, photo_url; JSON without the photo where the building waives it)",
        consumes: ["multipart/form-data"],
        body: ContractorVisitForm,
        response: { 201: ContractorVisit, ...errors, 413: Detail },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = idInBody(req.body, "building");
      if (building !== undefined) await service.requireVisitBuilding(ctx, building);
      const { values, photo } = readUploadForm(ContractorVisitWrite, req.body);
      return reply.status(201).send(await service.createVisit(ctx, values, photo));
    },
  );

  app.get(
    "/contractors/visits/",
    {
      config: { can: "contractor.use" },
      schema: {
        tags,
        summary:
          "Contractor visits of every building the user sees, newest first (admin scope: building, contractor_type_id, in_building, from/until UTC days)",
        querystring: AdminContractorVisitQuery,
        response: { 200: paginated(ContractorVisit), ...errors },
      },
    },
    async (req) => service.listAdminVisits(contextOf(req), req.query),
  );

  app.get(
    "/core/buildings/:id/contractor-visits/",
    {
      config: { can: "contractor.use" },
      schema: {
        tags,
        summary:
          "The building's contractor visits, newest first (contractor_type_id, from, until, apartment, in_building; 30 a page)",
        params: IdParams,
        querystring: ContractorVisitListQuery,
        response: { 200: paginated(ContractorVisit), ...errors },
      },
    },
    async (req) => service.listBuildingVisits(contextOf(req), req.params.id, req.query),
  );

  app.post(
    "/contractors/visits/:id/close/",
    {
      config: { can: "contractor.use" },
      schema: {
        tags,
        summary: "Checks the contractor out (once; a closed visit → 400)",
        params: IdParams,
        response: { 200: ContractorVisit, ...errors },
      },
    },
    async (req) => service.closeVisit(contextOf(req), req.params.id),
  );

  app.get(
    "/contractors/visits/:id/notes/",
    {
      config: { can: "contractor.use" },
      schema: {
        tags,
        summary: "The visit's notes, oldest first",
        params: IdParams,
        querystring: ContractorNoteQuery,
        response: { 200: paginated(ContractorNote), ...errors },
      },
    },
    async (req) => service.listNotes(contextOf(req), req.params.id, req.query),
  );

  app.post(
    "/contractors/notes/",
    {
      config: { can: "contractor.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a note to a visit ({text, contractor_visit_id}; 'Please enter a note')",
        body: z.looseObject({
          text: z.string().meta({ examples: ["Left the key at the desk"] }),
          contractor_visit_id: z
            .union([z.number().int(), z.string()])
            .optional()
            .meta({ examples: [1] }),
        }),
        response: { 201: ContractorNote, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const visit = idInBody(req.body, "contractor_visit_id");
      if (visit !== undefined) await service.requireVisit(ctx, visit);
      const parsed = ContractorNoteWrite.safeParse(req.body ?? {});
      if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
      return reply.status(201).send(await service.addNote(ctx, parsed.data));
    },
  );
};

export default routes;
