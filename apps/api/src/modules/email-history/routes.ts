import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  EmailRecipient,
  EmailRecipientQuery,
  EmailRecordDetail,
  EmailRecordDetailQuery,
  EmailRecord,
  EmailRecordQuery,
  FieldErrors,
  Id,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["email-history"];

/** Email history: the records of a building's mails and their recipients (document 3 section 7). */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/emails/records/",
    {
      config: { can: "email.history" },
      schema: {
        tags,
        summary:
          "The building's email records, newest first, 50 a page (building_id, type, search, sender_or_recipient, occupant_id)",
        querystring: EmailRecordQuery,
        response: { 200: paginated(EmailRecord), ...errors },
      },
    },
    async (req) => service.listRecords(contextOf(req), req.query),
  );

  app.get(
    "/emails/records/:id/",
    {
      config: { can: "email.history" },
      schema: {
        tags,
        summary: "One email record with its body and attachments (another building's → 404)",
        params: IdParams,
        querystring: EmailRecordDetailQuery,
        response: { 200: EmailRecordDetail, ...errors },
      },
    },
    async (req) => service.getRecord(contextOf(req), req.params.id, req.query.building_id),
  );

  app.get(
    "/emails/recipients/",
    {
      config: { can: "email.history" },
      schema: {
        tags,
        summary:
          "A record's recipients and the state of their mail (record_id, state); addresses for managers and office",
        querystring: EmailRecipientQuery,
        response: { 200: paginated(EmailRecipient), ...errors },
      },
    },
    async (req) => service.listRecipients(contextOf(req), req.query),
  );
};

export default routes;
