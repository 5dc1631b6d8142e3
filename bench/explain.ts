/**
 * Where the time of one API call goes: runs the call in-process against the bench database,
 * lists every SQL statement it sent with its duration, and prints EXPLAIN (ANALYZE, BUFFERS) of
 * the slow ones.
 *
 *   npx tsx bench/explain.ts [--as bench.office] [--min-ms 2] [--repeat 3] [--cold] [--plans] [--database-url URL] "/api/v1/…"
 *
 * --plans: each statement with parameters is also run as a named prepared statement, 12 times
 * under each `plan_cache_mode` (auto, force_generic_plan, force_custom_plan): how often `auto`
 * chose the generic plan, and the median time of an execution (planning included) in each mode.
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
const SWITCHES = new Set(["--cold", "--plans"]);
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
const plans = args.has("plans");
const PLAN_RUNS = 12;
let prepared = 0;

/** A statement run as a named prepared statement under each plan_cache_mode (see --plans). */
async function comparePlans(client: pg.Client, text: string, values: unknown[]): Promise<string> {
  const out: string[] = [];
  for (const mode of ["auto", "force_generic_plan", "force_custom_plan"]) {
    await client.query(`SET plan_cache_mode = ${mode}`);
    // node-postgres remembers the names it prepared: a new one each time.
    const name = `plans_${++prepared}`;
    const times: number[] = [];
    for (let i = 0; i < PLAN_RUNS; i++) {
      const t = performance.now();
      await client.query({ name, text, values });
      times.push(performance.now() - t);
    }
    const ps = await client.query<{ generic_plans: string; custom_plans: string }>(
      "select generic_plans, custom_plans from pg_prepared_statements where name = $1",
      [name],
    );
    const g = ps.rows[0];
    // The first executions plan and warm up whatever mode: the median of the later ones.
    // Planning and execution of one more run, as EXPLAIN ANALYZE EXECUTE reports them.
    await client.query(`PREPARE plans_sql AS ${text}`);
    const args = values.map((v) => client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)));
    for (let i = 0; i < 6; i++) await client.query(`EXECUTE plans_sql(${args.join(", ")})`);
    const explained = (
      await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, SUMMARY) EXECUTE plans_sql(${args.join(", ")})`)
    ).rows.map((r) => r["QUERY PLAN"]);
    const timing = explained
      .filter((l) => /^(Planning|Execution) Time/.test(l))
      .map((l) => l.replace(/ Time: /, " ").replace(/ ms$/, ""));
    await client.query("DEALLOCATE plans_sql");
    out.push(
      `${mode} ${median(times.slice(6)).toFixed(2)} ms [${timing.join(", ")}]` +
        (mode === "auto" && g ? ` (generic ${g.generic_plans}, custom ${g.custom_plans} of ${PLAN_RUNS})` : ""),
    );
    if (mode === "force_generic_plan" && process.env.SHOW_GENERIC)
      console.log(explained.map((l) => `   ${l}`).join("\n"));
  }
  await client.query("RESET plan_cache_mode");
  return out.join(" · ");
}

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
      if (plans && c.values.length && /^\s*(select|with)/i.test(c.text))
        console.log(`-- plans: ${await comparePlans(client, c.text, c.values)}`);
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
