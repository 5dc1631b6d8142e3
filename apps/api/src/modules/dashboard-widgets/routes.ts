import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ActionItems,
  ActiveEmployees,
  Detail,
  FieldErrors,
  Id,
  MoveOutInviteAllBody,
  MoveOutInviteAllResult,
  MoveOutInviteResult,
  UpcomingMoveOuts,
  UpcomingOccupancies,
  UpcomingOccupancyQuery,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent } from "../../lib/files.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import * as service from "./service.ts";

const BuildingParams = z.object({ id: Id });
const OccupancyParams = z.object({ id: Id, occupancyId: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["dashboard"];

/**
 * The dashboard widgets' calls (document 3 section 7 "Dashboard widgets"; active employees and
 * action items are ours). Bodies are judged after the building is checked (403/404 before 400).
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/core/occupancies/club_memberships_dashboard/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary:
          "Current leases of the building with their residents' clubs (is_upcoming: starting today … in 3 days, building time)",
        querystring: UpcomingOccupancyQuery,
        response: { 200: UpcomingOccupancies, ...errors },
      },
    },
    async (req) => service.upcomingOccupancies(contextOf(req), req.query),
  );

  app.get(
    "/core/buildings/:id/occupancies/upcoming_move_outs/",
    {
      config: { can: "move_out.invite" },
      schema: {
        tags,
        summary: "Leases ending within 7 days: ready (a Move-Out service elevator booking) and not ready",
        params: BuildingParams,
        response: { 200: UpcomingMoveOuts, ...errors },
      },
    },
    async (req) => service.upcomingMoveOuts(contextOf(req), req.params.id),
  );

  app.post(
    "/core/buildings/:id/occupancies/send_move_out_invite_all/",
    {
      config: { can: "move_out.invite" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Invites the listed leases that are not ready and not invited in the last 3 days to book their move-out (none: 400)",
        params: BuildingParams,
        body: MoveOutInviteAllBody,
        response: { 200: MoveOutInviteAllResult, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.requireInviteBuilding(ctx, req.params.id);
      const parsed = MoveOutInviteAllBody.safeParse(req.body && typeof req.body === "object" ? req.body : {});
      if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
      return service.sendMoveOutInviteAll(ctx, req.params.id, parsed.data);
    },
  );

  app.post(
    "/core/buildings/:id/occupancies/:occupancyId/send_move_out_invite/",
    {
      config: { can: "move_out.invite" },
      schema: {
        tags,
        summary:
          "Mails the lease's residents an invitation to book the Move-Out service elevator (refused when ready or invited in the last 3 days)",
        params: OccupancyParams,
        response: { 200: MoveOutInviteResult, ...errors },
      },
    },
    async (req) => service.sendMoveOutInvite(contextOf(req), req.params.id, req.params.occupancyId),
  );

  app.get(
    "/core/buildings/:id/active-employees/",
    {
      config: { can: "dashboard.active_employees" },
      schema: {
        tags,
        summary: "The building's staff who signed in today (building time zone), the latest first",
        params: BuildingParams,
        response: { 200: ActiveEmployees, ...errors },
      },
    },
    async (req) => service.activeEmployees(contextOf(req), req.params.id),
  );

  app.get(
    "/core/buildings/:id/action-items/",
    {
      config: { can: "dashboard.action_items" },
      schema: {
        tags,
        summary:
          "Counts for the dashboard's action items: service elevator requests to approve (elevator.decide), pending amenity approvals (amenity.book)",
        params: BuildingParams,
        response: { 200: ActionItems, ...errors },
      },
    },
    async (req) => service.actionItems(contextOf(req), req.params.id),
  );
};

export default routes;
