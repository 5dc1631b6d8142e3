import { spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MESSAGES } from "@portico/contract";
import { loadConfig } from "../config.ts";
import net from "node:net";
import { CONNECT_TIMEOUT_MS, LISTENER_APPLICATION_NAME, openDatabase } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { loadCurrentUser } from "./current-user.ts";
import { signAccessToken } from "./signing-keys.ts";
import { createTestApp, freshDatabase } from "../test/app.ts";
import { apiProcessEnv, startApiProcess } from "../test/api-process.ts";
import { isDatabaseUnavailable } from "./db-errors.ts";
import { MAIL_SWEEP_JOB } from "./mail.ts";

/**
 * The API as a real process while PostgreSQL goes away under a write load: its connections
 * terminated (pg_terminate_backend), and, on a private cluster, the server restarted and stopped.
 * The process stays up, answers 503 while the database is unreachable, comes back by itself,
 * and loses no acknowledged write.
 */

const PG_BIN = "/usr/lib/postgresql/15/bin";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Api {
  child: ChildProcess;
  base: string;
  token: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Signs a front desk token on the database, then starts the API on it (jobs running). */
async function startApi(url: string, port: number): Promise<Api> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-outage-"));
  const env = apiProcessEnv({ url, port, dataDir, jobs: true });
  const database = await openDatabase({ url });
  const user = await loadCurrentUser(database.db, { username: "frontdesk" });
  if (!user) throw new Error("no frontdesk account");
  const token = await signAccessToken(database.db, loadConfig(env), user.id);
  await database.close();

  const { child, output } = await startApiProcess(env, base, { timeoutMs: 60_000, capture: true });
  return {
    child,
    base,
    token,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Outcome = { body: string; status: number } | { body: string; error: string };

async function postNote(api: Api, body: string): Promise<Outcome> {
  try {
    const r = await fetch(`${api.base}/api/v1/shift-logs/notes/`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
      body: JSON.stringify({ body, building_id: 1, no_apartment: true }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await r.text();
    if (r.status === 503) expect(JSON.parse(text)).toEqual({ detail: MESSAGES.databaseUnavailable });
    return { body, status: r.status };
  } catch (err) {
    return { body, error: (err as Error).message };
  }
}

/** `workers` loops posting notes with unique bodies until `done()` is called. */
function writeLoop(api: Api, workers: number) {
  const outcomes: Outcome[] = [];
  const run = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const o = await postNote(api, `outage ${run} ${w}-${i}`);
      outcomes.push(o);
      // Back off a little on a refusal, as a client would.
      if (!("status" in o) || o.status !== 201) await sleep(20);
    }
  });
  return {
    outcomes,
    prefix: `outage ${run} `,
    done: async () => {
      stopped = true;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

async function readyWithin(api: Api, ms: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const r = await fetch(`${api.base}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (r?.status === 200) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not ready after ${ms} ms:\n${api.output()}`);
    await sleep(100);
  }
}

/** What must hold after any outage: alive, ready again, writing, nothing acknowledged lost. */
async function checkRecovered(api: Api, url: string, outcomes: Outcome[], prefix: string) {
  expect(api.child.exitCode, api.output()).toBeNull();
  expect(await readyWithin(api, 5_000)).toBeLessThan(5_000);
  const after = await postNote(api, `${prefix}after`);
  expect(after).toEqual({ body: `${prefix}after`, status: 201 });

  const dropped = outcomes.filter((o) => "error" in o);
  expect(dropped, "requests without an HTTP answer").toEqual([]);
  const statuses = new Map<number, number>();
  for (const o of outcomes) if ("status" in o) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  const unexpected = [...statuses.keys()].filter((s) => s !== 201 && s !== 503);
  expect(unexpected, `statuses ${JSON.stringify([...statuses])}`).toEqual([]);
  const acked = outcomes.filter((o) => "status" in o && o.status === 201).map((o) => o.body);
  expect(acked.length).toBeGreaterThan(50);

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ body: string }>("select body from shift_log_notes where body like $1", [`${prefix}%`]);
    const stored = new Set(r.rows.map((x) => x.body));
    expect(acked.filter((b) => !stored.has(b))).toEqual([]);
    expect(stored.has(`${prefix}after`)).toBe(true);
  } finally {
    await c.end();
  }
  return statuses;
}

/** The job queue works again: a queued sweep is picked up and completed. */
async function jobCompletes(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      "insert into pgboss.job (name, data) values ($1, '{}') returning id",
      [MAIL_SWEEP_JOB],
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const s = await c.query<{ state: string }>("select state from pgboss.job where id = $1", [rows[0].id]);
      if (s.rows[0]?.state === "completed") return;
      if (Date.now() > deadline) throw new Error(`job still ${s.rows[0]?.state}`);
      await sleep(250);
    }
  } finally {
    await c.end();
  }
}

async function listenerBack(url: string, database: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await c.query("select 1 from pg_stat_activity where datname = $1 and application_name = $2", [
        database,
        LISTENER_APPLICATION_NAME,
      ]);
      if (r.rowCount) return;
      if (Date.now() > deadline) throw new Error("the change feed did not listen again");
      await sleep(100);
    }
  } finally {
    await c.end();
  }
}

