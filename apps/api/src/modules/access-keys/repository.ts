import { and, eq, sql, type SQL } from "drizzle-orm";
import { ACCESS_KEY_ENTITY, FOOD_DELIVERY_TYPE_ID, type KeyStatus } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { accessKeys, events, keyJourneys, keyLocations, verbalPermissions } from "../../db/schema/index.ts";
import { runPage } from "../../lib/page-repository.ts";
import { rowsOf } from "../../lib/sql.ts";

/** Every query of the access keys area (aliases: k access_keys, a apartments, l key_locations, j key_journeys). */

export type KeyRecord = typeof accessKeys.$inferSelect;
export type KeyInsert = typeof accessKeys.$inferInsert;
export type JourneyRecord = typeof keyJourneys.$inferSelect;
export type JourneyInsert = typeof keyJourneys.$inferInsert;
export type LocationRecord = typeof keyLocations.$inferSelect;
export type LocationInsert = typeof keyLocations.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Apartments

export { findApartment } from "../../lib/occupancy-repository.ts";

// ---------------------------------------------------------------------------------------------
// Locations

export async function findLocation(db: DbOrTx, id: number): Promise<LocationRecord | null> {
  const rows = await db.select().from(keyLocations).where(eq(keyLocations.id, id)).limit(1);
  return rows[0] ?? null;
}

export interface LocationRow extends LocationRecord {
  key_count: number;
}

export async function listLocations(
  db: DbOrTx,
  f: { buildingId: number; ids?: number[]; noAccessKey?: boolean; isActive?: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: LocationRow[]; count: number }> {
  const c: SQL[] = [sql`l.building_id = ${f.buildingId}`];
  if (f.ids) c.push(f.ids.length ? sql`l.id = any(${`{${f.ids.join(",")}}`}::int[])` : sql`false`);
  if (f.isActive !== undefined) c.push(sql`l.is_active = ${f.isActive}`);
  const keyCount = sql`(select count(*)::int from access_keys k where k.location_id = l.id and k.is_active)`;
  if (f.noAccessKey) c.push(sql`${keyCount} = 0`);
  const where = sql.join(c, sql` and `);
  const { rows, count } = await runPage(
    db,
    sql`select l.*, ${keyCount} as key_count, count(*) over () as total from key_locations l
      where ${where} order by l.display_order, lower(l.name), l.id limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from key_locations l where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => ({
      id: Number(r.id),
      building_id: Number(r.building_id),
      name: String(r.name),
      is_active: !!r.is_active,
      display_order: Number(r.display_order),
      date_created: toDate(r.date_created)!,
      last_modified: toDate(r.last_modified)!,
      key_count: Number(r.key_count),
    })),
  };
}

export async function insertLocation(db: DbOrTx, values: LocationInsert): Promise<number> {
  const [row] = await db.insert(keyLocations).values(values).returning({ id: keyLocations.id });
  return row.id;
}

export async function updateLocation(db: DbOrTx, id: number, set: Partial<LocationInsert>): Promise<void> {
  await db
    .update(keyLocations)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(keyLocations.id, id));
}

// ---------------------------------------------------------------------------------------------
// Keys

export async function findKey(db: DbOrTx, id: number, forUpdate = false): Promise<KeyRecord | null> {
  const q = db.select().from(accessKeys).where(eq(accessKeys.id, id)).limit(1);
  const rows = forUpdate ? await q.for("update") : await q;
  return rows[0] ?? null;
}

export async function findKeyByRfid(db: DbOrTx, rfid: string): Promise<KeyRecord | null> {
  const rows = await db.select().from(accessKeys).where(eq(accessKeys.rfid, rfid)).limit(1);
  return rows[0] ?? null;
}

export async function insertKey(db: DbOrTx, values: KeyInsert): Promise<number> {
  const [row] = await db.insert(accessKeys).values(values).returning({ id: accessKeys.id });
  return row.id;
}

export async function updateKey(db: DbOrTx, id: number, set: Partial<KeyInsert>): Promise<void> {
  await db
    .update(accessKeys)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(accessKeys.id, id));
}

/** How many keys the apartment has (the next default name). */
export async function keyCountOfApartment(db: DbOrTx, apartmentId: number): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from access_keys where apartment_id = ${apartmentId}`),
  );
  return r[0]?.n ?? 0;
}

