import fp from "fastify-plugin";
import { CHANGE_CHANNEL } from "../db/client.ts";
import { LRUCache } from "lru-cache";
import { CACHES, type CacheDeclaration, type CacheName, declaredTopics } from "./caches.ts";
import { keepCountsOf } from "./count-cache.ts";

/**
 * The change feed: PostgreSQL LISTEN/NOTIFY as the invalidation bus of the in-process caches.
 * PostgreSQL stays the only source of truth; every API instance listens and drops what a change
 * makes stale, so any number of instances may cache the same things.
 *
 * Channel `portico_changes`, payload `<topic>:<id>`, sent by row triggers once per changed row and
 * topic (PostgreSQL folds repeats within a transaction), `reset:<table>` on a TRUNCATE. The topics,
 * the tables each stands for, and every cache with the topics it reads are declared in
 * lib/caches.ts; the triggers are generated from those declarations (a migration written by
 * `npm run feed:generate -w apps/api`). A new feature that keeps something declares it there.
 *
 * Caches (`app.changes.cache("package-grid")`: declared names only) hold values under keys, each
 * with the topics that make it stale (the declared ones for the value's building or user):
 * - `get(key, topics, load)`: a hit, or one load shared by concurrent misses (single flight);
 * - a load that raced a change of one of its topics returns its value but does not store it;
 * - while the feed is not listening (PostgreSQL listener down, reconnecting), every get loads
 *   and nothing is stored; everything is dropped when listening starts again;
 * - a TTL (default 60 s) as a safety net, and at most `max` entries (least recently used go;
 *   both kept by lru-cache).
 * Values are shared by every request: treat them as read-only (freeze them).
 *
 * Writers may call `app.changes.touch(topic, …)` after their commit: this instance then never
 * serves what it just changed, whatever the delay of the notification. The other instances hear
 * the triggers' notification. On PostgreSQL the pooled connections listen as well, so a write made
 * through this instance is seen before its statement returns.
 *
 * `app.changes.subscribe(fn)` calls `fn(topic)` for every topic touched or received (after the
 * caches dropped it; the same change may come twice, touched and then notified) and `fn("reset:")`
 * whenever everything is dropped (a TRUNCATE, the listener lost or back: changes may have been
 * missed). It returns the unsubscribe function. The live screens (modules/live) use it.
 */

export { CHANGE_CHANNEL };

/** Topic names as writers and views spell them (each declared in lib/caches.ts TOPICS). */
export const topics = {
  user: (id: number) => `user:${id}`,
  /** Lower-cased the way PostgreSQL does it for ASCII; callers cache only ASCII names. */
  login: (name: string) => `login:${name.toLowerCase()}`,
  building: (id: number) => `building:${id}`,
  units: (buildingId: number) => `units:${buildingId}`,
  packages: (buildingId: number) => `packages:${buildingId}`,
  packageTypes: "package_types:all",
  shiftLogs: (buildingId: number) => `shift_logs:${buildingId}`,
  shiftLogTypes: "shift_log_types:all",
  instructions: (buildingId: number) => `instructions:${buildingId}`,
  instructionTypes: "instruction_types:all",
  /** Maintenance request types, comment templates and notification settings (settings screens). */
  maintenanceSetup: "maintenance_setup:all",
  accessKeys: (buildingId: number) => `access_keys:${buildingId}`,
  lockouts: (buildingId: number) => `lockouts:${buildingId}`,
  contractors: (buildingId: number) => `contractors:${buildingId}`,
  contractorTypes: "contractor_types:all",
  maintenanceRequests: (buildingId: number) => `maintenance_requests:${buildingId}`,
  recurringRequests: (buildingId: number) => `recurring_requests:${buildingId}`,
  vendors: (buildingId: number) => `vendors:${buildingId}`,
  /** Clubs, their buildings, members, pool check-ins, amenity types, slots and schedules (each building of the club). */
  clubs: (buildingId: number) => `clubs:${buildingId}`,
  amenityReservations: (buildingId: number) => `amenity_reservations:${buildingId}`,
  elevatorReservations: (buildingId: number) => `elevator_reservations:${buildingId}`,
  reservationTypes: "reservation_types:all",
  memoGroups: (buildingId: number) => `memo_groups:${buildingId}`,
  documents: (buildingId: number) => `documents:${buildingId}`,
  emailTemplates: "email_templates:all",
  /** Email records of the building (memos, letters, automatic mails) and their recipients' states. */
  emailRecords: (buildingId: number) => `email_records:${buildingId}`,
  userNames: "user_names:all",
  buildings: "buildings:all",
  employees: "employees:all",
} as const;

