import { sql, type SQL } from "drizzle-orm";
import type { MaintenanceOrdering, MaintenanceStatus } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { runPage } from "../../lib/page-repository.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";

/**
 * The maintenance requests' reads: the building list (every filter of document 2 section 3, one
 * statement with its count), one request with its photos, and the export's chunks. Aliases:
 * r maintenance_requests, a apartments, t maintenance_request_types, o occupancies.
 */

export interface RequestFilter {
  buildingId: number;
  ids?: number[];
  statuses?: readonly MaintenanceStatus[];
  apartmentId?: number;
  occupancyId?: number;
  typeId?: number;
  /** date_opened / date_closed bounds: [min, max) instants. */
  openedFrom?: Date;
  openedUntil?: Date;
  closedFrom?: Date;
  closedUntil?: Date;
  search?: string;
  isHighPriority?: boolean;
  /** false (default): requests of inactive unit profiles are left out. */
  includePastOccupancies?: boolean;
  onlyRecurring?: boolean;
  recurringId?: number;
}

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function whereOf(f: RequestFilter): SQL {
  const c: SQL[] = [sql`r.building_id = ${f.buildingId}`];
  if (f.ids) c.push(f.ids.length ? sql`r.id in (${list(f.ids)})` : sql`false`);
  if (f.statuses) c.push(f.statuses.length ? sql`r.status in (${list(f.statuses)})` : sql`false`);
  if (f.apartmentId !== undefined) c.push(sql`r.apartment_id = ${f.apartmentId}`);
  if (f.occupancyId !== undefined) c.push(sql`r.occupancy_id = ${f.occupancyId}`);
  if (f.typeId !== undefined) c.push(sql`r.maintenance_request_type_id = ${f.typeId}`);
  if (f.openedFrom) c.push(sql`r.date_opened >= ${f.openedFrom.toISOString()}::timestamptz`);
  if (f.openedUntil) c.push(sql`r.date_opened < ${f.openedUntil.toISOString()}::timestamptz`);
  if (f.closedFrom) c.push(sql`r.date_closed >= ${f.closedFrom.toISOString()}::timestamptz`);
  if (f.closedUntil) c.push(sql`r.date_closed < ${f.closedUntil.toISOString()}::timestamptz`);
  if (f.isHighPriority !== undefined) c.push(sql`r.is_high_priority = ${f.isHighPriority}`);
  if (f.onlyRecurring) c.push(sql`r.recurring_maintenance_request_id is not null`);
  if (f.recurringId !== undefined) c.push(sql`r.recurring_maintenance_request_id = ${f.recurringId}`);
  if (!f.includePastOccupancies && f.occupancyId === undefined)
    c.push(
      sql`(r.occupancy_id is null or exists (select 1 from occupancies o where o.id = r.occupancy_id and o.is_active))`,
    );
  const term = f.search?.trim();
  if (term) {
    const like = `%${likeEscape(term.toLowerCase())}%`;
    const byNumber = /^#?\d{1,9}$/.test(term) ? sql` or r.id = ${Number(term.replace("#", ""))}` : sql``;
    c.push(sql`(r.description ilike ${like}
      or exists (select 1 from apartments sa where sa.id = r.apartment_id and lower(sa.apartment_number) like ${like})
      or exists (select 1 from maintenance_request_types st where st.id = r.maintenance_request_type_id and lower(st.name) like ${like})
      or exists (select 1 from employees se join users su on su.id = se.user_id where se.id = r.employee_id
        and lower(su.first_name || ' ' || su.last_name) like ${like})${byNumber})`);
  }
  return sql.join(c, sql` and `);
}

const ORDER: Record<MaintenanceOrdering, SQL> = {
  date_opened: sql`r.date_opened asc, r.id asc`,
  "-date_opened": sql`r.date_opened desc, r.id desc`,
  date_closed: sql`r.date_closed asc nulls last, r.id asc`,
  "-date_closed": sql`r.date_closed desc nulls last, r.id desc`,
  date_created: sql`r.date_created asc, r.id asc`,
  "-date_created": sql`r.date_created desc, r.id desc`,
};

