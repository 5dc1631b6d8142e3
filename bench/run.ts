/**
 * Load benchmarks of the API on the generated portfolio (bench/generate.ts).
 *
 *   npx tsx bench/run.ts [--smoke] [--duration 10] [--warmup 3] [--connections 20] [--generators 2]
 *                        [--uncached 5] [--database-url URL] [--only REGEX] [--drop] [--out FILE] [--port P]
 *                        [--watchers 100] [--live-seconds S] [--live-rate 10]
 *
 * Starts the API as a child process on that database (whatever size bench/generate.ts made it),
 * signs access tokens for the bench front desk and office accounts, then drives every scenario
 * with autocannon from separate processes (lib/load.ts) while sampling the server's resident memory (VmRSS). Each
 * scenario then runs again against a second API process with its caches off (CACHES=0): what the
 * same load costs when every request reads the database (the first read after each change).
 * Prints one table (requests/s, p50, p95, p99, errors, one-connection p50, uncached requests/s and
 * p95, budget, result), writes it to
 * bench/last-results.md, and exits non-zero on any error (1) and, except with --smoke, on a
 * missed budget (2). --smoke: 1-second runs, never fails on timings, leaves last-results.md
 * alone, drops the database at the end (as --drop does).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { signAccessToken } from "../apps/api/src/lib/signing-keys.ts";
import { apiProcessEnv, startApiProcess } from "../apps/api/src/test/api-process.ts";
import {
  argNumber,
  argString,
  databaseName,
  DEFAULT_DATABASE_URL,
  dropDatabase,
  parseArgs,
  Rng,
  seconds,
} from "./lib/common.ts";
import { type Costs, measureCosts } from "./lib/costs.ts";
import { type LiveResult, probeLive, runWatchers } from "./lib/live.ts";
import { Generators, type LoadRequest } from "./lib/load.ts";
import { MIX, type MixBuilding, type MixPlan, noteWrite as liveNote, packageWrite as livePackage } from "./lib/mix.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

interface BudgetClass {
  label: string;
  p95_ms?: number;
  p99_ms?: number;
  min_rps?: number;
  /** Requests/s of the same load on the server without caches. */
  uncached_min_rps?: number;
  max_ms?: number;
  max_memory_growth_mb?: number;
}
interface Budgets {
  conditions: string;
  max_errors: number;
  classes: Record<string, BudgetClass>;
}

type Who = "fd" | "of";
/** A request of a scenario (GET unless said). */
type Step = Omit<LoadRequest, "method"> & { method?: LoadRequest["method"] };
interface Scenario {
  name: string;
  cls: string;
  who: Who;
  steps: Step[];
  /** The front-desk mix (its requests come from the plan, not `steps`). */
  mix?: boolean;
}

interface Row {
  name: string;
  cls: string;
  rps: number | null;
  p50: number;
  p95: number;
  p99: number;
  /** p50 with a single connection. */
  alone?: number | null;
  /** The same load on the server without caches. */
  uncached?: { rps: number; p95: number; errors: number } | null;
  requests: number;
  errors: number;
  peakRssMb: number;
  /** CPU of the 20-connection run (and of the uncached one), ms in all. */
  costs?: Costs;
  uncachedCosts?: Costs & { requests: number };
  /** The scenario could not run (the endpoint is not there): no verdict. */
  unavailable?: boolean;
  /** The mix: latencies per kind of request. */
  kinds?: [string, { latencies: number[]; errors: number }][];
  note?: string;
  /** Requests outlasted the run: the latencies are lower bounds. */
  slow?: boolean;
  verdict: "pass" | "FAIL" | "—";
  budget: string;
  misses: string[];
}

const args = parseArgs(process.argv.slice(2));
const smoke = args.has("smoke");
const url = argString(args, "database-url", process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL);
const duration = argNumber(args, "duration", smoke ? 1 : 10);
const warmup = argNumber(args, "warmup", smoke ? 0 : Math.min(3, duration / 2));
const connections = argNumber(args, "connections", 20);
/** Load generator processes (autocannon in each; the connections split among them). */
const generatorCount = argNumber(args, "generators", 2);
let generators: Generators | null = null;
/** Packages the mix sent a close for: never offered again (a close may outlast its run). */
const closeSent = new Set<number>();
/** Seconds of each scenario on the server without caches (0: not measured). */
const uncachedSeconds = argNumber(args, "uncached", smoke ? 1 : Math.min(5, duration));
const only = typeof args.get("only") === "string" ? new RegExp(String(args.get("only")), "i") : null;
const outFile = argString(args, "out", path.join(here, "last-results.md"));
/** The live scenario: browsers watching, seconds of writes, writes per second. */
const liveWatchers = argNumber(args, "watchers", 100);
/** The live stream's limit per user (apps/api/src/modules/live/service.ts). */
const LIVE_STREAMS_PER_USER = 10;
const liveSeconds = argNumber(args, "live-seconds", smoke ? 2 : duration);
const liveRate = argNumber(args, "live-rate", 10);
const budgets = JSON.parse(fs.readFileSync(path.join(here, "budgets.json"), "utf8")) as Budgets;

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0;
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const lat = (r: { slow?: boolean }, v: number) => `${r.slow ? "≥ " : ""}${ms(v)}`;

// ---------------------------------------------------------------------------------------------
// The server and its memory

function rssMb(pid: number): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

class MemorySampler {
  peak = 0;
  window = 0;
  private timer: NodeJS.Timeout;
  constructor(private pid: number) {
    this.timer = setInterval(() => this.sample(), 50);
    this.timer.unref();
  }
  sample(): number {
    const v = rssMb(this.pid);
    if (v > this.peak) this.peak = v;
    if (v > this.window) this.window = v;
    return v;
  }
  startWindow(): number {
    this.window = 0;
    return this.sample();
  }
  stop() {
    clearInterval(this.timer);
  }
}

async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("no port"))));
    });
  });
}

