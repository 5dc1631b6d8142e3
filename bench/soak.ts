/**
 * A bounded soak of the API on PostgreSQL: many connections of mixed reads and writes for a
 * minute, then a check that every acknowledged write is in the database.
 *
 *   npx tsx bench/soak.ts [--duration 60] [--connections 200] [--database-url URL] [--keep]
 *
 * Makes its own database (default portico_soak on 127.0.0.1:5432: dropped, created, migrated,
 * the demo portfolio seeded), starts the API on it as a child process (jobs running), and drives
 * it with autocannon: the front desk's shift log, package list and unit list, note creation and
 * package logging, each write with a unique text. Prints requests, requests/s, p50/p95/p99,
 * errors and the writes checked; exits 1 on any error (a non-2xx answer, a connection error or
 * timeout, or an acknowledged write missing). The database is dropped at the end unless --keep.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { seedDemo } from "../apps/api/src/db/seed/demo.ts";
import { loadCurrentUser } from "../apps/api/src/lib/current-user.ts";
import { signAccessToken } from "../apps/api/src/lib/signing-keys.ts";
import { apiProcessEnv, startApiProcess } from "../apps/api/src/test/api-process.ts";
import { argNumber, argString, dropDatabase, parseArgs, recreateDatabase, seconds } from "./lib/common.ts";

const args = parseArgs(process.argv.slice(2));
const url = argString(args, "database-url", "postgres://postgres@127.0.0.1:5432/portico_soak");
const duration = argNumber(args, "duration", 60);
const connections = argNumber(args, "connections", 200);
const port = argNumber(args, "port", 3210);
const keep = args.has("keep");

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0;
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

async function main(): Promise<number> {
  const started = Date.now();
  await recreateDatabase(url);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-soak-"));
  const env = apiProcessEnv({ url, port, dataDir, jobs: true });

  // The database, the front desk's token and what the writes refer to.
  const database = await openDatabase({ url });
  await database.migrate();
  await seedDemo(database.db, { fast: true });
  const user = await loadCurrentUser(database.db, { username: "frontdesk" });
  if (!user) throw new Error("no frontdesk account");
  const token = await signAccessToken(database.db, loadConfig(env), user.id, { expiresInSeconds: 3600 });
  const B = Number(
    (
      await database.query(
        `select ub.building_id as id from user_buildings ub join apartments a on a.building_id = ub.building_id
         where ub.user_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
        [user.id],
      )
    ).rows[0].id,
  );
  const occupancies = (
    await database.query(
      `select o.id from occupancies o join apartments a on a.id = o.apartment_id
       where a.building_id = $1 and o.is_active and o.lease_start_date <= current_date order by o.id limit 50`,
      [B],
    )
  ).rows.map((r) => Number(r.id));
  const packageType = Number((await database.query("select id from package_types order by id limit 1")).rows[0].id);
  await database.close();
  if (!occupancies.length) throw new Error(`no occupied unit in building ${B}`);

  const server = (await startApiProcess(env, base)).child;
  console.log(
    `Soak: API ready in ${seconds(Date.now() - started)}; ${connections} connections for ${duration} s on building #${B}.`,
  );

  const run = `soak ${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;
  let n = 0;
  const notes: string[] = [];
  const packages: string[] = [];
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  type Ctx = { text?: string };
  const api = (p: string) => `/api/v1${p}`;
  const read = (p: string): autocannon.Request => ({ method: "GET", path: api(p) });
  const write = (p: string, body: (text: string) => unknown, acked: string[]): autocannon.Request => ({
    method: "POST",
    path: api(p),
    setupRequest: (req: autocannon.Request, ctx: Ctx) => {
      ctx.text = `${run} ${++n}`;
      return { ...req, body: JSON.stringify(body(ctx.text)) };
    },
    onResponse: (status: number, resBody: string, ctx: Ctx) => {
      if (status >= 200 && status < 300) acked.push(ctx.text!);
      else if (unexpected.length < 5) unexpected.push(`${status} ${p}: ${resBody.slice(0, 200)}`);
    },
  });
  const requests: autocannon.Request[] = [
    read(`/shift-logs/notes/?building=${B}`),
    read(`/packages/list/?building=${B}`),
    write(`/shift-logs/notes/?building=${B}`, (text) => ({ body: text, building_id: B, no_apartment: true }), notes),
    read(`/core/buildings/${B}/unit-profiles/`),
    read(`/shift-logs/notes/?building=${B}&offset=30`),
    write(
      `/packages/bulk/?building=${B}`,
      (text) => [
        {
          occupancy: occupancies[n % occupancies.length],
          package_type: packageType,
          opening_comment: text,
          send_notification_occupants: [],
        },
      ],
      packages,
    ),
    read(`/packages/list/?building=${B}&offset=30`),
  ];

  let result: autocannon.Result;
  try {
    result = await new Promise<autocannon.Result>((resolve, reject) => {
      const inst = autocannon(
        {
          url: base,
          connections,
          duration,
          requests,
          timeout: 30,
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "accept-encoding": "gzip, deflate, br",
          },
        },
        (err: Error | null, res: autocannon.Result) => (err ? reject(err) : resolve(res)),
      );
      inst.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
        latencies.push(time);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
  } catch (err) {
    server.kill("SIGTERM");
    throw err;
  }

  const alive = server.exitCode === null;
  // Every acknowledged write is in the database.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const present = async (sql: string, texts: string[]) => {
    const found = new Set((await c.query<{ t: string }>(sql, [`${run} %`])).rows.map((r) => r.t));
    return texts.filter((t) => !found.has(t));
  };
  const missingNotes = await present("select body as t from shift_log_notes where body like $1", notes);
  const missingPackages = await present(
    "select opening_comment as t from packages where opening_comment like $1",
    packages,
  );
  await c.end();

  // Requests autocannon gave up on at the end finish before the server stops.
  await new Promise((r) => setTimeout(r, 2000));
  server.kill("SIGTERM");
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
  fs.rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const non2xx = [...statuses].filter(([s]) => s < 200 || s >= 300).reduce((a, [, k]) => a + k, 0);
  const socketErrors = result.errors + result.timeouts;
  const errors = non2xx + socketErrors + missingNotes.length + missingPackages.length + (alive ? 0 : 1);
  console.log(
    [
      `requests   ${latencies.length} (${(latencies.length / duration).toFixed(0)} req/s)`,
      `latency    p50 ${ms(pct(latencies, 50))} ms, p95 ${ms(pct(latencies, 95))} ms, p99 ${ms(pct(latencies, 99))} ms, max ${ms(latencies.at(-1) ?? 0)} ms`,
      `statuses   ${[...statuses].map(([s, k]) => `${s}: ${k}`).join(", ")}`,
      `errors     ${errors} (non-2xx ${non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts}, ` +
        `writes missing ${missingNotes.length + missingPackages.length}${alive ? "" : ", the API exited"})`,
      `writes     ${notes.length} notes and ${packages.length} packages acknowledged and looked up in the database`,
    ].join("\n"),
  );
  for (const u of unexpected) console.log(`  ${u}`);
  if (missingNotes.length) console.log(`  missing notes: ${missingNotes.slice(0, 5).join(", ")}`);
  if (missingPackages.length) console.log(`  missing packages: ${missingPackages.slice(0, 5).join(", ")}`);
  return errors === 0 && notes.length > 0 && packages.length > 0 ? 0 : 1;
}

main().then(
  async (code) => {
    if (!keep) await dropDatabase(url);
    process.exit(code);
  },
  async (err: unknown) => {
    console.error(err);
    if (!keep) await dropDatabase(url).catch(() => undefined);
    process.exit(1);
  },
);