export interface CacheOptions<N extends string = CacheName> {
  /** A cache declared in lib/caches.ts; asking again for a name returns the same cache. */
  name: N;
  /** Overrides of the declared TTL and size (tests). */
  ttlMs?: number;
  max?: number;
}

/**
 * The topics of a cached value: known up front, or read from the loaded value. Checked against the
 * cache's declaration (lib/caches.ts): undeclared topics are refused, declared ones added.
 */
export type TopicsOf<V> = readonly string[] | ((value: V) => readonly string[]);

export interface CacheStats {
  hits: number;
  misses: number;
  /** Loads while not listening (nothing stored). */
  bypassed: number;
}

export interface ChangeCache<V> {
  readonly name: string;
  readonly declaration: CacheDeclaration;
  /** `keep`: whether a loaded value is stored (default: always). */
  get(key: string, topics: TopicsOf<V>, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  readonly size: number;
  readonly stats: CacheStats;
}

export const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX = 1000;
/** Past this many remembered topic changes, loads in flight are simply not stored. */
const MAX_TRACKED_TOUCHES = 10_000;

interface Entry<V> {
  value: V;
  topics: readonly string[];
}

interface Flight<V> {
  start: number;
  /** null when the topics are only known from the value. */
  topics: readonly string[] | null;
  promise: Promise<V>;
}

/**
 * Values in an `lru-cache` (least recently used out past `max`, TTL on the feed's clock), with an
 * index from each topic to the keys whose values it makes stale.
 */
class Cache<V> implements ChangeCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight<V>>();
  readonly stats: CacheStats = { hits: 0, misses: 0, bypassed: 0 };

  constructor(
    private readonly feed: ChangeFeed<string>,
    readonly name: string,
    readonly declaration: CacheDeclaration,
    private readonly ttlMs: number,
    max: number,
  ) {
    this.entries = new LRUCache<string, Entry<V>>({
      max,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now: () => feed.now() },
      // Evicted, expired, replaced or deleted: its topics no longer point at it.
      dispose: (entry, key) => this.unindex(key, entry.topics),
    });
  }

  get size() {
    return this.entries.size;
  }

  private topicsOf(named: readonly string[]): string[] {
    return declaredTopics(this.name, this.declaration, named);
  }

  get(key: string, topicsOf: TopicsOf<V>, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
    const feed = this.feed;
    // Checked on every call, listening or not: a view naming an undeclared topic fails at once.
    const known = typeof topicsOf === "function" ? null : this.topicsOf(topicsOf);
    if (!feed.listening) {
      this.stats.bypassed++;
      return load();
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits++;
      return Promise.resolve(hit.value);
    }
    const flying = this.flights.get(key);
    // Joined only while nothing it read may have changed since it started.
    if (flying && feed.unchangedSince(flying.start, flying.topics)) {
      this.stats.hits++;
      return flying.promise;
    }
    this.stats.misses++;
    const start = feed.begin();
    const at = feed.now();
    const flight: Flight<V> = { start, topics: known, promise: Promise.resolve() as Promise<never> };
    // In the map before the load starts: a load failing at once removes it again.
    this.flights.set(key, flight);
    flight.promise = (async () => {
      try {
        const value = await load();
        const t = known ?? this.topicsOf((topicsOf as (value: V) => readonly string[])(value));
        if (feed.listening && feed.unchangedSince(start, t) && (!keep || keep(value))) this.store(key, value, t, at);
        return value;
      } finally {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        feed.end();
      }
    })();
    return flight.promise;
  }

  /** Kept until `ttlMs` after its load started (lru-cache: stale once older than its ttl). */
  private store(key: string, value: V, topicList: readonly string[], at: number) {
    const ttl = this.ttlMs - (this.feed.now() - at) - 1;
    if (ttl < 1) return;
    this.entries.set(key, { value, topics: topicList }, { ttl });
    for (const t of topicList) {
      let keys = this.byTopic.get(t);
      if (!keys) this.byTopic.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, topicList: readonly string[]) {
    for (const t of topicList) {
      const keys = this.byTopic.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (!keys.size) this.byTopic.delete(t);
    }
  }

  /** @internal */
  invalidate(topic: string) {
    const keys = this.byTopic.get(topic);
    if (keys) for (const k of [...keys]) this.entries.delete(k);
  }

  /** @internal */
  clear() {
    this.entries.clear();
    this.byTopic.clear();
    this.flights.clear();
  }
}

/** The caches of one app and the state of its listener; `changeFeed` below wires it to the database. */
export class ChangeFeed<N extends string = CacheName> {
  private on = false;
  private seq = 0;
  /** Loads started before this point never store (a reset happened since). */
  private floor = 0;
  private readonly lastTouch = new Map<string, number>();
  private inFlight = 0;
  private readonly caches = new Map<string, Cache<unknown>>();
  private readonly subscribers = new Set<(topic: string) => void>();

