import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  Lockout,
  LockoutDelete,
  LockoutDeleted,
  LockoutExportQuery,
  LockoutForm,
  LockoutListQuery,
  LockoutWrite,
  OccupancyLockoutQuery,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { readUploadForm } from "../../lib/upload-form.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["lockouts"];
const Spreadsheet = z.any().meta({ type: "string", format: "binary", description: "lockouts.xlsx" });

/**
 * Lockouts (document 2 section 7): create for a unit profile (multipart with the photo), the
 * building's list and its spreadsheet, the unit profile's latest, delete with a reason. Every
 * call needs the building's lockoutsettings.has_lockouts.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  app.post(
    "/core/occupancies/:id/lockouts/",
    {
      config: { can: "lockout.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Records a lockout of the unit profile (multipart or JSON: requester_type resident|guest, occupant_id or instruction_id, photo_url)",
        params: IdParams,
        consumes: ["multipart/form-data", "application/json"],
        body: LockoutForm,
        response: { 201: Lockout, ...errors, 413: Detail },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      // The unit profile and its building are checked before the form is judged (403/404 before 400).
      await service.requireOccupancy(ctx, req.params.id);
      const { values, photo } = readUploadForm(LockoutWrite, req.body);
      return reply.status(201).send(await service.createLockout(ctx, req.params.id, values, photo));
    },
  );

  app.get(
    "/core/occupancies/:id/lockouts/",
    {
      config: { can: "lockout.use" },
      schema: {
        tags,
        summary: "The unit profile's lockouts, newest first (the profile panel asks limit=4)",
        params: IdParams,
        querystring: OccupancyLockoutQuery,
        response: { 200: paginated(Lockout), ...errors },
      },
    },
    async (req) => service.listOccupancyLockouts(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/buildings/:id/lockouts/",
    {
      config: { can: "lockout.use" },
      schema: {
        tags,
        summary: "The building's lockouts, newest first (from, until, occupancy__apartment; 30 a page)",
        params: IdParams,
        querystring: LockoutListQuery,
        response: { 200: paginated(Lockout), ...errors },
      },
    },
    async (req) => service.listBuildingLockouts(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/buildings/:id/lockouts/as_excel/",
    {
      config: { can: "lockout.use" },
      schema: {
        tags,
        summary: "The building's lockouts as a spreadsheet (from, until, occupancy_apartment)",
        params: IdParams,
        querystring: LockoutExportQuery,
        produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        response: { 200: Spreadsheet, ...errors },
      },
    },
    async (req, reply) => (await service.exportLockouts(contextOf(req), req.params.id, req.query)).send(reply),
  );

  app.post(
    "/lockouts/lockouts/:id/delete/",
    {
      config: { can: "lockout.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Deletes a lockout with a reason (delete_reason); kept for audit, off the lists",
        params: IdParams,
        body: z.looseObject({
          delete_reason: z.string().meta({ examples: ["Entered by mistake"] }),
        }),
        response: { 200: LockoutDeleted, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.requireLockout(ctx, req.params.id);
      const parsed = LockoutDelete.safeParse(req.body ?? {});
      if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
      return service.deleteLockout(ctx, req.params.id, parsed.data);
    },
  );
};

export default routes;
