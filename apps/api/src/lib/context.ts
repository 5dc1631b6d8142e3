import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { ChangeFeed } from "./change-feed.ts";
import type { CurrentUser } from "./current-user.ts";
import { type FileStore, fileStoreFor } from "./files.ts";
import type { JobQueue } from "./jobs.ts";

/**
 * What every service function takes first: the app's dependencies and who acts. Routes build
 * it with `contextOf(req)`, jobs with `systemContext(app)`; tests may build their own. It is
 * also what lib/mail.ts, lib/files.ts and lib/notifications.ts take (their deps are subsets).
 */
export interface ServiceContext {
  db: Db;
  config: Config;
  /** The change feed: `changes.touch(topic)` after a write, `changes.cache(...)` for reads. */
  changes: ChangeFeed;
  /** The job queue (mail delivery, reminders); null where the app runs without one. */
  jobs: JobQueue | null;
  /** Where uploaded files go. */
  fileStore: FileStore;
  log: FastifyBaseLogger;
  /** Now; tests may fix it. */
  clock: () => Date;
  /** The acting user (null: not signed in, or the system). */
  user: CurrentUser | null;
  /** The call's path and query (the links of paginated answers are built on it). */
  url: string;
}

const appDeps = (app: FastifyInstance, log: FastifyBaseLogger) => ({
  db: app.db,
  config: app.config,
  changes: app.changes,
  jobs: app.hasDecorator("jobs") ? app.jobs : null,
  fileStore: fileStoreFor(app.config),
  log,
  clock: () => new Date(),
});

const contexts = new WeakMap<FastifyRequest, ServiceContext>();

/** The context of a call: the app's dependencies, the signed-in user and the request's URL. */
export function contextOf(req: FastifyRequest): ServiceContext {
  let ctx = contexts.get(req);
  if (!ctx || ctx.user !== req.user) {
    ctx = { ...appDeps(req.server, req.log), user: req.user, url: req.url };
    contexts.set(req, ctx);
  }
  return ctx;
}

/** The context of work no user asked for (jobs, start-up). */
export const systemContext = (app: FastifyInstance): ServiceContext => ({
  ...appDeps(app, app.log),
  user: null,
  url: "/",
});
