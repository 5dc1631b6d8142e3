#!/usr/bin/env node
// Builds the API for production: apps/api/src/main.ts with the shared contract bundled into one
// ES module, apps/api/dist/main.js (with its source map), for Node 20 and later; packages from
// node_modules stay imports. The SQL migrations are copied beside it (dist/migrations).
//   node scripts/build-api.mjs [--outdir DIR]   (DIR must lie inside the repository, for node_modules)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const api = path.join(root, "apps/api");

/** The sources the build reads: a build older than any of them is out of date. */
export const API_SOURCES = ["apps/api/src", "apps/api/package.json", "packages/contract/src"].map((p) => path.join(root, p));
export const API_DIST = path.join(api, "dist");

export async function buildApi(outdir = API_DIST) {
  const { build } = await import("esbuild");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(api, "src/main.ts")],
    outfile: path.join(outdir, "main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        // Packages are imported from node_modules at run time; only the workspace's own are bundled.
        name: "packages-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@portico/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(path.join(api, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  return path.join(outdir, "main.js");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf("--outdir");
  const out = await buildApi(i > 0 ? path.resolve(process.argv[i + 1]) : API_DIST);
  console.log(`Built ${path.relative(process.cwd(), out)}`);
}
