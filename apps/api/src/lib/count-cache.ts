/**
 * The counting strategy of the paginated lists. A page is an index range and costs the same
 * whatever the list's length, but its `count` visits every matching row: a few thousand rows
 * cost nothing, a building's 170,000 closed packages or a portfolio's million shift log notes
 * cost tens of milliseconds on every page. So a count of LARGE_COUNT rows or more is kept for
 * COUNT_TTL_MS and shared by the next pages and the other users of the same list (keyed by the
 * database, the list and its filter); smaller counts are always exact and never kept.
 * Concurrent requests for the same cold count share one query.
 */
export const LARGE_COUNT = 5000;
export const COUNT_TTL_MS = 30_000;
const MAX_ENTRIES = 5000;

interface Entry {
  at: number;
  value: Promise<number>;
}

const byDb = new WeakMap<object, Map<string, Entry>>();

export async function cachedCount(db: object, key: string, count: () => Promise<number>): Promise<number> {
  let cache = byDb.get(db);
  if (!cache) byDb.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.value;
  const value = count();
  cache.set(key, { at: now, value });
  try {
    const n = await value;
    // Small counts are recounted every time (exact right after a write).
    if (n < LARGE_COUNT && cache.get(key)?.value === value) cache.delete(key);
    return n;
  } catch (err) {
    if (cache.get(key)?.value === value) cache.delete(key);
    throw err;
  } finally {
    if (cache.size > MAX_ENTRIES) {
      for (const [k, e] of cache) if (Date.now() - e.at >= COUNT_TTL_MS || cache.size > MAX_ENTRIES) cache.delete(k);
    }
  }
}

/** A stable cache key of a filter object (dates as ISO strings, undefined fields left out). */
export const countKey = (list: string, filter: unknown): string => `${list}:${JSON.stringify(filter)}`;
