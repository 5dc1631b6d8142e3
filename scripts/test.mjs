#!/usr/bin/env node
// Runs every test: typecheck, lint, unit and API tests (PostgreSQL when 127.0.0.1:5432 answers,
// PGlite on Node 24 LTS; PGlite on both Node lines without PostgreSQL), the web build with its
// bundle-size budget, the benchmarks' smoke and soak (PostgreSQL only) and the browser tests in Chromium.
// Installs Chromium when missing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
const results = [];

function run(step, cmd, args, env = {}) {
  if (!want(step)) return;
  console.log(`\n=== ${step}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ step, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) {
    summary();
    process.exit(r.status ?? 1);
  }
}

function summary() {
  console.log("\n=== summary");
  for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.step} (${r.seconds} s)`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
    s.once("timeout", () => (s.destroy(), resolve(false)));
  });
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (want("e2e") && !fs.existsSync(chromium)) {
  console.log("Installing Chromium from Debian (browser tests)…");
  run("install-chromium", "bash", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
  ]);
}

const pg = process.env.TEST_PG ?? ((await reachable("127.0.0.1", 5432)) ? "1" : "0");
console.log(
  pg === "1"
    ? "PostgreSQL at 127.0.0.1:5432 answers: API tests run on PostgreSQL here and on PGlite under Node 24 LTS."
    : "No PostgreSQL at 127.0.0.1:5432: API tests run on PGlite only.",
);

run("typecheck", "npx", ["tsc", "-b"]);
run("lint", "npm", ["run", "lint"]); // eslint, then knip (dead files, exports, dependencies)
// With PostgreSQL, each engine's server suite runs once and each Node line runs one of them:
// PostgreSQL on this Node (20.19+), PGlite on Node 24 LTS. Without it, PGlite runs on both.
const projects = (names) => names.flatMap((n) => ["--project", n]);
const here = pg === "1" ? ["contract", "bench", "web", "api-postgres"] : ["contract", "bench", "web", "api-pglite"];
run("unit-and-api", "npx", ["vitest", "run", ...projects(here)], { TEST_PG: pg });
run("api-node24", "npx", [
  "-y",
  "node@24",
  "node_modules/vitest/vitest.mjs",
  "run",
  ...projects(["api-pglite", "contract"]),
]);
run("build", "npm", ["run", "build", "-w", "apps/web"]);
run("bundle-size", "node", ["scripts/bundle-size.mjs"]);
// The benchmarks' smoke: the small portfolio generated on PostgreSQL and one short pass of every
// scenario (no timings judged; the database is dropped afterwards).
if (pg === "1") run("bench-smoke", "npm", ["run", "bench:smoke"]);
// The soak: 200 connections of mixed reads and writes for a minute on a database of its own
// (dropped afterwards); no error and no acknowledged write missing.
if (pg === "1") run("soak", "npm", ["run", "soak"]);
run("e2e", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], { CHROMIUM_PATH: chromium });
summary();
