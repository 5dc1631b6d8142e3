import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AmenitiesOfTypeQuery,
  AMENITY_INTERVALS,
  AmenityIntervals,
  AmenitySlot,
  AmenitySlotCreate,
  AmenitySlotPatch,
  AmenityType,
  AmenityTypeCreate,
  AmenityTypeForm,
  AmenityTypePatch,
  BuildingAmenitiesQuery,
  BuildingAmenityTypesQuery,
  BuildingClubsQuery,
  Club,
  ClubCandidates,
  ClubCreate,
  ClubForm,
  ClubMember,
  ClubMemberBody,
  ClubMemberRemoved,
  ClubMembersQuery,
  ClubMembersRemoved,
  ClubPatch,
  ClubQuickSearchQuery,
  Detail,
  FieldErrors,
  Id,
  OpenCheckin,
  paginated,
  PageQuery,
  PoolCheckinsReportQuery,
  RecordOpenCheckin,
  ScheduleEntries,
  UpdateSchedule,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { idInBody, readUploadForm } from "../../lib/upload-form.ts";
import { XLSX_MIME } from "../../lib/xlsx.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import * as amenities from "./amenities-service.ts";
import * as members from "./members-service.ts";
import * as clubs from "./service.ts";
import { reachClub } from "./scope.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["clubs"];
const Spreadsheet = z.any().meta({ type: "string", format: "binary", description: "pool-checkins.xlsx" });
const JsonBody = (description: string) => z.looseObject({}).meta({ description });
const OccupantBody = z.looseObject({ occupant_id: z.number().int() });
const CheckinBody = z.looseObject({ occupant_id: z.number().int(), guests: z.number().int().min(0).max(1).optional() });
const SlotBody = z.looseObject({
  amenity_type: z.number().int(),
  label: z.string(),
  is_active: z.boolean().optional(),
});
const SlotPatchBody = z.looseObject({ label: z.string().optional(), is_active: z.boolean().optional() });
const ScheduleBody = z.looseObject({
  schedules: z
    .array(
      z.looseObject({
        day_of_week: z.number().int().min(0).max(6).nullable().optional(),
        specific_date: z.string().nullable().optional(),
        is_open: z.boolean().optional(),
        open_time: z.string().nullable().optional(),
        close_time: z.string().nullable().optional(),
        max_number_guests: z.number().int().nullable().optional(),
      }),
    )
    .meta({ examples: [[{ day_of_week: 0, is_open: true, open_time: "08:00:00", close_time: "20:00:00" }]] }),
  is_special: z.boolean().optional(),
});
const Added = z.object({ detail: z.string(), occupant_id: z.number().int() });
const asSent = { validatorCompiler: bodyAsSent };

/** A JSON body judged by a schema (lists kept whole; errors keyed by their full path). */
function readJson<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" && !Buffer.isBuffer(body) ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

/** A club form: a JSON list of additional_buildings (or a repeated form field) as the JSON text the form sends. */
function clubForm(body: unknown): unknown {
  if (!body || typeof body !== "object" || Buffer.isBuffer(body)) return body;
  const v = (body as Record<string, unknown>).additional_buildings;
  return Array.isArray(v) ? { ...body, additional_buildings: JSON.stringify(v) } : body;
}

