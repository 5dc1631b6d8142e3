import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { pageWithTotal, rowsOf } from "./sql.ts";

/**
 * A page of hand-written SQL: `pageSql` reads the page with `count(*) over () as total`;
 * `countSql` (`select count(*)::int as n …`) runs only for a page past the end.
 */
export async function runPage(
  db: DbOrTx,
  pageSql: SQL,
  countSql: SQL,
  offset: number,
): Promise<{ count: number; rows: Record<string, unknown>[] }> {
  const raw = rowsOf<Record<string, unknown> & { total: number | string }>(await db.execute(pageSql));
  return pageWithTotal(raw, offset, async () => rowsOf<{ n: number }>(await db.execute(countSql))[0]?.n ?? 0);
}
