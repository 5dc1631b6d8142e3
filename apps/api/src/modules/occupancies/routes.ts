import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AddExistingOccupant,
  AdjacentUnits,
  Apartment,
  ApartmentListQuery,
  ApartmentPatch,
  ApartmentWrite,
  BuildingOccupantsQuery,
  Detail,
  Event,
  FlagWrite,
  GuestDetails,
  RowId as Id,
  ImpersonateResult,
  Occupancy,
  OccupancyCreate,
  OccupancyEvent,
  OccupancyFlag,
  OccupancyListQuery,
  OccupancyNote,
  OccupancyNotePatch,
  OccupancyNoteWrite,
  OccupancyPatch,
  OccupancyTracking,
  Occupant,
  OccupantCreate,
  OccupantPatch,
  PageQuery,
  paginated,
  TrackingWrite,
  UnitListQuery,
  UnitListRow,
  WELCOME_EMAIL_INTERVAL_SECONDS,
  WelcomeEmailResult,
} from "@portico/contract";
import filesPlugin, { readUpload, registerUploadParsers } from "../../lib/files.ts";
import { wantsXlsx, XlsxSheet } from "../../lib/xlsx.ts";
import * as apartments from "./apartments.ts";
import * as occupants from "./occupants.ts";
import * as service from "./service.ts";
import { unitList } from "./unit-list.ts";
import { contextOf } from "../../lib/context.ts";

const tags = ["unit-profiles"];
const IdParams = z.object({ id: Id });
const NoteParams = z.object({ id: Id, noteId: Id });
const TrackParams = z.object({ id: Id, trackId: Id });
/** 400 bodies: `{field: [msg]}`, nested per row for lists, `non_field_errors`, or `{detail}`. */
const Errors400 = z.record(z.string(), z.unknown());
const errors = { 400: Errors400, 401: Detail, 403: Detail, 404: Detail };
const created = <T extends z.ZodTypeAny>(schema: T) => ({ 201: schema, ...errors });

