#!/usr/bin/env node
// Starts Portico: builds the web app and the API when missing or older than their sources, then
// runs the built API (which serves the web app, the API and the built-in sign-in on one port).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_DIST, API_SOURCES, buildApi } from "./build-api.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when `file` is missing or older than any of `sources` (files or folders). */
function outdated(file, sources) {
  const built = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  return sources.some((s) => fs.existsSync(s) && (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs) > built);
}

const webSources = ["apps/web/src", "apps/web/index.html", "packages/contract/src"].map((p) => path.join(root, p));
if (outdated(dist, webSources) && process.env.SKIP_WEB_BUILD !== "1") {
  console.log("Building the web app…");
  const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Production runs the API built to JavaScript (scripts/build-api.mjs, about a second), not its sources.
const server = path.join(API_DIST, "main.js");
if (outdated(server, API_SOURCES)) {
  console.log("Building the API…");
  await buildApi();
}

// The built-in sign-in's library (oidc-provider 9) is supported on Node 22 LTS and later: on an
// older Node the server runs on Node 24 LTS from the npm registry (`npx node@24`, fetched once),
// or on this Node when that cannot be had (PORTICO_NODE names a Node binary to use instead).
function serverNode() {
  if (process.env.PORTICO_NODE) return process.env.PORTICO_NODE;
  const lts = process.release?.lts ?? "";
  if (lts && lts.charCodeAt(0) >= "Jod".charCodeAt(0)) return process.execPath;
  const r = spawnSync("npx", ["-y", "node@24", "-p", "process.execPath"], { cwd: root, encoding: "utf8", timeout: 180_000 });
  const found = r.status === 0 ? r.stdout.trim().split("\n").pop() : "";
  if (found && fs.existsSync(found)) return found;
  console.warn(`Node 24 LTS could not be fetched; running on Node ${process.versions.node}.`);
  return process.execPath;
}

const child = spawn(serverNode(), ["--enable-source-maps", server, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
