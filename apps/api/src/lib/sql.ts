/** Helpers for hand-written SQL in repositories. */

/** The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(r: unknown): T[] =>
  ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** Escapes `\`, `%` and `_` for a `like … escape '\'` pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
