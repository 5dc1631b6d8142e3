import fp from "fastify-plugin";
import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";

/**
 * The job queue: pg-boss 10 on the product's own database (PostgreSQL through the shared pool,
 * PGlite through a small executeSql adapter), so any number of API or worker instances share
 * one queue and one cron schedule.
 *
 * Features declare their work once, at plugin registration:
 *
 *   app.jobs.work("shift-log-nightly", async () => runNightly(app));
 *   app.jobs.schedule("shift-log-nightly", "0 * * * *");      // UTC cron unless tz given
 *   await app.jobs.send("mail-deliver", { id });               // null when the queue is not running
 *
 * The queue starts (onReady) only when config.runJobs is true, and stops on close. Tests run with
 * runJobs false and call the handlers (plain exported functions) directly. When the queue is
 * not running, `send` returns null and the caller decides (the mail layer then delivers in
 * process, in the background).
 */
export type JobHandler<T = Record<string, unknown>> = (data: T, job: { id: string; name: string }) => Promise<unknown>;

export interface WorkOptions {
  /** Jobs fetched per poll (default 1). */
  batchSize?: number;
  /** Polling interval in seconds (default 2). */
  pollingIntervalSeconds?: number;
  /** Retries when the handler throws (default 3, with backoff). */
  retryLimit?: number;
  /** Seconds a job may run before it counts as failed (default 15 min). */
  expireInSeconds?: number;
}

export interface ScheduleOptions {
  /** IANA time zone the cron expression is read in (default UTC). */
  tz?: string;
  data?: Record<string, unknown>;
}

export interface SendOptions {
  /** Run at most once per key while a job with it is queued (pg-boss singletonKey). */
  singletonKey?: string;
  startAfter?: Date | number;
  retryLimit?: number;
}

/** pg-boss's minimal database interface over either engine. */
export function bossDb(database: Database): {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
} {
  if (database.pool) {
    const pool = database.pool;
    return {
      executeSql: async (text, values) => pool.query(text, values as unknown[]) as Promise<{ rows: unknown[] }>,
    };
  }
  const pglite = database.pglite!;
  return {
    executeSql: async (text, values) =>
      values?.length
        ? ((await pglite.query(text, values)) as { rows: unknown[] })
        : { rows: (await pglite.exec(text)).flatMap((r) => r.rows ?? []) },
  };
}

export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly workers = new Map<string, { handler: JobHandler<never>; options: WorkOptions }>();
  private readonly schedules = new Map<string, { cron: string; options: ScheduleOptions }>();
  private starting: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly log?: Pick<FastifyBaseLogger, "error" | "warn" | "info">,
    private readonly bossOptions: Partial<PgBoss.ConstructorOptions> = {},
  ) {}

  /** True between start() and stop(). */
  get running(): boolean {
    return this.boss !== null;
  }

  /** Registers the handler of a queue (applied at start, or at once when already running). */
  work<T = Record<string, unknown>>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (this.workers.has(name)) throw new Error(`job ${name} already has a worker`);
    this.workers.set(name, { handler: handler as JobHandler<never>, options });
    if (this.boss)
      void this.applyWorker(this.boss, name).catch((err) =>
        this.log?.error({ err, name }, "job worker failed to start"),
      );
  }

  /** A recurring job (cron, UTC unless tz). Shared by all instances: each tick runs once. */
  schedule(name: string, cron: string, options: ScheduleOptions = {}): void {
    this.schedules.set(name, { cron, options });
    if (this.boss)
      void this.applySchedule(this.boss, name).catch((err) => this.log?.error({ err, name }, "job schedule failed"));
  }

  /** Queues a job; returns its id, or null when the queue is not running here. */
  async send(name: string, data: Record<string, unknown> = {}, options: SendOptions = {}): Promise<string | null> {
    if (!this.boss) return null;
    await this.ensureQueue(this.boss, name, this.workers.get(name)?.options);
    return this.boss.send(name, data, options as PgBoss.SendOptions);
  }

  /** The registered handler of a queue, to call it directly (tests, tools). */
  handler<T = Record<string, unknown>>(name: string): JobHandler<T> | undefined {
    return this.workers.get(name)?.handler as JobHandler<T> | undefined;
  }

  async start(): Promise<void> {
    if (this.boss) return;
    if (this.starting) return this.starting;
    this.starting = (async () => {
      const boss = new PgBoss({
        db: bossDb(this.database) as PgBoss.Db,
        // PGlite has one connection: keep the supervisor gentle there.
        ...(this.database.kind === "pglite" ? { maintenanceIntervalSeconds: 300 } : {}),
        ...this.bossOptions,
      });
      boss.on("error", (err) => this.log?.error({ err }, "job queue error"));
      await boss.start();
      for (const name of this.workers.keys()) await this.applyWorker(boss, name);
      for (const name of this.schedules.keys()) await this.applySchedule(boss, name);
      this.boss = boss;
    })();
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  async stop(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  }

  private readonly knownQueues = new Set<string>();

  private async ensureQueue(boss: PgBoss, name: string, options: WorkOptions = {}): Promise<void> {
    if (this.knownQueues.has(name)) return;
    if (!(await boss.getQueue(name))) {
      try {
        await boss.createQueue(name, {
          name,
          retryLimit: options.retryLimit ?? 3,
          retryBackoff: true,
          retryDelay: 30,
          expireInSeconds: options.expireInSeconds ?? 15 * 60,
        });
      } catch (err) {
        // Another instance created it first.
        if (!(await boss.getQueue(name))) throw err;
      }
    }
    this.knownQueues.add(name);
  }

  private async applyWorker(boss: PgBoss, name: string): Promise<void> {
    const w = this.workers.get(name)!;
    await this.ensureQueue(boss, name, w.options);
    await boss.work<Record<string, unknown>>(
      name,
      { batchSize: w.options.batchSize ?? 1, pollingIntervalSeconds: w.options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) {
          try {
            await (w.handler as JobHandler)(job.data ?? {}, { id: job.id, name: job.name });
          } catch (err) {
            this.log?.error({ err, job: name, id: job.id }, "job failed");
            throw err;
          }
        }
      },
    );
  }

  private async applySchedule(boss: PgBoss, name: string): Promise<void> {
    const s = this.schedules.get(name)!;
    await this.ensureQueue(boss, name, this.workers.get(name)?.options);
    await boss.schedule(name, s.cron, s.options.data ?? {}, { tz: s.options.tz ?? "UTC" });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`; starts the queue when the app is ready if config.runJobs, stops it on close.
 * Register it once, at the root, before the feature modules.
 */
export default fp(
  async (app) => {
    const queue = new JobQueue(app.database, app.log);
    app.decorate("jobs", queue);
    if (app.config.runJobs) app.addHook("onReady", async () => queue.start());
    app.addHook("onClose", async () => queue.stop());
  },
  { name: "portico-jobs" },
);
