/**
 * Browsers watching live: Server-Sent Events of GET /api/v1/live/?building={id}
 * (`Authorization: Bearer`; `event: ready`, then `event: change` with
 * `data: {"topic":"packages"|"shift_logs"|"units"|"building","building":<id>}`), while writes flow
 * into the watched buildings at a steady rate. Each write's delivery is timed from its
 * acknowledgement (the write's answer) to the change event on every watcher of that building;
 * an event that comes before the answer counts as delivered at once (0 ms).
 */
import http from "node:http";
import zlib from "node:zlib";
import type { Readable } from "node:stream";

export interface SseEvent {
  event: string;
  data: string;
}

/** Splits an event stream into events (text/event-stream: blank-line separated fields). */
export class SseParser {
  private buffer = "";
  constructor(private onEvent: (e: SseEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const m = /\r?\n\r?\n/.exec(this.buffer);
      if (!m) return;
      const block = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (event !== "message" || data.length) this.onEvent({ event, data: data.join("\n") });
    }
  }
}

export interface Watcher {
  building: number;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * Opens the stream as a browser would (compressed answers accepted). Resolves on `ready`;
 * rejects with the status when the answer is not a 200 (`status` on the error).
 */
export function watch(
  base: string,
  token: string,
  building: number,
  onChange: (topic: string, building: number, at: number) => void,
  timeoutMs = 15_000,
): Promise<Watcher> {
  const url = new URL(`/api/v1/live/?building=${building}`, base);
  return new Promise((resolve, reject) => {
    let ready = false;
    const req = http.get(
      url,
      {
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "text/event-stream",
          "accept-encoding": "gzip, deflate, br",
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          req.destroy();
          reject(
            Object.assign(new Error(`GET ${url.pathname}${url.search}: ${res.statusCode}`), { status: res.statusCode }),
          );
          return;
        }
        const enc = String(res.headers["content-encoding"] ?? "");
        const stream: Readable =
          enc === "gzip"
            ? res.pipe(zlib.createGunzip())
            : enc === "br"
              ? res.pipe(zlib.createBrotliDecompress())
              : enc === "deflate"
                ? res.pipe(zlib.createInflate())
                : res;
        stream.setEncoding("utf8");
        const parser = new SseParser((e) => {
          if (e.event === "ready" && !ready) {
            ready = true;
            clearTimeout(timer);
            resolve({ building, close: () => req.destroy() });
          } else if (e.event === "change") {
            try {
              const d = JSON.parse(e.data) as { topic?: string; building?: number };
              if (typeof d.topic === "string" && typeof d.building === "number")
                onChange(d.topic, d.building, performance.now());
            } catch {
              // not an event of the contract
            }
          }
        });
        stream.on("data", (c: string) => parser.push(c));
        stream.on("error", () => undefined);
      },
    );
    const timer = setTimeout(() => {
      if (!ready) {
        req.destroy();
        reject(new Error(`GET ${url.pathname}${url.search}: no ready event in ${timeoutMs} ms`));
      }
    }, timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      if (!ready) reject(err);
    });
  });
}

/** The status of the live endpoint for a building (the stream is closed at once). */
export function probeLive(base: string, token: string, building: number): Promise<number> {
  const url = new URL(`/api/v1/live/?building=${building}`, base);
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      },
    );
    req.on("error", reject);
  });
}

/** A write into a building, and the topic its change event carries. */
export interface LiveWrite {
  method: "POST";
  path: string;
  body: string;
  headers?: Record<string, string>;
  topic: string;
}

export interface LiveRun {
  base: string;
  /** Who watches which building (a browser each). */
  watchers: { token: string; building: number }[];
  /** The next write into a building, and the token it is sent with. */
  write: (building: number) => LiveWrite & { token: string };
  seconds: number;
  /** Writes per second over all the watched buildings. */
  rate: number;
  /** A delivery not received this long after the write's answer is missed. */
  timeoutMs?: number;
}

export interface LiveResult {
  watchers: number;
  buildings: number;
  writes: number;
  /** Write → event on one watcher, ms (one entry per watcher and write). */
  latencies: number[];
  missed: number;
  /** Writes that failed (non-2xx) and streams that broke. */
  errors: number;
  seconds: number;
}

interface Pending {
  topic: string;
  ackAt: number | null;
  waiting: Set<number>;
  got: number[];
  settledAt?: number;
}

export async function runWatchers(run: LiveRun): Promise<LiveResult> {
  const timeoutMs = run.timeoutMs ?? 5_000;
  const buildings = [...new Set(run.watchers.map((w) => w.building))];
  const watchersOf = new Map<number, number[]>();
  run.watchers.forEach((w, i) => watchersOf.set(w.building, [...(watchersOf.get(w.building) ?? []), i]));
  const pending = new Map<number, Pending>();
  const latencies: number[] = [];
  let missed = 0;
  let errors = 0;
  let writes = 0;

  const settle = (b: number, p: Pending) => {
    if (p.ackAt === null) return;
    for (const t of p.got) latencies.push(Math.max(0, t - p.ackAt));
    p.got = [];
    if (!p.waiting.size) pending.delete(b);
  };
  const onChange = (watcher: number) => (topic: string, building: number, at: number) => {
    const p = pending.get(building);
    if (!p || p.topic !== topic || !p.waiting.delete(watcher)) return;
    p.got.push(at);
    settle(building, p);
  };

  const open = await Promise.allSettled(run.watchers.map((w, i) => watch(run.base, w.token, w.building, onChange(i))));
  const streams = open.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = open.filter((r) => r.status === "rejected");
  if (failed.length) {
    for (const s of streams) s.close();
    throw (failed[0] as PromiseRejectedResult).reason;
  }

  const send = async (b: number) => {
    const w = run.write(b);
    const p: Pending = { topic: w.topic, ackAt: null, waiting: new Set(watchersOf.get(b)), got: [] };
    pending.set(b, p);
    writes++;
    try {
      const res = await fetch(new URL(w.path, run.base), {
        method: w.method,
        headers: { authorization: `Bearer ${w.token}`, "content-type": "application/json", ...w.headers },
        body: w.body,
      });
      await res.arrayBuffer();
      if (!res.ok) {
        errors++;
        pending.delete(b);
        return;
      }
    } catch {
      errors++;
      pending.delete(b);
      return;
    }
    p.ackAt = performance.now();
    settle(b, p);
  };

  // One write at a time per building (so each event is matched to its write), the next building
  // in turn every 1/rate seconds; a building still waiting on a delivery is passed over.
  const started = performance.now();
  let turn = 0;
  const inFlight: Promise<void>[] = [];
  const expire = () => {
    const now = performance.now();
    for (const [b, p] of pending)
      if (p.ackAt !== null && now - p.ackAt > timeoutMs) {
        missed += p.waiting.size;
        p.waiting.clear();
        settle(b, p);
      }
  };
  while (performance.now() - started < run.seconds * 1000) {
    expire();
    for (let k = 0; k < buildings.length; k++) {
      const b = buildings[turn++ % buildings.length];
      if (!pending.has(b)) {
        inFlight.push(send(b));
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 1000 / run.rate));
  }
  await Promise.all(inFlight);
  // The last deliveries: until every write is delivered or has timed out.
  const until = performance.now() + timeoutMs + 100;
  while (pending.size && performance.now() < until) {
    expire();
    await new Promise((r) => setTimeout(r, 50));
  }
  expire();
  for (const s of streams) s.close();
  return {
    watchers: run.watchers.length,
    buildings: buildings.length,
    writes,
    latencies,
    missed,
    errors,
    seconds: run.seconds,
  };
}