/**
 * Unit profiles (document 1 section 7 "Unit profile"): occupancies, residents, apartments,
 * flags, internal office notes, subscriptions, the unit list and its spreadsheets.
 * Writes take `attachValidation`: the building gate answers first (404/403), then the body is
 * judged by the contract schema in the service (400 with nested row errors).
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app);
  if (!app.hasPlugin("portico-files")) await app.register(filesPlugin);
  // A malformed id in the path is a 400 at once: only bodies wait for the building gate.
  app.addHook("preHandler", async (req) => {
    const err = req.validationError as (Error & { validationContext?: string }) | undefined;
    if (err?.validationContext === "params") throw err;
  });

  // Occupancies -------------------------------------------------------------------------------

  app.get(
    "/core/occupancies/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary: "Occupancies of a unit (apartment_id) or a building, newest lease first",
        querystring: OccupancyListQuery,
        response: { 200: paginated(Occupancy), ...errors },
      },
    },
    (req) => service.listOccupancies(contextOf(req), req.query),
  );

  app.post(
    "/core/occupancies/",
    {
      config: { can: "occupancy.create" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Create a unit profile with new and existing residents (managers)",
        body: OccupancyCreate,
        response: created(Occupancy),
      },
    },
    async (req, reply) => reply.status(201).send(await service.createOccupancy(contextOf(req), req.body)),
  );

  app.get(
    "/core/occupancies/:id/",
    {
      config: { can: "occupancy.view" },
      schema: { tags, summary: "A unit profile", params: IdParams, response: { 200: Occupancy, ...errors } },
    },
    (req) => service.getOccupancy(contextOf(req), req.params.id),
  );

  app.patch(
    "/core/occupancies/:id/",
    {
      config: { can: "occupancy.move_out" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Update a unit profile (managers); move out (front desk and managers)",
        params: IdParams,
        body: OccupancyPatch,
        response: { 200: Occupancy, ...errors },
      },
    },
    (req) => service.patchOccupancy(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/core/occupancies/:id/",
    {
      config: { can: "occupancy.delete" },
      schema: {
        tags,
        summary: "Delete a unit profile permanently (managers)",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deleteOccupancy(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/core/occupancies/:id/adjacent_units/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary: "Previous and next occupied units in unit order",
        params: IdParams,
        response: { 200: AdjacentUnits, ...errors },
      },
    },
    (req) => service.adjacentUnits(contextOf(req), req.params.id),
  );

  app.get(
    "/core/occupancies/:id/events/",
    {
      config: { can: "occupancy.history" },
      schema: {
        tags,
        summary: "History of the unit profile, its residents, flags and (managers) notes, newest first",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: paginated(OccupancyEvent), ...errors },
      },
    },
    (req) => service.occupancyEvents(contextOf(req), req.params.id, req.query),
  );

  app.post(
    "/core/occupancies/:id/add-existing-occupant/",
    {
      config: { can: "occupant.create" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Add an existing or previous resident by username (managers)",
        params: IdParams,
        body: AddExistingOccupant,
        response: created(Occupant),
      },
    },
    async (req, reply) => reply.status(201).send(await service.addExistingOccupant(contextOf(req), req.params.id, req.body)),
  );

  // Flags -------------------------------------------------------------------------------------

  app.post(
    "/core/occupancies/:id/flag/",
    {
      config: { can: "occupancy.flag" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Flag the unit (managers)",
        params: IdParams,
        body: FlagWrite,
        response: created(OccupancyFlag),
      },
    },
    async (req, reply) => reply.status(201).send(await service.createFlag(contextOf(req), req.params.id, req.body)),
  );

  app.delete(
    "/core/occupancy-flags/:id/",
    {
      config: { can: "occupancy.flag" },
      schema: { tags, summary: "Remove a flag (managers)", params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await service.deleteFlag(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Tracking ----------------------------------------------------------------------------------

  app.post(
    "/core/occupancies/:id/track/",
    {
      config: { can: "occupancy.track" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Subscribe to the unit (managers): the caller's own tracking, created or replaced",
        params: IdParams,
        body: TrackingWrite,
        response: created(OccupancyTracking),
      },
    },
    async (req, reply) => reply.status(201).send(await service.createTracking(contextOf(req), req.params.id, req.body)),
  );

  app.patch(
    "/core/occupancies/:id/track/:trackId/",
    {
      config: { can: "occupancy.track" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Change one's subscription to the unit (managers)",
        params: TrackParams,
        body: TrackingWrite,
        response: { 200: OccupancyTracking, ...errors },
      },
    },
    (req) => service.patchTracking(contextOf(req), req.params.id, req.params.trackId, req.body),
  );

  // Internal office notes ---------------------------------------------------------------------

  app.get(
    "/core/occupancies/:id/notes/",
    {
      config: { can: "occupancy.notes" },
      schema: {
        tags,
        summary: "Internal office notes, newest first (managers and office; building setting)",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: paginated(OccupancyNote), ...errors },
      },
    },
    (req) => service.listNotes(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/occupancies/:id/notes/count/",
    {
      config: { can: "occupancy.notes" },
      schema: {
        tags,
        summary: "How many internal office notes the unit has",
        params: IdParams,
        response: { 200: z.object({ count: z.number().int() }), ...errors },
      },
    },
    (req) => service.noteCount(contextOf(req), req.params.id),
  );

  app.post(
    "/core/occupancies/:id/notes/",
    {
      config: { can: "occupancy.notes" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Add an internal office note with links",
        params: IdParams,
        body: OccupancyNoteWrite,
        response: created(OccupancyNote),
      },
    },
    async (req, reply) => reply.status(201).send(await service.createNote(contextOf(req), req.params.id, req.body)),
  );

  app.patch(
    "/core/occupancies/:id/notes/:noteId/",
    {
      config: { can: "occupancy.notes" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Edit the text of an internal office note",
        params: NoteParams,
        body: OccupancyNotePatch,
        response: { 200: OccupancyNote, ...errors },
      },
    },
    (req) => service.patchNote(contextOf(req), req.params.id, req.params.noteId, req.body),
  );

  app.get(
    "/core/occupancies/:id/notes/:noteId/events/",
    {
      config: { can: "occupancy.notes" },
      schema: {
        tags,
        summary: "History of an internal office note",
        params: NoteParams,
        querystring: PageQuery,
        response: { 200: paginated(Event), ...errors },
      },
    },
    (req) => service.noteEvents(contextOf(req), req.params.id, req.params.noteId, req.query),
  );

  // Occupants ---------------------------------------------------------------------------------

  app.post(
    "/core/occupants/",
    {
      config: { can: "occupant.create" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Add a new resident to a unit profile (managers)",
        body: OccupantCreate,
        response: created(Occupant),
      },
    },
    async (req, reply) => reply.status(201).send(await occupants.createOccupant(contextOf(req), req.body)),
  );

  app.get(
    "/core/occupants/:id/",
    {
      config: { can: "occupancy.view" },
      schema: { tags, summary: "A resident", params: IdParams, response: { 200: Occupant, ...errors } },
    },
    (req) => occupants.getOccupant(contextOf(req), req.params.id),
  );

  app.patch(
    "/core/occupants/:id/",
    {
      config: { can: "occupant.edit" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Edit a resident (managers)",
        params: IdParams,
        body: OccupantPatch,
        response: { 200: Occupant, ...errors },
      },
    },
    (req) => occupants.patchOccupant(contextOf(req), req.params.id, req.body),
  );

  app.get(
    "/core/occupants/:id/events/",
    {
      config: { can: "occupancy.history" },
      schema: {
        tags,
        summary: "History of a resident",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: paginated(Event), ...errors },
      },
    },
    (req) => occupants.occupantEvents(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/occupants/:id/guest_details/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary: "The resident's unit and active registered-guest instructions",
        params: IdParams,
        response: { 200: GuestDetails, ...errors },
      },
    },
    (req) => occupants.guestDetails(contextOf(req), req.params.id),
  );

  for (const path of ["/core/occupants/:id/last_photo_event", "/core/occupants/:id/last_photo_event/"]) {
    app.get(
      path,
      {
        config: { can: "occupancy.view" },
        schema: {
          tags,
          summary: "The last 'Photo changed' event of a resident, or null",
          params: IdParams,
          response: { 200: Event.nullable(), ...errors },
        },
      },
      (req) => occupants.lastPhotoEvent(contextOf(req), req.params.id),
    );
  }

  // The spec's client sends a GET; POST is kept. Either way one mail per resident per minute.
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/core/occupants/:id/send_tenant_welcome_email/",
      config: { can: "occupant.welcome_email" },
      schema: {
        tags,
        summary: "Send the resident the tenant site's welcome e-mail (managers; not when federated)",
        description:
          `At most one welcome e-mail per resident every ${WELCOME_EMAIL_INTERVAL_SECONDS} seconds: a repeat ` +
          "within that time (a prefetch, a double click, a retry) answers 200 with the time of the mail " +
          "already sent and the detail 'Welcome email already sent less than a minute ago; it was not sent " +
          "again.', and sends nothing. GET and POST behave the same.",
        params: IdParams,
        response: { 200: WelcomeEmailResult, ...errors },
      },
      handler: (req) => occupants.sendWelcomeEmail(contextOf(req), req.params.id),
    });
  }

  app.get(
    "/core/occupants/:id/impersonate/",
    {
      config: { can: "occupant.impersonate" },
      schema: {
        tags,
        summary: "A short-lived sign-in to the tenant site as this resident (managers)",
        params: IdParams,
        response: { 200: ImpersonateResult, ...errors },
      },
    },
    (req) => occupants.impersonate(contextOf(req), req.params.id),
  );

  app.patch(
    "/core/occupant-photos/:id/",
    {
      config: { can: "occupant.photo" },
      schema: {
        tags,
        summary:
          "Replace a resident's photo (any staff): multipart (photo_url file, current_building_id, unit) or a raw image body",
        params: IdParams,
        consumes: ["multipart/form-data", "image/jpeg", "image/png", "image/webp", "application/octet-stream"],
        response: { 200: Occupant, ...errors, 413: Detail },
      },
    },
    (req) => occupants.updatePhoto(contextOf(req), req.params.id, () => readUpload(req, "photo_url")),
  );

  // Apartments --------------------------------------------------------------------------------

  app.post(
    "/core/apartments/",
    {
      config: { can: "apartment.create" },
      attachValidation: true,
      schema: { tags, summary: "Add an apartment (managers)", body: ApartmentWrite, response: created(Apartment) },
    },
    async (req, reply) => reply.status(201).send(await apartments.createApartment(contextOf(req), req.body)),
  );

  app.get(
    "/core/apartments/:id/",
    {
      config: { can: "occupancy.view" },
      schema: { tags, summary: "An apartment", params: IdParams, response: { 200: Apartment, ...errors } },
    },
    (req) => apartments.getApartment(contextOf(req), req.params.id),
  );

  app.patch(
    "/core/apartments/:id/",
    {
      config: { can: "apartment.edit" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Edit an apartment (managers)",
        params: IdParams,
        body: ApartmentPatch,
        response: { 200: Apartment, ...errors },
      },
    },
    (req) => apartments.patchApartment(contextOf(req), req.params.id, req.body),
  );

  app.get(
    "/core/buildings/:id/apartments/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary: "Apartments in unit order; vacant_units=True answers vacant_unit_report.xlsx",
        params: IdParams,
        querystring: ApartmentListQuery,
        response: { 200: paginated(Apartment), ...errors },
      },
    },
    async (req, reply) => {
      const out = await apartments.listApartments(contextOf(req), req.params.id, req.query);
      return out instanceof XlsxSheet ? out.send(reply) : out;
    },
  );

  app.get(
    "/core/buildings/:id/occupants/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary:
          "Active residents in unit order; the spreadsheet (building_occupants.xlsx) with the xlsx Accept header",
        params: IdParams,
        querystring: BuildingOccupantsQuery,
        response: { 200: paginated(Occupant), ...errors },
      },
    },
    async (req, reply) => {
      const out = await apartments.buildingOccupants(contextOf(req), req.params.id, req.query, wantsXlsx(req, req.query.format));
      return out instanceof XlsxSheet ? out.send(reply) : out;
    },
  );

  // Unit list ---------------------------------------------------------------------------------

  app.get(
    "/core/buildings/:id/unit-profiles/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary:
          "The unit list (filters, ordering, paging); the same rows as unit_profiles.xlsx with the xlsx Accept header",
        params: IdParams,
        querystring: UnitListQuery,
        response: { 200: paginated(UnitListRow), ...errors },
      },
    },
    async (req, reply) => {
      const out = await unitList(contextOf(req), req.params.id, req.query, wantsXlsx(req, req.query.format));
      return out instanceof XlsxSheet ? out.send(reply) : out;
    },
  );
};

export default routes;
