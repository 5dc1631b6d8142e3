import crypto from "node:crypto";
import type { ChangeFeed } from "../../lib/change-feed.ts";
import { SUBSCRIBERS, TOPICS } from "../../lib/caches.ts";

/**
 * Live screens: the change feed (lib/change-feed.ts) turned into Server-Sent Events per building.
 *
 * Every topic this instance touches or receives passes through `LiveHub.onTopic`. Changes of a
 * building's packages, shift log, units or settings are coalesced (one event per building and
 * topic per COALESCE_MS window, sent at its end, which also lets the notification reach the other
 * instances' caches first), numbered, kept in a small ring buffer and written to the streams of
 * that building. A stream that reconnects with `Last-Event-ID` gets what it missed from the
 * buffer, or `reset` when this instance cannot tell (another instance's id, fallen out of the
 * buffer, or a reset of the feed since). A change of a user (`user:<id>`: account, role or
 * building grants) closes that user's streams so that the reconnect is authorized again.
 *
 * Streams hold no database connection: the only reads are the authorization before the stream
 * starts. An event tells only "this area of a building you can see changed".
 */

type LiveSubscribed = (typeof SUBSCRIBERS.live)[number];
/** Building-scoped and global topics of live screens: what caches.ts declares for `live`, less `user`. */
export type LiveTopic = Exclude<LiveSubscribed, "user">;
export const LIVE_TOPICS = SUBSCRIBERS.live.filter((t): t is LiveTopic => t !== "user");
/** Live topics of global lists (`<topic>:all`, declared with param "all"): a change reaches every building's streams. */
const GLOBAL_LIVE_TOPICS = LIVE_TOPICS.filter((t) => TOPICS[t].param === "all");

export const COALESCE_MS = 100;
export const PING_MS = 20_000;
export const RETRY_MS = 2_000;
export const RING_SIZE = 5_000;
export const MAX_STREAMS_PER_USER = 10;
/** A client that reads nothing while this much is queued for it is dropped. */
const MAX_QUEUED_BYTES = 64 * 1024;

const TOPIC_RE = new RegExp(`^(${LIVE_TOPICS.join("|")}):(\\d+)$`);
const USER_RE = /^user:(\d+)$/;
const GLOBAL_RE = new RegExp(`^(${GLOBAL_LIVE_TOPICS.join("|")}):all$`);

export interface LiveStream {
  userId: number;
  building: number;
  /** Writes raw event-stream text; false when the client is not keeping up. */
  write(text: string): boolean;
  /** Ends the stream (idempotent). */
  close(): void;
}

interface RingEntry {
  seq: number;
  /** null: a reset of the feed (every building). */
  building: number | null;
  topic: LiveTopic | null;
}

export type LimitRefusal = "user" | "total";

export const changeEvent = (id: string, topic: LiveTopic, building: number) =>
  `id: ${id}\nevent: change\ndata: ${JSON.stringify({ topic, building })}\n\n`;
export const resetEvent = (id: string) => `id: ${id}\nevent: reset\ndata: {}\n\n`;

export class LiveHub {
  /** Part of every event id: another instance never mistakes them for its own. */
  readonly instance = crypto.randomBytes(6).toString("base64url");
  private seq = 0;
  /** Highest sequence number fallen out of the ring. */
  private dropped = 0;
  private readonly ring: RingEntry[] = [];
  private readonly pending = new Map<string, { building: number; topic: LiveTopic }>();
  private timer: NodeJS.Timeout | null = null;
  private readonly pinger: NodeJS.Timeout;
  private readonly byBuilding = new Map<number, Set<LiveStream>>();
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private total = 0;
  private readonly unsubscribe: () => void;

  constructor(
    feed: ChangeFeed,
    private readonly maxTotal: number,
    private readonly maxPerUser = MAX_STREAMS_PER_USER,
  ) {
    this.unsubscribe = feed.subscribe((t) => this.onTopic(t));
    this.pinger = setInterval(() => this.broadcast(": ping\n\n"), PING_MS);
    this.pinger.unref();
  }

  get streams(): number {
    return this.total;
  }

  private id(seq: number) {
    return `${this.instance}.${seq}`;
  }

