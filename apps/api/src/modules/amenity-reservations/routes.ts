import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AmenityGuestList,
  AmenityReservation,
  AmenityReservationCreate,
  AmenityReservationListQuery,
  AmenityReservationPage,
  AmenityReservationPatch,
  AmenitySchedule,
  AmenityScheduleQuery,
  Detail,
  FieldErrors,
  Id,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { bodyAsSent } from "../../lib/files.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["amenity-reservations"];
const BASE = "/clubs/reservations/";

/** A body judged by a schema (field errors, 400). */
function judged<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return parsed.data;
}

const CreateDoc = z.looseObject({
  amenity_id: z
    .number()
    .int()
    .meta({ examples: [1] }),
  amenity_reservation_type: z.enum(["TR", "ER", "CR"]),
  occupant_id: z.number().int().nullable().optional(),
  apartment_id: z.number().int().nullable().optional(),
  contact: z.string().optional(),
  reason: z.string().optional(),
  date: z
    .string()
    .meta({ examples: ["2026-12-01"], description: "TR and ER (a block gives start_date and end_date instead)" }),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  start_time: z.string().meta({ examples: ["12:00"] }),
  end_time: z.string().meta({ examples: ["13:00"] }),
  guests: z.number().int().optional(),
  approval_status: z.enum(["PENDING", "APPROVED"]).optional(),
  payment_status: z.string().optional(),
});
const PatchDoc = CreateDoc.omit({ amenity_reservation_type: true, approval_status: true })
  .partial()
  .extend({ approval_status: z.enum(["PENDING", "APPROVED", "DENIED", "CANCELLED"]).optional() });

/**
 * Amenity reservations (document 3 section 7): book, edit (or only the approval or payment
 * status), cancel, toggle check-in, one reservation (the QR scan), the building's list and day
 * schedule, and a club's guest list.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    BASE,
    {
      config: { can: "amenity.book" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Books an amenity: TR for a resident (occupant_id), ER entered by the staff (contact), CR an unavailable block (start_date, end_date, reason; cancels what overlaps)",
        body: CreateDoc,
        response: { 201: AmenityReservation, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      // The amenity's building is checked before the body is judged (403 before 400).
      await service.authorizeCreate(ctx, req.body);
      const body = judged(AmenityReservationCreate, req.body);
      return reply.status(201).send(await service.createReservation(ctx, body));
    },
  );

  app.get(
    `${BASE}:id/`,
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "One reservation (the QR scan: 404 'Reservation not found!')",
        params: IdParams,
        response: { 200: AmenityReservation, ...errors },
      },
    },
    async (req) => service.getReservation(contextOf(req), req.params.id),
  );

  app.patch(
    `${BASE}:id/`,
    {
      config: { can: "amenity.book" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Edits a reservation, or only its approval_status (mails the tenant unless PENDING) or payment_status",
        params: IdParams,
        body: PatchDoc,
        response: { 200: AmenityReservation, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.reachable(ctx, req.params.id, "amenity.book");
      const body = judged(AmenityReservationPatch, req.body);
      return service.updateReservation(ctx, req.params.id, body);
    },
  );

  app.post(
    `${BASE}:id/cancel/`,
    {
      config: { can: "amenity.book" },
      schema: {
        tags,
        summary: "Cancels a reservation (not when checked in)",
        params: IdParams,
        response: { 200: AmenityReservation, ...errors },
      },
    },
    async (req) => service.cancelReservation(contextOf(req), req.params.id),
  );

  app.post(
    `${BASE}:id/toggle_checkin/`,
    {
      config: { can: "amenity.checkin" },
      schema: {
        tags,
        summary: "Checks a reservation in, or removes its check-in (types with check-in; never blocks)",
        params: IdParams,
        response: { 200: AmenityReservation, ...errors },
      },
    },
    async (req) => service.toggleCheckin(contextOf(req), req.params.id),
  );

  app.get(
    "/core/buildings/:id/amenity-reservations/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary:
          "The building's reservations (date, upcoming=1, amenity_type, amenity, search, occupancy, min/max_start_date, amenity_reservation_type, include_cancelled, ordering; 30 a page)",
        params: IdParams,
        querystring: AmenityReservationListQuery,
        response: { 200: AmenityReservationPage, ...errors },
      },
    },
    async (req) => service.listReservations(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/core/buildings/:id/amenity-reservations/schedule/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "One day per amenity of the building: its open hours and its reservations",
        params: IdParams,
        querystring: AmenityScheduleQuery,
        response: { 200: AmenitySchedule, ...errors },
      },
    },
    async (req) => service.daySchedule(contextOf(req), req.params.id, req.query),
  );

  app.get(
    "/clubs/clubs/:id/guest-list/",
    {
      config: { can: "amenity.view" },
      schema: {
        tags,
        summary: "Today's reservations with guests of the club's amenities (the first 50)",
        params: IdParams,
        response: { 200: AmenityGuestList, ...errors },
      },
    },
    async (req) => service.guestList(contextOf(req), req.params.id),
  );
};

export default routes;
