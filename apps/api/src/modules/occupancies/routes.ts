import type { FastifyPluginAsync } from "fastify";
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
import { wantsXlsx } from "../../lib/xlsx.ts";
import * as apartments from "./apartments.ts";
import { type Endpoint, endpoint } from "./endpoint.ts";
import * as flagsTracking from "./flags-tracking.ts";
import * as notes from "./notes.ts";
import * as occupants from "./occupants.ts";
import * as service from "./service.ts";
import { unitList } from "./unit-list.ts";

const IdParams = z.object({ id: Id });
const NoteParams = z.object({ id: Id, noteId: Id });
const TrackParams = z.object({ id: Id, trackId: Id });

/**
 * Unit profiles (document 1 section 7 "Unit profile"): occupancies, residents, apartments,
 * flags, internal office notes, subscriptions, the unit list and its spreadsheets.
 * Writes take `attachValidation`: the building gate answers first (404/403), then the body is
 * judged by the contract schema in the service (400 with nested row errors).
 */
const routes: FastifyPluginAsync = async (app) => {
  await registerUploadParsers(app);
  if (!app.hasPlugin("portico-files")) await app.register(filesPlugin);
  // A malformed id in the path is a 400 at once: only bodies wait for the building gate.
  app.addHook("preHandler", async (req) => {
    const err = req.validationError as (Error & { validationContext?: string }) | undefined;
    if (err?.validationContext === "params") throw err;
  });
  const on = <P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    e: Endpoint<P, Q>,
  ) => endpoint(app, ["unit-profiles"], e);

  // Occupancies -------------------------------------------------------------------------------

  on({
    route: "GET /core/occupancies/",
    can: "occupancy.view",
    summary: "Occupancies of a unit (apartment_id) or a building, newest lease first",
    querystring: OccupancyListQuery,
    response: paginated(Occupancy),
    run: (ctx, { query }) => service.listOccupancies(ctx, query),
  });
  on({
    route: "POST /core/occupancies/",
    can: "occupancy.create",
    summary: "Create a unit profile with new and existing residents (managers)",
    body: OccupancyCreate,
    status: 201,
    response: Occupancy,
    run: (ctx, { body }) => service.createOccupancy(ctx, body),
  });
  on({
    route: "GET /core/occupancies/:id/",
    can: "occupancy.view",
    summary: "A unit profile",
    params: IdParams,
    response: Occupancy,
    run: (ctx, { params }) => service.getOccupancy(ctx, params.id),
  });
  on({
    route: "PATCH /core/occupancies/:id/",
    can: "occupancy.move_out",
    summary: "Update a unit profile (managers); move out (front desk and managers)",
    params: IdParams,
    body: OccupancyPatch,
    response: Occupancy,
    run: (ctx, { params, body }) => service.patchOccupancy(ctx, params.id, body),
  });
  on({
    route: "DELETE /core/occupancies/:id/",
    can: "occupancy.delete",
    summary: "Delete a unit profile permanently (managers)",
    params: IdParams,
    status: 204,
    run: (ctx, { params }) => service.deleteOccupancy(ctx, params.id),
  });
  on({
    route: "GET /core/occupancies/:id/adjacent_units/",
    can: "occupancy.view",
    summary: "Previous and next occupied units in unit order",
    params: IdParams,
    response: AdjacentUnits,
    run: (ctx, { params }) => service.adjacentUnits(ctx, params.id),
  });
  on({
    route: "GET /core/occupancies/:id/events/",
    can: "occupancy.history",
    summary: "History of the unit profile, its residents, flags and (managers) notes, newest first",
    params: IdParams,
    querystring: PageQuery,
    response: paginated(OccupancyEvent),
    run: (ctx, { params, query }) => service.occupancyEvents(ctx, params.id, query),
  });
  on({
    route: "POST /core/occupancies/:id/add-existing-occupant/",
    can: "occupant.create",
    summary: "Add an existing or previous resident by username (managers)",
    params: IdParams,
    body: AddExistingOccupant,
    status: 201,
    response: Occupant,
    run: (ctx, { params, body }) => service.addExistingOccupant(ctx, params.id, body),
  });

  // Flags -------------------------------------------------------------------------------------

  on({
    route: "POST /core/occupancies/:id/flag/",
    can: "occupancy.flag",
    summary: "Flag the unit (managers)",
    params: IdParams,
    body: FlagWrite,
    status: 201,
    response: OccupancyFlag,
    run: (ctx, { params, body }) => flagsTracking.createFlag(ctx, params.id, body),
  });
  on({
    route: "DELETE /core/occupancy-flags/:id/",
    can: "occupancy.flag",
    summary: "Remove a flag (managers)",
    params: IdParams,
    status: 204,
    run: (ctx, { params }) => flagsTracking.deleteFlag(ctx, params.id),
  });

  // Tracking ----------------------------------------------------------------------------------

  on({
    route: "POST /core/occupancies/:id/track/",
    can: "occupancy.track",
    summary: "Subscribe to the unit (managers): the caller's own tracking, created or replaced",
    params: IdParams,
    body: TrackingWrite,
    status: 201,
    response: OccupancyTracking,
    run: (ctx, { params, body }) => flagsTracking.createTracking(ctx, params.id, body),
  });
  on({
    route: "PATCH /core/occupancies/:id/track/:trackId/",
    can: "occupancy.track",
    summary: "Change one's subscription to the unit (managers)",
    params: TrackParams,
    body: TrackingWrite,
    response: OccupancyTracking,
    run: (ctx, { params, body }) => flagsTracking.patchTracking(ctx, params.id, params.trackId, body),
  });

  // Internal office notes ---------------------------------------------------------------------

  on({
    route: "GET /core/occupancies/:id/notes/",
    can: "occupancy.notes",
    summary: "Internal office notes, newest first (managers and office; building setting)",
    params: IdParams,
    querystring: PageQuery,
    response: paginated(OccupancyNote),
    run: (ctx, { params, query }) => notes.listNotes(ctx, params.id, query),
  });
  on({
    route: "GET /core/occupancies/:id/notes/count/",
    can: "occupancy.notes",
    summary: "How many internal office notes the unit has",
    params: IdParams,
    response: z.object({ count: z.number().int() }),
    run: (ctx, { params }) => notes.noteCount(ctx, params.id),
  });
  on({
    route: "POST /core/occupancies/:id/notes/",
    can: "occupancy.notes",
    summary: "Add an internal office note with links",
    params: IdParams,
    body: OccupancyNoteWrite,
    status: 201,
    response: OccupancyNote,
    run: (ctx, { params, body }) => notes.createNote(ctx, params.id, body),
  });
  on({
    route: "PATCH /core/occupancies/:id/notes/:noteId/",
    can: "occupancy.notes",
    summary: "Edit the text of an internal office note",
    params: NoteParams,
    body: OccupancyNotePatch,
    response: OccupancyNote,
    run: (ctx, { params, body }) => notes.patchNote(ctx, params.id, params.noteId, body),
  });
  on({
    route: "GET /core/occupancies/:id/notes/:noteId/events/",
    can: "occupancy.notes",
    summary: "History of an internal office note",
    params: NoteParams,
    querystring: PageQuery,
    response: paginated(Event),
    run: (ctx, { params, query }) => notes.noteEvents(ctx, params.id, params.noteId, query),
  });

  // Occupants ---------------------------------------------------------------------------------

  on({
    route: "POST /core/occupants/",
    can: "occupant.create",
    summary: "Add a new resident to a unit profile (managers)",
    body: OccupantCreate,
    status: 201,
    response: Occupant,
    run: (ctx, { body }) => occupants.createOccupant(ctx, body),
  });
  on({
    route: "GET /core/occupants/:id/",
    can: "occupancy.view",
    summary: "A resident",
    params: IdParams,
    response: Occupant,
    run: (ctx, { params }) => occupants.getOccupant(ctx, params.id),
  });
  on({
    route: "PATCH /core/occupants/:id/",
    can: "occupant.edit",
    summary: "Edit a resident (managers)",
    params: IdParams,
    body: OccupantPatch,
    response: Occupant,
    run: (ctx, { params, body }) => occupants.patchOccupant(ctx, params.id, body),
  });
  on({
    route: "GET /core/occupants/:id/events/",
    can: "occupancy.history",
    summary: "History of a resident",
    params: IdParams,
    querystring: PageQuery,
    response: paginated(Event),
    run: (ctx, { params, query }) => occupants.occupantEvents(ctx, params.id, query),
  });
  on({
    route: "GET /core/occupants/:id/guest_details/",
    can: "occupancy.view",
    summary: "The resident's unit and active registered-guest instructions",
    params: IdParams,
    response: GuestDetails,
    run: (ctx, { params }) => occupants.guestDetails(ctx, params.id),
  });
  for (const path of ["/core/occupants/:id/last_photo_event", "/core/occupants/:id/last_photo_event/"] as const)
    on({
      route: `GET ${path}`,
      can: "occupancy.view",
      summary: "The last 'Photo changed' event of a resident, or null",
      params: IdParams,
      response: Event.nullable(),
      run: (ctx, { params }) => occupants.lastPhotoEvent(ctx, params.id),
    });
  // The spec's client sends a GET; POST is kept. Either way one mail per resident per minute.
  for (const method of ["GET", "POST"] as const)
    on({
      route: `${method} /core/occupants/:id/send_tenant_welcome_email/`,
      can: "occupant.welcome_email",
      summary: "Send the resident the tenant site's welcome e-mail (managers; not when federated)",
      description:
        `At most one welcome e-mail per resident every ${WELCOME_EMAIL_INTERVAL_SECONDS} seconds: a repeat ` +
        "within that time (a prefetch, a double click, a retry) answers 200 with the time of the mail " +
        "already sent and the detail 'Welcome email already sent less than a minute ago; it was not sent " +
        "again.', and sends nothing. GET and POST behave the same.",
      params: IdParams,
      response: WelcomeEmailResult,
      run: (ctx, { params }) => occupants.sendWelcomeEmail(ctx, params.id),
    });
  on({
    route: "GET /core/occupants/:id/impersonate/",
    can: "occupant.impersonate",
    summary: "A short-lived sign-in to the tenant site as this resident (managers)",
    params: IdParams,
    response: ImpersonateResult,
    run: (ctx, { params }) => occupants.impersonate(ctx, params.id),
  });
  on({
    route: "PATCH /core/occupant-photos/:id/",
    can: "occupant.photo",
    summary:
      "Replace a resident's photo (any staff): multipart (photo_url file, current_building_id, unit) or a raw image body",
    params: IdParams,
    consumes: ["multipart/form-data", "image/jpeg", "image/png", "image/webp", "application/octet-stream"],
    response: Occupant,
    otherErrors: { 413: Detail },
    run: (ctx, { params }, req) => occupants.updatePhoto(ctx, params.id, () => readUpload(req, "photo_url")),
  });

  // Apartments --------------------------------------------------------------------------------

  on({
    route: "POST /core/apartments/",
    can: "apartment.create",
    summary: "Add an apartment (managers)",
    body: ApartmentWrite,
    status: 201,
    response: Apartment,
    run: (ctx, { body }) => apartments.createApartment(ctx, body),
  });
  on({
    route: "GET /core/apartments/:id/",
    can: "occupancy.view",
    summary: "An apartment",
    params: IdParams,
    response: Apartment,
    run: (ctx, { params }) => apartments.getApartment(ctx, params.id),
  });
  on({
    route: "PATCH /core/apartments/:id/",
    can: "apartment.edit",
    summary: "Edit an apartment (managers)",
    params: IdParams,
    body: ApartmentPatch,
    response: Apartment,
    run: (ctx, { params, body }) => apartments.patchApartment(ctx, params.id, body),
  });
  on({
    route: "GET /core/buildings/:id/apartments/",
    can: "occupancy.view",
    summary: "Apartments in unit order; vacant_units=True answers vacant_unit_report.xlsx",
    params: IdParams,
    querystring: ApartmentListQuery,
    response: paginated(Apartment),
    run: (ctx, { params, query }) => apartments.listApartments(ctx, params.id, query),
  });
  on({
    route: "GET /core/buildings/:id/occupants/",
    can: "occupancy.view",
    summary: "Active residents in unit order; the spreadsheet (building_occupants.xlsx) with the xlsx Accept header",
    params: IdParams,
    querystring: BuildingOccupantsQuery,
    response: paginated(Occupant),
    run: (ctx, { params, query }, req) =>
      apartments.buildingOccupants(ctx, params.id, query, wantsXlsx(req, query.format)),
  });

  // Unit list ---------------------------------------------------------------------------------

  on({
    route: "GET /core/buildings/:id/unit-profiles/",
    can: "occupancy.view",
    summary:
      "The unit list (filters, ordering, paging); the same rows as unit_profiles.xlsx with the xlsx Accept header",
    params: IdParams,
    querystring: UnitListQuery,
    response: paginated(UnitListRow),
    run: (ctx, { params, query }, req) => unitList(ctx, params.id, query, wantsXlsx(req, query.format)),
  });
};

export default routes;
