import { sql } from "drizzle-orm";
import { MAINTENANCE_ENTITY, type MaintenanceEventType } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { runPage } from "../../lib/page-repository.ts";

/**
 * The activity feed's query (aliases: e events, r maintenance_requests, a apartments, t types,
 * u users). A status change's new status is the event's data.status, else the status comment
 * written with it (same request and author, nearest in time).
 */

const STATUS_CHANGED: MaintenanceEventType = "MAINTENANCE_REQUEST_STATUS_CHANGED";

export interface ActivityRow {
  id: number;
  maintenance_request_id: number;
  apartment_id: number | null;
  apartment_number: string | null;
  maintenance_request_type_id: number | null;
  maintenance_request_type_name: string | null;
  type: string;
  type_display: string;
  status: string | null;
  note: string;
  performed_by: string | null;
  date_created: Date | string;
}

/**
 * One page of the building's maintenance events since `since`, newest first (the events table's
 * building and date index), each with its request's unit and type; the page carries its count.
 */
export async function listActivity(
  db: DbOrTx,
  buildingId: number,
  since: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; count: number }> {
  const where = sql`e.building_id = ${buildingId} and e.entity_type = ${MAINTENANCE_ENTITY}
    and e.date_created >= ${since.toISOString()}::timestamptz`;
  const { rows, count } = await runPage(
    db,
    sql`select e.id, e.entity_id as maintenance_request_id, r.apartment_id, a.apartment_number,
        r.maintenance_request_type_id, t.name as maintenance_request_type_name,
        e.type, e.type_display, e.note,
        case when e.type = ${STATUS_CHANGED} then coalesce(e.data->>'status', (
          select c.change_status_to from maintenance_request_comments c
          where c.maintenance_request_id = e.entity_id and c.change_status_to is not null
            and c.entered_by_id is not distinct from e.performed_by_id
          order by abs(extract(epoch from c.date_created - e.date_created)), c.id desc limit 1)) end as status,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as performed_by,
        e.date_created, count(*) over () as total
      from events e
      join maintenance_requests r on r.id = e.entity_id
      left join apartments a on a.id = r.apartment_id
      left join maintenance_request_types t on t.id = r.maintenance_request_type_id
      left join users u on u.id = e.performed_by_id
      where ${where}
      order by e.date_created desc, e.id desc
      limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from events e join maintenance_requests r on r.id = e.entity_id where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => ({
      ...(r as unknown as ActivityRow),
      id: Number(r.id),
      maintenance_request_id: Number(r.maintenance_request_id),
      apartment_id: r.apartment_id === null ? null : Number(r.apartment_id),
      maintenance_request_type_id:
        r.maintenance_request_type_id === null ? null : Number(r.maintenance_request_type_id),
    })),
  };
}
