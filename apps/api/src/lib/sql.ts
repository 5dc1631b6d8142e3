/** Helpers for hand-written SQL in repositories. */

/** The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(r: unknown): T[] =>
  ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** An int[] column as node-postgres (an array) or PGlite (maybe the text '{1,2}') gives it. */
export const intArray = (v: unknown): number[] => {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === "string") return v.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return [];
};

/** Escapes `\`, `%` and `_` for a `like … escape '\'` pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The count and rows of a page read with `count(*) over () as total`: the page carries the total;
 * only a page past the end (no rows, offset > 0) asks `countAll` for it.
 */
export async function pageWithTotal<R extends { total: number | string }>(
  found: R[],
  offset: number,
  countAll: () => Promise<number | string>,
): Promise<{ count: number; rows: Omit<R, "total">[] }> {
  const count = found.length ? Number(found[0].total) : offset > 0 ? Number(await countAll()) : 0;
  return { count, rows: found.map(({ total: _total, ...r }) => r) };
}
