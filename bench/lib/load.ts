import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

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
  seconds: number;
  connections: number;
}

export interface Driven {
  latencies: number[];
  statuses: [number, number][];
  /** Connection errors and timeouts. */
  failures: number;
}

/** One autocannon run in this process. */
export async function drive(d: Drive): Promise<Driven> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // As a browser sends them (the web app's fetch): compressed answers accepted.
  const headers = {
    authorization: `Bearer ${d.token}`,
    "content-type": "application/json",
    "accept-encoding": "gzip, deflate, br",
  };
  const requests = d.requests.map((s) => ({
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
    });
  });
  return { latencies, statuses: [...statuses], failures: result.errors + result.timeouts };
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
            p.send({ ...d, connections });
          }),
      ),
    );
    const statuses = new Map<number, number>();
    for (const part of parts) for (const [s, c] of part.statuses) statuses.set(s, (statuses.get(s) ?? 0) + c);
    return {
      latencies: parts.flatMap((p) => p.latencies),
      statuses: [...statuses],
      failures: parts.reduce((a, p) => a + p.failures, 0),
    };
  }

  close(): void {
    for (const p of this.procs) if (p.exitCode === null) p.kill();
  }
}
