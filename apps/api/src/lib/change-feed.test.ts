import { describe, expect, it } from "vitest";
import type { CacheDeclaration } from "./caches.ts";
import { ChangeFeed, topics } from "./change-feed.ts";
import { etagMatches, viewBody } from "./view-cache.ts";

/** A promise resolved from outside: a load that finishes when the test says so. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Caches of these tests: the mechanics alone, whatever the topics (lib/caches.test.ts checks declarations). */
const reads: CacheDeclaration = { reads: [], anyTopic: true };
const TEST_CACHES = { a: reads, b: reads, c: reads };

function listeningFeed(now?: () => number) {
  const feed = new ChangeFeed(now, TEST_CACHES);
  feed.setListening(true);
  return feed;
}

describe("change feed caches", () => {
  it("loads once, then serves the value until one of its topics changes", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c" });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get("k", ["units:1"], load)).toBe("v1");
    expect(await cache.get("k", ["units:1"], load)).toBe("v1");
    expect(cache.stats).toMatchObject({ hits: 1, misses: 1 });
    feed.touch("units:2");
    expect(await cache.get("k", ["units:1"], load)).toBe("v1");
    feed.touch("units:1");
    expect(await cache.get("k", ["units:1"], load)).toBe("v2");
    // A notification is a touch.
    feed.receive("units:1");
    expect(await cache.get("k", ["units:1"], load)).toBe("v3");
    expect(cache.size).toBe(1);
  });

  it("returns the same cache for the same name", () => {
    const feed = listeningFeed();
    expect(feed.cache({ name: "a" })).toBe(feed.cache({ name: "a" }));
    expect(feed.cache({ name: "a" })).not.toBe(feed.cache({ name: "b" }));
  });

  it("shares one load between concurrent misses (single flight)", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<number>({ name: "c" });
    const d = deferred<number>();
    let loads = 0;
    const load = () => {
      loads++;
      return d.promise;
    };
    const all = Promise.all([1, 2, 3].map(() => cache.get("k", ["t:1"], load)));
    d.resolve(42);
    expect(await all).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
    expect(await cache.get("k", ["t:1"], load)).toBe(42);
    expect(loads).toBe(1);
  });

  it("does not keep a load that raced a change of its topics, nor let later calls join it", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c" });
    const first = deferred<string>();
    const p1 = cache.get("k", ["packages:1"], () => first.promise);
    feed.touch("packages:1"); // the change commits while the first load reads
    let second = 0;
    const p2 = cache.get("k", ["packages:1"], async () => `fresh${++second}`);
    first.resolve("stale");
    expect(await p1).toBe("stale"); // its own caller still gets it
    expect(await p2).toBe("fresh1"); // a call after the change never joins the old load
    expect(await cache.get("k", ["packages:1"], async () => "again")).toBe("fresh1");
  });

  it("keeps a load when only unrelated topics changed meanwhile", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c" });
    const d = deferred<string>();
    const p = cache.get("k", ["packages:1"], () => d.promise);
    feed.touch("packages:2", "user:7");
    d.resolve("v");
    await p;
    expect(await cache.get("k", ["packages:1"], async () => "other")).toBe("v");
  });

  it("with topics read from the value, keeps nothing loaded across any change", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<{ id: number }>({ name: "c" });
    const byValue = (v: { id: number }) => [topics.user(v.id)];
    const d = deferred<{ id: number }>();
    const p = cache.get("name:ada", byValue, () => d.promise);
    feed.touch(topics.user(5)); // unknown yet whether the load is user 5
    d.resolve({ id: 5 });
    await p;
    expect(await cache.get("name:ada", byValue, async () => ({ id: 6 }))).toEqual({ id: 6 });
    // Stored now, under the value's topic.
    expect(await cache.get("name:ada", byValue, async () => ({ id: 7 }))).toEqual({ id: 6 });
    feed.touch(topics.user(6));
    expect(await cache.get("name:ada", byValue, async () => ({ id: 8 }))).toEqual({ id: 8 });
  });

  it("expires values after the TTL", async () => {
    let now = 1_000;
    const feed = listeningFeed(() => now);
    const cache = feed.cache<number>({ name: "c", ttlMs: 100 });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get("k", [], load)).toBe(1);
    now += 99;
    expect(await cache.get("k", [], load)).toBe(1);
    now += 1;
    expect(await cache.get("k", [], load)).toBe(2);
  });

  it("evicts the least recently used entries past max", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c", max: 2 });
    const load = (v: string) => async () => v;
    await cache.get("a", ["t:a"], load("a1"));
    await cache.get("b", ["t:b"], load("b1"));
    await cache.get("a", ["t:a"], load("a2")); // a is now the most recent
    await cache.get("c", ["t:c"], load("c1")); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get("a", ["t:a"], load("a3"))).toBe("a1");
    expect(await cache.get("b", ["t:b"], load("b2"))).toBe("b2");
  });

  it("keeps no failed load: every waiter gets the error, the next call loads again", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c" });
    const d = deferred<string>();
    const a = cache.get("k", [], () => d.promise);
    const b = cache.get("k", [], () => d.promise);
    d.reject(new Error("db down"));
    await expect(a).rejects.toThrow("db down");
    await expect(b).rejects.toThrow("db down");
    await expect(
      cache.get("k", [], () => {
        throw new Error("at once");
      }),
    ).rejects.toThrow("at once");
    expect(await cache.get("k", [], async () => "ok")).toBe("ok");
  });

  it("bypasses every cache while not listening, and starts empty when listening again", async () => {
    const feed = new ChangeFeed(undefined, TEST_CACHES);
    const cache = feed.cache<number>({ name: "c" });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get("k", ["t:1"], load)).toBe(1);
    expect(await cache.get("k", ["t:1"], load)).toBe(2);
    expect(cache.stats.bypassed).toBe(2);
    expect(cache.size).toBe(0);

    feed.setListening(true);
    expect(await cache.get("k", ["t:1"], load)).toBe(3);
    expect(await cache.get("k", ["t:1"], load)).toBe(3);

    // The listener drops: nothing is served from memory, nothing stored.
    const d = deferred<number>();
    const inFlight = cache.get("k2", ["t:2"], () => d.promise);
    feed.setListening(false);
    d.resolve(99);
    expect(await inFlight).toBe(99);
    expect(await cache.get("k", ["t:1"], load)).toBe(4);
    expect(cache.size).toBe(0);

    // Back: what was cached before might have missed a change.
    feed.setListening(true);
    expect(await cache.get("k", ["t:1"], load)).toBe(5);
    expect(await cache.get("k2", ["t:2"], async () => 100)).toBe(100);
  });

  it("drops everything on a reset notification (a TRUNCATE)", async () => {
    const feed = listeningFeed();
    const a = feed.cache<number>({ name: "a" });
    const b = feed.cache<number>({ name: "b" });
    await a.get("k", ["user:1"], async () => 1);
    await b.get("k", ["units:1"], async () => 1);
    feed.receive("reset:packages");
    expect(a.size + b.size).toBe(0);
  });

  it("forgets old changes without losing a race (bounded memory)", async () => {
    const feed = listeningFeed();
    const cache = feed.cache<string>({ name: "c" });
    const d = deferred<string>();
    const p = cache.get("k", ["units:1"], () => d.promise);
    for (let i = 0; i < 20_000; i++) feed.touch(`user:${i}`);
    feed.touch("units:1");
    for (let i = 0; i < 20_000; i++) feed.touch(`user:x${i}`);
    d.resolve("raced");
    await p;
    expect(await cache.get("k", ["units:1"], async () => "fresh")).toBe("fresh");
  });
});

