import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AccessKey,
  Detail,
  FieldErrors,
  Id,
  KEY_LIST_PAGE_SIZE,
  KEY_QUERY_LIMIT,
  KeyBuildingQuery,
  KeyEntity,
  KeyJourney,
  KeyJourneyQuery,
  KeyListQuery,
  KeyLocation,
  KeyLocationForm,
  KeyLocationPatch,
  KeyLocationQuery,
  KeyLocationWrite,
  KeyPatch,
  KeyPatchForm,
  KeyRegister,
  KeyRegisterForm,
  normalizeRfid,
  paginated,
  ScanRfid,
  ScanRfidForm,
  ScanRfidResult,
  VerbalPermission,
  VerbalPermissionForm,
  VerbalPermissionWrite,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { readUploadForm } from "../../lib/upload-form.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const RfidParams = z.object({ rfid: z.string().min(1).max(200) });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["access-keys"];
const P = "/access-keys";

/**
 * Access keys (document 2 section 7): keys (list with every filter incl. overdue, one, by tag,
 * allowed recipients), journeys, key-box locations, the scan check, register, the PATCH variants
 * (sign out with photo and recipient, scan in, report missing, rename, deactivate) and verbal
 * permissions. Only for buildings with access keys.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  // Keys -------------------------------------------------------------------------------------

  app.get(
    `${P}/keys/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary:
          "Keys of a building or apartment (apartment, is_active, status, location, overdue, ordering; 30 a page, up to 5000)",
        querystring: KeyListQuery,
        response: { 200: paginated(AccessKey), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, KEY_LIST_PAGE_SIZE, KEY_QUERY_LIMIT);
      const { count, results } = await service.listKeys(contextOf(req), req.query, page);
      return paginate(req, page, count, results);
    },
  );

  app.get(
    `${P}/keys/rfid/:rfid/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "The key of an RFID tag (unknown: 404 'This RFID tag is not mapped to a registered key.')",
        params: RfidParams,
        querystring: KeyBuildingQuery,
        response: { 200: AccessKey, ...errors },
      },
    },
    async (req) => service.getKeyByRfid(contextOf(req), normalizeRfid(req.params.rfid), req.query.building),
  );

  app.get(
    `${P}/keys/:id/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "One key with its open journey",
        params: IdParams,
        querystring: KeyBuildingQuery,
        response: { 200: AccessKey, ...errors },
      },
    },
    async (req) => service.getKey(contextOf(req), req.params.id, req.query.building),
  );

  app.get(
    `${P}/keys/:id/entities/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "Who may take the key: the unit's occupants, its registered guests, valid verbal permissions",
        params: IdParams,
        querystring: KeyBuildingQuery,
        response: { 200: z.array(KeyEntity), ...errors },
      },
    },
    async (req) => service.keyEntities(contextOf(req), req.params.id, req.query.building),
  );

  app.post(
    `${P}/scan-rfid/`,
    {
      config: { can: "key.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Checks a scanned tag: 'Valid Key' with the key, or 400",
        querystring: KeyBuildingQuery,
        body: ScanRfidForm,
        response: { 200: ScanRfidResult, ...errors },
      },
    },
    async (req) => {
      const { values } = readUploadForm(ScanRfid, req.body);
      return service.scanRfid(contextOf(req), values.rfid, req.query.building);
    },
  );

  app.post(
    `${P}/keys/`,
    {
      config: { can: "key.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Registers a key (rfid, apartment, location; status IN, is_active true)",
        querystring: KeyBuildingQuery,
        body: KeyRegisterForm,
        response: { 201: AccessKey, ...errors },
      },
    },
    async (req, reply) => {
      if (req.query.building !== undefined) await service.requireKeysBuilding(contextOf(req), req.query.building);
      const { values } = readUploadForm(KeyRegister, req.body);
      return reply.status(201).send(await service.registerKey(contextOf(req), values, req.query.building));
    },
  );

  app.patch(
    `${P}/keys/:id/`,
    {
      config: { can: "key.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Changes a key: status OUT (multipart: photo_url, entity_type, entity_id), IN (rfid scanned), MISSING; or name; or is_active 0",
        params: IdParams,
        querystring: KeyBuildingQuery,
        consumes: ["multipart/form-data", "application/json"],
        body: KeyPatchForm,
        response: { 200: AccessKey, ...errors, 413: Detail },
      },
    },
    async (req) => {
      const { values, photo } = readUploadForm(KeyPatch, req.body);
      return service.patchKey(contextOf(req), req.params.id, values, photo, req.query.building);
    },
  );

  // Journeys ---------------------------------------------------------------------------------

  app.get(
    `${P}/journeys/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "A key's journeys (access_key required), newest first",
        querystring: KeyJourneyQuery.extend(KeyBuildingQuery.shape),
        response: { 200: paginated(KeyJourney), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, KEY_LIST_PAGE_SIZE, KEY_QUERY_LIMIT);
      const { count, results } = await service.listJourneys(contextOf(req), req.query, page);
      return paginate(req, page, count, results);
    },
  );

  app.get(
    `${P}/journeys/:id/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "One key journey",
        params: IdParams,
        querystring: KeyBuildingQuery,
        response: { 200: KeyJourney, ...errors },
      },
    },
    async (req) => service.getJourney(contextOf(req), req.params.id, req.query.building),
  );

  // Locations --------------------------------------------------------------------------------

  app.get(
    `${P}/locations/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "Key-box locations of a building (no_access_key=true: those holding no active key)",
        querystring: KeyLocationQuery,
        response: { 200: paginated(KeyLocation), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, 1000, KEY_QUERY_LIMIT);
      const { count, results } = await service.listLocations(contextOf(req), req.query, page);
      return paginate(req, page, count, results);
    },
  );

  app.get(
    `${P}/locations/:id/`,
    {
      config: { can: "key.use" },
      schema: {
        tags,
        summary: "One key-box location",
        params: IdParams,
        querystring: KeyBuildingQuery,
        response: { 200: KeyLocation, ...errors },
      },
    },
    async (req) => service.getLocation(contextOf(req), req.params.id, req.query.building),
  );

  app.post(
    `${P}/locations/`,
    {
      config: { can: "key_locations.manage" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a key-box location (managers): building, name, display_order, is_active",
        body: KeyLocationForm,
        response: { 201: KeyLocation, ...errors },
      },
    },
    async (req, reply) => {
      const b = (req.body as Record<string, unknown> | null)?.building;
      const building = Id.safeParse(b);
      if (building.success) await service.requireLocationBuilding(contextOf(req), building.data);
      const { values } = readUploadForm(KeyLocationWrite, req.body);
      return reply.status(201).send(await service.createLocation(contextOf(req), values));
    },
  );

  app.patch(
    `${P}/locations/:id/`,
    {
      config: { can: "key_locations.manage" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Edits a key-box location (managers): name, display_order, is_active",
        params: IdParams,
        querystring: KeyBuildingQuery,
        body: KeyLocationForm.omit({ building: true }).partial(),
        response: { 200: KeyLocation, ...errors },
      },
    },
    async (req) => {
      const { values } = readUploadForm(KeyLocationPatch, req.body);
      return service.editLocation(contextOf(req), req.params.id, values, req.query.building);
    },
  );

  // Verbal permissions -----------------------------------------------------------------------

  app.post(
    `${P}/verbal-permissions/`,
    {
      config: { can: "key.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "A temporary verbal permission (24 h) to take a key: comment, access_key",
        querystring: KeyBuildingQuery,
        body: VerbalPermissionForm,
        response: { 201: VerbalPermission, ...errors },
      },
    },
    async (req, reply) => {
      const { values } = readUploadForm(VerbalPermissionWrite, req.body);
      return reply.status(201).send(await service.createVerbalPermission(contextOf(req), values, req.query.building));
    },
  );
};

export default routes;
