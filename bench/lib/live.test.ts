import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { probeLive, runWatchers, SseParser, type SseEvent } from "./live.ts";

describe("SseParser", () => {
  it("splits a stream into events across chunk boundaries, skipping comments", () => {
    const got: SseEvent[] = [];
    const p = new SseParser((e) => got.push(e));
    p.push(": keep-alive\n\nevent: ready\ndata: {}\n\nevent: cha");
    p.push('nge\r\ndata: {"topic":"packages",\r\ndata: "building":3}\r\n\r\n');
    expect(got).toEqual([
      { event: "ready", data: "{}" },
      { event: "change", data: '{"topic":"packages",\n"building":3}' },
    ]);
  });
});

/** A stand-in for the live endpoint: a write to /write/{building}/{topic} is announced after `delayMs`. */
function fakeServer(opts: { delayMs: number; drop?: (building: number) => boolean; status?: number }) {
  const streams = new Map<number, http.ServerResponse[]>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/api/v1/live/") {
      if (opts.status) return res.writeHead(opts.status).end();
      if (req.headers.authorization !== "Bearer t") return res.writeHead(401).end();
      const b = Number(url.searchParams.get("building"));
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: ready\ndata: {}\n\n");
      streams.set(b, [...(streams.get(b) ?? []), res]);
      return;
    }
    const m = /^\/write\/(\d+)\/(\w+)$/.exec(url.pathname);
    if (m && req.method === "POST") {
      const b = Number(m[1]);
      req.resume();
      res.writeHead(201).end("{}");
      if (!opts.drop?.(b))
        setTimeout(() => {
          for (const s of streams.get(b) ?? [])
            s.write(`event: change\ndata: ${JSON.stringify({ topic: m[2], building: b })}\n\n`);
        }, opts.delayMs);
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        base,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

const watchers = (n: number, buildings: number[]) =>
  Array.from({ length: n }, (_, i) => ({ token: "t", building: buildings[i % buildings.length] }));
const write = (b: number) => ({
  method: "POST" as const,
  path: `/write/${b}/${b % 2 ? "packages" : "shift_logs"}`,
  body: "{}",
  token: "t",
  topic: b % 2 ? "packages" : "shift_logs",
});

describe("runWatchers", () => {
  it("times every delivery from the write's answer to the event on each watcher of the building", async () => {
    const s = await fakeServer({ delayMs: 80 });
    close = s.close;
    const r = await runWatchers({ base: s.base, watchers: watchers(6, [1, 2, 3]), write, seconds: 1, rate: 10 });
    expect(r.writes).toBeGreaterThanOrEqual(5);
    expect(r.missed).toBe(0);
    expect(r.errors).toBe(0);
    // Two watchers per building: one delivery each per write (the event comes 80 ms after the answer).
    expect(r.latencies).toHaveLength(r.writes * 2);
    for (const l of r.latencies) {
      expect(l).toBeGreaterThanOrEqual(30);
      expect(l).toBeLessThan(1000);
    }
  });

  it("counts the deliveries that never come as missed", async () => {
    const s = await fakeServer({ delayMs: 10, drop: (b) => b === 2 });
    close = s.close;
    const r = await runWatchers({
      base: s.base,
      watchers: watchers(4, [1, 2]),
      write,
      seconds: 0.6,
      rate: 10,
      timeoutMs: 300,
    });
    const toTwo = r.writes - r.latencies.length / 2;
    expect(toTwo).toBeGreaterThan(0);
    expect(r.missed).toBe(toTwo * 2);
  });

  it("reports the endpoint's status (404 before it exists)", async () => {
    const s = await fakeServer({ delayMs: 0, status: 404 });
    close = s.close;
    expect(await probeLive(s.base, "t", 1)).toBe(404);
  });
});
