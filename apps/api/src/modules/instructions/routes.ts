import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  Event,
  FieldErrors,
  Id,
  Instruction,
  INSTRUCTION_COLORS,
  INSTRUCTION_LIST_PAGE_SIZE,
  INSTRUCTION_QUERY_LIMIT,
  InstructionBuildingQuery,
  InstructionColor,
  InstructionDrawerQuery,
  InstructionEventsQuery,
  InstructionForm,
  InstructionListQuery,
  InstructionPatch,
  InstructionPhotoForm,
  InstructionWrite,
  paginated,
  TENANT_PERMISSION_OPTIONS,
  TenantPermissionOption,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { readUploadedFile, readUploadForm } from "../../lib/upload-form.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { registerTypeList } from "../../lib/type-lists/routes.ts";
import { ensureInstructionTypes } from "../../db/seed/instructions.ts";
import * as service from "./service.ts";
import { instructionTypeList } from "./types.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["instructions"];
const PHOTO_TYPES = ["multipart/form-data", "image/jpeg", "image/png", "image/webp", "application/octet-stream"];
/**
 * Front-desk instructions (document 2 section 7): the lists (all filters, recently expired, the
 * security list), one instruction and its events, create, edit, expire, the photo, and the
 * global instruction types with their colours and tenant permission choices.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });
  // Food delivery (16) and the default types exist on every installation.
  app.addHook("onReady", async () => {
    await ensureInstructionTypes(app.db);
  });

  // Lists ------------------------------------------------------------------------------------

  app.get(
    "/instructions/instructions/",
    {
      config: { can: "instruction.view" },
      schema: {
        tags,
        summary: "Instructions of a building (default: active, latest expiration first, 50 a page, up to 5000)",
        querystring: InstructionListQuery,
        response: { 200: paginated(Instruction), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, INSTRUCTION_LIST_PAGE_SIZE, INSTRUCTION_QUERY_LIMIT);
      const { count, results } = await service.listInstructions(contextOf(req), req.query, page);
      return paginate(req, page, count, results);
    },
  );

  const drawers = [
    ["expired", "Instructions ended within the past 30 days, latest end first", service.listRecentlyExpired],
    ["security", "Active instructions of security / do-not-allow types, by unit", service.listSecurity],
  ] as const;
  for (const [path, summary, list] of drawers)
    app.get(
      `/instructions/instructions/${path}/`,
      {
        config: { can: "instruction.view" },
        schema: {
          tags,
          summary,
          querystring: InstructionDrawerQuery,
          response: { 200: paginated(Instruction), ...errors },
        },
      },
      async (req) => {
        const page = pageOf(req.query, INSTRUCTION_LIST_PAGE_SIZE, INSTRUCTION_QUERY_LIMIT);
        const { count, results } = await list(contextOf(req), req.query, page);
        return paginate(req, page, count, results);
      },
    );

  // One instruction (the detail is served under both prefixes the client uses) ----------------

  for (const prefix of ["/instructions/detailed-instructions/", "/instructions/instructions/detailed-instructions/"]) {
    app.get(
      `${prefix}:id/`,
      {
        config: { can: "instruction.view" },
        schema: {
          tags,
          summary: "One instruction",
          params: IdParams,
          querystring: InstructionBuildingQuery,
          response: { 200: Instruction, ...errors },
        },
      },
      async (req) => service.getInstruction(contextOf(req), req.params.id, req.query.building),
    );
    app.get(
      `${prefix}:id/events/`,
      {
        config: { can: "instruction.view" },
        schema: {
          tags,
          summary: "The instruction's history, newest first",
          params: IdParams,
          querystring: InstructionEventsQuery,
          response: { 200: paginated(Event), ...errors },
        },
      },
      async (req) => {
        const page = pageOf(req.query, 100, 1000);
        const { count, results } = await service.instructionEvents(contextOf(req), req.params.id, req.query, page);
        return paginate(req, page, count, results);
      },
    );
  }

  // Writes -----------------------------------------------------------------------------------

  app.post(
    "/instructions/instructions/",
    {
      config: { can: "instruction.create" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Creates an instruction (multipart or JSON: instruction_type, name, instruction_text, start_date, expiration_date, photo_url, occupancy)",
        querystring: InstructionBuildingQuery,
        consumes: ["multipart/form-data", "application/json"],
        body: InstructionForm,
        response: { 201: Instruction, ...errors, 413: Detail },
      },
    },
    async (req, reply) => {
      // A building named in the query is checked before the form is judged (403 before 400).
      if (req.query.building !== undefined) await service.requireWritableBuilding(contextOf(req), req.query.building);
      const { values, photo } = readUploadForm(InstructionWrite, req.body);
      return reply.status(201).send(await service.createInstruction(contextOf(req), values, photo, req.query.building));
    },
  );

  app.patch(
    "/instructions/instructions/:id/",
    {
      config: { can: "instruction.edit" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Edits an instruction (multipart or JSON; the start date cannot change)",
        params: IdParams,
        querystring: InstructionBuildingQuery,
        consumes: ["multipart/form-data", "application/json"],
        body: InstructionForm,
        response: { 200: Instruction, ...errors, 413: Detail },
      },
    },
    async (req) => {
      const { values, photo } = readUploadForm(InstructionPatch, req.body);
      return service.editInstruction(contextOf(req), req.params.id, values, photo, req.query.building);
    },
  );

  app.post(
    "/instructions/instructions/:id/expire/",
    {
      config: { can: "instruction.expire" },
      schema: {
        tags,
        summary: "Expires an active instruction (also 'Arrived' for a food delivery); not active → 400",
        params: IdParams,
        querystring: InstructionBuildingQuery,
        response: { 200: Instruction, ...errors },
      },
    },
    async (req) => service.expireInstruction(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    "/instructions/instructions-photos/:id/",
    {
      config: { can: "instruction.edit" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Replaces the instruction's photo: multipart (photo_url file) or the raw image body",
        params: IdParams,
        querystring: InstructionBuildingQuery,
        consumes: PHOTO_TYPES,
        body: InstructionPhotoForm,
        response: { 200: Instruction, ...errors, 413: Detail },
      },
    },
    async (req) => service.updatePhoto(contextOf(req), req.params.id, readUploadedFile(req.body), req.query.building),
  );

  // Instruction types ------------------------------------------------------------------------

  registerTypeList(app, instructionTypeList);

  app.get(
    "/instructions/instruction-types/colors/",
    {
      config: { can: "instruction_types.view" },
      schema: {
        tags,
        summary: "The named colours of instruction types",
        response: { 200: z.array(InstructionColor), ...errors },
      },
    },
    async () => INSTRUCTION_COLORS.map((c) => ({ ...c })),
  );

  for (const path of [
    "/instructions/tenant_permission_types/",
    "/instructions/instruction-types/tenant_permission_types/",
  ])
    app.get(
      path,
      {
        config: { can: "instruction_types.view" },
        schema: {
          tags,
          summary: "What residents may do with a type on the tenant site (the choices of tenant_permissions)",
          response: { 200: z.array(TenantPermissionOption), ...errors },
        },
      },
      async () => TENANT_PERMISSION_OPTIONS.map((o) => ({ ...o })),
    );
};

export default routes;
