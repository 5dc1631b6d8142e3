import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain JavaScript build script, without type declarations
import { buildApi } from "../../../scripts/build-api.mjs";

// The server as it runs in production (main.ts built to JavaScript by scripts/build-api.mjs, run
// by Node without tsx), stopped the way a deployment stops it: SIGTERM while a request is under
// way on a keep-alive connection. It must answer it and exit at once, with 0.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-main-"));
// A build of its own (each database project runs this file), inside apps/api for node_modules.
const buildDir = fs.mkdtempSync(path.join(apiRoot, ".test-build-"));
let serverJs: string;
beforeAll(async () => {
  serverJs = await buildApi(buildDir);
}, 60_000);
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const get = (port: number, agent: http.Agent) =>
  new Promise<number>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject),
  );

// About the process, not the database: it runs on the embedded one in every project.
describe("main.ts", () => {
  it("is built to JavaScript with its migrations, importing packages from node_modules", () => {
    const js = fs.readFileSync(serverJs, "utf8");
    expect(js).toMatch(/^import Fastify from "fastify";$/m);
    expect(js).not.toMatch(/from "@portico\/contract"/);
    expect(fs.readdirSync(path.join(buildDir, "migrations"))).toEqual(
      expect.arrayContaining(["0000_foundation.sql", "meta"]),
    );
  });

  it("answers the request under way on SIGTERM, then exits at once with 0", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--enable-source-maps", serverJs, "--no-demo"], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        RUN_JOBS: "0",
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const agent = new http.Agent({ keepAlive: true });
    try {
      const deadline = Date.now() + 75_000; // a first start creates the embedded database
      for (;;) {
        const status = await get(port, agent).catch(() => 0);
        if (status === 200) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error("the server did not start");
        await new Promise((r) => setTimeout(r, 200));
      }
      // A request under way when the signal comes: its body is still arriving. It is answered,
      // and its connection (keep-alive) must not hold the process up afterwards.
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      let answer = "";
      socket.on("data", (d) => (answer += d));
      const body = JSON.stringify({ body: "Late note" });
      socket.write(
        `POST /api/v1/shift-logs/notes/?building=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n` +
          body.slice(0, 5),
      );
      await new Promise((r) => setTimeout(r, 300));
      const stopped = Date.now();
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      socket.write(body.slice(5));
      expect(await exited).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(5_000);
      // Answered (signed out: 401), not dropped.
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      socket.destroy();
    } finally {
      agent.destroy();
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 120_000);
});
