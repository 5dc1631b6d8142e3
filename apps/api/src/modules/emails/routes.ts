import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  MemoFloorsLines,
  MemoFloorsLinesQuery,
  MemoRecipientIds,
  MemoRecipientPage,
  MemoRecipientsQuery,
  SendMemoBody,
  SendMemoReply,
  SendPortfolioMemoBody,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { contextOf } from "../../lib/context.ts";
import { fieldErrorsOf, ValidationError } from "../../lib/errors.ts";
import { bodyAsSent } from "../../lib/files.ts";
import * as service from "./service.ts";

const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["emails"];

/** A JSON body judged by its schema after the checks of the call (field errors, 400). */
function judged<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return parsed.data;
}

/** The building a memo body names (checked before the rest of the body is judged). */
const BuildingOfBody = z.object({ building_id: Id });

/**
 * Memos and letters (document 3 section 7 "Email, memos"): sending, and the recipient picker.
 * Bodies are judged after the building is checked (403/404 before 400).
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/emails/records/send_memo/",
    {
      config: { can: "memo.send" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Sends a building memo or letter to the chosen residents (or a club's members) and extra addresses, or a preview to the sender",
        body: SendMemoBody,
        response: { 200: SendMemoReply, 413: FieldErrors, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      const building = BuildingOfBody.safeParse(req.body ?? {});
      if (building.success) await requireBuilding(ctx, ctx.db, building.data.building_id, "memo.send");
      return service.sendMemo(ctx, judged(SendMemoBody, req.body));
    },
  );

  app.post(
    "/emails/records/send_portfolio_memo/",
    {
      config: { can: "memo.send_portfolio" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Sends a memo or letter to every current tenant of the chosen buildings (a record per building)",
        body: SendPortfolioMemoBody,
        response: { 200: SendMemoReply, 413: FieldErrors, ...errors },
      },
    },
    async (req) => service.sendPortfolioMemo(contextOf(req), judged(SendPortfolioMemoBody, req.body)),
  );

  app.get(
    "/emails/memo-recipients/",
    {
      config: { can: "memo.send" },
      schema: {
        tags,
        summary:
          "The residents a memo may reach (10 a page; search, floor, line, is_balcony_apt, lease dates, apartment_ids, occupant_ids, club_id; ids_only=1: every matching occupant id)",
        querystring: MemoRecipientsQuery,
        response: { 200: z.union([MemoRecipientPage, MemoRecipientIds]), ...errors },
      },
    },
    async (req) => service.listRecipients(contextOf(req), req.query),
  );

  app.get(
    "/emails/memo-recipients/floors-lines/",
    {
      config: { can: "memo.send" },
      schema: {
        tags,
        summary: "The building's floors and lines (the memo recipient chooser)",
        querystring: MemoFloorsLinesQuery,
        response: { 200: MemoFloorsLines, ...errors },
      },
    },
    async (req) => service.floorsAndLines(contextOf(req), req.query.building_id),
  );
};

export default routes;
