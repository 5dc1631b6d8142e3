import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type MixPlan, type MixRequest, MixSource } from "./mix.ts";

/**
 * The load of one scenario: autocannon's closed loop of `connections` connections for `seconds`,
 * every answer's latency kept (percentiles are computed from all of them).
 *
 * autocannon decodes every response body into a string; for bodies of tens of KB one process
 * saturates a core before the API does. `generators` > 1 splits the connections over that many
 * child processes (their latencies merged), for requests that need no function of this process
 * (a path or body per request stays in-process).
 */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  /** A path per request (e.g. a different search term each time). */
  vary?: () => string;
  body?: () => unknown;
}

export interface Drive {
  base: string;
  token: string;
  requests: LoadRequest[];
  /** Instead of `requests`: the front-desk mix (each generator process draws its own). */
  mix?: MixPlan;
  /** This process's share of the mix (set by Generators.drive). */
  part?: [number, number];
  seconds: number;
  connections: number;
}

export interface Driven {
  latencies: number[];
  statuses: [number, number][];
  /** Connection errors and timeouts. */
  failures: number;
  /** CPU time of the load generator process(es) during the run, ms. */
  cpuMs: number;
  /** The mix: latencies and non-2xx answers per kind of request. */
  kinds?: [string, { latencies: number[]; errors: number }][];
  /** The mix: packages a close was sent for (a close may still be under way when the run ends). */
  closing?: number[];
}

/** One autocannon run in this process. */
export async function drive(d: Drive): Promise<Driven> {
  const cpu = process.cpuUsage();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // As a browser sends them (the web app's fetch): compressed answers accepted.
  const headers = {
    authorization: `Bearer ${d.token}`,
    "content-type": "application/json",
    "accept-encoding": "gzip, deflate, br",
  };
  const kinds = new Map<string, { latencies: number[]; errors: number }>();
  // The kind of the answer being counted: onResponse runs just before autocannon's "response".
  let answered: MixRequest | null = null;
  const source = d.mix ? new MixSource(d.mix, ...(d.part ?? [0, 1])) : null;
  const requests = source
    ? [mixRequest(source, headers, (r) => (answered = r))]
    : d.requests.map((s) => ({
        method: s.method,
        path: s.path,
        headers,
        ...(s.body || s.vary
          ? {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(s.vary ? { path: s.vary() } : {}),
                ...(s.body ? { body: JSON.stringify(s.body()) } : {}),
              }),
            }
          : {}),
      }));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon(
      { url: d.base, connections: d.connections, duration: d.seconds, requests, timeout: 30 },
      (err: Error | null, res: autocannon.Result) => (err ? reject(err) : resolve(res)),
    );
    inst.on("response", (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (answered) {
        let k = kinds.get(answered.kind);
        if (!k) kinds.set(answered.kind, (k = { latencies: [], errors: 0 }));
        k.latencies.push(time);
        if (status < 200 || status >= 300) k.errors++;
        answered = null;
      }
    });
  });
  const used = process.cpuUsage(cpu);
  return {
    latencies,
    statuses: [...statuses],
    failures: result.errors + result.timeouts,
    cpuMs: (used.user + used.system) / 1000,
    ...(source ? { kinds: [...kinds], closing: source.closing } : {}),
  };
}

/** The mix as one autocannon request whose method, path, token and body change every time. */
function mixRequest(
  source: MixSource,
  headers: Record<string, string>,
  onAnswer: (r: MixRequest) => void,
): autocannon.Request {
  return {
    method: "GET" as const,
    path: "/",
    headers,
    setupRequest: (req: autocannon.Request, context: object) => {
      const r = source.next();
      (context as { request?: MixRequest }).request = r;
      return {
        ...req,
        method: r.method,
        path: r.path,
        headers: { ...headers, authorization: `Bearer ${r.token}`, ...r.headers },
        ...(r.body !== undefined ? { body: r.body } : {}),
      };
    },
    onResponse: (status: number, body: string, context: object) => {
      const r = (context as { request: MixRequest }).request;
      source.answered(r, status, body);
      onAnswer(r);
    },
  };
}

const childFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "load-child.ts");

/**
 * `n` load generator processes, started once and kept for every run. `drive` splits a run's
 * connections among them and starts them together; with one generator, or requests that need a
 * function of this process, it runs here.
 */
export class Generators {
  private procs: ChildProcess[] = [];
  private constructor(readonly n: number) {}

  static async start(n: number): Promise<Generators> {
    const g = new Generators(Math.max(1, Math.floor(n)));
    if (g.n > 1) {
      g.procs = Array.from({ length: g.n }, () =>
        fork(childFile, [], { execArgv: ["--import", "tsx"], stdio: "inherit" }),
      );
      await Promise.all(g.procs.map((p) => new Promise((resolve) => p.once("message", resolve))));
    }
    return g;
  }

  async drive(d: Drive): Promise<Driven> {
    const n = Math.min(this.procs.length, d.connections);
    if (n <= 1 || d.requests.some((r) => r.vary || r.body)) return drive(d);
    // Every process draws its own requests from the mix (its share of the packages to close).
    const parts = await Promise.all(
      this.procs.slice(0, n).map(
        (p, i) =>
          new Promise<Driven>((resolve, reject) => {
            const exited = (code: number | null) => reject(new Error(`load generator exited (${code})`));
            p.once("exit", exited);
            p.once("message", (m) => {
              p.off("exit", exited);
              resolve(m as Driven);
            });
            const connections = Math.floor(d.connections / n) + (i < d.connections % n ? 1 : 0);
            p.send({ ...d, connections, part: [i, n] });
          }),
      ),
    );
    const statuses = new Map<number, number>();
    for (const part of parts) for (const [s, c] of part.statuses) statuses.set(s, (statuses.get(s) ?? 0) + c);
    const kinds = new Map<string, { latencies: number[]; errors: number }>();
    for (const part of parts)
      for (const [k, v] of part.kinds ?? []) {
        const into = kinds.get(k);
        if (into) {
          for (const x of v.latencies) into.latencies.push(x);
          into.errors += v.errors;
        } else kinds.set(k, { latencies: [...v.latencies], errors: v.errors });
      }
    return {
      latencies: parts.flatMap((p) => p.latencies),
      statuses: [...statuses],
      failures: parts.reduce((a, p) => a + p.failures, 0),
      cpuMs: parts.reduce((a, p) => a + p.cpuMs, 0),
      ...(d.mix ? { kinds: [...kinds], closing: parts.flatMap((p) => p.closing ?? []) } : {}),
    };
  }

  close(): void {
    for (const p of this.procs) if (p.exitCode === null) p.kill();
  }
}
