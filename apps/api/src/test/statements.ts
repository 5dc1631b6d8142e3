import type pg from "pg";
import type { Database } from "../db/client.ts";

/**
 * Counts the SQL statements an instance sends to its database while `run` runs: each one is a
 * round trip that waits for the database (under load, a write's time is mostly these waits).
 * PGlite: each Parse (extended protocol: a statement with parameters) or Query (simple
 * protocol: BEGIN, COMMIT, statements without parameters) message. PostgreSQL: each query the
 * pool's connections run, but the `SET plan_cache_mode` a prepared statement may bring along
 * (db/prepared.ts: sent in the same write, no round trip of its own).
 */
export async function statementsOf<T>(
  database: Database,
  run: () => Promise<T>,
): Promise<{ result: T; texts: string[] }> {
  const texts: string[] = [];
  const stop = database.pglite ? watchPglite(database, texts) : watchPool(database.pool!, texts);
  try {
    const result = await run();
    return { result, texts };
  } finally {
    stop();
  }
}

function watchPglite(database: Database, texts: string[]): () => void {
  const lite = database.pglite! as unknown as {
    execProtocolStream: (message: Uint8Array, opts?: unknown) => Promise<unknown>;
  };
  const own = Object.prototype.hasOwnProperty.call(lite, "execProtocolStream");
  const original = lite.execProtocolStream;
  lite.execProtocolStream = function (this: unknown, message: Uint8Array, opts?: unknown) {
    const kind = String.fromCharCode(message[0]);
    if (kind === "P" || kind === "Q") texts.push(statementText(message, kind));
    return original.call(this, message, opts);
  };
  return () => {
    if (own) lite.execProtocolStream = original;
    else delete (lite as { execProtocolStream?: unknown }).execProtocolStream;
  };
}

/** The statement of a Parse (name, then text) or Query (text) message. */
function statementText(message: Uint8Array, kind: "P" | "Q"): string {
  let at = 5;
  if (kind === "P") at = message.indexOf(0, at) + 1;
  const end = message.indexOf(0, at);
  return Buffer.from(message.subarray(at, end < 0 ? undefined : end)).toString("utf8");
}

function watchPool(pool: pg.Pool, texts: string[]): () => void {
  type Query = (...args: unknown[]) => unknown;
  const wrapped = new Map<pg.PoolClient, Query>();
  const watch = (client: pg.PoolClient | undefined) => {
    if (!client || wrapped.has(client)) return;
    const original = client.query as unknown as Query;
    wrapped.set(client, original);
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === "string" ? first : (first?.text ?? "");
      if (!/^\s*SET plan_cache_mode/i.test(text)) texts.push(text);
      return original.apply(this, args);
    } as unknown as pg.PoolClient["query"];
  };
  const own = Object.prototype.hasOwnProperty.call(pool, "connect");
  const connect = pool.connect;
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => void;
  pool.connect = function (this: pg.Pool, cb?: Callback) {
    if (cb)
      return connect.call(this, (err: Error | undefined, client: pg.PoolClient | undefined, done: unknown) => {
        watch(client);
        cb(err, client, done);
      });
    return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => {
      watch(client);
      return client;
    });
  } as pg.Pool["connect"];
  return () => {
    if (own) pool.connect = connect;
    else delete (pool as { connect?: unknown }).connect;
    for (const [client, original] of wrapped) client.query = original as unknown as pg.PoolClient["query"];
  };
}
