import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { CONNECTION_LIFETIME_S, PreparingClient } from "./prepared.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";

export type Schema = typeof schema;
/** One Drizzle type for both engines (PGlite and node-postgres share the pg-core API). */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Beside this module in the sources; beside dist/main.js in the built server (copied by scripts/build-api.mjs). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw query for the few places that need it (job queue, health check). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs a multi-statement script without parameters. */
  exec: (text: string) => Promise<void>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Subscribes to a NOTIFY channel (see lib/change-feed.ts). `onState(true)` once LISTEN is in
   * place, `onState(false)` whenever it is not (PostgreSQL: the dedicated connection dropped; it
   * reconnects with backoff and reports `true` again). Resolves after the first attempt.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean, err?: Error) => void,
  ) => Promise<Listener>;
  /** Present for PGlite only. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

/** The channel of the change feed (lib/change-feed.ts; the triggers of migration 0006). */
export const CHANGE_CHANNEL = "portico_changes";

export interface Listener {
  close: () => Promise<void>;
}

/** How long opening a connection may take (a database that does not answer at all). */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a request waits for a connection of the pool, its turn in the queue included: then it
 * fails (503) rather than hang. Long enough that a burst of load only queues.
 */
export const POOL_WAIT_TIMEOUT_MS = 30_000;

const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 5_000;
const LISTEN_PING_MS = 15_000;

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "portico-change-feed";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * PostgreSQL LISTEN on a dedicated connection (a pooled one would be handed to other work),
 * reconnecting with backoff. A connection found dead (error, end, or a ping not answered) reports
 * `onState(false)` at once, so nothing is trusted while notifications may be missed.
 */
async function listenPg(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean, err?: Error) => void,
): Promise<Listener> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MIN_MS;

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };
  const lost = (client: pg.Client, err?: Error) => {
    if (current !== client) return;
    current = null;
    if (ping) clearInterval(ping);
    ping = null;
    onState(false, err);
    client.end().catch(() => undefined);
    schedule();
  };
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let dead: Error | null = null;
    client.on("error", (err) => {
      dead ??= err;
      lost(client, err);
    });
    client.on("end", () => {
      dead ??= new Error("connection ended");
      lost(client, dead);
    });
    client.on("notification", (m) => {
      if (m.channel === channel && m.payload !== undefined) onNotify(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      if (dead) throw dead;
    } catch (err) {
      client.end().catch(() => undefined);
      if (!closed) onState(false, err as Error);
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MIN_MS;
    onState(true);
    // A connection cut without a FIN (network partition) is noticed by the ping.
    ping = setInterval(() => {
      let answered = false;
      const timer = setTimeout(() => {
        if (!answered) lost(client, new Error("listener ping timed out"));
      }, LISTEN_PING_MS);
      timer.unref();
      client.query("select 1").then(
        () => {
          answered = true;
          clearTimeout(timer);
        },
        (err: Error) => {
          answered = true;
          clearTimeout(timer);
          lost(client, err);
        },
      );
    }, LISTEN_PING_MS);
    ping.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      const client = current;
      current = null;
      if (client) await client.end().catch(() => undefined);
    },
  };
}

let lastReport = 0;
let unreported = 0;
/** A lost connection, logged at most once a second (an outage cuts every connection at once). */
function reportConnectionError(err: Error): void {
  const now = Date.now();
  if (now - lastReport < 1000) {
    unreported++;
    return;
  }
  const more = unreported ? ` (and ${unreported} more)` : "";
  lastReport = now;
  unreported = 0;
  console.error(`database connection error: ${err.message}${more}`);
}

type PoolClient = pg.PoolClient & { broken?: boolean };
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that never takes back a client whose connection is lost: its release counts as a
 * release with an error (the pool ends it), whoever releases it (Drizzle's transactions release
 * without one).
 */
class SafePool extends pg.Pool {
  private guard(client: PoolClient): (release?: unknown) => void {
    const release = client.release.bind(client);
    const guarded = (err?: unknown) =>
      release(
        (err as Error | boolean | undefined) ||
          (client.broken ? new Error("Connection terminated unexpectedly") : undefined),
      );
    client.release = guarded;
    return guarded;
  }
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(cb?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (cb) {
      super.connect((err, client, done) => {
        if (err || !client) cb(err, client, done);
        else cb(undefined, client, this.guard(client));
      });
      return;
    }
    return super.connect().then((client) => {
      this.guard(client);
      return client;
    });
  }
}

// Dates (`date` columns) come back as 'YYYY-MM-DD' strings, instants as Date objects.
pg.types.setTypeParser(1082, (v: string) => v);

/**
 * PGlite with the same type parsing as node-postgres (dates stay 'YYYY-MM-DD' strings) and the
 * extensions the migrations create (pg_trgm: the "contains" searches over names and comments;
 * btree_gin: trigram indexes that lead with the building).
 */
