import { DEFAULT_PAGE_SIZE, type Paginated } from "@portico/contract";

export interface Page {
  limit: number;
  offset: number;
}

export function pageOf(
  query: { limit?: number; offset?: number },
  defaultLimit = DEFAULT_PAGE_SIZE,
  maxLimit = 50000,
): Page {
  return {
    limit: Math.min(Math.max(query.limit ?? defaultLimit, 1), maxLimit),
    offset: Math.max(query.offset ?? 0, 0),
  };
}

/** An export's rows: from the offset, at most `limit` (the export's cap, also its default). */
export const exportPageOf = (query: { limit?: number; offset?: number }, limit: number): Page =>
  pageOf(query, limit, limit);

/** `{count, next, previous, results}` with next/previous links built from the request's own query. */
export function paginate<T>(call: { url: string }, page: Page, count: number, results: T[]): Paginated<T> {
  const url = new URL(call.url, "http://x");
  const link = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set("limit", String(page.limit));
    if (offset > 0) u.searchParams.set("offset", String(offset));
    else u.searchParams.delete("offset");
    return `${u.pathname}${u.search}`;
  };
  return {
    count,
    next: page.offset + page.limit < count ? link(page.offset + page.limit) : null,
    previous: page.offset > 0 ? link(Math.max(page.offset - page.limit, 0)) : null,
    results,
  };
}
