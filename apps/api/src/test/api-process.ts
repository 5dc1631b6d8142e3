/**
 * The API as a real child process, run from source with tsx, for the benchmarks and the
 * process-level tests: the environment it runs with on a PostgreSQL database, and its start
 * (ready once /readyz answers).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** Production mode on 127.0.0.1:`port` against `url`, no demo data, files under `dataDir`; jobs only when asked. */
export function apiProcessEnv(opts: { url: string; port: number; dataDir: string; jobs: boolean }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DB_KIND: undefined,
    DATABASE_URL: opts.url,
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    LOG_LEVEL: "warn",
    DEMO_DATA: "0",
    RUN_JOBS: opts.jobs ? "1" : "0",
    DATA_DIR: opts.dataDir,
  };
}

export interface ApiProcess {
  child: ChildProcess;
  /** The last 20,000 characters it wrote (with `capture`; else its output is this process's). */
  output: () => string;
}

/** Starts the API with `env` and waits until `${base}/readyz` answers. */
export async function startApiProcess(
  env: NodeJS.ProcessEnv,
  base: string,
  { timeoutMs = 90_000, capture = false } = {},
): Promise<ApiProcess> {
  // API_CPU_PROF=DIR: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = env.API_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${env.API_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "apps/api/src/main.ts", "--no-demo"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"],
  });
  let out = "";
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const said = () => (out ? `:\n${out}` : "");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before it was ready${said()}`);
    const r = await fetch(`${base}/readyz`).catch(() => null);
    if (r?.ok) return { child, output: () => out };
    if (Date.now() > deadline) throw new Error(`the API did not become ready in ${timeoutMs / 1000} s${said()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