  /** `declarations`: the caches that may be asked for (lib/caches.ts; tests declare their own). */
  constructor(
    readonly now: () => number = Date.now,
    private readonly declarations: Readonly<Record<N, CacheDeclaration>> = CACHES as unknown as Record<
      N,
      CacheDeclaration
    >,
  ) {}

  /** True while notifications are being received (caches in use). */
  get listening(): boolean {
    return this.on;
  }

  /** The listener's state; either way everything cached so far is dropped. */
  setListening(on: boolean): void {
    this.on = on;
    this.reset();
  }

  /** The declared cache of this name (`cache("package-grid")`, or with overrides `cache({ name, max })`). */
  cache<V>(nameOrOpts: N | CacheOptions<N>): ChangeCache<V> {
    const opts = typeof nameOrOpts === "string" ? { name: nameOrOpts } : nameOrOpts;
    let c = this.caches.get(opts.name);
    if (!c) {
      const decl: CacheDeclaration | undefined = this.declarations[opts.name];
      if (!decl) throw new Error(`no cache "${opts.name}" is declared (lib/caches.ts)`);
      c = new Cache<unknown>(
        this as ChangeFeed<string>,
        opts.name,
        decl,
        opts.ttlMs ?? decl.ttlMs ?? DEFAULT_TTL_MS,
        opts.max ?? decl.max ?? DEFAULT_MAX,
      );
      this.caches.set(opts.name, c);
    }
    return c as unknown as ChangeCache<V>;
  }

  /** Drops what these topics make stale, here and now (writers: after the commit). */
  touch(...changed: string[]): void {
    const s = ++this.seq;
    for (const t of changed) {
      if (this.inFlight > 0) this.lastTouch.set(t, s);
      for (const c of this.caches.values()) c.invalidate(t);
    }
    if (this.lastTouch.size > MAX_TRACKED_TOUCHES) {
      this.lastTouch.clear();
      this.floor = this.seq;
    }
    for (const t of changed) this.publish(t);
  }

  /** Calls `fn` with every topic touched or received, and "reset:" when everything is dropped. */
  subscribe(fn: (topic: string) => void): () => void {
    this.subscribers.add(fn);
    return () => void this.subscribers.delete(fn);
  }

  private publish(topic: string): void {
    for (const fn of [...this.subscribers]) {
      try {
        fn(topic);
      } catch {
        // A subscriber's failure is its own; the caches and other subscribers go on.
      }
    }
  }

  /** A notification payload from the database. */
  receive(payload: string): void {
    if (payload.startsWith("reset:")) this.reset();
    else this.touch(payload);
  }

  /** Drops every cached value; loads in flight are not stored. */
  reset(): void {
    this.floor = ++this.seq;
    this.lastTouch.clear();
    for (const c of this.caches.values()) c.clear();
    this.publish("reset:");
  }

  /** @internal a load starts: its position in the sequence of changes. */
  begin(): number {
    this.inFlight++;
    return this.seq;
  }

  /** @internal */
  end(): void {
    if (--this.inFlight === 0) this.lastTouch.clear();
  }

  /** @internal may a load started at `start` be kept (none of its topics changed since)? */
  unchangedSince(start: number, topicList: readonly string[] | null): boolean {
    if (start < this.floor) return false;
    if (topicList === null) return start === this.seq;
    for (const t of topicList) if ((this.lastTouch.get(t) ?? 0) > start) return false;
    return true;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

/** `app.changes`: listens from registration until the app closes. */
export const changeFeed = fp(
  async (app) => {
    const feed = new ChangeFeed();
    app.decorate("changes", feed);
    keepCountsOf(app.database.db, feed);
    // CACHES=0: the feed never listens, so every cache read loads from the database.
    if (!app.config.caches) {
      app.log.info("in-process caches off (CACHES=0)");
      return;
    }
    let wasListening = false;
    let everListened = false;
    const listener = await app.database.listen(
      CHANGE_CHANNEL,
      (payload) => feed.receive(payload),
      (on, err) => {
        if (!on && (wasListening || err))
          app.log.warn({ err: err?.message }, "change feed not listening: caches bypassed");
        if (on && everListened && !wasListening) app.log.info("change feed listening again");
        wasListening = on;
        everListened ||= on;
        feed.setListening(on);
      },
    );
    app.addHook("onClose", async () => {
      await listener.close();
      feed.setListening(false);
    });
  },
  { name: "change-feed" },
);

export default changeFeed;