export interface JourneyRow {
  id: number;
  access_key_id: number;
  key_name: string;
  apartment_number: string;
  status: KeyStatus;
  key_out_datetime: Date | null;
  key_in_datetime: Date | null;
  key_declared_missing_datetime: Date | null;
  photo_url: string | null;
  entity_type: string | null;
  entity_id: number | null;
  recipient_name: string;
  recipient_subtype: string | null;
  out_by: string;
  in_by: string;
}

const nameOf = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username, '')`,
  );
const JOURNEY_COLUMNS = sql`j.id, j.access_key_id, k.name as key_name, a.apartment_number, j.status, j.key_out_datetime,
  j.key_in_datetime, j.key_declared_missing_datetime, j.photo_url, j.entity_type, j.entity_id, j.recipient_name,
  j.recipient_subtype, ${nameOf("ob")} as out_by, ${nameOf("ib")} as in_by`;
const JOURNEY_FROM = sql`key_journeys j join access_keys k on k.id = j.access_key_id join apartments a on a.id = k.apartment_id
  left join users ob on ob.id = j.out_by_id left join users ib on ib.id = j.in_by_id`;

const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const toJourney = (r: Record<string, unknown>): JourneyRow => ({
  id: Number(r.id),
  access_key_id: Number(r.access_key_id),
  key_name: String(r.key_name),
  apartment_number: String(r.apartment_number),
  status: r.status as KeyStatus,
  key_out_datetime: toDate(r.key_out_datetime),
  key_in_datetime: toDate(r.key_in_datetime),
  key_declared_missing_datetime: toDate(r.key_declared_missing_datetime),
  photo_url: (r.photo_url as string | null) ?? null,
  entity_type: (r.entity_type as string | null) ?? null,
  entity_id: r.entity_id == null ? null : Number(r.entity_id),
  recipient_name: String(r.recipient_name ?? ""),
  recipient_subtype: (r.recipient_subtype as string | null) ?? null,
  out_by: String(r.out_by ?? ""),
  in_by: String(r.in_by ?? ""),
});

export interface KeyRow {
  id: number;
  building_id: number;
  name: string;
  rfid: string;
  status: KeyStatus;
  is_active: boolean;
  apartment_id: number;
  apartment_number: string;
  location_id: number | null;
  location_name: string | null;
  last_status_change: Date;
  away_since: Date | null;
  date_created: Date;
  journey: JourneyRow | null;
}

export interface KeyFilter {
  buildingId: number;
  ids?: number[];
  apartmentId?: number;
  isActive?: boolean;
  statuses?: KeyStatus[];
  locationId?: number;
  /** Away (OUT or MISSING) since before this instant. */
  awayBefore?: Date;
}

export type KeySortKey =
  "name" | "location" | "apartment_number" | "status" | "last_status_change" | "away_since" | "id";
const SORTS: Record<KeySortKey, SQL> = {
  name: sql`lower(k.name)`,
  location: sql`lower(coalesce(l.name, ''))`,
  apartment_number: sql`a.sort_key`,
  status: sql`k.status`,
  last_status_change: sql`k.last_status_change`,
  away_since: sql`k.away_since`,
  id: sql`k.id`,
};

function keyWhere(f: KeyFilter): SQL {
  const c: SQL[] = [sql`k.building_id = ${f.buildingId}`];
  if (f.ids) c.push(f.ids.length ? sql`k.id = any(${`{${f.ids.join(",")}}`}::int[])` : sql`false`);
  if (f.apartmentId !== undefined) c.push(sql`k.apartment_id = ${f.apartmentId}`);
  if (f.isActive !== undefined) c.push(sql`k.is_active = ${f.isActive}`);
  if (f.statuses?.length) c.push(sql`k.status = any(${`{${f.statuses.join(",")}}`}::text[])`);
  if (f.locationId !== undefined) c.push(sql`k.location_id = ${f.locationId}`);
  if (f.awayBefore)
    c.push(sql`k.status in ('OUT', 'MISSING') and k.away_since < ${f.awayBefore.toISOString()}::timestamptz`);
  return sql.join(c, sql` and `);
}

const KEY_FROM = sql`access_keys k join apartments a on a.id = k.apartment_id left join key_locations l on l.id = k.location_id`;

/** One page of keys with their open journeys, and the count of the whole filter. */
export async function listKeys(
  db: DbOrTx,
  f: KeyFilter,
  sort: { key: KeySortKey; desc: boolean },
  page: { limit: number; offset: number },
): Promise<{ rows: KeyRow[]; count: number }> {
  const dir = sort.desc ? sql`desc` : sql`asc`;
  const where = keyWhere(f);
  const k = SORTS[sort.key];
  const query = sql`with page as (
      select k.id, ${k} as s, count(*) over () as total from ${KEY_FROM} where ${where}
      order by ${k} ${dir} nulls last, k.id ${dir} limit ${page.limit} offset ${page.offset})
    select k.id, k.building_id, k.name, k.rfid, k.status, k.is_active, k.apartment_id, a.apartment_number, k.location_id,
      l.name as location_name, k.last_status_change, k.away_since, k.date_created, page.total,
      (select row_to_json(x) from (select ${JOURNEY_COLUMNS} from ${JOURNEY_FROM}
        where j.access_key_id = page.id and j.key_in_datetime is null limit 1) x) as journey
    from page join ${KEY_FROM} on k.id = page.id
    order by page.s ${dir} nulls last, page.id ${dir}`;
  const { rows, count } = await runPage(
    db,
    query,
    sql`select count(*)::int as n from ${KEY_FROM} where ${where}`,
    page.offset,
  );
  return {
    count,
    rows: rows.map((r) => {
      const j = typeof r.journey === "string" ? JSON.parse(r.journey) : r.journey;
      return {
        id: Number(r.id),
        building_id: Number(r.building_id),
        name: String(r.name),
        rfid: String(r.rfid),
        status: r.status as KeyStatus,
        is_active: !!r.is_active,
        apartment_id: Number(r.apartment_id),
        apartment_number: String(r.apartment_number),
        location_id: r.location_id == null ? null : Number(r.location_id),
        location_name: (r.location_name as string | null) ?? null,
        last_status_change: toDate(r.last_status_change)!,
        away_since: toDate(r.away_since),
        date_created: toDate(r.date_created)!,
        journey: j ? toJourney(j as Record<string, unknown>) : null,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Journeys

export async function findJourney(db: DbOrTx, id: number): Promise<JourneyRecord | null> {
  const rows = await db.select().from(keyJourneys).where(eq(keyJourneys.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function openJourney(db: DbOrTx, keyId: number): Promise<JourneyRecord | null> {
  const rows = await db
    .select()
    .from(keyJourneys)
    .where(and(eq(keyJourneys.access_key_id, keyId), sql`${keyJourneys.key_in_datetime} is null`))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertJourney(db: DbOrTx, values: JourneyInsert): Promise<number> {
  const [row] = await db.insert(keyJourneys).values(values).returning({ id: keyJourneys.id });
  return row.id;
}

export async function updateJourney(db: DbOrTx, id: number, set: Partial<JourneyInsert>): Promise<void> {
  await db
    .update(keyJourneys)
    .set({ ...set, last_modified: sql`now()` })
    .where(eq(keyJourneys.id, id));
}

/** A key's journeys (or one journey), newest sign-out first. */
export async function listJourneys(
  db: DbOrTx,
  f: { keyId?: number; id?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: JourneyRow[]; count: number }> {
  const c: SQL[] = [];
  if (f.keyId !== undefined) c.push(sql`j.access_key_id = ${f.keyId}`);
  if (f.id !== undefined) c.push(sql`j.id = ${f.id}`);
  const where = c.length ? sql.join(c, sql` and `) : sql`true`;
  const { rows, count } = await runPage(
    db,
    sql`select ${JOURNEY_COLUMNS}, count(*) over () as total from ${JOURNEY_FROM} where ${where}
      order by coalesce(j.key_out_datetime, j.key_declared_missing_datetime, j.date_created) desc, j.id desc
      limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from key_journeys j where ${where}`,
    page.offset,
  );
  return { count, rows: rows.map(toJourney) };
}

// ---------------------------------------------------------------------------------------------
// Recipients

export interface EntityRow {
  entity_type: "occupant" | "instruction" | "verbal_permission";
  entity_id: number;
  name: string;
  description: string | null;
  photo_url: string | null;
}

/**
 * The allowed recipients of an apartment's key: active occupants of its active occupancies, its
 * instructions in effect today (started, not ended) that are not food deliveries or security
 * types, and the key's verbal permissions still valid at `now`. `only` narrows to one entity.
 */
export async function allowedEntities(
  db: DbOrTx,
  key: { id: number; apartment_id: number },
  today: string,
  now: Date,
  only?: { type: string; id: number },
): Promise<EntityRow[]> {
  const pick = (type: string, col: SQL) =>
    only ? (only.type === type ? sql`and ${col} = ${only.id}` : sql`and false`) : sql``;
  const r = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select 'occupant' as entity_type, oc.id as entity_id,
        trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name, null as description,
        oc.photo_url, 0 as g, lower(u.last_name) as s
      from occupants oc join occupancies o on o.id = oc.occupancy_id join users u on u.id = oc.user_id
      where o.apartment_id = ${key.apartment_id} and o.is_active and oc.is_active ${pick("occupant", sql`oc.id`)}
      union all
      select 'instruction', i.id, i.name, t.name, i.photo_url, 1, lower(i.name)
      from instructions i join instruction_types t on t.id = i.instruction_type_id
      where i.apartment_id = ${key.apartment_id} and not i.is_manually_expired and i.start_date <= ${today}::date
        and (i.expiration_date is null or i.expiration_date >= ${today}::date)
        and i.instruction_type_id <> ${FOOD_DELIVERY_TYPE_ID} and not t.is_security ${pick("instruction", sql`i.id`)}
      union all
      select 'verbal_permission', v.id, v.comment, null, null, 2, to_char(v.date_created, 'YYYYMMDDHH24MISS')
      from verbal_permissions v
      where v.access_key_id = ${key.id} and v.expires_at > ${now.toISOString()}::timestamptz
        ${pick("verbal_permission", sql`v.id`)}
      order by g, s, entity_id`),
  );
  return r.map((x) => ({
    entity_type: x.entity_type as EntityRow["entity_type"],
    entity_id: Number(x.entity_id),
    name: String(x.name ?? ""),
    description: (x.description as string | null) ?? null,
    photo_url: (x.photo_url as string | null) ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Verbal permissions

export async function insertVerbalPermission(
  db: DbOrTx,
  values: typeof verbalPermissions.$inferInsert,
): Promise<typeof verbalPermissions.$inferSelect> {
  const [row] = await db.insert(verbalPermissions).values(values).returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Events

export async function insertEvent(
  db: DbOrTx,
  e: { building_id: number; key_id: number; type: string; type_display: string; note: string; performed_by_id: number },
): Promise<void> {
  await db.insert(events).values({
    building_id: e.building_id,
    entity_type: ACCESS_KEY_ENTITY,
    entity_id: e.key_id,
    type: e.type,
    type_display: e.type_display,
    note: e.note,
    performed_by_id: e.performed_by_id,
  });
}