/** The API as a child process (its output this process's), ready. */
const startServer = async (env: NodeJS.ProcessEnv, base: string) => (await startApiProcess(env, base)).child;

// ---------------------------------------------------------------------------------------------
// Load

interface Loaded {
  rps: number;
  latencies: number[];
  requests: number;
  errors: number;
  statuses: Map<number, number>;
  cpuMs: number;
  kinds?: [string, { latencies: number[]; errors: number }][];
}

async function load(
  base: string,
  token: string,
  steps: Step[],
  seconds: number,
  conns = connections,
  mix?: MixPlan,
): Promise<Loaded> {
  const requests = steps.map((s) => ({ ...s, method: s.method ?? "GET" }));
  const r = await generators!.drive({ base, token, requests, seconds, connections: conns, mix });
  for (const id of r.closing ?? []) closeSent.add(id);
  const latencies = r.latencies.sort((a, b) => a - b);
  const statuses = new Map(r.statuses);
  const non2xx = r.statuses.filter(([s]) => s < 200 || s >= 300).reduce((n, [, c]) => n + c, 0);
  return {
    rps: latencies.length / Math.max(seconds, 0.001),
    latencies,
    requests: latencies.length,
    errors: non2xx + r.failures,
    statuses,
    cpuMs: r.cpuMs,
    kinds: r.kinds?.map(([k, v]) => [k, { latencies: v.latencies.sort((a, b) => a - b), errors: v.errors }]),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const one = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0] as T;
  const all = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];

  const fd = await one<{ id: number } | undefined>("select id from users where username = 'bench.frontdesk'");
  const of = await one<{ id: number } | undefined>("select id from users where username = 'bench.office'");
  if (!fd || !of) throw new Error(`no bench accounts in ${url}: run bench/generate.ts first`);
  const largest = await one<{ id: number; units: number }>(
    `select a.building_id as id, count(*)::int as units from apartments a
     join user_buildings ub on ub.building_id = a.building_id and ub.user_id = $1
     group by a.building_id order by 2 desc, 1 limit 1`,
    [fd.id],
  );
  // The front desk's building closest to the portfolio's median size.
  const median = await one<{ id: number; units: number }>(
    `with sizes as (select building_id as id, count(*)::int as units from apartments group by 1),
       med as (select percentile_disc(0.5) within group (order by units) as m from sizes)
     select s.id, s.units from sizes s join user_buildings ub on ub.building_id = s.id and ub.user_id = $1, med
     order by abs(s.units - med.m), s.id limit 1`,
    [fd.id],
  );
  const counts = await one<{ buildings: number; apartments: number; notes: number; packages: number }>(
    `select (select count(*) from buildings)::int as buildings, (select count(*) from apartments)::int as apartments,
       (select count(*) from shift_log_notes)::int as notes, (select count(*) from packages)::int as packages`,
  );
  const B = largest.id;
  const types = new Map(
    (await all<{ id: number; name: string }>("select id, name from shift_log_types")).map((t) => [t.name, t.id]),
  );
  const pkgTypes = new Map(
    (await all<{ id: number; name: string }>("select id, name from package_types")).map((t) => [t.name, t.id]),
  );
  const units = await all<{ id: number; occupancy_id: number; occupant_id: number | null; number: string }>(
    `select a.id, o.id as occupancy_id, a.apartment_number as number,
       (select min(oc.id) from occupants oc where oc.occupancy_id = o.id and oc.is_active) as occupant_id
     from apartments a join occupancies o on o.apartment_id = a.id and o.is_active and o.lease_start_date <= current_date
     where a.building_id = $1 order by a.id`,
    [B],
  );
  const exportRows = await one<{ n: number }>(
    `select least(count(*), 50000)::int as n from shift_log_notes n
     where n.building_id = $1 and n.shift_log_type_id is distinct from (select id from shift_log_types where code = 'SHIFTEND')`,
    [B],
  );
  const busyOccupancy = await one<{ id: number }>(
    `select na.occupancy_id as id from shift_log_note_apartments na join apartments a on a.id = na.apartment_id
     where a.building_id = $1 and na.occupancy_id is not null group by 1 order by count(*) desc limit 1`,
    [B],
  );
  // The package of the building with the longest history (logged, reminded, closed …).
  const busyPackage = await one<{ id: number } | undefined>(
    `select e.entity_id as id from events e join packages p on p.id = e.entity_id
     where e.entity_type = 'package' and p.building_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
    [B],
  );
  // The building's day (its own time zone) and the surname most often on its amenity reservations.
  const buildingToday = (
    await one<{ day: string }>(
      `select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as day from buildings where id = $1`,
      [B],
    )
  ).day;
  const amenitySurname =
    (
      await one<{ name: string } | undefined>(
        `select lower(u.last_name) as name from amenity_reservations r join occupants o on o.id = r.occupant_id
         join users u on u.id = o.user_id where r.building_id = $1 group by 1 order by count(*) desc, 1 limit 1`,
        [B],
      )
    )?.name ?? "smith";
  const sampleUnit = units[Math.floor(units.length / 3)];
  const since30 = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const since90 = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);

  // The front-desk mix: every active front-desk user with their buildings, and per building the
  // sizes of its lists, whether it records locations, and units with a current lease to write about.
  const deskUsers = await all<{ id: number; buildings: number[] }>(
    `select u.id, array_agg(ub.building_id order by ub.building_id) as buildings
     from users u join user_buildings ub on ub.user_id = u.id join buildings b on b.id = ub.building_id and b.is_active
     where u.role = 'FD' and u.is_active group by u.id order by u.id`,
  );
  const noteCounts = new Map(
    (
      await all<{ b: number; n: number }>(`select building_id as b, count(*)::int as n from shift_log_notes group by 1`)
    ).map((r) => [r.b, r.n]),
  );
  const packageCounts = await all<{ b: number; status: string; n: number }>(
    `select building_id as b, status, count(*)::int as n from packages group by 1, 2`,
  );
  const locations = new Set(
    (
      await all<{ b: number }>(
        `select building_id as b from building_settings
         where (settings->'shiftlogsettings'->>'is_recordable_by_location')::boolean`,
      )
    ).map((r) => r.b),
  );
  const mixUnits = await all<{
    b: number;
    apartment: number;
    occupancy: number;
    number: string;
    occupant: number | null;
  }>(
    `select x.b, x.apartment, x.occupancy, x.number,
       (select min(oc.id) from occupants oc where oc.occupancy_id = x.occupancy and oc.is_active) as occupant
     from (select a.building_id as b, a.id as apartment, o.id as occupancy, a.apartment_number as number,
             row_number() over (partition by a.building_id order by a.id) as k
           from apartments a join occupancies o on o.apartment_id = a.id and o.is_active and o.lease_start_date <= current_date
           where not a.is_management) x
     where x.k <= 60`,
  );
  const mixBuildings = new Map<number, MixBuilding>();
  for (const id of new Set(deskUsers.flatMap((u) => u.buildings)))
    mixBuildings.set(id, {
      id,
      notes: noteCounts.get(id) ?? 0,
      open: 0,
      closed: 0,
      locations: locations.has(id),
      units: [],
      closable: [],
    });
  for (const r of packageCounts) {
    const b = mixBuildings.get(r.b);
    if (b && r.status === "OPEN") b.open = r.n;
    else if (b && r.status === "CLOSED") b.closed = r.n;
  }
  for (const u of mixUnits) mixBuildings.get(u.b)?.units.push(u);
  const noteTypeIds = (
    await all<{ id: number }>(
      `select id from shift_log_types where is_active and code is distinct from 'SHIFTEND' order by id`,
    )
  ).map((r) => r.id);
  const packageTypeIds = (
    await all<{ id: number }>(`select id from package_types where is_active and not is_pic_required order by id`)
  ).map((r) => r.id);
  await db.end();

  // The server -------------------------------------------------------------------------------
  // --port P: the API on P and the server without caches on P + 1 (else free ports).
  const fixedPort = argNumber(args, "port", 0);
  const port = fixedPort || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-bench-"));
  const env = apiProcessEnv({ url, port, dataDir, jobs: false });
  // Tokens first: the first signing key is created here when the database has none, and the
  // server loads it at start.
  const config = loadConfig(env);
  const database = await openDatabase({ url });
  const tokens: Record<Who, string> = {
    fd: await signAccessToken(database.db, config, fd.id, { expiresInSeconds: 4 * 3600 }),
    of: await signAccessToken(database.db, config, of.id, { expiresInSeconds: 4 * 3600 }),
  };
  // One token per desk user (every browser signs in as itself).
  const signing = Date.now();
  const deskTokens = new Map<number, string>();
  for (const u of deskUsers)
    deskTokens.set(u.id, await signAccessToken(database.db, config, u.id, { expiresInSeconds: 4 * 3600 }));
  await database.close();
  const mixPlan: MixPlan = {
    users: deskUsers.map((u) => ({ token: deskTokens.get(u.id)!, buildings: u.buildings })),
    buildings: [...mixBuildings.values()],
    noteTypes: noteTypeIds,
    packageTypes: packageTypeIds,
    seed: 20250101,
  };
  console.log(
    `${deskUsers.length} front-desk users over ${mixBuildings.size} buildings (tokens signed in ${seconds(Date.now() - signing)}).`,
  );

  generators = await Generators.start(generatorCount);
  const started = Date.now();
  const server = await startServer(env, base);
  let bare: { server: ChildProcess; base: string } | null = null;
  if (uncachedSeconds > 0) {
    const barePort = fixedPort ? fixedPort + 1 : await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    bare = {
      base: bareBase,
      // Same PUBLIC_URL: the tokens' issuer.
      server: await startServer({ ...env, PORT: String(barePort), CACHES: "0" }, bareBase),
    };
  }
  const mem = new MemorySampler(server.pid!);
  const startRss = mem.sample();
  console.log(
    `API ready on ${base} in ${seconds(Date.now() - started)} (RSS ${startRss.toFixed(0)} MB). ` +
      `Data: ${counts.buildings} buildings, ${counts.apartments} units, ${counts.notes} notes, ${counts.packages} packages; ` +
      `building #${B} has ${largest.units} units. ${connections} connections, ${duration} s per scenario (warm-up ${warmup} s).`,
  );

  const api = (p: string) => `/api/v1${p}`;
  let seq = 0;
  const pickUnit = () => units[(seq = (seq + 7919) % units.length)];
  const noteWrite = () => {
    const u = pickUnit();
    return {
      body: `Bench note: package room check for ${u.number}, all shelves labelled.`,
      shift_log_type_id: types.get("General"),
      apartment_ids: [u.id],
    };
  };
  const packageWrite = () => {
    const u = pickUnit();
    return [
      {
        occupancy: u.occupancy_id,
        package_type: pkgTypes.get("Small box"),
        opening_comment: "UPS, shelf A",
        send_notification_occupants: u.occupant_id ? [u.occupant_id] : [],
      },
    ];
  };
  const get = (p: string): Step[] => [{ path: api(p) }];
  const notes = `/shift-logs/notes/?building=${B}`;
  const pk = `/packages/list/?building=${B}`;
  const ul = `/core/buildings/${B}/unit-profiles/`;
  const mr = `/maintenance-requests/maintenance-requests/?building=${B}`;
  const er = `/core/buildings/${B}/reservations/?min_start_date=${buildingToday}&ordering=start_time&limit=30`;
  const ar = `/core/buildings/${B}/amenity-reservations/`;
  const bb = `/core/buildings/${B}/`;
  const eh = `/emails/records/?building_id=${B}&limit=50`;

  const list: Scenario[] = [
    // What users see: every desk user of the portfolio on their own buildings (lib/mix.ts).
    {
      name: `front-desk mix (${deskUsers.length} users, ${mixBuildings.size} buildings)`,
      cls: "mix",
      who: "fd",
      steps: [{ path: api("/shift-logs/shift-log-types/") }],
      mix: true,
    },
    // Building-scoped lists, as the front desk of the largest building.
    { name: "shift log: first page", cls: "building", who: "fd", steps: get(notes) },
    { name: "shift log: page 101 (offset 3000)", cls: "building", who: "fd", steps: get(`${notes}&offset=3000`) },
    { name: "shift log: search 'leak'", cls: "building", who: "fd", steps: get(`${notes}&search=leak`) },
    {
      name: "shift log: search 'water leak', page 11",
      cls: "building",
      who: "fd",
      steps: get(`${notes}&search=water%20leak&offset=300`),
    },
    {
      name: "shift log: search a unit number (each time another)",
      cls: "building",
      who: "fd",
      steps: [
        { path: api(`${notes}&search=${sampleUnit.number}`), vary: () => api(`${notes}&search=${pickUnit().number}`) },
      ],
    },
    {
      name: "shift log: type Maintenance",
      cls: "building",
      who: "fd",
      steps: get(`${notes}&shift_log_type_id=${types.get("Maintenance")}`),
    },
    {
      name: "shift log: high priority, 90 days",
      cls: "building",
      who: "fd",
      steps: get(`${notes}&is_high_priority=true&min_date_created=${since90}`),
    },
    {
      name: "shift log: unit filter",
      cls: "building",
      who: "fd",
      steps: get(`${notes}&apartment_number=${sampleUnit.number}`),
    },
    {
      name: "shift log: notes of a unit profile",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/${busyOccupancy.id}/shift-log-notes/`),
    },
    { name: "packages: open, first page", cls: "building", who: "fd", steps: get(pk) },
    { name: "packages: open, page 11 (offset 300)", cls: "building", who: "fd", steps: get(`${pk}&offset=300`) },
    { name: "packages: closed, first page", cls: "building", who: "fd", steps: get(`${pk}&package_status=CLOSED`) },
    {
      name: "packages: closed, page 101 (offset 3000)",
      cls: "building",
      who: "fd",
      steps: get(`${pk}&package_status=CLOSED&offset=3000`),
    },
    {
      name: "packages: all, type + 30 days",
      cls: "building",
      who: "fd",
      steps: get(
        `${pk}&package_status=OPEN,CLOSED&package_type=${pkgTypes.get("Perishable")}&min_date_opened=${since30}`,
      ),
    },
    {
      name: "packages: all, search 'fedex'",
      cls: "building",
      who: "fd",
      steps: get(`${pk}&package_status=OPEN,CLOSED&search=fedex`),
    },
    {
      name: "packages: open, search a unit (each time another)",
      cls: "building",
      who: "fd",
      steps: [{ path: api(`${pk}&search=${sampleUnit.number}`), vary: () => api(`${pk}&search=${pickUnit().number}`) }],
    },
    { name: "packages: open, search 'smith'", cls: "building", who: "fd", steps: get(`${pk}&search=smith`) },
    {
      name: "packages: apartment packages",
      cls: "view",
      who: "fd",
      steps: get(`/core/buildings/${B}/apartment-packages/`),
    },
    {
      name: "packages: activity (24 h)",
      cls: "building",
      who: "fd",
      steps: get(`/core/buildings/${B}/package-activity/`),
    },
    { name: "maintenance: open, first page", cls: "building", who: "fd", steps: get(`${mr}&statuses=OPEN,ON_HOLD`) },
    { name: "maintenance: all, page 11 (offset 300)", cls: "building", who: "fd", steps: get(`${mr}&offset=300`) },
    { name: "maintenance: search 'leak'", cls: "building", who: "fd", steps: get(`${mr}&search=leak`) },
    { name: "elevator: upcoming, first page", cls: "building", who: "fd", steps: get(er) },
    { name: "elevator: requested", cls: "building", who: "fd", steps: get(`${er}&status=REQUESTED`) },
    {
      name: "amenity reservations: upcoming, first page",
      cls: "building",
      who: "fd",
      steps: get(`${ar}?upcoming=1&limit=30`),
    },
    {
      name: `amenity reservations: search '${amenitySurname}'`,
      cls: "building",
      who: "fd",
      steps: get(`${ar}?search=${encodeURIComponent(amenitySurname)}&limit=30`),
    },
    { name: "amenity schedule: today", cls: "building", who: "fd", steps: get(`${ar}schedule/?date=${buildingToday}`) },
    // What every desk's dashboard asks when it opens (document 3, Dashboard widgets).
    {
      name: "dashboard: notes to acknowledge",
      cls: "building",
      who: "fd",
      steps: get(`${bb}management-notes/get_unacknowledged/`),
    },
    {
      name: "dashboard: notes from management",
      cls: "building",
      who: "fd",
      steps: get(`${bb}management-notes/?limit=5000`),
    },
    { name: "dashboard: action items", cls: "building", who: "fd", steps: get(`${bb}action-items/`) },
    { name: "dashboard: active employees today", cls: "building", who: "fd", steps: get(`${bb}active-employees/`) },
    {
      name: "dashboard: upcoming move outs",
      cls: "building",
      who: "fd",
      steps: get(`${bb}occupancies/upcoming_move_outs/`),
    },
    {
      name: "dashboard: upcoming occupancies",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/club_memberships_dashboard/?building=${B}&limit=5000&is_upcoming=true`),
    },
    { name: "email history: memos, first page", cls: "building", who: "fd", steps: get(`${eh}&type=MEMO`) },
    {
      name: "email history: sender or recipient 'smith'",
      cls: "building",
      who: "fd",
      steps: get(`${eh}&sender_or_recipient=smith`),
    },
    { name: "unit list: first page", cls: "building", who: "fd", steps: get(ul) },
    { name: "unit list: page 41 (offset 1200)", cls: "building", who: "fd", steps: get(`${ul}?offset=1200`) },
    { name: "unit list: search 'smith'", cls: "building", who: "fd", steps: get(`${ul}?search=smith`) },
    { name: "apartments: first page", cls: "building", who: "fd", steps: get(`/core/buildings/${B}/apartments/`) },
    { name: "residents: first page", cls: "building", who: "fd", steps: get(`/core/buildings/${B}/occupants/`) },
    { name: "employees of the building", cls: "building", who: "fd", steps: get(`/core/employees/?building=${B}`) },
    { name: "buildings (front desk)", cls: "building", who: "fd", steps: get(`/core/buildings/`) },
    {
      name: "leases of the building: first page",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/?building=${B}`),
    },
    {
      name: "leases of the building: page 41 (offset 1200)",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/?building=${B}&offset=1200`),
    },
    {
      name: "leases of a unit",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/?apartment_id=${sampleUnit.id}`),
    },
    {
      name: "unit profile: history",
      cls: "building",
      who: "fd",
      steps: get(`/core/occupancies/${sampleUnit.occupancy_id}/events/`),
    },
    ...(busyPackage
      ? [
          {
            name: "package: history",
            cls: "building",
            who: "fd" as const,
            steps: get(`/packages/list/${busyPackage.id}/events/`),
          },
        ]
      : []),
    {
      name: "package queue",
      cls: "building",
      who: "fd",
      steps: get(`/core/buildings/${B}/package-queue/?limit=500`),
    },
    {
      name: `apartments dropdown (${largest.units} units)`,
      cls: "view",
      who: "fd",
      steps: get(`/core/buildings/${B}/apartments/dropdown/`),
    },
    {
      name: "employees, short form",
      cls: "building",
      who: "fd",
      steps: get(`/core/employees/simple-list/?building=${B}`),
    },
    { name: "package types", cls: "building", who: "fd", steps: get(`/packages/package-types/`) },
    { name: "shift log types", cls: "building", who: "fd", steps: get(`/shift-logs/shift-log-types/`) },
    // The package grid and the lookups.
    {
      name: `package grid (${largest.units} units)`,
      cls: "grid",
      who: "fd",
      steps: get(`/core/buildings/${B}/package-grid/`),
    },
    {
      name: `quick search (${median.units} units)`,
      cls: "quick_search",
      who: "fd",
      steps: get(`/core/quick-search/?building=${median.id}`),
    },
    {
      name: `quick search (${largest.units} units)`,
      cls: "quick_search",
      who: "fd",
      steps: get(`/core/quick-search/?building=${B}`),
    },
    {
      name: "combo search 'smi'",
      cls: "quick_search",
      who: "fd",
      steps: get(`/core/buildings/${B}/combo-search/?search=smi`),
    },
    // Portfolio-wide lists, as office.
    { name: "all buildings: shift log, first page", cls: "portfolio", who: "of", steps: get(`/shift-logs/notes/`) },
    {
      name: "all buildings: shift log, page 101",
      cls: "portfolio",
      who: "of",
      steps: get(`/shift-logs/notes/?offset=3000`),
    },
    {
      name: "all buildings: shift log, search 'leak'",
      cls: "portfolio",
      who: "of",
      steps: get(`/shift-logs/notes/?search=leak`),
    },
    { name: "all buildings: unit list, first page", cls: "portfolio", who: "of", steps: get(`${ul}?buildings=all`) },
    {
      name: "all buildings: unit list, page 101",
      cls: "portfolio",
      who: "of",
      steps: get(`${ul}?buildings=all&offset=3000`),
    },
    {
      name: "all buildings: unit list, search 'smith'",
      cls: "portfolio",
      who: "of",
      steps: get(`${ul}?buildings=all&search=smith`),
    },
    { name: "all buildings: employees (1,000 a page)", cls: "portfolio", who: "of", steps: get(`/core/employees/`) },
    {
      name: "all buildings: users search 'smith'",
      cls: "portfolio",
      who: "of",
      steps: get(`/core/global-users/?search=smith`),
    },
    { name: "all buildings: buildings list", cls: "portfolio", who: "of", steps: get(`/core/buildings/`) },
    // A morning at the front desk: mostly reads, a note and a package logged in every ten calls.
    {
      name: "mixed front desk (80% reads, 20% writes)",
      cls: "mixed",
      who: "fd",
      steps: [
        ...get(notes),
        ...get(pk),
        ...get(`/core/buildings/${B}/package-grid/`),
        ...get(`${notes}&search=leak`),
        ...get(`/core/buildings/${B}/combo-search/?search=smi`),
        ...get(`${ul}?search=smith`),
        ...get(`${pk}&offset=30`),
        ...get(`/core/buildings/${B}/apartment-packages/`),
        { method: "POST", path: api(`/shift-logs/notes/?building=${B}`), body: noteWrite },
        { method: "POST", path: api(`/packages/bulk/?building=${B}`), body: packageWrite },
      ],
    },
  ];
  const scenarios = list.filter((s) => !only || only.test(s.name) || only.test(s.cls));

  const rows: Row[] = [];
  const judge = (row: Row) => {
    if (row.unavailable) return;
    const b = budgets.classes[row.cls];
    const parts: string[] = [];
    if (b?.p95_ms !== undefined) {
      parts.push(`p95 ≤ ${b.p95_ms}`);
      if (row.p95 > b.p95_ms) row.misses.push(`p95 ${ms(row.p95)} > ${b.p95_ms} ms`);
    }
    if (b?.p99_ms !== undefined) {
      parts.push(`p99 ≤ ${b.p99_ms}`);
      if (row.p99 > b.p99_ms) row.misses.push(`p99 ${ms(row.p99)} > ${b.p99_ms} ms`);
    }
    if (b?.min_rps !== undefined && row.rps !== null) {
      parts.push(`≥ ${b.min_rps} req/s`);
      if (row.rps < b.min_rps) row.misses.push(`${row.rps.toFixed(0)} < ${b.min_rps} req/s`);
    }
    if (b?.uncached_min_rps !== undefined && row.uncached) {
      parts.push(`uncached ≥ ${b.uncached_min_rps} req/s`);
      if (row.uncached.rps < b.uncached_min_rps)
        row.misses.push(`uncached ${row.uncached.rps.toFixed(0)} < ${b.uncached_min_rps} req/s`);
    }
    if (b?.max_ms !== undefined) {
      parts.push(`≤ ${b.max_ms / 1000} s`);
      if (row.p99 > b.max_ms) row.misses.push(`${seconds(row.p99)} > ${b.max_ms / 1000} s`);
    }
    if (b?.max_memory_growth_mb !== undefined && row.note) parts.push(`+${b.max_memory_growth_mb} MB`);
    parts.push(row.cls === "live" ? "0 missed" : "0 errors");
    if (row.errors > budgets.max_errors) row.misses.push(`${row.errors} errors`);
    row.budget = parts.join(", ");
    row.verdict = row.misses.length ? "FAIL" : "pass";
  };

  /** CPU ms per request: API · PostgreSQL (· load generator). */
  const perRequest = (c: Costs | undefined, requests: number, withLoad = true) =>
    c && requests
      ? [c.apiMs, c.pgMs, ...(withLoad ? [c.loadMs] : [])].map((v) => (v / requests).toFixed(2)).join(" · ")
      : "—";
  const print = (r: Row) =>
    console.log(
      r.unavailable
        ? `     ${r.name.padEnd(46)} not available (${r.note})`
        : `${r.verdict === "pass" ? "ok  " : r.verdict === "FAIL" ? "MISS" : "    "} ${r.name.padEnd(46)} ` +
            `${(r.rps === null ? "—" : r.rps.toFixed(0)).padStart(6)} req/s  p50 ${lat(r, r.p50).padStart(6)}  p95 ${lat(r, r.p95).padStart(6)}  ` +
            `p99 ${lat(r, r.p99).padStart(6)} ms  ${String(r.errors).padStart(3)} err  ` +
            `alone ${r.alone == null ? "—" : ms(r.alone)} ms  ` +
            (r.uncached ? `uncached ${r.uncached.rps.toFixed(0)} req/s p95 ${ms(r.uncached.p95)} ms  ` : "") +
            `CPU ms/req API · PG · load ${perRequest(r.costs, r.requests)}` +
            (r.uncachedCosts
              ? ` (uncached API · PG ${perRequest(r.uncachedCosts, r.uncachedCosts.requests, false)})`
              : "") +
            `  RSS ${r.peakRssMb.toFixed(0)} MB` +
            (r.note && (r.cls === "live" || r.errors) ? `  [${r.note}]` : "") +
            (r.misses.length ? `  (${r.misses.join("; ")})` : ""),
    );
  /** The mix, request by request. */
  const kindLines = (r: Row) =>
    (r.kinds ?? [])
      .sort(([a], [b]) => Object.keys(MIX).indexOf(a) - Object.keys(MIX).indexOf(b))
      .map(
        ([k, v]) =>
          `| ${k} | ${MIX[k as keyof typeof MIX].toFixed(1)} % | ${v.latencies.length} | ${ms(pct(v.latencies, 50))} | ` +
          `${ms(pct(v.latencies, 95))} | ${ms(pct(v.latencies, 99))} | ${v.errors} |`,
      );
  const printKinds = (r: Row) => {
    for (const line of kindLines(r)) console.log(`       ${line}`);
  };

  // Requests still running when a load ends (autocannon stops waiting for them) would slow the
  // next scenario down: wait until the database has no query of this benchmark running.
  const idle = new pg.Client({ connectionString: url });
  await idle.connect();
  const waitIdle = async () => {
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const r = await idle.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state = 'active' and backend_type = 'client backend'
           and pid <> pg_backend_pid()`,
      );
      if (r.rows[0].n === 0) return;
      await new Promise((res) => setTimeout(res, 200));
    }
  };

  // Browsers watching live (GET /api/v1/live/): ~20 buildings spread over the portfolio, each
  // watched by its desk users' browsers, notes and packages logged into them at a steady rate.
  const liveRow = async (): Promise<Row> => {
    const usersOf = new Map<number, string[]>();
    for (const u of deskUsers)
      for (const b of u.buildings) usersOf.set(b, [...(usersOf.get(b) ?? []), deskTokens.get(u.id)!]);
    const candidates = [...usersOf.keys()].filter((b) => mixBuildings.get(b)?.units.length).sort((x, y) => x - y);
    const n = Math.min(20, candidates.length);
    const watched = Array.from({ length: n }, (_, i) => candidates[Math.floor((i * candidates.length) / n)]);
    // A browser per watcher, at most LIVE_STREAMS_PER_USER of them under one user (the server
    // refuses more): a small portfolio has fewer watchers than asked.
    const uses = new Map<string, number>();
    const watchers: { building: number; token: string }[] = [];
    for (let i = 0; watchers.length < liveWatchers && i < liveWatchers * 2; i++) {
      const building = watched[i % n];
      const token = usersOf.get(building)!.find((tk) => (uses.get(tk) ?? 0) < LIVE_STREAMS_PER_USER);
      if (!token) continue;
      uses.set(token, (uses.get(token) ?? 0) + 1);
      watchers.push({ building, token });
    }
    const row: Row = {
      name: `live: ${watchers.length} watchers on ${n} buildings, ${liveRate} writes/s`,
      cls: "live",
      rps: null,
      p50: 0,
      p95: 0,
      p99: 0,
      requests: 0,
      errors: 0,
      peakRssMb: mem.window,
      verdict: "—",
      budget: "",
      misses: [],
    };
    if (!watchers.length) return { ...row, unavailable: true, note: "no front-desk users" };
    const status = await probeLive(base, watchers[0].token, watchers[0].building).catch(() => 0);
    if (status === 404) return { ...row, unavailable: true, note: "GET /api/v1/live/ answers 404" };
    const rng = new Rng(20250101);
    let turn = 0;
    mem.startWindow();
    const cpu = process.cpuUsage();
    let result: LiveResult;
    try {
      const measured = await measureCosts(server.pid!, dbName, async () => {
        const r = await runWatchers({
          base,
          watchers,
          seconds: liveSeconds,
          rate: liveRate,
          write: (b) => {
            const mb = mixBuildings.get(b)!;
            const tokensOf = usersOf.get(b)!;
            const token = tokensOf[turn % tokensOf.length];
            const w =
              turn++ % 2 === 0
                ? { ...liveNote(rng, mb, noteTypeIds), topic: "shift_logs" }
                : { ...livePackage(rng, mb, packageTypeIds), topic: "packages" };
            return { ...w, token };
          },
        });
        const used = process.cpuUsage(cpu);
        return { ...r, cpuMs: (used.user + used.system) / 1000 };
      });
      result = measured.result;
      row.costs = measured.costs;
    } catch (err) {
      return { ...row, errors: 1, note: `watchers failed: ${(err as Error).message}` };
    }
    const sorted = result.latencies.sort((a, b) => a - b);
    const deliveries = sorted.length + result.missed;
    return {
      ...row,
      rps: result.writes / result.seconds,
      p50: pct(sorted, 50),
      p95: pct(sorted, 95),
      p99: pct(sorted, 99),
      // Costs per write (each fans out to its building's watchers).
      requests: result.writes,
      errors: result.missed + result.errors,
      peakRssMb: mem.window,
      note:
        `${result.writes} writes, ${sorted.length} of ${deliveries} deliveries, max ${ms(sorted[sorted.length - 1] ?? 0)} ms` +
        (result.missed ? `, ${result.missed} missed` : "") +
        (result.errors ? `, ${result.errors} failed writes` : ""),
    };
  };

  // The mix with the packages open now (each closed once; those it logs it may close too).
  const freshPlan = async (): Promise<MixPlan> => {
    const open = new Map(
      (
        await idle.query<{ b: number; ids: number[] }>(
          `select building_id as b, (array_agg(id order by id desc))[1:300] as ids
           from packages where status = 'OPEN' and not (id = any($1::int[])) group by 1`,
          [[...closeSent]],
        )
      ).rows.map((r) => [r.b, r.ids]),
    );
    return { ...mixPlan, buildings: mixPlan.buildings.map((b) => ({ ...b, closable: open.get(b.id) ?? [] })) };
  };
  const dbName = databaseName(url);
  const run = async (s: Scenario, target: string, secs: number, conns = connections) =>
    load(target, tokens[s.who], s.steps, secs, conns, s.mix ? await freshPlan() : undefined);

  // Every desk user has the portal open (GET /me/, the web app's first call) before the mix is
  // measured: a desk signs in once a shift, so what is measured is the day, not its first minute.
  const signInEveryone = async () => {
    const queue = [...mixPlan.users];
    const worker = async () => {
      for (let u = queue.pop(); u; u = queue.pop()) {
        const r = await fetch(`${base}/api/v1/me/`, { headers: { authorization: `Bearer ${u.token}` } });
        if (!r.ok) throw new Error(`GET /me/ answered ${r.status}`);
        await r.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };

  try {
    for (const s of scenarios) {
      await waitIdle();
      if (s.mix) await signInEveryone();
      if (warmup > 0) {
        await run(s, base, warmup);
        await waitIdle();
      }
      // Alone: one connection, what a single user waits when the server is not busy.
      const alone = smoke ? null : await run(s, base, Math.min(2, duration), 1);
      if (alone) await waitIdle();
      const plan = s.mix ? await freshPlan() : undefined;
      mem.startWindow();
      const { result: r, costs } = await measureCosts(server.pid!, dbName, () =>
        load(base, tokens[s.who], s.steps, duration, connections, plan),
      );
      const row: Row = {
        name: s.name,
        cls: s.cls,
        rps: r.rps,
        p50: pct(r.latencies, 50),
        p95: pct(r.latencies, 95),
        p99: pct(r.latencies, 99),
        alone: alone && alone.requests ? pct(alone.latencies, 50) : null,
        requests: r.requests,
        errors: r.errors + (alone?.errors ?? 0),
        peakRssMb: mem.window,
        costs,
        kinds: r.kinds,
        verdict: "—",
        budget: "",
        misses: [],
      };
      if (r.errors) row.note = `statuses ${[...r.statuses].map(([k, v]) => `${k}×${v}`).join(" ")}`;
      if (bare) {
        // The same load where every request reads the database.
        await waitIdle();
        if (!smoke) await run(s, bare.base, 1);
        await waitIdle();
        const barePlan = s.mix ? await freshPlan() : undefined;
        const { result: u, costs: uc } = await measureCosts(bare.server.pid!, dbName, () =>
          load(bare!.base, tokens[s.who], s.steps, uncachedSeconds, connections, barePlan),
        );
        row.uncached = { rps: u.rps, p95: pct(u.latencies, 95), errors: u.errors };
        row.uncachedCosts = { ...uc, requests: u.requests };
        row.errors += u.errors;
        if (u.errors)
          row.note = `${row.note ? `${row.note}; ` : ""}uncached statuses ${[...u.statuses].map(([k, v]) => `${k}×${v}`).join(" ")}`;
      }
      if (r.requests < connections) {
        // Fewer answers than connections: some requests outlasted the run; their latency is
        // at least the run's length.
        row.slow = true;
        row.p95 = Math.max(row.p95, duration * 1000);
        row.p99 = Math.max(row.p99, duration * 1000);
        if (!r.requests) row.p50 = duration * 1000;
      }
      judge(row);
      rows.push(row);
      print(row);
      if (s.mix) printKinds(row);
      // Right after the mix: browsers watching live while the desks write.
      if (s.mix && (!only || only.test("live"))) {
        await waitIdle();
        const live = await liveRow();
        judge(live);
        rows.push(live);
        print(live);
      }
    }
    if (only && only.test("live") && !scenarios.some((s) => s.mix)) {
      const live = await liveRow();
      judge(live);
      rows.push(live);
      print(live);
    }

    // The spreadsheet export: one request at a time, timed to the last byte, memory watched.
    if (!only || only.test("export") || only.test("xlsx")) {
      const times: number[] = [];
      let growth = 0;
      let bytes = 0;
      let errors = 0;
      for (let i = 0; i < (smoke ? 1 : 3); i++) {
        await new Promise((r) => setTimeout(r, 500));
        const before = mem.startWindow();
        const t = performance.now();
        try {
          const res = await fetch(`${base}/api/v1/shift-logs/notes/?building=${B}&format=xlsx`, {
            headers: { authorization: `Bearer ${tokens.fd}` },
          });
          if (!res.ok || !res.body) errors++;
          bytes = 0;
          if (res.body) for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
        } catch {
          errors++;
        }
        times.push(performance.now() - t);
        growth = Math.max(growth, mem.window - before);
      }
      times.sort((a, b) => a - b);
      const row: Row = {
        name: `shift log xlsx export (${exportRows.n} rows, ${(bytes / 1e6).toFixed(1)} MB)`,
        cls: "export",
        rps: null,
        p50: pct(times, 50),
        p95: pct(times, 95),
        p99: times[times.length - 1],
        requests: times.length,
        errors,
        peakRssMb: mem.window,
        note: `memory +${growth.toFixed(0)} MB`,
        verdict: "—",
        budget: "",
        misses: [],
      };
      const b = budgets.classes.export;
      if (b.max_memory_growth_mb !== undefined && growth > b.max_memory_growth_mb)
        row.misses.push(`memory +${growth.toFixed(0)} > ${b.max_memory_growth_mb} MB`);
      judge(row);
      rows.push(row);
      print(row);
      console.log(`     export: ${times.map((x) => seconds(x)).join(", ")}; server memory +${growth.toFixed(0)} MB`);
    }
  } finally {
    // Requests autocannon stopped waiting for finish before the servers stop.
    await waitIdle().catch(() => undefined);
    await idle.end().catch(() => undefined);
    generators.close();
    mem.stop();
    for (const p of [server, bare?.server]) {
      if (!p || p.exitCode !== null) continue;
      p.kill("SIGTERM");
      await new Promise((r) => p.once("exit", r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (smoke || args.has("drop")) await dropDatabase(url);
  }

  // The table ---------------------------------------------------------------------------------
  const cpu = os.cpus()[0]?.model ?? "?";
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} × ${cpu}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average before ${os.loadavg()[0].toFixed(1)}; ` +
      `${counts.buildings} buildings, ${counts.apartments} units, ${counts.notes.toLocaleString("en-US")} notes, ` +
      `${counts.packages.toLocaleString("en-US")} packages; ${connections} connections, ${duration} s per scenario after ${warmup} s warm-up.`,
    "",
    "| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | alone p50 ms | uncached req/s | uncached p95 ms | CPU ms/req API · PG · load | uncached CPU ms/req API · PG | budget | result |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ...rows.map((r) =>
      r.unavailable
        ? `| ${r.name} | not available (${r.note}) | | | | | | | | | | ${budgets.classes[r.cls]?.label ?? ""} | — |`
        : `| ${r.name} | ${r.rps === null ? "—" : r.rps.toFixed(0)} | ${lat(r, r.p50)} | ${lat(r, r.p95)} | ${lat(r, r.p99)} | ${r.errors} | ${r.alone == null ? "—" : ms(r.alone)} | ` +
          `${r.uncached ? r.uncached.rps.toFixed(0) : "—"} | ${r.uncached ? ms(r.uncached.p95) : "—"} | ` +
          `${perRequest(r.costs, r.requests)} | ${r.uncachedCosts ? perRequest(r.uncachedCosts, r.uncachedCosts.requests, false) : "—"} | ` +
          `${r.budget}${r.note && (r.cls === "export" || r.cls === "live") ? ` (${r.note})` : ""} | ${r.verdict === "FAIL" ? `**miss**: ${r.misses.join("; ")}` : r.verdict} |`,
    ),
    "",
    ...rows
      .filter((r) => r.kinds?.length)
      .flatMap((r) => [
        `${r.name}, request by request (20 connections):`,
        "",
        "| request | share | answers | p50 ms | p95 ms | p99 ms | errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...kindLines(r),
        "",
      ]),
    "CPU ms/req: CPU time of the API process, of PostgreSQL's processes for the benchmark database and of the load generator, over the 20-connection run, per answer (live: per write).",
    `Server memory: ${startRss.toFixed(0)} MB at start, peak ${mem.peak.toFixed(0)} MB (RSS).`,
  ];
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const missed = rows.filter((r) => r.verdict === "FAIL");
  console.log(`\n${lines.join("\n")}\n`);
  // The README's table: full runs only (a smoke run or a few scenarios leave it alone).
  if (!only && (!smoke || args.has("out"))) {
    fs.writeFileSync(outFile, `${lines.join("\n")}\n`);
    // …and the README's copy of it, between its markers.
    if (!args.has("out")) {
      const readme = path.join(root, "README.md");
      const text = fs.readFileSync(readme, "utf8");
      const marked = /(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/;
      if (marked.test(text))
        fs.writeFileSync(
          readme,
          text.replace(marked, (_m, a: string, b: string) => `${a}${lines.join("\n")}\n${b}`),
        );
    }
  }
  if (errors) {
    console.error(
      `${errors} errors: ${rows
        .filter((r) => r.errors)
        .map((r) => `${r.name} (${r.note})`)
        .join("; ")}`,
    );
    process.exit(1);
  }
  if (missed.length) {
    console.error(`${missed.length} budget(s) missed${smoke ? " (smoke run: timings are not judged)" : ""}.`);
    if (!smoke) process.exit(2);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
