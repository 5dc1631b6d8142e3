import fs from "node:fs";
import crypto from "node:crypto";
import pg from "pg";
import { expect, inject } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createPglite, type Database, openDatabase } from "../db/client.ts";
import { loadCurrentUser } from "../lib/current-user.ts";
import { signAccessToken } from "../lib/signing-keys.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database["db"];
  config: Config;
  /** A valid access token for a demo (or any) user, by username. */
  token: (username: string) => Promise<string>;
  /** app.inject as that user: `await t.as("frontdesk").get("/api/v1/me/")`. */
  as: (username: string | null) => Requester;
  close: () => Promise<void>;
}

export interface Requester {
  get: (url: string, opts?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
  delete: (url: string, opts?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown, opts?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload?: unknown, opts?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: unknown, opts?: Partial<InjectOptions>) => Promise<LightMyRequestResponse>;
}

/** A fresh database holding the demo portfolio, for this test file alone. */
export async function freshDatabase(): Promise<Database> {
  if (inject("dbKind") === "postgres") {
    const tpl = inject("pgTemplateDb");
    const name = `${tpl}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`);
    await admin.end();
    const url = new URL(inject("pgAdminUrl"));
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: inject("pgAdminUrl") });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return database;
  }
  const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return openDatabase({ pglite: createPglite(undefined, { loadDataDir: blob }) });
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" } as NodeJS.ProcessEnv, {
    publicUrl: "http://localhost:3000",
    runJobs: false,
    ...overrides,
  });
  return appOn(database, config);
}

/**
 * Another API instance on the same database as `t` (on PostgreSQL its own pool and listener), as
 * behind a load balancer, with these settings changed. Closing it leaves the database to `t`.
 */
export async function secondInstance(t: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = { ...t.config, ...overrides };
  if (!t.database.pool) {
    // PGlite: the same in-process database (its notifications reach every listener on it), through
    // an instance's own client object, as a second process would have (lists find their
    // instance's caches through it: lib/count-cache.ts). Closing it leaves the database open.
    const own: Database = { ...(await openDatabase({ pglite: t.database.pglite })), close: async () => undefined };
    const other = await appOn(own, config);
    return { ...other, close: () => other.app.close() };
  }
  const database = await openDatabase({ url: t.database.pool.options.connectionString });
  return appOn(database, config);
}

/**
 * app.inject for any route, event streams too (GET /live/): a stream's answer is its status and
 * headers, the stream itself is closed at once (a plain inject would wait for its end forever).
 */
export async function injectAny(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const abort = new AbortController();
  const res = await app.inject({ ...opts, payloadAsStream: true, signal: abort.signal });
  const stream = res.stream();
  if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    stream.on("error", () => undefined);
    abort.abort();
    const empty = Buffer.alloc(0);
    return Object.assign(Object.create(res) as LightMyRequestResponse, {
      rawPayload: empty,
      payload: "",
      body: "",
      json: () => undefined,
    });
  }
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  const raw = Buffer.concat(chunks);
  const text = raw.toString();
  return Object.assign(Object.create(res) as LightMyRequestResponse, {
    rawPayload: raw,
    payload: text,
    body: text,
    json: () => JSON.parse(text),
  });
}

async function appOn(database: Database, config: Config): Promise<TestApp> {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const user = await loadCurrentUser(database.db, { username });
    if (!user) throw new Error(`no user ${username}`);
    const t = await signAccessToken(database.db, config, user.id);
    tokens.set(username, t);
    return t;
  };
  const as = (username: string | null): Requester => {
    const send = async (
      method: InjectOptions["method"],
      url: string,
      payload?: unknown,
      opts: Partial<InjectOptions> = {},
    ) => {
      const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
      if (username) headers.authorization = `Bearer ${await token(username)}`;
      return injectAny(app, {
        method,
        url,
        ...(payload !== undefined ? { payload: payload as InjectOptions["payload"] } : {}),
        ...opts,
        headers,
      });
    };
    return {
      get: (url, opts) => send("GET", url, undefined, opts),
      delete: (url, opts) => send("DELETE", url, undefined, opts),
      post: (url, payload, opts) => send("POST", url, payload ?? {}, opts),
      patch: (url, payload, opts) => send("PATCH", url, payload ?? {}, opts),
      put: (url, payload, opts) => send("PUT", url, payload ?? {}, opts),
    };
  };
  return {
    app,
    database,
    db: database.db,
    config,
    token,
    as,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Changes written straight to the database reach the caches as notifications within
 * milliseconds: the check is retried for up to a second before it is asserted.
 */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await check()).toBe(true);
}
