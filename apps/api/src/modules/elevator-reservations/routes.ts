import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  ElevatorApproveAllBody,
  ElevatorApproveAllResult,
  ElevatorBuildingListQuery,
  ElevatorBuildingQuery,
  ElevatorDenyBody,
  ElevatorListQuery,
  ElevatorReadyCount,
  ElevatorRequiredBuildingQuery,
  ElevatorReservation,
  ElevatorReservationForm,
  ElevatorReservationPatch,
  ElevatorReservationPatchForm,
  ElevatorReservationWrite,
  FieldErrors,
  Id,
  paginated,
  ReservationType,
  ReservationTypePatch,
  ReservationTypeQuery,
  ReservationTypeWrite,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent, registerUploadParsers } from "../../lib/files.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { readUploadForm } from "../../lib/upload-form.ts";
import * as service from "./service.ts";
import * as types from "./types.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["elevator-reservations"];
const ONE = "/reservations/reservations/:id/";

/** A JSON body judged by its schema after the checks of the call (field errors, 400). */
function judged<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return parsed.data;
}

/**
 * Service elevator reservations and their types (document 3 section 7). Bodies are judged after
 * the building or the reservation is checked (403/404 before 400): the schemas below document them.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploadParsers(app, { fieldsToBody: true });

  app.get(
    "/core/buildings/:id/reservations/",
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary:
          "The building's service elevator reservations (ordering, min/max_start_date, status, apartment, reservation_type, occupancy)",
        params: IdParams,
        querystring: ElevatorListQuery,
        response: { 200: paginated(ElevatorReservation), ...errors },
      },
    },
    async (req) => service.listReservations(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/reservations/reservations/",
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary: "The building's service elevator reservations (the same filters, ?building)",
        querystring: ElevatorBuildingListQuery,
        response: { 200: paginated(ElevatorReservation), ...errors },
      },
    },
    async (req) => service.listReservations(contextOf(req), req.query.building, req.query),
  );

  app.post(
    "/reservations/reservations/",
    {
      config: { can: "elevator.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Requests a service elevator reservation (JSON or multipart; 8:00 onwards, 30-minute steps)",
        consumes: ["application/json", "multipart/form-data"],
        querystring: ElevatorRequiredBuildingQuery,
        body: ElevatorReservationForm,
        response: { 201: ElevatorReservation, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      await service.requireElevatorBuilding(ctx, req.query.building);
      const body = readUploadForm(ElevatorReservationWrite, req.body).values;
      return reply.status(201).send(await service.createReservation(ctx, req.query.building, body));
    },
  );

  app.get(
    "/reservations/reservations/ready_to_approve_count/",
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary: "How many requested reservations of the building wait for a decision (not over yet)",
        querystring: ElevatorRequiredBuildingQuery,
        response: { 200: ElevatorReadyCount, ...errors },
      },
    },
    async (req) => service.readyToApproveCount(contextOf(req), req.query.building),
  );

  app.post(
    "/reservations/reservations/approve_all/",
    {
      config: { can: "elevator.decide" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Approves the requested reservations listed (each overlap or non-requested one refused with its reason)",
        querystring: ElevatorRequiredBuildingQuery,
        body: ElevatorApproveAllBody,
        response: { 200: ElevatorApproveAllResult, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.requireElevatorBuilding(ctx, req.query.building, "elevator.decide");
      return service.approveAll(ctx, req.query.building, judged(ElevatorApproveAllBody, req.body));
    },
  );

  app.get(
    ONE,
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary: "One service elevator reservation",
        params: IdParams,
        querystring: ElevatorBuildingQuery,
        response: { 200: ElevatorReservation, ...errors },
      },
    },
    async (req) => service.getReservation(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    ONE,
    {
      config: { can: "elevator.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Changes a service elevator reservation (JSON or multipart; any subset of the create's fields)",
        consumes: ["application/json", "multipart/form-data"],
        params: IdParams,
        querystring: ElevatorBuildingQuery,
        body: ElevatorReservationPatchForm,
        response: { 200: ElevatorReservation, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.getReservation(ctx, req.params.id, req.query.building);
      const body = readUploadForm(ElevatorReservationPatch, req.body).values;
      return service.updateReservation(ctx, req.params.id, req.query.building, body);
    },
  );

  for (const decision of ["approve", "cancel"] as const)
    app.post(
      `${ONE}${decision}/`,
      {
        config: { can: "elevator.decide" },
        schema: {
          tags,
          summary: `${decision === "approve" ? "Approves" : "Cancels"} a requested reservation`,
          params: IdParams,
          querystring: ElevatorBuildingQuery,
          response: { 200: ElevatorReservation, ...errors },
        },
      },
      async (req) => service.decideReservation(contextOf(req), req.params.id, req.query.building, decision),
    );

  app.post(
    `${ONE}deny/`,
    {
      config: { can: "elevator.decide" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Denies a requested reservation (deny_reason required)",
        params: IdParams,
        querystring: ElevatorBuildingQuery,
        body: ElevatorDenyBody,
        response: { 200: ElevatorReservation, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.checkDecision(ctx, req.params.id, req.query.building);
      const { deny_reason } = judged(ElevatorDenyBody, req.body);
      return service.decideReservation(ctx, req.params.id, req.query.building, "deny", deny_reason);
    },
  );

  // Reservation types (the writes are the shared type list's; see types.ts).
  const TYPES = "/reservations/reservation-types/";
  app.get(
    TYPES,
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary: "Reservation types in display order (?building: the types offered there; limit ≤ 500)",
        querystring: ReservationTypeQuery,
        response: { 200: paginated(ReservationType), ...errors },
      },
    },
    async (req) => types.listReservationTypes(contextOf(req), req.query),
  );
  app.post(
    TYPES,
    {
      config: { can: "reservation_types.manage" },
      schema: {
        tags,
        summary: "Adds a reservation type",
        body: ReservationTypeWrite,
        response: { 201: ReservationType, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await types.createReservationType(contextOf(req), req.body)),
  );
  app.get(
    `${TYPES}:id/`,
    {
      config: { can: "elevator.use" },
      schema: {
        tags,
        summary: "One reservation type",
        params: IdParams,
        response: { 200: ReservationType, ...errors },
      },
    },
    async (req) => types.getReservationType(contextOf(req), req.params.id),
  );
  app.patch(
    `${TYPES}:id/`,
    {
      config: { can: "reservation_types.manage" },
      schema: {
        tags,
        summary: "Edits a reservation type; an immutable one is refused",
        params: IdParams,
        body: ReservationTypePatch,
        response: { 200: ReservationType, ...errors },
      },
    },
    async (req) => types.updateReservationType(contextOf(req), req.params.id, req.body),
  );
  app.post(
    `${TYPES}:id/toggle_active/`,
    {
      config: { can: "reservation_types.manage" },
      schema: {
        tags,
        summary: "Makes a reservation type active or inactive; an immutable one is refused",
        params: IdParams,
        response: { 200: ReservationType, ...errors },
      },
    },
    async (req) => types.toggleReservationType(contextOf(req), req.params.id),
  );
};

export default routes;