const person = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id,
    'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'username', ${alias}.username,
    'role', ${alias}.role, 'phone_number', ${alias}.phone_number) end`);

const SELECT = (
  withPhotos: boolean,
) => sql`select r.id, r.building_id, r.apartment_id, a.apartment_number, r.occupancy_id,
    r.employee_id, nullif(trim(eu.first_name || ' ' || eu.last_name), '') as employee_name, eu.username as employee_username,
    r.maintenance_request_type_id, t.name as type_name, t.category as type_category, r.description,
    r.is_high_priority, r.additional_emails, r.additional_phone_numbers, r.is_permission_to_enter,
    r.permission_to_enter_comments, r.status, r.date_opened, r.date_created, r.date_closed,
    r.date_on_hold_until::text as date_on_hold_until, r.last_modified, r.signature_url, r.recurring_maintenance_request_id,
    ${person("eb")} as entered_by,
    (select coalesce(json_agg(json_build_object('id', oc.id, 'first_name', ou.first_name, 'last_name', ou.last_name,
        'email', ou.email, 'phone_number', ou.phone_number, 'is_active', oc.is_active)
        order by oc.is_active desc, lower(ou.last_name), lower(ou.first_name), oc.id), '[]'::json)
      from occupants oc join users ou on ou.id = oc.user_id where oc.occupancy_id = r.occupancy_id) as occupant_set,
    (select coalesce(json_agg(json_build_object('id', c.id, 'comment', c.comment, 'is_private', c.is_private,
        'change_status_to', c.change_status_to, 'date_created', c.date_created, 'entered_by', ${person("cu")})
        order by c.date_created, c.id), '[]'::json)
      from maintenance_request_comments c left join users cu on cu.id = c.entered_by_id
      where c.maintenance_request_id = r.id) as comments
    ${
      withPhotos
        ? sql`, (select coalesce(json_agg(json_build_object('id', p.id, 'photo_url', p.photo_url, 'caption', p.caption,
        'is_private', p.is_private, 'date_created', p.date_created, 'entered_by', ${person("pu")})
        order by p.date_created, p.id), '[]'::json)
      from maintenance_request_photos p left join users pu on pu.id = p.entered_by_id
      where p.maintenance_request_id = r.id) as photos`
        : sql``
    }`;
const FROM = sql`from maintenance_requests r join apartments a on a.id = r.apartment_id
    join maintenance_request_types t on t.id = r.maintenance_request_type_id
    left join employees e on e.id = r.employee_id left join users eu on eu.id = e.user_id
    left join users eb on eb.id = r.entered_by_id`;

export interface PersonJson {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  role: string;
  phone_number: string;
}
export interface CommentJson {
  id: number;
  comment: string;
  is_private: boolean;
  change_status_to: MaintenanceStatus | null;
  date_created: string;
  entered_by: PersonJson | null;
}
export interface PhotoJson {
  id: number;
  photo_url: string;
  caption: string;
  is_private: boolean;
  date_created: string;
  entered_by: PersonJson | null;
}
export interface OccupantJson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  is_active: boolean;
}

export interface RequestRow {
  id: number;
  building_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_id: number | null;
  employee_id: number | null;
  employee_name: string | null;
  maintenance_request_type_id: number;
  type_name: string;
  type_category: string;
  description: string;
  is_high_priority: boolean;
  additional_emails: string;
  additional_phone_numbers: string;
  is_permission_to_enter: boolean;
  permission_to_enter_comments: string;
  status: MaintenanceStatus;
  date_opened: Date;
  date_created: Date;
  date_closed: Date | null;
  date_on_hold_until: string | null;
  last_modified: Date;
  signature_url: string | null;
  recurring_maintenance_request_id: number | null;
  entered_by: PersonJson | null;
  occupant_set: OccupantJson[];
  comments: CommentJson[];
  photos: PhotoJson[];
}

const json = <T>(v: unknown, empty: T): T =>
  v == null ? empty : typeof v === "string" ? (JSON.parse(v) as T) : (v as T);
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const maybeInt = (v: unknown): number | null => (v == null ? null : Number(v));

function toRow(r: Record<string, unknown>): RequestRow {
  return {
    id: Number(r.id),
    building_id: Number(r.building_id),
    apartment_id: Number(r.apartment_id),
    apartment_number: String(r.apartment_number ?? ""),
    occupancy_id: maybeInt(r.occupancy_id),
    employee_id: maybeInt(r.employee_id),
    employee_name:
      r.employee_id == null ? null : ((r.employee_name as string | null) ?? (r.employee_username as string | null)),
    maintenance_request_type_id: Number(r.maintenance_request_type_id),
    type_name: String(r.type_name ?? ""),
    type_category: String(r.type_category ?? ""),
    description: String(r.description ?? ""),
    is_high_priority: !!r.is_high_priority,
    additional_emails: String(r.additional_emails ?? ""),
    additional_phone_numbers: String(r.additional_phone_numbers ?? ""),
    is_permission_to_enter: !!r.is_permission_to_enter,
    permission_to_enter_comments: String(r.permission_to_enter_comments ?? ""),
    status: r.status as MaintenanceStatus,
    date_opened: toDate(r.date_opened),
    date_created: toDate(r.date_created),
    date_closed: r.date_closed == null ? null : toDate(r.date_closed),
    date_on_hold_until: (r.date_on_hold_until as string | null) ?? null,
    last_modified: toDate(r.last_modified),
    signature_url: (r.signature_url as string | null) ?? null,
    recurring_maintenance_request_id: maybeInt(r.recurring_maintenance_request_id),
    entered_by: json<PersonJson | null>(r.entered_by, null),
    occupant_set: json<OccupantJson[]>(r.occupant_set, []),
    comments: json<CommentJson[]>(r.comments, []),
    photos: json<PhotoJson[]>(r.photos, []),
  };
}

/**
 * One page of requests in the asked order, with the count of the whole filter. The page's ids
 * are found first on the requests alone (the filter's index, its count), then only those rows
 * are read with their people, comments and photos: a page deep in the list builds 30 rows, not
 * every row before it.
 */
export async function listRequests(
  db: DbOrTx,
  f: RequestFilter,
  page: { limit: number; offset: number },
  ordering: MaintenanceOrdering,
  opts: { withPhotos?: boolean } = {},
): Promise<{ rows: RequestRow[]; count: number }> {
  const where = whereOf(f);
  const { rows: ids, count } = await runPage(
    db,
    sql`select r.id, count(*) over () as total from maintenance_requests r where ${where}
      order by ${ORDER[ordering]} limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from maintenance_requests r where ${where}`,
    page.offset,
  );
  if (!ids.length) return { count, rows: [] };
  const raw = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${SELECT(!!opts.withPhotos)} ${FROM}
      where r.id in (${list(ids.map((r) => Number(r.id)))}) order by ${ORDER[ordering]}`),
  );
  return { count, rows: raw.map(toRow) };
}

/** How many requests the filter holds (the export's limit check). */
export async function countRequests(db: DbOrTx, f: RequestFilter): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from maintenance_requests r where ${whereOf(f)}`),
  );
  return Number(row?.n ?? 0);
}

/** Every request of the filter in the asked order, read in pages (the export; at most `limit`). */
export async function* iterateRequests(
  db: DbOrTx,
  f: RequestFilter,
  ordering: MaintenanceOrdering,
  opts: { limit: number; chunk?: number },
): AsyncGenerator<RequestRow> {
  const chunk = opts.chunk ?? 500;
  const where = whereOf(f);
  for (let offset = 0; offset < opts.limit; offset += chunk) {
    const want = Math.min(chunk, opts.limit - offset);
    const raw = rowsOf<Record<string, unknown>>(
      await db.execute(sql`${SELECT(false)} ${FROM} where ${where}
        order by ${ORDER[ordering]} limit ${want} offset ${offset}`),
    );
    for (const r of raw) yield toRow(r);
    if (raw.length < want) return;
  }
}