describe("view bodies", () => {
  it("carry a strong ETag of their bytes", () => {
    const a = viewBody('{"a":1}');
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(viewBody(Buffer.from('{"a":1}')).etag).toBe(a.etag);
    expect(viewBody('{"a":2}').etag).not.toBe(a.etag);
    expect(a.body.toString()).toBe('{"a":1}');
  });

  it("match If-None-Match lists, weak tags and *", () => {
    const e = '"abc"';
    expect(etagMatches(undefined, e)).toBe(false);
    expect(etagMatches('"abc"', e)).toBe(true);
    expect(etagMatches('W/"abc"', e)).toBe(true);
    expect(etagMatches('"x", "abc"', e)).toBe(true);
    expect(etagMatches('"x"', e)).toBe(false);
    expect(etagMatches("*", e)).toBe(true);
    expect(etagMatches('"ab"', e)).toBe(false);
  });
});

describe("change feed subscribers", () => {
  it("hear every topic touched or received, a reset, and nothing once unsubscribed", async () => {
    const feed = listeningFeed();
    const heard: string[] = [];
    const cache = feed.cache<string>({ name: "c" });
    let seenByCache: number | null = null;
    const off = feed.subscribe((topic) => {
      heard.push(topic);
      // Called after the caches dropped the topic.
      seenByCache = cache.size;
    });
    await cache.get("k", ["packages:1"], async () => "v");
    expect(cache.size).toBe(1);
    feed.touch("packages:1", "units:1");
    feed.receive("shift_logs:2");
    feed.receive("reset:packages");
    feed.setListening(false);
    expect(heard).toEqual(["packages:1", "units:1", "shift_logs:2", "reset:", "reset:"]);
    expect(seenByCache).toBe(0);
    off();
    feed.touch("packages:1");
    expect(heard).toHaveLength(5);
  });

  it("a failing subscriber does not stop the others", () => {
    const feed = listeningFeed();
    const heard: string[] = [];
    feed.subscribe(() => {
      throw new Error("boom");
    });
    feed.subscribe((t) => heard.push(t));
    feed.touch("building:1");
    expect(heard).toEqual(["building:1"]);
  });
});
