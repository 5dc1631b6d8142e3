import { describe, expect, it } from "vitest";
import { cpuBetween, cpuOfStat, isPostgresOf, processCpuMs } from "./costs.ts";

describe("CPU from /proc", () => {
  it("reads utime + stime after a command with spaces and parentheses", () => {
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 31 0 0 20 0 11 0 5000 1000 100";
    expect(cpuOfStat(stat)).toBe((250 + 31) * 10);
  });

  it("reads this process's CPU", () => {
    expect(processCpuMs(process.pid)).toBeGreaterThan(0);
  });

  it("counts PostgreSQL's processes of the benchmark database and the server's own", () => {
    const db = "portico_bench";
    expect(isPostgresOf("postgres: 15/main: postgres portico_bench 127.0.0.1(5512) idle ", db)).toBe(true);
    expect(isPostgresOf("postgres: postgres portico_bench [local] SELECT ", db)).toBe(true);
    expect(isPostgresOf("postgres: 15/main: postgres portico_test_7 127.0.0.1(5513) idle ", db)).toBe(false);
    expect(isPostgresOf("postgres: 15/main: walwriter ", db)).toBe(true);
    expect(isPostgresOf("postgres: 15/main: autovacuum worker portico_bench ", db)).toBe(true);
    expect(isPostgresOf("postgres: 15/main: autovacuum worker other ", db)).toBe(false);
    expect(isPostgresOf("/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main", db)).toBe(false);
  });

  it("adds up what each process spent, new processes from zero", () => {
    expect(
      cpuBetween(
        new Map([
          [1, 100],
          [2, 50],
        ]),
        new Map([
          [1, 130],
          [2, 50],
          [3, 20],
        ]),
      ),
    ).toBe(50);
  });
});