  onTopic(topic: string): void {
    if (topic.startsWith("reset:")) return this.reset();
    const user = USER_RE.exec(topic);
    if (user) {
      for (const s of [...(this.byUser.get(Number(user[1])) ?? [])]) s.close();
      return;
    }
    const global = GLOBAL_RE.exec(topic);
    if (global) {
      for (const building of this.byBuilding.keys())
        this.pending.set(`${global[1]}:${building}`, { topic: global[1] as LiveTopic, building });
    } else {
      const m = TOPIC_RE.exec(topic);
      if (!m) return;
      this.pending.set(topic, { topic: m[1] as LiveTopic, building: Number(m[2]) });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), COALESCE_MS);
      this.timer.unref();
    }
  }

  private push(entry: Omit<RingEntry, "seq">): number {
    const seq = ++this.seq;
    this.ring.push({ seq, ...entry });
    if (this.ring.length > RING_SIZE) this.dropped = this.ring.shift()!.seq;
    return seq;
  }

  private flush(): void {
    this.timer = null;
    const changes = [...this.pending.values()];
    this.pending.clear();
    for (const { building, topic } of changes) {
      const seq = this.push({ building, topic });
      const text = changeEvent(this.id(seq), topic, building);
      for (const s of [...(this.byBuilding.get(building) ?? [])]) this.send(s, text);
    }
  }

  /** Changes may have been missed (TRUNCATE, listener lost or back): every stream refetches. */
  private reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    const seq = this.push({ building: null, topic: null });
    this.broadcast(resetEvent(this.id(seq)));
  }

  private broadcast(text: string) {
    for (const set of this.byBuilding.values()) for (const s of [...set]) this.send(s, text);
  }

  private send(s: LiveStream, text: string) {
    if (!s.write(text)) s.close();
  }

  /** Why a new stream of this user would be refused, or null. */
  refusal(userId: number): LimitRefusal | null {
    if ((this.byUser.get(userId)?.size ?? 0) >= this.maxPerUser) return "user";
    if (this.total >= this.maxTotal) return "total";
    return null;
  }

  /**
   * Registers a stream and returns what it gets first: `ready` (with the current position when it
   * starts afresh), then, on a resume, what it missed or a reset.
   */
  open(s: LiveStream, lastEventId: string | undefined): string {
    let set = this.byBuilding.get(s.building);
    if (!set) this.byBuilding.set(s.building, (set = new Set()));
    set.add(s);
    let mine = this.byUser.get(s.userId);
    if (!mine) this.byUser.set(s.userId, (mine = new Set()));
    mine.add(s);
    this.total++;
    const head = `retry: ${RETRY_MS}\n`;
    if (lastEventId === undefined || lastEventId === "")
      return `${head}id: ${this.id(this.seq)}\nevent: ready\ndata: {}\n\n`;
    return `${head}event: ready\ndata: {}\n\n${this.missed(s.building, lastEventId)}`;
  }

  /** The events of a building after `lastEventId`, or a reset when they are not known here. */
  private missed(building: number, lastEventId: string): string {
    const m = /^([\w-]+)\.(\d+)$/.exec(lastEventId);
    const since = m && m[1] === this.instance ? Number(m[2]) : NaN;
    if (!(since >= this.dropped && since <= this.seq)) return resetEvent(this.id(this.seq));
    const latest = new Map<LiveTopic, number>();
    for (const e of this.ring) {
      if (e.seq <= since) continue;
      if (e.building === null) return resetEvent(this.id(this.seq));
      if (e.building === building) latest.set(e.topic!, e.seq);
    }
    return [...latest.entries()]
      .sort((a, b) => a[1] - b[1])
      .map(([topic, seq]) => changeEvent(this.id(seq), topic, building))
      .join("");
  }

  /** Forgets a closed stream. */
  remove(s: LiveStream): void {
    const set = this.byBuilding.get(s.building);
    if (!set?.delete(s)) return;
    if (!set.size) this.byBuilding.delete(s.building);
    const mine = this.byUser.get(s.userId);
    mine?.delete(s);
    if (mine && !mine.size) this.byUser.delete(s.userId);
    this.total--;
  }

  /** Ends every stream (the app closes). */
  close(): void {
    this.unsubscribe();
    clearInterval(this.pinger);
    if (this.timer) clearTimeout(this.timer);
    for (const set of [...this.byBuilding.values()]) for (const s of [...set]) s.close();
  }

  static readonly maxQueuedBytes = MAX_QUEUED_BYTES;
}
