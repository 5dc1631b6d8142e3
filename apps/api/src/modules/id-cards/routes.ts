import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Detail, IdCardJob, IdCardListQuery, IdCardRequest, paginated, RowId as Id } from "@portico/contract";
import * as service from "./service.ts";
import { contextOf } from "../../lib/context.ts";

const tags = ["id-cards"];
const errors = { 400: z.record(z.string(), z.unknown()), 401: Detail, 403: Detail, 404: Detail };

/**
 * ID cards (document 3): the replacement request of the unit profile, the jobs list and
 * cancelling. Printing (print, print_all) comes with the ID card printing issue.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/id-cards/id-cards/",
    {
      config: { can: "idcard.replace" },
      attachValidation: true,
      schema: {
        tags,
        summary: "Queue a replacement ID card for a resident (managers; building has ID cards)",
        body: IdCardRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.requestCard(contextOf(req), req.body)),
  );

  app.get(
    "/id-cards/id-cards/",
    {
      config: { can: "occupancy.view" },
      schema: {
        tags,
        summary: "ID card jobs of a building, newest first (default limit 50)",
        querystring: IdCardListQuery,
        response: { 200: paginated(IdCardJob), ...errors },
      },
    },
    (req) => service.listCards(contextOf(req), req.query),
  );

  app.post(
    "/id-cards/id-cards/:id/cancel/",
    {
      config: { can: "idcard.replace" },
      schema: {
        tags,
        summary: "Cancel a queued ID card job (managers)",
        params: z.object({ id: Id }),
        response: { 200: z.object({ success: z.boolean() }), ...errors },
      },
    },
    (req) => service.cancelCard(contextOf(req), req.params.id),
  );
};

export default routes;
