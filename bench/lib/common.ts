import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { Rng as SeedRng } from "../../apps/api/src/db/seed/history.ts";

/** The benchmark database unless --database-url says otherwise. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/portico_bench";

/** `--flag`, `--key value` and `--key=value` arguments. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) continue;
    const eq = a.indexOf("=");
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out.set(a.slice(2), argv[++i]);
    else out.set(a.slice(2), true);
  }
  return out;
}

export const argString = (args: Map<string, string | true>, key: string, fallback: string): string => {
  const v = args.get(key);
  return typeof v === "string" ? v : fallback;
};
export const argNumber = (args: Map<string, string | true>, key: string, fallback: number): number => {
  const v = args.get(key);
  const n = typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** The same server, database `postgres` (to create and drop the benchmark database). */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  return name;
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(adminUrl(url), (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(adminUrl(url), async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Deterministic random numbers (the demo seed's), with weighted draws

export class Rng extends SeedRng {
  /** An index drawn with the given cumulative weights (last = total). */
  weighted(cumulative: readonly number[]): number {
    const r = this.float() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

// ---------------------------------------------------------------------------------------------
// COPY … FROM STDIN in the text format

type Cell = string | number | boolean | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
/** One value in COPY text format: \N for null, backslash escapes for the four special characters. */
export function cell(v: Cell): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "t" : "f";
  return SPECIAL.test(v)
    ? v.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!)
    : v;
}

export const line = (values: Cell[]): string => values.map(cell).join("\t") + "\n";

/**
 * Streams rows into a table with COPY FROM STDIN. `rows` yields whole lines (see `line`);
 * they are batched into ~256 KB writes and the generator is paused while PostgreSQL catches up.
 */
export async function copyLines(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: Iterable<string>,
): Promise<number> {
  let count = 0;
  function* batches() {
    let buf: string[] = [];
    let size = 0;
    for (const r of rows) {
      buf.push(r);
      size += r.length;
      count++;
      if (size >= 256 * 1024) {
        yield buf.join("");
        buf = [];
        size = 0;
      }
    }
    if (buf.length) yield buf.join("");
  }
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  await pipeline(Readable.from(batches(), { objectMode: false }), stream);
  return count;
}

/** Milliseconds as '1.2 s' / '340 ms'. */
export const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
