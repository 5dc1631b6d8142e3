import crypto from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGES, UPLOAD_LIMIT_BYTES } from "@portico/contract";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import errors from "./plugins/errors.ts";
import inputGuard from "./plugins/input-guard.ts";
import openapi from "./plugins/openapi.ts";
import auth from "./plugins/auth.ts";
import authorize from "./plugins/authorize.ts";
import identityProvider from "./plugins/identity-provider.ts";
import web from "./plugins/web.ts";
import securityHeaders from "./plugins/security-headers.ts";
import jobs from "./lib/jobs.ts";
import mail from "./lib/mail.ts";
import files from "./lib/files.ts";
import changeFeed from "./lib/change-feed.ts";
import { leanSerializerCompiler } from "./lib/serializer.ts";
import { modules } from "./modules/index.ts";

/** /readyz answers within this, database or not. */
const READY_TIMEOUT_MS = 2_000;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
}

/** The whole application; main.ts listens with it, tests call it through app.inject(). */
export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: (req) => (req.headers["x-request-id"] as string) || crypto.randomUUID(),
    requestIdHeader: "x-request-id",
    trustProxy: config.trustProxy,
    bodyLimit: UPLOAD_LIMIT_BYTES + 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // A path that is not valid percent-encoded UTF-8 names no resource.
    frameworkErrors: (err, _req, reply) => {
      const r = reply as unknown as FastifyReply;
      r.serializer(JSON.stringify);
      return err.code === "FST_ERR_BAD_URL"
        ? r.status(404).send({ detail: MESSAGES.notFound })
        : r.status(400).send({ non_field_errors: [err.message] });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Bodies written by compiled schemas (lib/serializer.ts); the tests compare them with zod's.
  app.setSerializerCompiler(leanSerializerCompiler({ check: config.env === "test" }));
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorateRequest("user", null);
  app.decorate("routePermissions", new Map());
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(inputGuard);
  // First: its caches serve the sign-in and building checks of every call.
  await app.register(changeFeed);
  await app.register(openapi);
  await app.register(jobs);
  await app.register(mail);

  app.get("/healthz", { config: { public: true }, schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    // Bounded: while the database is unreachable a connection attempt may hang until its timeout.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.query("select 1"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("readiness check timed out")), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: "ready" };
    } catch {
      return reply.status(503).send({ status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  });

  if (config.oidc.builtIn) await app.register(identityProvider, { prefix: "/oidc" });

  await app.register(
    async (api) => {
      await api.register(auth);
      await api.register(authorize);
      await api.register(files);
      for (const m of modules) await api.register(m);
    },
    { prefix: "/api/v1" },
  );

  await app.register(web);
  return app;
}
