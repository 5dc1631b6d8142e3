import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { events } from "../../db/schema/index.ts";
import { iso } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { str, strOrNull } from "./shared-repository.ts";

/* The history (events) of unit profiles, residents, flags and notes. */

/** An event to write: every column of the table but its id and time (`data` may be left out). */
export type EventInput = Required<Omit<typeof events.$inferInsert, "id" | "date_created" | "data">> & {
  data?: Record<string, unknown> | null;
};

export async function insertEvents(db: DbOrTx, list: EventInput[]) {
  if (list.length) await db.insert(events).values(list.map((e) => ({ ...e, data: e.data ?? null })));
}

const PERFORMED_BY = sql.raw(`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)`);

/** The note a reader sees: the public variant (no e-mails) for readers who may not see e-mails. */
const noteFor = (viewEmail: boolean) =>
  viewEmail ? sql.raw(`e.note`) : sql.raw(`coalesce(e.data->>'public_note', e.note)`);

function toEventRow(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    type: str(r.type),
    type_display: str(r.type_display),
    note: str(r.note),
    performed_by: strOrNull(r.performed_by),
    date_created: iso(r.date_created as Date)!,
    entity_type: str(r.entity_type),
    entity_id: Number(r.entity_id),
    subject: strOrNull(r.subject),
  };
}

/** The unit's history: the occupancy, its residents, its flags (managers-only ones for managers) and notes. */
export async function occupancyEvents(
  db: DbOrTx,
  occupancyId: number,
  opts: { manager: boolean; notes: boolean; viewEmail: boolean },
  page: { limit: number; offset: number },
) {
  const where = sql`(
      (e.entity_type = 'occupancy' and e.entity_id = ${occupancyId})
      or (e.entity_type = 'occupant' and e.entity_id in (select id from occupants where occupancy_id = ${occupancyId}))
      or (e.entity_type = 'occupancy_flag' and e.entity_id in (
            select id from occupancy_flags where occupancy_id = ${occupancyId} ${opts.manager ? sql`` : sql`and not is_manager_only`}))
      ${
        opts.notes
          ? sql`or (e.entity_type = 'occupancy_note' and e.entity_id in (select id from occupancy_notes where occupancy_id = ${occupancyId}))`
          : sql``
      })`;
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from events e where ${where}`));
  const r = await db.execute(sql`
    select e.id, e.type, e.type_display, ${noteFor(opts.viewEmail)} as note, e.date_created, e.entity_type, e.entity_id,
      ${PERFORMED_BY} as performed_by,
      case e.entity_type
        when 'occupant' then (select coalesce(nullif(trim(pu.first_name || ' ' || pu.last_name), ''), pu.username)
                              from occupants po join users pu on pu.id = po.user_id where po.id = e.entity_id)
        when 'occupancy_flag' then 'Flag'
        when 'occupancy_note' then 'Internal note'
        else null end as subject
    from events e left join users u on u.id = e.performed_by_id
    where ${where}
    order by e.date_created desc, e.id desc
    limit ${page.limit} offset ${page.offset}`);
  return { count: Number(c.n), rows: rowsOf(r).map(toEventRow) };
}

/** The history of one object (an occupant, a note). */
export async function entityEvents(
  db: DbOrTx,
  entityType: string,
  entityId: number,
  opts: { viewEmail: boolean; type?: string },
  page: { limit: number; offset: number },
) {
  const where = sql`e.entity_type = ${entityType} and e.entity_id = ${entityId} ${opts.type ? sql`and e.type = ${opts.type}` : sql``}`;
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from events e where ${where}`));
  const r = await db.execute(sql`
    select e.id, e.type, e.type_display, ${noteFor(opts.viewEmail)} as note, e.date_created, e.entity_type, e.entity_id,
      ${PERFORMED_BY} as performed_by, null as subject
    from events e left join users u on u.id = e.performed_by_id
    where ${where}
    order by e.date_created desc, e.id desc
    limit ${page.limit} offset ${page.offset}`);
  return { count: Number(c.n), rows: rowsOf(r).map(toEventRow) };
}
