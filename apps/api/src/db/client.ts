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

export type Schema = typeof schema;
/** One Drizzle type for both engines (PGlite and node-postgres share the pg-core API). */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

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
  /** Present for PGlite only. */
  pglite?: PGlite;
  pool?: pg.Pool;
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
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_SIZE ?? 20) });
    // An idle client's connection dropped by the server must not take the process down.
    pool.on("error", (err) => console.error("database connection error", err.message));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      pool,
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
    migrate: async () => {
      await migratePglite(drizzlePglite(lite, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      if (!lite.closed) await lite.close();
    },
  };
}
