import type { CacheName } from "./caches.ts";
import type { ChangeFeed, ChangeCache } from "./change-feed.ts";

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

const caches = new WeakMap<object, (list: string) => ChangeCache<number> | undefined>();

/** Counts read through `db` are kept in `feed` (the change feed plugin calls this). */
export function keepCountsOf(db: object, feed: ChangeFeed): void {
  caches.set(db, (list) => (COUNT_CACHES[list] ? feed.cache<number>(COUNT_CACHES[list]) : undefined));
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
  const cache = caches.get(db)?.(key.slice(0, key.indexOf(":")));
  if (!cache || !topics) return count();
  return cache.get(key, topics, count, (n) => n >= LARGE_COUNT);
}

/** A stable cache key of a filter object (dates as ISO strings, undefined fields left out). */
export const countKey = (list: string, filter: unknown): string => `${list}:${JSON.stringify(filter)}`;
