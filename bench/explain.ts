/**
 * Where the time of one API call goes: runs the call in-process against the bench database,
 * lists every SQL statement it sent with its duration, and prints EXPLAIN (ANALYZE, BUFFERS) of
 * the slow ones.
 *
 *   npx tsx bench/explain.ts [--as bench.office] [--min-ms 2] [--repeat 3] [--cold] [--database-url URL] "/api/v1/…"
 *
 * The last of `--repeat` runs is shown: the API's caches (signed-in user, building, whole-building
 * views) are warm then; `--cold` empties them before every run (the first call after a change).
 */
import pg from "pg";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import type {} from "../apps/api/src/lib/change-feed.ts"; // app.changes
import { signAccessToken } from "../apps/api/src/lib/signing-keys.ts";
import { argNumber, argString, DEFAULT_DATABASE_URL, parseArgs } from "./lib/common.ts";

interface Captured {
  text: string;
  values: unknown[];
  ms: number;
}

const argv = process.argv.slice(2);
const args = parseArgs(argv);
const SWITCHES = new Set(["--cold"]);
const target = argv.filter(
  (a, i) =>
    !a.startsWith("--") &&
    !(i > 0 && argv[i - 1].startsWith("--") && !argv[i - 1].includes("=") && !SWITCHES.has(argv[i - 1])),
);
const url = argString(args, "database-url", process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL);
const username = argString(args, "as", "bench.frontdesk");
const minMs = argNumber(args, "min-ms", 2);
const repeat = argNumber(args, "repeat", 3);
const cold = args.has("cold");

const captured: Captured[] = [];
let capturing = false;
type QueryFn = (...a: unknown[]) => unknown;
const original = pg.Pool.prototype.query as unknown as QueryFn;
(pg.Pool.prototype as unknown as { query: QueryFn }).query = function (this: pg.Pool, ...a: unknown[]) {
  const q = a[0] as string | { text: string; values?: unknown[] };
  const text = typeof q === "string" ? q : q.text;
  const values = ((typeof q === "string" ? undefined : q.values) ?? a[1]) as unknown[] | undefined;
  const t = performance.now();
  const p = original.apply(this, a) as Promise<unknown> | undefined;
  if (capturing && p && typeof p.then === "function")
    p.then(
      () => captured.push({ text, values: values ?? [], ms: performance.now() - t }),
      () => undefined,
    );
  return p;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (!target.length) throw new Error('usage: npx tsx bench/explain.ts [--as USER] "/api/v1/…"');
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    RUN_JOBS: "0",
  } as NodeJS.ProcessEnv);
  const database = await openDatabase({ url });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const user = await database.query("select id from users where lower(username) = lower($1)", [username]);
  if (!user.rows.length) throw new Error(`no user ${username}`);
  const token = await signAccessToken(database.db, config, Number(user.rows[0].id));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const path of target) {
    let total = 0;
    let status = 0;
    let bytes = 0;
    const totals: number[] = [];
    const sqls: number[] = [];
    for (let i = 0; i < repeat; i++) {
      if (cold) app.changes.reset();
      captured.length = 0;
      capturing = true;
      const t = performance.now();
      const res = await app.inject({ method: "GET", url: path, headers: { authorization: `Bearer ${token}` } });
      total = performance.now() - t;
      capturing = false;
      status = res.statusCode;
      bytes = res.rawPayload.length;
      totals.push(total);
      sqls.push(captured.reduce((s, c) => s + c.ms, 0));
    }
    await new Promise((r) => setTimeout(r, 20));
    const sql = captured.reduce((s, c) => s + c.ms, 0);
    console.log(
      `\n### GET ${path} → ${status}, ${bytes} bytes, ${total.toFixed(1)} ms (SQL ${sql.toFixed(1)} ms in ${captured.length} statements; run ${repeat} of ${repeat})`,
    );
    // One run on a busy machine says little: the median of all.
    console.log(`#   median of ${repeat} runs: ${median(totals).toFixed(1)} ms (SQL ${median(sqls).toFixed(1)} ms)`);
    for (const c of captured) {
      console.log(
        `\n-- ${c.ms.toFixed(1)} ms: ${c.text.replace(/\s+/g, " ").slice(0, 300)}${c.text.length > 300 ? " …" : ""}`,
      );
      if (c.values.length) console.log(`-- values: ${JSON.stringify(c.values).slice(0, 300)}`);
      if (c.ms >= minMs && /^\s*(select|with)/i.test(c.text)) {
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${c.text}`, c.values);
        console.log(plan.rows.map((r) => `   ${r["QUERY PLAN"]}`).join("\n"));
      }
    }
  }
  await client.end();
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
