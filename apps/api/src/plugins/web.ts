import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@portico/contract";

/** Headers a reverse proxy adds: the request's Host is then not necessarily the browser's. */
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

// apps/web/dist, from this module in the sources (apps/api/src/plugins) or in the built server (apps/api/dist).
const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DIST = path.resolve(here, path.basename(here) === "dist" ? "../../web/dist" : "../../../web/dist");

/**
 * Serves the built web app on the same port as the API: hashed assets cached for a year,
 * index.html never cached, and every other browser path answered with the app (client routing).
 */
export default fp(async (app) => {
  const root = path.resolve(app.config.webDist ?? DEFAULT_DIST);
  const index = path.join(root, "index.html");
  if (!fs.existsSync(index)) {
    app.log.warn({ root }, "web app not built; serving the API only");
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "no-cache");
    },
  });
  const pageOpts = { config: { public: true }, schema: { hide: true } };
  const publicUrl = new URL(app.config.publicUrl);
  // The sign-in only returns to PUBLIC_URL's origin (its registered redirect address): a page
  // opened at another address (http://127.0.0.1:3000 for http://localhost:3000, a LAN address)
  // is sent there first. Behind a proxy, only when a trusted X-Forwarded-Host says where the
  // browser is: the Host header may be the proxy's upstream address, and redirecting would loop.
  const browserHostKnown = (req: FastifyRequest) =>
    app.config.trustProxy && req.headers["x-forwarded-host"] !== undefined
      ? true
      : !PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
  const atOtherAddress = (req: FastifyRequest) => req.host !== publicUrl.host && browserHostKnown(req);
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (atOtherAddress(req))
      return reply.header("cache-control", "no-store").redirect(`${publicUrl.origin}${req.url}`, 302);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  };
  app.get("/favicon.ico", pageOpts, async (_req, reply) =>
    reply.header("cache-control", "public, max-age=86400").type("image/svg+xml").sendFile("favicon.svg"),
  );
  app.get("/*", pageOpts, async (req, reply) => {
    const url = req.url.split("?")[0];
    // API paths, sign-in paths and missing build files are real 404s (a stale page then reloads).
    if (url.startsWith("/api/") || url.startsWith("/oidc/") || url.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(url))
      return reply.status(404).send({ detail: MESSAGES.notFound });
    return page(req, reply);
  });
  app.get("/", pageOpts, page);
});
