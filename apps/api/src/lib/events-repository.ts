import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { events, users } from "../db/schema/index.ts";

/** Who did it, as histories show it: the name, or the username when the account has none. */
const performer = sql<
  string | null
>`coalesce(nullif(trim(${users.first_name} || ' ' || ${users.last_name}), ''), ${users.username})`;

/** One page of an object's history (a package, a note), newest first unless `desc` is false, and its count. */
export async function listEntityEvents(
  db: DbOrTx,
  entityType: string,
  entityId: number,
  page: { limit: number; offset: number },
  desc = true,
) {
  const where = and(eq(events.entity_type, entityType), eq(events.entity_id, entityId));
  const order = desc
    ? sql`${events.date_created} desc, ${events.id} desc`
    : sql`${events.date_created} asc, ${events.id} asc`;
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({
        id: events.id,
        type: events.type,
        type_display: events.type_display,
        note: events.note,
        performed_by: performer,
        date_created: events.date_created,
      })
      .from(events)
      .leftJoin(users, eq(users.id, events.performed_by_id))
      .where(where)
      .orderBy(order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(where),
  ]);
  return { rows, count: Number(count) };
}
