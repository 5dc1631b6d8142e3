#!/usr/bin/env node
// The web app's initial JavaScript (the entry chunk and everything it imports statically),
// gzipped, against its budget. Sizes are deterministic; times are not measured here.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const BUDGET_KB = 250;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));

const entry = Object.values(manifest).find((c) => c.isEntry);
const seen = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imp of manifest[key].imports ?? []) walk(imp);
};
walk(Object.keys(manifest).find((k) => manifest[k] === entry));

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith(".js")) continue;
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  total += gz;
  rows.push([file, (gz / 1024).toFixed(1)]);
}
for (const [f, kb] of rows) console.log(`${kb.padStart(8)} KB  ${f}`);
const kb = total / 1024;
console.log(`initial JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error("over budget");
  process.exit(1);
}
