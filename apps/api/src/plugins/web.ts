import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@portico/contract";

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

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
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "no-cache");
    },
  });
  app.get("/*", { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split("?")[0];
    // API paths, sign-in paths and missing build files are real 404s (a stale page then reloads).
    if (url.startsWith("/api/") || url.startsWith("/oidc/") || url.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(url))
      return reply.status(404).send({ detail: MESSAGES.notFound });
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
  app.get("/", { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html"),
  );
});
