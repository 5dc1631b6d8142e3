import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  paginated,
  Vendor,
  VendorBuildingQuery,
  VendorDeleted,
  VendorExportQuery,
  VendorForm,
  VendorListQuery,
  VendorPatch,
  VendorUploadForm,
  VendorUploadResult,
  VendorWrite,
} from "@portico/contract";
import { parseBuildingId } from "../../lib/access.ts";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { idInBody, readUploadedFile, readUploadForm } from "../../lib/upload-form.ts";
import { XLSX_MIME } from "../../lib/xlsx.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["vendors"];
const Spreadsheet = z.any().meta({ type: "string", format: "binary", description: "vendors.xlsx" });

/** Vendors (document 2 section 7): the building's list, one vendor, writes, Excel upload and download. */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  app.get(
    "/vendors/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The building's vendors by name (building; search; 30 a page)",
        querystring: VendorListQuery,
        response: { 200: paginated(Vendor), ...errors },
      },
    },
    async (req) => service.listVendors(contextOf(req), req.query),
  );

  app.get(
    "/vendors/as_excel/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The building's vendors as a spreadsheet (the upload's columns)",
        querystring: VendorExportQuery,
        produces: [XLSX_MIME],
        response: { 200: Spreadsheet, ...errors },
      },
    },
    async (req, reply) => (await service.exportVendors(contextOf(req), req.query.building)).send(reply),
  );

  app.post(
    "/vendors/upload_excel/",
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Replaces all the building's vendors with the rows of an .xlsx (multipart: building, vendors_file)",
        consumes: ["multipart/form-data"],
        querystring: VendorBuildingQuery,
        body: VendorUploadForm,
        response: { 200: VendorUploadResult, ...errors, 413: Detail },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      const building = parseBuildingId(idInBody(req.body, "building") ?? req.query.building);
      return service.uploadVendors(ctx, building, readUploadedFile(req.body, "vendors_file"));
    },
  );

  app.post(
    "/vendors/",
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a vendor (building; name required)",
        querystring: VendorBuildingQuery,
        body: VendorForm,
        response: { 201: Vendor, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = idInBody(req.body, "building") ?? req.query.building;
      if (building !== undefined) await service.requireVendorBuilding(ctx, building);
      const body = readUploadForm(VendorWrite, req.body).values;
      return reply.status(201).send(await service.createVendor(ctx, body, req.query.building));
    },
  );

  app.get(
    "/vendors/:id/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "One vendor",
        params: IdParams,
        querystring: VendorBuildingQuery,
        response: { 200: Vendor, ...errors },
      },
    },
    async (req) => service.getVendor(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    "/vendors/:id/",
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Changes a vendor (any subset of its fields)",
        params: IdParams,
        querystring: VendorBuildingQuery,
        body: VendorForm,
        response: { 200: Vendor, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.getVendor(ctx, req.params.id, req.query.building);
      return service.updateVendor(ctx, req.params.id, readUploadForm(VendorPatch, req.body).values, req.query.building);
    },
  );

  app.delete(
    "/vendors/:id/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "Deletes a vendor ('Vendor successfully deleted')",
        params: IdParams,
        querystring: VendorBuildingQuery,
        response: { 200: VendorDeleted, ...errors },
      },
    },
    async (req) => service.deleteVendor(contextOf(req), req.params.id, req.query.building),
  );
};

export default routes;
