/**
 * CPU time of the processes a scenario keeps busy, read from /proc (Linux): the API process, and
 * PostgreSQL's processes of the benchmark database (its client backends, and the server-wide
 * background processes: writer, WAL writer, checkpointer, autovacuum). Backends of other databases
 * on the same server are left out (the server may be shared).
 */
import fs from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICK_MS = 10;

/** utime + stime of /proc/<pid>/stat, ms (0 when the process is gone). */
export function processCpuMs(pid: number): number {
  try {
    return cpuOfStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return 0;
  }
}

/** utime + stime (fields 14 and 15) of a /proc/<pid>/stat line, ms. */
export function cpuOfStat(stat: string): number {
  // The command (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // rest[0] is field 3 (state): utime is field 14, stime field 15.
  return (Number(rest[11]) + Number(rest[12])) * TICK_MS;
}

/**
 * Whether a PostgreSQL process (its /proc cmdline, NULs as spaces) works for `database`:
 * its client backends and autovacuum workers, and the server-wide background processes.
 */
export function isPostgresOf(cmdline: string, database: string): boolean {
  if (!cmdline.startsWith("postgres:")) return false;
  // "postgres: 15/main: postgres portico_bench 127.0.0.1(53212) idle" (the cluster name is optional).
  const words = cmdline
    .replace(/^postgres:\s+/, "")
    .replace(/^\S+:\s+/, "")
    .trim()
    .split(/\s+/);
  const client = words.length >= 3 && /^(\[local\]|\S+\(\d+\))$/.test(words[2]);
  if (client) return words[1] === database;
  if (words[0] === "autovacuum" && words[1] === "worker") return words[2] === database;
  return true;
}

/** CPU ms per PostgreSQL process of `database`, by pid. */
export function postgresCpu(database: string): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const p of pids) {
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ");
      if (!isPostgresOf(cmd, database)) continue;
      out.set(Number(p), cpuOfStat(fs.readFileSync(`/proc/${p}/stat`, "utf8")));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU spent between two snapshots (processes started meanwhile count from 0). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, v] of after) ms += Math.max(0, v - (before.get(pid) ?? 0));
  return ms;
}

/** A scenario's costs: CPU ms of the API, PostgreSQL and the load generator. */
export interface Costs {
  apiMs: number;
  pgMs: number;
  loadMs: number;
}

/** Measures the API's and PostgreSQL's CPU over `fn` (which reports the load generator's). */
export async function measureCosts<T extends { cpuMs: number }>(
  apiPid: number,
  database: string,
  fn: () => Promise<T>,
): Promise<{ result: T; costs: Costs }> {
  const api0 = processCpuMs(apiPid);
  const pg0 = postgresCpu(database);
  const result = await fn();
  const api1 = processCpuMs(apiPid);
  const pg1 = postgresCpu(database);
  return { result, costs: { apiMs: api1 - api0, pgMs: cpuBetween(pg0, pg1), loadMs: result.cpuMs } };
}
