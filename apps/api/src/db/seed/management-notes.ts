import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client.ts";
import { managementNotes } from "../schema/index.ts";

const HOUR = 3_600_000;

/** The demo notes of every building, oldest first (hours before the seed). */
const DEMO_NOTES = [
  {
    hoursAgo: 24 * 40,
    is_active: false,
    is_require_acknowledgement: false,
    body: "The lobby carpet is being replaced this weekend. Direct residents to the side entrance.",
  },
  {
    hoursAgo: 24 * 6,
    is_active: true,
    is_require_acknowledgement: false,
    body: "Reminder: visitors sign the guest book at the desk, even when a resident comes down to meet them.",
  },
  {
    hoursAgo: 24 * 2,
    is_active: true,
    is_require_acknowledgement: false,
    body: "The garage door contractor comes Thursday between 9 and 11.\nKeep the ramp clear for their truck.",
  },
  {
    hoursAgo: 3,
    is_active: true,
    is_require_acknowledgement: true,
    body: "New procedure for package pick-up: ask every resident for photo ID before releasing a package, with no exceptions.\nPlease acknowledge that you have read this.",
  },
] as const;

/**
 * Demo notes from management: in every building three active notes (the newest requires
 * acknowledgement and nobody has acknowledged it) and one expired, written by a manager of the
 * building (or anyone with access when it has none).
 */
export async function seedManagementNotes(
  db: DbOrTx,
  opts: { now?: Date } = {},
): Promise<{ management_notes: number }> {
  const now = opts.now ?? new Date();
  const existing = await db.execute(sql`select 1 from management_notes limit 1`);
  if (((existing as unknown as { rows: unknown[] }).rows ?? []).length) return { management_notes: 0 };
  const blds = (
    (await db.execute(sql`
      select b.id, (
        select u.id from users u join user_buildings ub on ub.user_id = u.id
        where ub.building_id = b.id and u.is_active and u.role in ('MG', 'OF')
        order by (u.role = 'MG') desc, u.id limit 1
      ) as author
      from buildings b order by b.id`)) as unknown as { rows: { id: number; author: number | null }[] }
  ).rows;
  const rows = blds.flatMap((b) =>
    DEMO_NOTES.map((n) => {
      const at = new Date(now.getTime() - n.hoursAgo * HOUR);
      return {
        building_id: b.id,
        body: n.body,
        is_require_acknowledgement: n.is_require_acknowledgement,
        is_active: n.is_active,
        entered_by_id: b.author,
        date_created: at,
        last_modified: at,
      };
    }),
  );
  if (rows.length) await db.insert(managementNotes).values(rows);
  return { management_notes: rows.length };
}