/**
 * Clubs and amenities (document 3 section 7 "Clubs and amenities", without the reservations):
 * clubs, members, pool (open) check-ins, amenity types, schedules and slots.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  // -------------------------------------------------------------------------------------------
  // Clubs

  app.get(
    "/core/buildings/:id/clubs/",
    {
      config: { can: "club.view" },
      schema: {
        tags,
        summary: "The building's clubs by name (include_external_clubs=1 adds those other buildings share with it)",
        params: IdParams,
        querystring: BuildingClubsQuery,
        response: { 200: paginated(Club), ...errors },
      },
    },
    async (req) => clubs.listBuildingClubs(contextOf(req), req.params.id, req.query),
  );

  app.post(
    "/clubs/clubs/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary:
          "Creates a club (multipart: building, name, description, is_open, auto_enroll_members, has_open_checkin, additional_buildings as JSON, photo)",
        consumes: ["multipart/form-data", "application/json"],
        body: ClubForm,
        response: { 201: Club, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = idInBody(req.body, "building");
      if (building !== undefined) await clubs.requireClubBuilding(ctx, building);
      const { values, photo } = readUploadForm(ClubCreate, clubForm(req.body), "photo");
      return reply.status(201).send(await clubs.createClub(ctx, values, photo));
    },
  );

  app.get(
    "/clubs/clubs/:id/",
    {
      config: { can: "club.view" },
      schema: { tags, summary: "One club", params: IdParams, response: { 200: Club, ...errors } },
    },
    async (req) => clubs.getClub(contextOf(req), req.params.id),
  );

  app.patch(
    "/clubs/clubs/:id/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary: "Changes a club (any subset; additional_buildings replaces the list; photo optional)",
        consumes: ["multipart/form-data", "application/json"],
        params: IdParams,
        body: ClubForm,
        response: { 200: Club, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await reachClub(ctx, req.params.id, "club.manage");
      const { values, photo } = readUploadForm(ClubPatch, clubForm(req.body), "photo");
      return clubs.updateClub(ctx, req.params.id, values, photo);
    },
  );

  // -------------------------------------------------------------------------------------------
  // Members and pool check-ins

  app.get(
    "/clubs/clubs/:id/members/",
    {
      config: { can: "club.view" },
      schema: {
        tags,
        summary: "The club's members by name (search in name and apartment; limit up to 999999)",
        params: IdParams,
        querystring: ClubMembersQuery,
        response: { 200: paginated(ClubMember), ...errors },
      },
    },
    async (req) => members.listMembers(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/clubs/clubs/:id/quick-search/",
    {
      config: { can: "club.manage_members" },
      schema: {
        tags,
        summary: "Residents of the club's buildings who are not members yet, by name or apartment",
        params: IdParams,
        querystring: ClubQuickSearchQuery,
        response: { 200: ClubCandidates, ...errors },
      },
    },
    async (req) => members.quickSearch(contextOf(req), req.params.id, req.query),
  );

  const memberWrite = (
    path: string,
    summary: string,
    run: (
      ctx: ReturnType<typeof contextOf>,
      club: number,
      occupant: number,
    ) => Promise<{ detail: string; occupant_id: number }>,
    response: z.ZodType,
  ) =>
    app.post(
      `/clubs/clubs/:id/${path}/`,
      {
        config: { can: "club.manage_members" },
        ...asSent,
        schema: {
          tags,
          summary,
          params: IdParams,
          body: OccupantBody,
          response: { 200: response, ...errors },
        },
      },
      async (req) => {
        const ctx = contextOf(req);
        await reachClub(ctx, req.params.id, "club.manage_members");
        return run(ctx, req.params.id, readUploadForm(ClubMemberBody, req.body).values.occupant_id);
      },
    );
  memberWrite("add_member", "Adds a resident of the club's buildings ('New member added')", members.addMember, Added);
  memberWrite("remove_member", "Removes a member", members.removeMember, ClubMemberRemoved);

  app.post(
    "/clubs/clubs/:id/bulk_delete/",
    {
      config: { can: "club.manage_members" },
      ...asSent,
      schema: {
        tags,
        summary: "Removes every member of the club",
        params: IdParams,
        body: JsonBody("No body").optional(),
        response: { 200: ClubMembersRemoved, ...errors },
      },
    },
    async (req) => members.removeAllMembers(contextOf(req), req.params.id),
  );

  app.get(
    "/clubs/clubs/:id/members/open_checkins/",
    {
      config: { can: "amenity.checkin" },
      schema: {
        tags,
        summary: "Today's pool check-ins of the club (the club's time zone), latest first",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: paginated(OpenCheckin), ...errors },
      },
    },
    async (req) => members.listOpenCheckins(contextOf(req), req.params.id, req.query),
  );

  app.post(
    "/clubs/clubs/:id/record_open_checkin/",
    {
      config: { can: "amenity.checkin" },
      ...asSent,
      schema: {
        tags,
        summary: "Checks a member in today with 0 or 1 guest (note '{guests+1}:'); again the same day edits it",
        params: IdParams,
        body: CheckinBody,
        response: { 200: OpenCheckin, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await reachClub(ctx, req.params.id, "amenity.checkin");
      return members.recordOpenCheckin(ctx, req.params.id, readUploadForm(RecordOpenCheckin, req.body).values);
    },
  );

  app.get(
    "/clubs/clubs/:id/pool_checkins_report/",
    {
      config: { can: "club.pool_export" },
      schema: {
        tags,
        summary: "The club's pool check-ins between two days as a spreadsheet (both dates required)",
        params: IdParams,
        querystring: z.looseObject({ start_date: z.string().optional(), end_date: z.string().optional() }),
        produces: [XLSX_MIME],
        response: { 200: Spreadsheet, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      await reachClub(ctx, req.params.id, "club.pool_export");
      const q = readUploadForm(PoolCheckinsReportQuery, req.query).values;
      return (await members.poolCheckinsReport(ctx, req.params.id, q)).send(reply);
    },
  );

  // -------------------------------------------------------------------------------------------
  // Amenity types and schedules

  app.get(
    "/clubs/clubs/:id/amenity-types/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The club's amenity types by name, with their schedules",
        params: IdParams,
        querystring: PageQuery,
        response: { 200: paginated(AmenityType), ...errors },
      },
    },
    async (req) => amenities.listClubTypes(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/buildings/:id/amenity-types/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The amenity types of the building's clubs (primary or shared), by name (is_active, club)",
        params: IdParams,
        querystring: BuildingAmenityTypesQuery,
        response: { 200: paginated(AmenityType), ...errors },
      },
    },
    async (req) => amenities.listBuildingTypes(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/clubs/amenity-types/intervals/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The reservation lengths a type may allow (the first is the default)",
        response: { 200: AmenityIntervals, ...errors },
      },
    },
    async () => AMENITY_INTERVALS.map((i) => ({ ...i })),
  );

  for (const path of ["/clubs/amenity-types/:id/", "/clubs/amenity-types/:id"])
    app.get(
      path,
      {
        config: { can: "amenity.view" },
        schema: {
          tags,
          summary: "One amenity type with its schedule",
          params: IdParams,
          response: { 200: AmenityType, ...errors },
        },
      },
      async (req) => amenities.getType(contextOf(req), req.params.id),
    );

  app.get(
    "/clubs/amenity-types/:id/schedules/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The type's schedule: weekly entries (day_of_week 0 Monday … 6 Sunday), then special dates",
        params: IdParams,
        response: { 200: ScheduleEntries, ...errors },
      },
    },
    async (req) => amenities.listSchedules(contextOf(req), req.params.id),
  );

  app.post(
    "/clubs/amenity-types/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary: "Creates an amenity type of a club (JSON, or multipart with a photo)",
        consumes: ["multipart/form-data", "application/json"],
        body: AmenityTypeForm,
        response: { 201: AmenityType, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const club = idInBody(req.body, "club");
      if (club !== undefined) await amenities.requireClubForTypes(ctx, club);
      const { values, photo } = readUploadForm(AmenityTypeCreate, req.body, "photo");
      return reply.status(201).send(await amenities.createType(ctx, values, photo));
    },
  );

  app.patch(
    "/clubs/amenity-types/:id/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary: "Changes an amenity type (any subset; JSON, or multipart with a photo)",
        consumes: ["multipart/form-data", "application/json"],
        params: IdParams,
        body: AmenityTypeForm,
        response: { 200: AmenityType, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await amenities.requireTypeForWrite(ctx, req.params.id);
      const { values, photo } = readUploadForm(AmenityTypePatch, req.body, "photo");
      return amenities.updateType(ctx, req.params.id, values, photo);
    },
  );

  app.patch(
    "/clubs/amenity-types/:id/update-schedule/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary:
          "Replaces the weekly schedule (is_special false; [] = 'Always open') or the special dates (is_special true)",
        params: IdParams,
        body: ScheduleBody,
        response: { 200: ScheduleEntries, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await amenities.requireTypeForWrite(ctx, req.params.id);
      return amenities.updateSchedule(ctx, req.params.id, readJson(UpdateSchedule, req.body));
    },
  );

  // -------------------------------------------------------------------------------------------
  // Slots

  app.get(
    "/core/buildings/:id/amenities/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The amenities (slots) of the building's clubs (is_active, amenity_type_is_active, amenity_type)",
        params: IdParams,
        querystring: BuildingAmenitiesQuery,
        response: { 200: paginated(AmenitySlot), ...errors },
      },
    },
    async (req) => amenities.listBuildingSlots(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/clubs/amenities/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "The amenities (slots) of one type (amenity_type required)",
        querystring: AmenitiesOfTypeQuery,
        response: { 200: paginated(AmenitySlot), ...errors },
      },
    },
    async (req) => amenities.listTypeSlots(contextOf(req), req.query),
  );

  app.post(
    "/clubs/amenities/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary: "Adds an amenity (slot) to a type",
        body: SlotBody,
        response: { 201: AmenitySlot, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const type = idInBody(req.body, "amenity_type");
      if (type !== undefined) await amenities.requireTypeForWrite(ctx, type);
      const values = readUploadForm(AmenitySlotCreate, req.body).values;
      return reply.status(201).send(await amenities.createSlot(ctx, values));
    },
  );

  app.patch(
    "/clubs/amenities/:id/",
    {
      config: { can: "club.manage" },
      ...asSent,
      schema: {
        tags,
        summary: "Changes an amenity's label and/or is_active",
        params: IdParams,
        body: SlotPatchBody,
        response: { 200: AmenitySlot, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await amenities.requireSlotForWrite(ctx, req.params.id);
      return amenities.updateSlot(ctx, req.params.id, readUploadForm(AmenitySlotPatch, req.body).values);
    },
  );
};

export default routes;
