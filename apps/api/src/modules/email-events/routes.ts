import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Detail, MAIL_EVENT_PROVIDERS, MailEventsResult } from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { receiveMailEvents } from "./service.ts";

/** Provider calls are small (a batch of events, a bounce message); larger bodies are refused (413). */
const EVENTS_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Delivery events from mail providers and bounce messages (document 3, Email record states). The
 * route is public: no user signs in; each provider's signature (or shared secret) authenticates
 * the call. Bodies are kept as received, whatever their type, for the signature checks.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: EVENTS_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    "/emails/events/:provider/",
    {
      config: { public: true },
      bodyLimit: EVENTS_BODY_LIMIT,
      schema: {
        tags: ["emails"],
        summary: `Delivery events of a mail provider (${MAIL_EVENT_PROVIDERS.join(", ")}), checked by its signature; replays are ignored`,
        security: [],
        params: z.object({ provider: z.string().max(50) }),
        response: { 200: MailEventsResult, 401: Detail, 403: Detail, 404: Detail, 413: Detail },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return receiveMailEvents(ctx, req.params.provider, { headers: req.headers, body, now: ctx.clock() });
    },
  );
};
export default routes;