export function createPglite(dataDir?: string, options: { loadDataDir?: Blob | File } = {}): PGlite {
  const opts = { parsers: { 1082: (v: string) => v }, extensions: { pg_trgm, btree_gin }, ...options };
  // PGlite ignores the options (loadDataDir among them) when the data dir argument is undefined.
  return dataDir ? new PGlite(dataDir, opts) : new PGlite(opts);
}

export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.url) {
    // The pooled connections LISTEN on the change channel as they connect: a session receives
    // its own notifications before its statement (or COMMIT) returns, so a write made through
    // this instance reaches its caches before the write returns.
    const subscribers = new Set<(payload: string) => void>();
    // DB_PREPARE=0 behind a pooler that cannot keep prepared statements (PgBouncer in
    // transaction mode before 1.21).
    const prepare = process.env.DB_PREPARE !== "0";
    const Base: typeof pg.Client = prepare ? PreparingClient : pg.Client;
    class ListeningClient extends Base {
      /** The connection is lost or going (see SafePool: such a client never returns to the pool). */
      broken = false;
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        this.on("notification", (m) => {
          if (m.channel === CHANGE_CHANNEL) for (const cb of subscribers) cb(m.payload ?? "");
        });
        // Always a listener: pg-pool listens for errors only while the client is idle, and an
        // 'error' event without a listener would end the process (a connection cut while its
        // client is checked out, between two statements of a transaction, or while it LISTENs).
        this.on("error", (err) => {
          this.broken = true;
          reportConnectionError(err);
        });
        this.on("end", () => {
          this.broken = true;
        });
        // Registered before the client's own handler: a backend that gives up (FATAL, e.g.
        // terminated or shutting down) marks the client before its statement's caller hears of it.
        const connection = (this as unknown as { connection: { on: (e: string, l: (m: unknown) => void) => void } })
          .connection;
        connection.on("errorMessage", (msg) => {
          if (isDatabaseUnavailable(msg)) this.broken = true;
        });
      }
      override connect(): Promise<pg.Client>;
      override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
      override connect(cb?: unknown): Promise<pg.Client> | void {
        const callback = cb as ((err: Error | null, c: pg.Client) => void) | undefined;
        // A failed LISTEN only costs the immediacy of this connection's own writes; a connection
        // lost meanwhile fails the connect (the pool then drops it).
        const ready = super
          .connect()
          .then(() =>
            this.query(`LISTEN ${quoteIdent(CHANGE_CHANNEL)}`).catch((err: Error) => {
              if (this.broken || isDatabaseUnavailable(err)) throw err;
            }),
          )
          .then(() => {
            if (this.broken) throw new Error("Connection terminated unexpectedly");
            return this as pg.Client;
          })
          .catch((err: Error) => {
            this.broken = true;
            this.end().catch(() => undefined);
            // node-postgres's own connect timeout says only "timeout expired".
            if (err.message === "timeout expired")
              throw new Error("Connection terminated due to connection timeout", { cause: err });
            throw err;
          });
        if (!callback) return ready;
        ready.then(
          (c) => callback(null, c),
          (err: Error) => callback(err, this),
        );
      }
    }
    const pool = new SafePool({
      connectionString: opts.url,
      max: Number(process.env.DB_POOL_SIZE ?? 20),
      connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
      Client: ListeningClient as unknown as typeof pg.Client,
      ...(prepare ? { maxLifetimeSeconds: CONNECTION_LIFETIME_S } : {}),
    });
    // An idle client's connection dropped by the server must not take the process down.
    pool.on("error", reportConnectionError);
    const db = drizzlePg(pool, { schema });
    const url = opts.url;
    return {
      db,
      kind: "postgres",
      pool,
      listen: async (channel, onNotify, onState) => {
        const pooled = channel === CHANGE_CHANNEL;
        if (pooled) subscribers.add(onNotify);
        const dedicated = await listenPg(url, channel, onNotify, onState);
        return {
          close: async () => {
            if (pooled) subscribers.delete(onNotify);
            await dedicated.close();
          },
        };
      },
      query: async (text, params) => pool.query(text, params as unknown[]),
      exec: async (text) => {
        await pool.query(text);
      },
      migrate: async () => {
        // Several instances may start at once: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock(727274)");
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query("SELECT pg_advisory_unlock(727274)").catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let pglite = opts.pglite;
  if (!pglite) {
    const dir = opts.dataDir ? path.join(opts.dataDir, "db") : undefined;
    if (dir) fs.mkdirSync(dir, { recursive: true });
    pglite = createPglite(dir);
  }
  await pglite.waitReady;
  const lite = pglite;
  const db = drizzlePglite(lite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: lite,
    query: async (text, params) => {
      const r = await lite.query(text, params as unknown[]);
      return { rows: r.rows as Record<string, unknown>[] };
    },
    exec: async (text) => {
      await lite.exec(text);
    },
    listen: async (channel, onNotify, onState) => {
      // In process: a notification is delivered when its transaction commits, before the
      // statement returns.
      const unlisten = await lite.listen(channel, onNotify);
      onState(true);
      return {
        close: async () => {
          if (!lite.closed) await unlisten();
        },
      };
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(lite, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      if (!lite.closed) await lite.close();
    },
  };
}
