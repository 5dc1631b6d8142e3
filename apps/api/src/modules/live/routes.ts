import { PassThrough } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { decodeJwt } from "jose";
import { z } from "zod";
import { Detail, FieldErrors, Id } from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { HttpError } from "../../lib/errors.ts";
import { COALESCE_MS, LIVE_TOPICS, LiveHub, type LiveStream, MAX_STREAMS_PER_USER, PING_MS, RETRY_MS } from "./service.ts";
import { contextOf } from "../../lib/context.ts";

const DESCRIPTION = `Server-Sent Events (\`text/event-stream\`) telling the screens of a building what to refetch.
Authorized like every read of the building (401 without a valid token, 403 for a building the user
may not reach and for property owners and tenants, who have no live screens, 404 for none); 429 past ${MAX_STREAMS_PER_USER} open streams of one user or the
instance's limit (\`LIVE_MAX_STREAMS\`).

Events:
- \`event: ready\`, \`data: {}\` first (with an \`id\` when the stream starts afresh), after \`retry: ${RETRY_MS}\`;
- \`event: change\`, \`id: <opaque>\`, \`data: {"topic": "${LIVE_TOPICS.join('"|"')}", "building": <id>}\`:
  something of that area of the building changed; at most one per topic every ~${COALESCE_MS} ms;
- \`event: reset\`, \`id: <opaque>\`, \`data: {}\`: changes may have been missed; refetch everything of the building;
- a comment \`: ping\` every ${PING_MS / 1000} s.

Send the last \`id\` seen as \`Last-Event-ID\` when reconnecting: the events missed are sent after
\`ready\` while this instance still has them, otherwise \`reset\`. The server ends the stream when
the access token expires and when the user's account, role or buildings change: reconnect with a
fresh token. The stream stays open until then: a client that only wants the status aborts the
request after the first event.`;

declare module "fastify" {
  interface FastifyInstance {
    live: LiveHub;
  }
}

const LiveQuery = z.object({ building: Id });

const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = new LiveHub(app.changes, app.config.liveMaxStreams);
  app.decorate("live", hub);
  // Open streams would keep the server from closing.
  app.addHook("preClose", async () => hub.close());

  app.get(
    "/live/",
    {
      config: { can: "live.watch" },
      schema: {
        tags: ["live"],
        summary: "Live changes of a building (Server-Sent Events)",
        description: DESCRIPTION,
        querystring: LiveQuery,
        headers: z.object({ "last-event-id": z.string().max(200).optional() }),
        response: {
          200: {
            description: "The event stream (see the description for its events)",
            content: { "text/event-stream": { schema: z.string() } },
          },
          400: FieldErrors,
          401: Detail,
          403: Detail,
          404: Detail,
          429: Detail,
        },
      },
    },
    async (req, reply) => {
      const { user } = await requireBuilding(contextOf(req), app.db, req.query.building);
      const refusal = hub.refusal(user.id);
      if (refusal)
        throw new HttpError(429, {
          detail: refusal === "user" ? "Too many live connections for this user." : "Too many live connections.",
        });

      const body = new PassThrough();
      let expiry: NodeJS.Timeout | null = null;
      let closed = false;
      const stream: LiveStream = {
        userId: user.id,
        building: req.query.building,
        write: (text) => {
          if (closed) return true;
          body.write(text);
          return body.writableLength + reply.raw.writableLength < LiveHub.maxQueuedBytes;
        },
        close: () => {
          if (closed) return;
          closed = true;
          if (expiry) clearTimeout(expiry);
          hub.remove(stream);
          body.end();
        },
      };
      // Ends with the access token: the client reconnects with a fresh one.
      const token = /^\S+\s+(\S+)$/.exec(req.headers.authorization ?? "")?.[1];
      const exp = token ? decodeJwt(token).exp : undefined;
      if (typeof exp === "number") {
        expiry = setTimeout(stream.close, Math.max(0, exp * 1000 - Date.now()));
        expiry.unref();
      }
      // The client went away (a real connection closes; an injected request is aborted).
      reply.raw.once("close", stream.close);
      req.raw.once("error", stream.close);

      body.write(hub.open(stream, req.headers["last-event-id"]));
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no")
        .send(body as unknown as string);
    },
  );
};

export default routes;
