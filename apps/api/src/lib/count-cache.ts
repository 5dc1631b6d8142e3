import type { CacheName } from "./caches.ts";
import type { ChangeFeed } from "./change-feed.ts";

/**
 * The counting strategy of the paginated lists. A page is an index range and costs the same
 * whatever the list's length, but its `count` visits every matching row: a few thousand rows
 * cost nothing, a building's 170,000 closed packages or a portfolio's million shift log notes
 * cost tens of milliseconds on every page. So a count of LARGE_COUNT rows or more is kept in the
 * change feed's count cache of its list (declared in lib/caches.ts with the topics of every table
 * the list counts), shared by the next pages and the other users of the same list (keyed by the
 * list and its filter), until a change of those topics: it is as exact as the list itself.
 * Smaller counts, and the counts of lists no count cache is declared for, are always counted
 * afresh. Without the feed (CACHES=0, the listener down, a count inside a transaction) every
 * count is counted.
 */
export const LARGE_COUNT = 5000;

/** The list (first part of `countKey`) → its declared count cache. */
export const COUNT_CACHES: Readonly<Record<string, CacheName>> = {
  shift_log_notes: "shift-log-counts",
  packages: "package-counts",
  unit_list: "unit-list-counts",
};

const feeds = new WeakMap<object, ChangeFeed>();

/** Counts and first pages read through `db` are kept in `feed` (the change feed plugin calls this). */
export function keepCountsOf(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/**
 * `topics`: what makes the count stale (the list's building topics); null when no topic covers
 * it (a list over every building), and then it is always counted.
 */
export function cachedCount(
  db: object,
  key: string,
  topics: readonly string[] | null,
  count: () => Promise<number>,
): Promise<number> {
  const name = COUNT_CACHES[key.slice(0, key.indexOf(":"))];
  const cache = name ? feeds.get(db)?.cache<number>(name) : undefined;
  if (!cache || !topics) return count();
  return cache.get(key, topics, count, (n) => n >= LARGE_COUNT);
}

/** A stable cache key of a filter object (dates as ISO strings, undefined fields left out). */
export const countKey = (list: string, filter: unknown): string => `${list}:${JSON.stringify(filter)}`;

/**
 * The first page of a building's list as its desk opens it (the shift log drawer, the package
 * list): one read shared by every user of the building until a change of `topics` (the declared
 * topics of the tables the page reads), so the desks of a building read it once between two
 * changes. The value is the rows as read, before each reader's view of them (the service applies
 * the reader's role afterwards), frozen. Deeper pages, searches and lists of several buildings
 * are read every time: they are scattered and rarely read twice before a change. `key` holds
 * everything the rows depend on, the building's local day included. Outside the feed (CACHES=0,
 * inside a transaction, the listener down) the page is read.
 */
export function cachedFirstPage<V extends object>(
  db: object,
  cache: CacheName,
  key: readonly unknown[],
  topics: readonly string[],
  load: () => Promise<V>,
): Promise<V> {
  const feed = feeds.get(db);
  if (!feed) return load();
  return feed.cache<V>(cache).get(JSON.stringify(key), topics, async () => Object.freeze(await load()));
}
