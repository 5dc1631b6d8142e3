import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  paginated,
  RecurringBuildingQuery,
  RecurringIntervalOption,
  RecurringListQuery,
  RecurringRequest,
  RecurringRequestDeleted,
  RecurringRequestForm,
  RecurringRequestPatch,
  RecurringRequestPatchForm,
  RecurringRequestWrite,
} from "@portico/contract";
import { contextOf, systemContext } from "../../lib/context.ts";
import { bodyAsSent } from "../../lib/files.ts";
import { idInBody, readUploadForm } from "../../lib/upload-form.ts";
import { RECURRING_CRON, RECURRING_JOB, runRecurringRequests } from "./recurring-job.ts";
import * as service from "./recurring-service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["maintenance"];
const BASE = "/maintenance-requests/recurring-maintenance-requests";

/**
 * Recurring maintenance requests (document 2 section 7): the schedules' CRUD, the intervals, and
 * the job that makes their requests (every 15 minutes, one run per tick across instances).
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.jobs.work(RECURRING_JOB, async () => runRecurringRequests(systemContext(app)), { retryLimit: 0 });
  app.jobs.schedule(RECURRING_JOB, RECURRING_CRON);

  app.get(
    `${BASE}/intervals/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The recurring intervals ({value, label}: DAILY, WEEKLY, MONTHLY, YEARLY)",
        response: { 200: z.array(RecurringIntervalOption), 401: Detail, 403: Detail },
      },
    },
    async () => service.intervals(),
  );

  app.get(
    `${BASE}/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The building's recurring requests by name (active only unless include_inactive; is_active)",
        querystring: RecurringListQuery,
        response: { 200: paginated(RecurringRequest), ...errors },
      },
    },
    async (req) => service.listRecurring(contextOf(req), req.query),
  );

  app.post(
    `${BASE}/`,
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a recurring request (building; next_scheduled_date worked out)",
        querystring: RecurringBuildingQuery,
        body: RecurringRequestForm,
        response: { 201: RecurringRequest, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = idInBody(req.body, "building") ?? req.query.building;
      if (building !== undefined) await service.requireRecurringBuilding(ctx, building);
      const body = readUploadForm(RecurringRequestWrite, req.body).values;
      return reply.status(201).send(await service.createRecurring(ctx, body, req.query.building));
    },
  );

  app.get(
    `${BASE}/:id/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "One recurring request",
        params: IdParams,
        querystring: RecurringBuildingQuery,
        response: { 200: RecurringRequest, ...errors },
      },
    },
    async (req) => service.getRecurring(contextOf(req), req.params.id, req.query.building),
  );

  app.patch(
    `${BASE}/:id/`,
    {
      config: { can: "maintenance.use" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Changes a recurring request (any subset; next_scheduled_date worked out again)",
        params: IdParams,
        querystring: RecurringBuildingQuery,
        body: RecurringRequestPatchForm,
        response: { 200: RecurringRequest, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await service.getRecurring(ctx, req.params.id, req.query.building);
      const body = readUploadForm(RecurringRequestPatch, req.body).values;
      return service.updateRecurring(ctx, req.params.id, body, req.query.building);
    },
  );

  app.delete(
    `${BASE}/:id/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "Deletes a recurring request (the requests it made stay)",
        params: IdParams,
        querystring: RecurringBuildingQuery,
        response: { 200: RecurringRequestDeleted, ...errors },
      },
    },
    async (req) => service.deleteRecurring(contextOf(req), req.params.id, req.query.building),
  );
};

export default routes;