describe("/readyz", () => {
  it("answers 503 within seconds when the database does not answer", async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject("/readyz")).statusCode).toBe(200);
      const query = t.database.query;
      t.database.query = () => new Promise(() => undefined);
      const t0 = Date.now();
      const r = await t.app.inject("/readyz");
      t.database.query = query;
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: "unavailable" });
      expect(Date.now() - t0).toBeLessThan(3_000);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.DB_KIND === "postgres")("a database outage", () => {
  it("a database that accepts connections and never answers: a query fails within the connect timeout", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(3245, "127.0.0.1", r));
    const database = await openDatabase({ url: "postgres://postgres@127.0.0.1:3245/portico" });
    try {
      const t0 = Date.now();
      const err = await database.query("select 1").then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
      expect(Date.now() - t0).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    } finally {
      await database.close().catch(() => undefined);
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it("a checked-out connection cut between two statements is reported and never returns to the pool", async () => {
    const database = await freshDatabase();
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    try {
      const pool = database.pool!;
      const client = await pool.connect();
      await client.query("begin");
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
      const deadline = Date.now() + 5_000;
      while (!(client as { broken?: boolean }).broken) {
        if (Date.now() > deadline) throw new Error("the client never noticed");
        await sleep(10);
      }
      const err = await client.query("select 1").then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      client.release();
      expect(pool.totalCount).toBe(0);
      expect(pool.idleCount).toBe(0);
      expect((await database.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  describe("the API's connections terminated under load", () => {
    let api: Api;
    let url: string;
    let name: string;
    let admin: pg.Client;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
      await admin.connect();
      name = `${inject("pgTemplateDb")}_${crypto.randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplateDb")}`);
      const u = new URL(inject("pgAdminUrl"));
      u.pathname = `/${name}`;
      url = u.toString();
      api = await startApi(url, 3201);
    });
    afterAll(async () => {
      await api?.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it("stays up, answers 201 or 503, recovers and keeps every acknowledged write", async () => {
      await listenerBack(url, name);
      const loop = writeLoop(api, 16);
      const kinds = new Set<string>();
      // Irregular spacing: some rounds hit transactions between statements, some idle clients.
      for (const pause of [400, 150, 900, 60, 650, 300, 1200]) {
        await sleep(pause);
        const r = await admin.query<{ app: string }>(
          `select application_name as app, pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        for (const row of r.rows) kinds.add(row.app === LISTENER_APPLICATION_NAME ? "listener" : "pool");
      }
      await sleep(800);
      const outcomes = await loop.done();
      expect([...kinds].sort()).toEqual(["listener", "pool"]);
      await checkRecovered(api, url, outcomes, loop.prefix);
      await listenerBack(url, name);
      await jobCompletes(url);
    });
  });

  const initdb = path.join(PG_BIN, "initdb");
  describe.runIf(fs.existsSync(initdb))("a private PostgreSQL restarted and stopped under load", () => {
    const PG_PORT = 3240;
    let dir: string;
    let api: Api;
    const url = `postgres://postgres@127.0.0.1:${PG_PORT}/portico`;
    const asPostgres = (args: string[]) => {
      const r = spawnSync("runuser", ["-u", "postgres", "--", ...args], { encoding: "utf8", timeout: 60_000 });
      if (r.status !== 0) throw new Error(`${args.join(" ")}: ${r.stderr}${r.stdout}`);
    };
    const ctl = (...args: string[]) =>
      asPostgres([
        path.join(PG_BIN, "pg_ctl"),
        "-D",
        path.join(dir, "data"),
        "-w",
        "-l",
        path.join(dir, "log"),
        ...args,
      ]);
    const options = () => `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-pg-"));
      const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
      const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
      fs.chownSync(dir, uid, gid);
      asPostgres([initdb, "-D", path.join(dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync"]);
      ctl("-o", options(), "start");
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres` });
      await c.connect();
      await c.query("CREATE DATABASE portico");
      await c.end();
      const database = await openDatabase({ url });
      await database.migrate();
      await seedDemo(database.db, { fast: true });
      await database.close();
      api = await startApi(url, 3202);
    }, 80_000);
    afterAll(async () => {
      await api?.stop();
      if (dir) {
        try {
          ctl("-m", "immediate", "stop");
        } catch {
          // not running
        }
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("answers 503 while the server is down and recovers after fast and immediate restarts", async () => {
      const loop = writeLoop(api, 8);
      for (const [mode, pause] of [
        ["fast", 500],
        ["immediate", 1100],
        ["fast", 250],
        ["immediate", 700],
      ] as const) {
        await sleep(pause);
        ctl("-m", mode, "restart", "-o", options());
      }
      // Down for a while: every request is a prompt 503, readiness included.
      await sleep(400);
      ctl("-m", "fast", "stop");
      await sleep(300);
      const t0 = Date.now();
      const down = await postNote(api, `${loop.prefix}down`);
      const ready = await fetch(`${api.base}/readyz`, { signal: AbortSignal.timeout(10_000) });
      expect(down).toEqual({ body: `${loop.prefix}down`, status: 503 });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable" });
      expect(Date.now() - t0).toBeLessThan(8_000);
      await sleep(1000);
      ctl("start", "-o", options());
      await sleep(1000);
      const outcomes = await loop.done();
      const statuses = await checkRecovered(api, url, outcomes, loop.prefix);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      await listenerBack(url, "portico");
      await jobCompletes(url);
    });
  });
});
