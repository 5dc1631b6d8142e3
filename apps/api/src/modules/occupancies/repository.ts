import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import {
  NO_EMAIL_DOMAIN,
  type Occupant,
  OCCUPANT_TYPE_DISPLAY,
  type OccupantType,
  type OccupancyFlag,
  type OccupancyTracking,
  type TrackField,
  type TrackingEmployee,
  type UnitListRow,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import {
  apartments,
  buildings,
  events,
  occupancies,
  occupancyFlags,
  occupancyNoteLinks,
  occupancyNotes,
  occupancyTracking,
  occupants,
  portfolios,
  users,
} from "../../db/schema/index.ts";
import { iso } from "../../lib/dates.ts";
import { cachedCount, countKey } from "../../lib/count-cache.ts";
import { type ContactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import { topics } from "../../lib/change-feed.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";

/** What the reader may see. */
export interface Viewer {
  userId: number;
  /** Sees managers-only flags, tracking of others, external lease ids. */
  manager: boolean;
  /** Sees resident e-mails (`contact.email`, kept apart for the SQL of searches). */
  viewEmail: boolean;
  /** What of residents' contact data the reader sees (lib/resident-contact.ts). */
  contact: ContactView;
  /** May subscribe (tracking). */
  canTrack: boolean;
}

const num = (v: unknown) => (v == null ? null : Number(v));
const str = (v: unknown) => (v == null ? "" : String(v));
const strOrNull = (v: unknown) => (v == null ? null : String(v));
const bathroomsText = (v: unknown) => (v == null ? "" : Number(v).toFixed(1));

/** Residents in order: tenants, occupants, children, then by id. */
const OCCUPANT_ORDER = sql.raw(`array_position(array['TN','OC','CH']::text[], o.type), o.id`);
/** Today in the building's time zone (b: the buildings alias). */
const TODAY = (b: string) => sql.raw(`(now() at time zone ${b}.time_zone)::date`);
/** A placeholder (no-email) address is not shown in lists and spreadsheets. */
const realEmail = (col: string) =>
  sql.raw(`nullif(case when lower(${col}) like '%@${NO_EMAIL_DOMAIN}' then '' else ${col} end, '')`);

const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
/**
 * A resident (u: the users alias) whose name or, for readers who see them, e-mail contains the
 * pattern. A first or last name containing it is a full name containing it: the full name alone
 * is compared (its trigram index, users_full_name_trgm_idx).
 */
const residentMatches = (pattern: string, viewEmail: boolean) =>
  sql`(lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'${
    viewEmail ? sql` or lower(u.email) like ${pattern} escape '\\'` : sql``
  })`;

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const hit = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : null;
  if (!hit) return false;
  return !constraint || !hit.constraint || hit.constraint === constraint;
}

// ---------------------------------------------------------------------------------------------
// References (what the gates need)

export async function occupancyRef(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: occupancies.id,
      building_id: occupancies.building_id,
      apartment_id: occupancies.apartment_id,
      apartment_number: apartments.apartment_number,
      is_active: occupancies.is_active,
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupancies.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function occupantRef(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: occupants.id,
      occupancy_id: occupants.occupancy_id,
      user_id: occupants.user_id,
      building_id: occupancies.building_id,
      apartment_number: apartments.apartment_number,
    })
    .from(occupants)
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupants.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function apartmentRef(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: apartments.id, building_id: apartments.building_id, apartment_number: apartments.apartment_number })
    .from(apartments)
    .where(eq(apartments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function flagRef(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: occupancyFlags.id,
      occupancy_id: occupancyFlags.occupancy_id,
      building_id: occupancies.building_id,
      is_active: occupancyFlags.is_active,
      is_manager_only: occupancyFlags.is_manager_only,
      comment: occupancyFlags.comment,
    })
    .from(occupancyFlags)
    .innerJoin(occupancies, eq(occupancies.id, occupancyFlags.occupancy_id))
    .where(eq(occupancyFlags.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function noteRef(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: occupancyNotes.id, occupancy_id: occupancyNotes.occupancy_id, note: occupancyNotes.note })
    .from(occupancyNotes)
    .where(eq(occupancyNotes.id, id))
    .limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Occupants

function toOccupant(r: Record<string, unknown>, viewer: Viewer): Occupant {
  const email = str(r.email);
  const type = str(r.type) as OccupantType;
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    username: str(r.username),
    email: residentEmail(viewer.contact, email),
    is_placeholder_email: viewer.contact.email && email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`),
    has_email: email.trim() !== "" && !email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`),
    phone_number: residentPhone(viewer.contact, str(r.phone_number)),
    pronouns: str(r.pronouns),
    emergency_contact_info: str(r.emergency_contact_info),
    type,
    type_display: OCCUPANT_TYPE_DISPLAY[type] ?? type,
    is_active: Boolean(r.is_active),
    photo_url: strOrNull(r.photo_url),
    welcome_email_sent_time: iso(r.welcome_email_sent_time as Date | null),
    apartment_number: str(r.apartment_number),
    occupancy_id: Number(r.occupancy_id),
    building_id: Number(r.building_id),
    has_account: Boolean(r.has_account),
    notification_preferences: {
      is_text_maintenance_activity: Boolean(r.is_text_maintenance_activity),
      is_email_maintenance_activity: Boolean(r.is_email_maintenance_activity),
      is_text_package_activity: Boolean(r.is_text_package_activity),
      is_email_package_activity: Boolean(r.is_email_package_activity),
    },
  };
}

const OCCUPANT_COLUMNS = sql`o.id, o.user_id, o.occupancy_id, o.type, o.is_active, o.pronouns, o.emergency_contact_info,
    o.photo_url, o.welcome_email_sent_time, o.is_text_maintenance_activity, o.is_email_maintenance_activity,
    o.is_text_package_activity, o.is_email_package_activity,
    u.username, u.email, u.first_name, u.last_name, u.phone_number,
    (u.is_active and (u.password_hash is not null or u.last_login is not null)) as has_account`;
const OCCUPANT_SELECT = sql`
  select ${OCCUPANT_COLUMNS}, a.apartment_number, oc.building_id, a.sort_key
  from occupants o
  join users u on u.id = o.user_id
  join occupancies oc on oc.id = o.occupancy_id
  join apartments a on a.id = oc.apartment_id`;

export async function occupantsByOccupancy(db: DbOrTx, occupancyIds: number[], viewer: Viewer) {
  if (!occupancyIds.length) return new Map<number, Occupant[]>();
  const r = await db.execute(
    sql`${OCCUPANT_SELECT} where o.occupancy_id in (${sql.join(
      occupancyIds.map((i) => sql`${i}`),
      sql`, `,
    )}) order by ${OCCUPANT_ORDER}`,
  );
  const out = new Map<number, Occupant[]>();
  for (const row of rowsOf(r)) {
    const o = toOccupant(row, viewer);
    out.set(o.occupancy_id, [...(out.get(o.occupancy_id) ?? []), o]);
  }
  return out;
}

export async function occupantById(db: DbOrTx, id: number, viewer: Viewer): Promise<Occupant | null> {
  const r = await db.execute(sql`${OCCUPANT_SELECT} where o.id = ${id}`);
  const row = rowsOf(r)[0];
  return row ? toOccupant(row, viewer) : null;
}

/** Active residents of the building's active occupancies matching a search (JSON list). */
export function buildingOccupantsWhere(buildingId: number, search: string | undefined, viewer: Viewer): SQL {
  const t = (search ?? "").trim().toLowerCase();
  const like = `%${likeEscape(t)}%`;
  const match = t
    ? sql` and (lower(a.apartment_number) like ${`${likeEscape(t)}%`} escape '\\'
          or lower(u.first_name || ' ' || u.last_name) like ${like} escape '\\'
          ${viewer.viewEmail ? sql`or lower(u.email) like ${like} escape '\\'` : sql``})`
    : sql``;
  // The unit's building too (the same): the unit order is then a range of (building, sort_key).
  return sql`oc.building_id = ${buildingId} and a.building_id = ${buildingId} and oc.is_active and o.is_active${match}`;
}

const BUILDING_OCCUPANT_ORDER = sql`a.sort_key, oc.lease_start_date nulls first, oc.id, ${OCCUPANT_ORDER}`;

export async function buildingOccupants(
  db: DbOrTx,
  buildingId: number,
  search: string | undefined,
  viewer: Viewer,
  page: { limit: number; offset: number },
) {
  if (search?.trim()) {
    // A search reads every resident of the building to order the matches: the page carries the total.
    const where = buildingOccupantsWhere(buildingId, search, viewer);
    const found = rowsOf(
      await db.execute(
        sql`select ${OCCUPANT_COLUMNS}, a.apartment_number, oc.building_id, a.sort_key, count(*) over () as total_count
          from occupants o join users u on u.id = o.user_id
          join occupancies oc on oc.id = o.occupancy_id join apartments a on a.id = oc.apartment_id
          where ${where} order by ${BUILDING_OCCUPANT_ORDER} limit ${page.limit} offset ${page.offset}`,
      ),
    );
    let count = found.length ? Number(found[0].total_count) : 0;
    if (!found.length && page.offset > 0) {
      const [c] = rowsOf(
        await db.execute(sql`select count(*)::int as n from occupants o join users u on u.id = o.user_id
          join occupancies oc on oc.id = o.occupancy_id join apartments a on a.id = oc.apartment_id where ${where}`),
      );
      count = Number(c.n);
    }
    return { count, rows: found.map((row) => toOccupant(row, viewer)) };
  }
  // The residents are counted lease by lease (an index probe each), not by scanning every
  // resident of the portfolio.
  const [c] = rowsOf(
    await db.execute(
      sql`select coalesce(sum((select count(*) from occupants o where o.occupancy_id = oc.id and o.is_active)), 0)::int as n
          from occupancies oc where oc.building_id = ${buildingId} and oc.is_active`,
    ),
  );
  // The page walks the units in order, each with its leases and their residents (index probes;
  // `offset 0` keeps them so), so it reads only its units and those before it; the accounts are
  // read for its rows only. A lease's building is its unit's.
  const r = await db.execute(sql`
    with page as (
      select o.*, oc.building_id, oc.lease_start_date, a.apartment_number, a.sort_key
      from apartments a
      cross join lateral (
        select oc.id, oc.building_id, oc.lease_start_date from occupancies oc
        where oc.apartment_id = a.id and oc.is_active offset 0) oc
      cross join lateral (select o.* from occupants o where o.occupancy_id = oc.id and o.is_active offset 0) o
      where a.building_id = ${buildingId}
      order by ${BUILDING_OCCUPANT_ORDER}
      limit ${page.limit} offset ${page.offset})
    select ${OCCUPANT_COLUMNS}, o.apartment_number, o.building_id, o.sort_key
    from page o join users u on u.id = o.user_id
    order by o.sort_key, o.lease_start_date nulls first, o.occupancy_id, ${OCCUPANT_ORDER}`);
  return { count: Number(c.n), rows: rowsOf(r).map((row) => toOccupant(row, viewer)) };
}

export interface OccupantExportRow {
  apartment_number: string;
  first_name: string;
  last_name: string;
  type: OccupantType;
  email: string | null;
  phone_number: string;
  lease_start_date: string | null;
  lease_end_date: string | null;
  is_future: boolean;
}

/** Every active resident of the building's active leases for building_occupants.xlsx, in chunks. */
export async function* iterateBuildingOccupants(
  db: DbOrTx,
  buildingId: number,
  chunk = 1000,
): AsyncGenerator<OccupantExportRow> {
  let lastKey: { sort: string; start: string; occ: number; ord: number; id: number } | null = null;
  for (;;) {
    const r = await db.execute(sql`
      select * from (
        select a.apartment_number, a.sort_key, u.first_name, u.last_name, o.type, ${realEmail("u.email")} as email,
          u.phone_number, oc.lease_start_date, oc.lease_end_date, oc.id as occ_id, o.id,
          coalesce(oc.lease_start_date::text, '') as start_key,
          array_position(array['TN','OC','CH']::text[], o.type) as ord,
          coalesce(oc.lease_start_date > ${TODAY("b")}, false) as is_future
        from occupants o
        join users u on u.id = o.user_id
        join occupancies oc on oc.id = o.occupancy_id
        join apartments a on a.id = oc.apartment_id
        join buildings b on b.id = oc.building_id
        where oc.building_id = ${buildingId} and oc.is_active and o.is_active) x
      ${
        lastKey
          ? sql`where (x.sort_key, x.start_key, x.occ_id, x.ord, x.id) > (${lastKey.sort}::text, ${lastKey.start}::text, ${lastKey.occ}::int, ${lastKey.ord}::int, ${lastKey.id}::int)`
          : sql``
      }
      order by x.sort_key, x.start_key, x.occ_id, x.ord, x.id
      limit ${chunk}`);
    const rows: Record<string, unknown>[] = rowsOf(r);
    for (const row of rows)
      yield {
        apartment_number: str(row.apartment_number),
        first_name: str(row.first_name),
        last_name: str(row.last_name),
        type: str(row.type) as OccupantType,
        email: strOrNull(row.email),
        phone_number: str(row.phone_number),
        lease_start_date: strOrNull(row.lease_start_date),
        lease_end_date: strOrNull(row.lease_end_date),
        is_future: Boolean(row.is_future),
      };
    if (rows.length < chunk) return;
    const l = rows[rows.length - 1];
    lastKey = {
      sort: str(l.sort_key),
      start: str(l.start_key),
      occ: Number(l.occ_id),
      ord: Number(l.ord),
      id: Number(l.id),
    };
  }
}

export async function occupantOnOccupancy(db: DbOrTx, occupancyId: number, userId: number) {
  const rows = await db
    .select({ id: occupants.id })
    .from(occupants)
    .where(and(eq(occupants.occupancy_id, occupancyId), eq(occupants.user_id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function activeOccupantCount(db: DbOrTx, occupancyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(occupants)
    .where(and(eq(occupants.occupancy_id, occupancyId), eq(occupants.is_active, true)));
  return Number(r.n);
}

export async function findResidentUser(db: DbOrTx, username: string) {
  const rows = await db
    .select({ id: users.id, role: users.role, username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  return !!(await findResidentUser(db, username));
}

/** Full record of an occupant with its user (for updates and change notes). */
export async function occupantForUpdate(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: occupants.id,
      occupancy_id: occupants.occupancy_id,
      user_id: occupants.user_id,
      type: occupants.type,
      is_active: occupants.is_active,
      pronouns: occupants.pronouns,
      emergency_contact_info: occupants.emergency_contact_info,
      photo_url: occupants.photo_url,
      is_text_maintenance_activity: occupants.is_text_maintenance_activity,
      is_email_maintenance_activity: occupants.is_email_maintenance_activity,
      is_text_package_activity: occupants.is_text_package_activity,
      is_email_package_activity: occupants.is_email_package_activity,
      username: users.username,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      phone_number: users.phone_number,
      user_is_active: users.is_active,
      has_account: sql<boolean>`(${users.is_active} and (${users.password_hash} is not null or ${users.last_login} is not null))`,
    })
    .from(occupants)
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(eq(occupants.id, id))
    .limit(1)
    .for("update", { of: occupants });
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Occupancies

export interface OccupancyBase {
  id: number;
  building_id: number;
  building_name: string;
  time_zone: string;
  apartment_id: number;
  apartment_number: string;
  sort_key: string;
  bedrooms: string;
  bathrooms: string;
  floor: string | null;
  line: string | null;
  is_balcony_apt: boolean;
  is_management: boolean;
  is_active: boolean;
  is_do_not_disturb: boolean;
  lease_start_date: string | null;
  lease_end_date: string | null;
  move_in_date: string | null;
  move_out_date: string | null;
  external_lease_id: string | null;
  date_created: Date;
  last_modified: Date;
}

export async function occupancyBases(db: DbOrTx, ids: number[]): Promise<OccupancyBase[]> {
  if (!ids.length) return [];
  const r = await db.execute(sql`
    select oc.id, oc.building_id, b.name as building_name, b.time_zone, oc.apartment_id, a.apartment_number, a.sort_key,
      a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line, a.is_balcony_apt, a.is_management,
      oc.is_active, oc.is_do_not_disturb, oc.lease_start_date, oc.lease_end_date, oc.move_in_date, oc.move_out_date,
      oc.external_lease_id, oc.date_created, oc.last_modified
    from occupancies oc
    join apartments a on a.id = oc.apartment_id
    join buildings b on b.id = oc.building_id
    where oc.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
  return rowsOf(r).map((x) => ({
    id: Number(x.id),
    building_id: Number(x.building_id),
    building_name: str(x.building_name),
    time_zone: str(x.time_zone),
    apartment_id: Number(x.apartment_id),
    apartment_number: str(x.apartment_number),
    sort_key: str(x.sort_key),
    bedrooms: str(x.bedrooms),
    bathrooms: bathroomsText(x.bathrooms),
    floor: strOrNull(x.floor),
    line: strOrNull(x.line),
    is_balcony_apt: Boolean(x.is_balcony_apt),
    is_management: Boolean(x.is_management),
    is_active: Boolean(x.is_active),
    is_do_not_disturb: Boolean(x.is_do_not_disturb),
    lease_start_date: strOrNull(x.lease_start_date),
    lease_end_date: strOrNull(x.lease_end_date),
    move_in_date: strOrNull(x.move_in_date),
    move_out_date: strOrNull(x.move_out_date),
    external_lease_id: strOrNull(x.external_lease_id),
    date_created: x.date_created as Date,
    last_modified: x.last_modified as Date,
  }));
}

/** The active flag of each occupancy (including managers-only ones; the service filters). */
export async function activeFlags(db: DbOrTx, occupancyIds: number[]): Promise<Map<number, OccupancyFlag>> {
  const out = new Map<number, OccupancyFlag>();
  if (!occupancyIds.length) return out;
  const rows = await db
    .select({
      id: occupancyFlags.id,
      occupancy_id: occupancyFlags.occupancy_id,
      comment: occupancyFlags.comment,
      is_manager_only: occupancyFlags.is_manager_only,
      date_created: occupancyFlags.date_created,
      by_id: users.id,
      by_username: users.username,
      by_first: users.first_name,
      by_last: users.last_name,
    })
    .from(occupancyFlags)
    .leftJoin(users, eq(users.id, occupancyFlags.entered_by_id))
    .where(and(inArray(occupancyFlags.occupancy_id, occupancyIds), eq(occupancyFlags.is_active, true)));
  for (const r of rows) out.set(r.occupancy_id, toFlag(r));
  return out;
}

export function toFlag(r: {
  id: number;
  occupancy_id: number;
  comment: string;
  is_manager_only: boolean;
  date_created: Date;
  by_id: number | null;
  by_username: string | null;
  by_first: string | null;
  by_last: string | null;
}): OccupancyFlag {
  return {
    id: r.id,
    occupancy_id: r.occupancy_id,
    comment: r.comment,
    is_manager_only: r.is_manager_only,
    entered_by:
      r.by_id == null
        ? null
        : { id: r.by_id, username: r.by_username ?? "", first_name: r.by_first ?? "", last_name: r.by_last ?? "" },
    date_created: iso(r.date_created)!,
  };
}

export async function flagById(db: DbOrTx, id: number): Promise<OccupancyFlag | null> {
  const rows = await db
    .select({
      id: occupancyFlags.id,
      occupancy_id: occupancyFlags.occupancy_id,
      comment: occupancyFlags.comment,
      is_manager_only: occupancyFlags.is_manager_only,
      date_created: occupancyFlags.date_created,
      by_id: users.id,
      by_username: users.username,
      by_first: users.first_name,
      by_last: users.last_name,
    })
    .from(occupancyFlags)
    .leftJoin(users, eq(users.id, occupancyFlags.entered_by_id))
    .where(eq(occupancyFlags.id, id))
    .limit(1);
  return rows[0] ? toFlag(rows[0]) : null;
}

const TRACK_COLUMNS = {
  id: occupancyTracking.id,
  occupancy_id: occupancyTracking.occupancy_id,
  user_id: occupancyTracking.user_id,
  track_instructions: occupancyTracking.track_instructions,
  track_maintenance_requests: occupancyTracking.track_maintenance_requests,
  track_packages: occupancyTracking.track_packages,
  track_service_elevators: occupancyTracking.track_service_elevators,
  track_shift_log_notes: occupancyTracking.track_shift_log_notes,
};

/** Every subscription of these occupancies, with the employee's name. */
export async function trackingOf(db: DbOrTx, occupancyIds: number[]): Promise<TrackingEmployee[]> {
  if (!occupancyIds.length) return [];
  return db
    .select({ ...TRACK_COLUMNS, first_name: users.first_name, last_name: users.last_name, username: users.username })
    .from(occupancyTracking)
    .innerJoin(users, eq(users.id, occupancyTracking.user_id))
    .where(inArray(occupancyTracking.occupancy_id, occupancyIds))
    .orderBy(users.last_name, users.first_name, occupancyTracking.id);
}

export async function trackingById(db: DbOrTx, id: number): Promise<OccupancyTracking | null> {
  const rows = await db.select(TRACK_COLUMNS).from(occupancyTracking).where(eq(occupancyTracking.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function upsertTracking(
  db: DbOrTx,
  occupancyId: number,
  userId: number,
  values: Partial<Record<TrackField, boolean>>,
): Promise<OccupancyTracking> {
  const set = { ...values, last_modified: sql`now()` };
  const [row] = await db
    .insert(occupancyTracking)
    .values({ occupancy_id: occupancyId, user_id: userId, ...values })
    .onConflictDoUpdate({ target: [occupancyTracking.occupancy_id, occupancyTracking.user_id], set })
    .returning(TRACK_COLUMNS);
  return row;
}

export async function updateTracking(
  db: DbOrTx,
  id: number,
  values: Partial<Record<TrackField, boolean>>,
): Promise<OccupancyTracking> {
  const [row] = await db
    .update(occupancyTracking)
    .set({ ...values, last_modified: sql`now()` })
    .where(eq(occupancyTracking.id, id))
    .returning(TRACK_COLUMNS);
  return row;
}

/** Occupancy ids for GET /core/occupancies/ (newest lease first). */
export async function listOccupancyIds(
  db: DbOrTx,
  f: { buildingIds: number[] | null; apartmentId?: number; isActive?: boolean },
  page: { limit: number; offset: number },
) {
  const where = and(
    f.buildingIds ? (f.buildingIds.length ? inArray(occupancies.building_id, f.buildingIds) : sql`false`) : undefined,
    f.apartmentId !== undefined ? eq(occupancies.apartment_id, f.apartmentId) : undefined,
    f.isActive !== undefined ? eq(occupancies.is_active, f.isActive) : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(occupancies)
    .where(where);
  const rows = await db
    .select({ id: occupancies.id })
    .from(occupancies)
    .where(where)
    .orderBy(sql`${occupancies.lease_start_date} desc nulls last`, desc(occupancies.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), ids: rows.map((r) => r.id) };
}

/** The previous and next occupied units (a current occupancy) around a unit, in unit order. */
export async function adjacentUnits(db: DbOrTx, buildingId: number, sortKey: string, apartmentId: number) {
  const current = (dir: "<" | ">") => sql`
    select a.apartment_number, (
      select oc.id from occupancies oc where oc.apartment_id = a.id and oc.is_active
        and (oc.lease_start_date is null or oc.lease_start_date <= ${TODAY("b")})
      order by oc.lease_start_date desc nulls last, oc.id desc limit 1) as occupancy_id
    from apartments a join buildings b on b.id = a.building_id
    where a.building_id = ${buildingId}
      and (a.sort_key, a.id) ${sql.raw(dir)} (${sortKey}::text, ${apartmentId}::int)
      and exists (select 1 from occupancies c where c.apartment_id = a.id and c.is_active
        and (c.lease_start_date is null or c.lease_start_date <= ${TODAY("b")}))
    order by a.sort_key ${sql.raw(dir === "<" ? "desc" : "asc")}, a.id ${sql.raw(dir === "<" ? "desc" : "asc")}
    limit 1`;
  const [prev] = rowsOf(await db.execute(current("<")));
  const [next] = rowsOf(await db.execute(current(">")));
  const fmt = (r: Record<string, unknown> | undefined) =>
    r ? { occupancy_id: Number(r.occupancy_id), apartment_number: str(r.apartment_number) } : null;
  return { previous: fmt(prev), next: fmt(next) };
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventInput {
  building_id: number | null;
  entity_type: string;
  entity_id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by_id: number | null;
  data?: Record<string, unknown> | null;
}

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

// ---------------------------------------------------------------------------------------------
// Notes

export async function notesOf(
  db: DbOrTx,
  where: { occupancyId: number } | { noteId: number },
  page: { limit: number; offset: number },
) {
  const cond = "noteId" in where ? sql`n.id = ${where.noteId}` : sql`n.occupancy_id = ${where.occupancyId}`;
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from occupancy_notes n where ${cond}`));
  const r = await db.execute(sql`
    select n.id, n.occupancy_id, n.note, n.date_created, n.last_modified,
      (n.last_modified > n.date_created + interval '1 second') as is_edited,
      u.id as by_id, u.username, u.email, u.first_name, u.last_name, u.is_active, u.role,
      coalesce((select json_agg(json_build_object('id', l.id, 'link_text', l.link_text, 'link_url', l.link_url) order by l.id)
                from occupancy_note_links l where l.note_id = n.id), '[]'::json) as links
    from occupancy_notes n left join users u on u.id = n.entered_by_id
    where ${cond}
    order by n.date_created desc, n.id desc
    limit ${page.limit} offset ${page.offset}`);
  return { count: Number(c.n), rows: rowsOf(r) };
}

export async function noteCount(db: DbOrTx, occupancyId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(occupancyNotes)
    .where(eq(occupancyNotes.occupancy_id, occupancyId));
  return Number(r.n);
}

export async function insertNote(
  db: DbOrTx,
  v: { occupancy_id: number; note: string; entered_by_id: number; links: { link_text: string; link_url: string }[] },
) {
  const [row] = await db
    .insert(occupancyNotes)
    .values({ occupancy_id: v.occupancy_id, note: v.note, entered_by_id: v.entered_by_id })
    .returning({ id: occupancyNotes.id });
  if (v.links.length)
    await db
      .insert(occupancyNoteLinks)
      .values(v.links.map((l) => ({ note_id: row.id, link_text: l.link_text, link_url: l.link_url })));
  return row.id;
}

export async function updateNote(db: DbOrTx, id: number, note: string) {
  await db
    .update(occupancyNotes)
    .set({ note, last_modified: sql`now()` })
    .where(eq(occupancyNotes.id, id));
}

// ---------------------------------------------------------------------------------------------
// Unit list

export interface UnitListFilter {
  buildingIds: number[];
  search?: string;
  phoneDigits?: string;
  displayVacant: boolean;
  minLeaseStart?: string;
  maxLeaseStart?: string;
  activeOnly: boolean;
  balconyOnly: boolean;
  viewEmail: boolean;
}
export interface UnitListSort {
  key: "apartment_number" | "lease_start_date" | "lease_end_date";
  desc: boolean;
}

/**
 * How a search finds its residents: over many buildings, by name first (the trigram index when
 * the term has three letters or digits in a row, otherwise one pass over the accounts); in a few
 * buildings, lease by lease. Both give the same rows.
 */
export function searchesByName(f: UnitListFilter): boolean {
  const n = f.buildingIds.length;
  return !!f.search?.trim() && (n > 100 || (n > 10 && /[\p{L}\p{N}]{3}/u.test(f.search)));
}

function unitListSql(f: UnitListFilter, s: UnitListSort, byName: boolean): { ctes: SQL; rows: SQL } {
  const ids = idList(f.buildingIds);
  const term = (f.search ?? "").trim().toLowerCase();
  const prefix = `${likeEscape(term)}%`;
  const contains = `%${likeEscape(term)}%`;
  const shown = sql.raw(`(o.is_active or not oc.is_active)`);
  const scope = sql`scope as (select b.id, b.name, ${TODAY("b")} as today from buildings b where b.id in (${ids}))`;
  const vacantAllowed = f.displayVacant && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart;
  // The unit has no current lease. Counted per unit (an index probe; an EXISTS here may be
  // planned as a scan of every lease of the portfolio).
  const vacant = sql`(select count(*) from occupancies c where c.apartment_id = a.id and c.is_active
    and (c.lease_start_date is null or c.lease_start_date <= s.today)) = 0`;

  // The first pages in unit order: the units in index order, each with its leases (an index
  // probe per unit; `offset 0` keeps it so), so a page reads only its units and those before it.
  // A lease's building is its unit's.
  if (!term && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart && s.key === "apartment_number") {
    const rows = sql`
      select l.id, a.id as apartment_id, a.apartment_number, a.sort_key, l.is_active, l.is_future,
        l.lease_start_date, l.lease_end_date, l.move_out_date, l.is_vacant,
        s.id as building_id, s.name as building_name, a.is_balcony_apt
      from apartments a
      join scope s on s.id = a.building_id
      cross join lateral (
        select oc.id, oc.is_active, coalesce(oc.lease_start_date > s.today, false) as is_future,
          oc.lease_start_date, oc.lease_end_date, oc.move_out_date, false as is_vacant
        from occupancies oc
        where oc.apartment_id = a.id${f.activeOnly ? sql` and oc.is_active` : sql``}
        ${
          vacantAllowed
            ? sql`union all
        select null::int, false, false, null::date, null::date, null::date, true where ${vacant}`
            : sql``
        }
        offset 0) l
      where a.building_id in (${ids})${f.balconyOnly ? sql` and a.is_balcony_apt` : sql``}`;
    return { ctes: scope, rows: sql`select * from (${rows}) x` };
  }

  const occWhere: SQL[] = [sql`true`];
  if (f.activeOnly) occWhere.push(sql`oc.is_active`);
  if (f.balconyOnly) occWhere.push(sql`a.is_balcony_apt`);
  if (f.minLeaseStart) occWhere.push(sql`oc.lease_start_date >= ${f.minLeaseStart}::date`);
  if (f.maxLeaseStart) occWhere.push(sql`oc.lease_start_date <= ${f.maxLeaseStart}::date`);
  byName &&= !!term;
  if (byName) occWhere.push(sql`(n.by_unit or n.any_active or not oc.is_active)`);
  else if (term)
    occWhere.push(sql`(lower(a.apartment_number) like ${prefix} escape '\\' or exists (
      select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and ${shown} and ${residentMatches(contains, f.viewEmail)}))`);
  if (f.phoneDigits)
    occWhere.push(sql`exists (select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and ${shown}
        and regexp_replace(u.phone_number, '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`})`);
  // The residents' names, e-mails and phones are joined to the page's rows only (unitListPage).
  const occRows = sql`
    select oc.id, a.id as apartment_id, a.apartment_number, a.sort_key, oc.is_active,
      coalesce(oc.lease_start_date > s.today, false) as is_future,
      oc.lease_start_date, oc.lease_end_date, oc.move_out_date, false as is_vacant,
      s.id as building_id, s.name as building_name, a.is_balcony_apt
    from ${byName ? sql`found n join occupancies oc on oc.id = n.id` : sql`occupancies oc`}
    join apartments a on a.id = oc.apartment_id
    join scope s on s.id = a.building_id
    where oc.building_id in (${ids}) and ${sql.join(occWhere, sql` and `)}`;
  const vacWhere: SQL[] = [sql`a.building_id in (${ids})`, vacant];
  if (f.balconyOnly) vacWhere.push(sql`a.is_balcony_apt`);
  // With a search, each building's units by number prefix (its index).
  const vacantRows = sql`
    select null::int as id, a.id as apartment_id, a.apartment_number, a.sort_key, false as is_active, false as is_future,
      null::date as lease_start_date, null::date as lease_end_date, null::date as move_out_date, true as is_vacant,
      s.id as building_id, s.name as building_name, a.is_balcony_apt
    from scope s
    ${
      term
        ? sql`cross join lateral (select * from apartments a where a.building_id = s.id
        and lower(a.apartment_number) like ${prefix} escape '\\' offset 0) a`
        : sql`join apartments a on a.building_id = s.id`
    }
    where ${sql.join(vacWhere, sql` and `)}`;
  // The occupancies whose unit number starts with the term or with a resident whose name
  // matches (and whether one of those residents is active).
  const found = sql`found as materialized (
    select id, bool_or(by_unit) as by_unit, bool_or(any_active) as any_active from (
      select o.occupancy_id as id, false as by_unit, o.is_active as any_active
      from users u
      cross join lateral (select o.occupancy_id, o.is_active from occupants o where o.user_id = u.id offset 0) o
      where ${residentMatches(contains, f.viewEmail)}
      union all
      select c.id, true, false from scope s
      cross join lateral (select ap.id from apartments ap where ap.building_id = s.id
        and lower(ap.apartment_number) like ${prefix} escape '\\' offset 0) ap
      join occupancies c on c.apartment_id = ap.id) m
    group by id)`;
  return {
    ctes: byName ? sql`${scope}, ${found}` : scope,
    rows: sql`select * from (${occRows}${vacantAllowed ? sql` union all ${vacantRows}` : sql``}) x`,
  };
}

/**
 * One page of the unit list: the page's rows first (ordered, offset and limited without the
 * residents), then the names, e-mails and phones of those rows only. With `total`, each row
 * carries the number of rows of the whole list (total_count).
 */
function unitListPage(
  f: UnitListFilter,
  s: UnitListSort,
  limit: number,
  offset: number,
  opts: { total: boolean; byName: boolean },
): SQL {
  const { total } = opts;
  const { ctes, rows } = unitListSql(f, s, opts.byName);
  const order = unitListOrder(s);
  return sql`
    with ${ctes}, page as (
      select x.*${total ? sql`, count(*) over () as total_count` : sql``} from (${rows}) x
      order by ${order} limit ${limit} offset ${offset})
    select x.*, coalesce(r.names, '') as names, coalesce(r.emails, '') as emails,
      coalesce(r.phone_numbers, '') as phone_numbers
    from page x
    left join lateral (
      select string_agg(nullif(trim(u.first_name || ' ' || u.last_name), ''), ', ' order by ${OCCUPANT_ORDER}) as names,
        ${f.viewEmail ? sql`string_agg(${realEmail("u.email")}, ', ' order by ${OCCUPANT_ORDER})` : sql`''`} as emails,
        string_agg(nullif(u.phone_number, ''), ', ' order by ${OCCUPANT_ORDER}) as phone_numbers
      from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = x.id and (o.is_active or not x.is_active)) r on true
    order by ${order}`;
}

/**
 * The number of rows of the list: without a search, the occupancies counted on their own (the
 * building's index; a lease's building is its unit's) plus the vacant units.
 */
function unitListCount(f: UnitListFilter, byName: boolean): SQL {
  const term = (f.search ?? "").trim();
  if (term) {
    const { ctes, rows } = unitListSql(f, { key: "lease_start_date", desc: false }, byName);
    return sql`with ${ctes} select count(*)::int as n from (${rows}) y`;
  }
  const ids = idList(f.buildingIds);
  const occWhere: SQL[] = [sql`oc.building_id in (${ids})`];
  if (f.activeOnly) occWhere.push(sql`oc.is_active`);
  if (f.balconyOnly) occWhere.push(sql`a.is_balcony_apt`);
  if (f.minLeaseStart) occWhere.push(sql`oc.lease_start_date >= ${f.minLeaseStart}::date`);
  if (f.maxLeaseStart) occWhere.push(sql`oc.lease_start_date <= ${f.maxLeaseStart}::date`);
  if (f.phoneDigits)
    occWhere.push(sql`exists (select 1 from occupants o join users u on u.id = o.user_id
      where o.occupancy_id = oc.id and (o.is_active or not oc.is_active)
        and regexp_replace(u.phone_number, '[^0-9]', '', 'g') like ${`%${f.phoneDigits}%`})`);
  const occupancyCount = sql`(select count(*) from occupancies oc${
    f.balconyOnly ? sql` join apartments a on a.id = oc.apartment_id` : sql``
  } where ${sql.join(occWhere, sql` and `)})`;
  if (!(f.displayVacant && !f.phoneDigits && !f.minLeaseStart && !f.maxLeaseStart))
    return sql`select ${occupancyCount}::int as n`;
  return sql`
    with scope as (select b.id, ${TODAY("b")} as today from buildings b where b.id in (${ids}))
    select (${occupancyCount} + (
      select count(*) from apartments a join scope s on s.id = a.building_id
      where a.building_id in (${ids})${f.balconyOnly ? sql` and a.is_balcony_apt` : sql``}
        and (select count(*) from occupancies c where c.apartment_id = a.id and c.is_active
          and (c.lease_start_date is null or c.lease_start_date <= s.today)) = 0))::int as n`;
}

function unitListOrder(s: UnitListSort): SQL {
  const dir = s.desc ? "desc" : "asc";
  // One unit's rows: the vacant row, then its leases oldest first (past, current, future).
  const unit = `x.sort_key ${dir}, x.building_id ${dir}, x.is_vacant desc, x.lease_start_date asc nulls first, x.id asc nulls first`;
  if (s.key === "apartment_number") return sql.raw(unit);
  return sql.raw(`x.${s.key} ${dir} nulls last, x.sort_key asc, x.building_id asc, x.id asc nulls first`);
}

function toUnitRow(r: Record<string, unknown>): UnitListRow {
  const isVacant = Boolean(r.is_vacant);
  const isActive = Boolean(r.is_active);
  const isFuture = Boolean(r.is_future);
  return {
    id: num(r.id),
    apartment_id: Number(r.apartment_id),
    apartment_number: str(r.apartment_number),
    is_active: isActive,
    is_future: isFuture,
    status: isVacant ? null : !isActive ? "INACTIVE" : isFuture ? "FUTURE" : "CURRENT",
    names: str(r.names),
    emails: str(r.emails),
    phone_numbers: str(r.phone_numbers),
    lease_start_date: strOrNull(r.lease_start_date),
    lease_end_date: strOrNull(r.lease_end_date),
    move_out_date: strOrNull(r.move_out_date),
    is_vacant: isVacant,
    building_id: Number(r.building_id),
    building_name: str(r.building_name),
    is_balcony_apt: Boolean(r.is_balcony_apt),
  };
}

export async function unitList(
  db: DbOrTx,
  f: UnitListFilter,
  s: UnitListSort,
  page: { limit: number; offset: number },
  byName = searchesByName(f),
) {
  if (!f.buildingIds.length) return { count: 0, rows: [] as UnitListRow[] };
  const countRows = async () => Number(rowsOf(await db.execute(unitListCount(f, byName)))[0].n);
  if ((f.search ?? "").trim()) {
    // A search reads every match to order them: the page carries the total.
    const rows = rowsOf(await db.execute(unitListPage(f, s, page.limit, page.offset, { total: true, byName })));
    const count = rows.length ? Number(rows[0].total_count) : page.offset > 0 ? await countRows() : 0;
    return { count, rows: rows.map(toUnitRow) };
  }
  const count = await cachedCount(db, countKey("unit_list", f), f.buildingIds.map(topics.units), countRows);
  const r = await db.execute(unitListPage(f, s, page.limit, page.offset, { total: false, byName }));
  return { count, rows: rowsOf(r).map(toUnitRow) };
}

/** The unit list in chunks, for the spreadsheet. */
export async function* iterateUnitList(
  db: DbOrTx,
  f: UnitListFilter,
  s: UnitListSort,
  page: { limit: number; offset: number },
  chunk = 1000,
): AsyncGenerator<UnitListRow> {
  if (!f.buildingIds.length) return;
  let done = 0;
  while (done < page.limit) {
    const take = Math.min(chunk, page.limit - done);
    const r = await db.execute(
      unitListPage(f, s, take, page.offset + done, { total: false, byName: searchesByName(f) }),
    );
    const rows = rowsOf(r);
    for (const row of rows) yield toUnitRow(row);
    done += rows.length;
    if (rows.length < take) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Apartments

export interface ApartmentRow {
  id: number;
  building_id: number;
  apartment_number: string;
  bedrooms: string;
  bathrooms: string;
  floor: string | null;
  line: string | null;
  is_balcony_apt: boolean;
  is_management: boolean;
  is_unlinked_to_tfcio: boolean;
  occupancy_id: number | null;
}

const APARTMENT_SELECT = sql`
  select a.id, a.building_id, a.apartment_number, a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line,
    a.is_balcony_apt, a.is_management, a.is_unlinked_to_tfcio, (
      select oc.id from occupancies oc where oc.apartment_id = a.id and oc.is_active
        and (oc.lease_start_date is null or oc.lease_start_date <= ${TODAY("b")})
      order by oc.lease_start_date desc nulls last, oc.id desc limit 1) as occupancy_id
  from apartments a join buildings b on b.id = a.building_id`;

function toApartmentRow(r: Record<string, unknown>): ApartmentRow {
  return {
    id: Number(r.id),
    building_id: Number(r.building_id),
    apartment_number: str(r.apartment_number),
    bedrooms: str(r.bedrooms),
    bathrooms: bathroomsText(r.bathrooms),
    floor: strOrNull(r.floor),
    line: strOrNull(r.line),
    is_balcony_apt: Boolean(r.is_balcony_apt),
    is_management: Boolean(r.is_management),
    is_unlinked_to_tfcio: Boolean(r.is_unlinked_to_tfcio),
    occupancy_id: num(r.occupancy_id),
  };
}

export async function apartmentById(db: DbOrTx, id: number): Promise<ApartmentRow | null> {
  const [r] = rowsOf(await db.execute(sql`${APARTMENT_SELECT} where a.id = ${id}`));
  return r ? toApartmentRow(r) : null;
}

export async function listApartments(
  db: DbOrTx,
  buildingId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const t = (search ?? "").trim().toLowerCase();
  const where = sql`a.building_id = ${buildingId} ${t ? sql`and lower(a.apartment_number) like ${`${likeEscape(t)}%`} escape '\\'` : sql``}`;
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from apartments a where ${where}`));
  const r = await db.execute(
    sql`${APARTMENT_SELECT} where ${where} order by a.sort_key, a.id limit ${page.limit} offset ${page.offset}`,
  );
  return { count: Number(c.n), rows: rowsOf(r).map(toApartmentRow) };
}

export interface VacantUnitRow {
  apartment_number: string;
  bedrooms: string;
  bathrooms: string;
  floor: string | null;
  line: string | null;
  last_move_out_date: string | null;
  next_lease_start_date: string | null;
}

/** Units (not the management unit) without a current occupancy, in unit order, in chunks. */
export async function* iterateVacantUnits(db: DbOrTx, buildingId: number, chunk = 1000): AsyncGenerator<VacantUnitRow> {
  let after = "";
  let afterId = 0;
  for (;;) {
    const r = await db.execute(sql`
      select a.id, a.sort_key, a.apartment_number, a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line,
        (select max(coalesce(c.move_out_date, case when not c.is_active then c.lease_end_date end))
           from occupancies c where c.apartment_id = a.id
             and coalesce(c.move_out_date, case when not c.is_active then c.lease_end_date end) <= ${TODAY("b")}) as last_move_out_date,
        (select min(c.lease_start_date) from occupancies c
           where c.apartment_id = a.id and c.is_active and c.lease_start_date > ${TODAY("b")}) as next_lease_start_date
      from apartments a join buildings b on b.id = a.building_id
      where a.building_id = ${buildingId} and not a.is_management
        and not exists (select 1 from occupancies c where c.apartment_id = a.id and c.is_active
          and (c.lease_start_date is null or c.lease_start_date <= ${TODAY("b")}))
        and (a.sort_key, a.id) > (${after}::text, ${afterId}::int)
      order by a.sort_key, a.id
      limit ${chunk}`);
    const rows = rowsOf(r);
    for (const x of rows)
      yield {
        apartment_number: str(x.apartment_number),
        bedrooms: str(x.bedrooms),
        bathrooms: bathroomsText(x.bathrooms),
        floor: strOrNull(x.floor),
        line: strOrNull(x.line),
        last_move_out_date: strOrNull(x.last_move_out_date),
        next_lease_start_date: strOrNull(x.next_lease_start_date),
      };
    if (rows.length < chunk) return;
    after = str(rows[rows.length - 1].sort_key);
    afterId = Number(rows[rows.length - 1].id);
  }
}

// ---------------------------------------------------------------------------------------------
// Writes and lookups of the services (unit profiles, residents, flags, apartments)

/** Usernames that start with the prefix (case-insensitive, lowercased). */
export async function usernamesStartingWith(db: DbOrTx, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${likeEscape(prefix)}%`}`);
  return rows.map((r) => r.username.toLowerCase());
}

/** A new resident account (role TN, no password); its id. */
export async function insertResidentUser(
  db: DbOrTx,
  values: Pick<typeof users.$inferInsert, "username" | "email" | "first_name" | "last_name" | "phone_number">,
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ ...values, role: "TN", password_hash: null, is_active: true, is_staff: false })
    .returning({ id: users.id });
  return user.id;
}

/** A new occupant row; its id. */
export async function insertOccupant(db: DbOrTx, values: typeof occupants.$inferInsert): Promise<number> {
  const [occ] = await db.insert(occupants).values(values).returning({ id: occupants.id });
  return occ.id;
}

/** A new unit profile; its id. */
export async function insertOccupancy(db: DbOrTx, values: typeof occupancies.$inferInsert): Promise<number> {
  const [occ] = await db.insert(occupancies).values(values).returning({ id: occupancies.id });
  return occ.id;
}

/** A unit profile's editable fields, locked for update (inside a transaction). */
export async function occupancyForUpdate(tx: DbOrTx, id: number) {
  const [cur] = await tx
    .select({
      id: occupancies.id,
      building_id: occupancies.building_id,
      apartment_id: occupancies.apartment_id,
      apartment_number: apartments.apartment_number,
      lease_start_date: occupancies.lease_start_date,
      lease_end_date: occupancies.lease_end_date,
      move_in_date: occupancies.move_in_date,
      move_out_date: occupancies.move_out_date,
      is_do_not_disturb: occupancies.is_do_not_disturb,
      is_active: occupancies.is_active,
      external_lease_id: occupancies.external_lease_id,
    })
    .from(occupancies)
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .where(eq(occupancies.id, id))
    .for("update", { of: occupancies });
  return cur ?? null;
}

export async function updateOccupancy(db: DbOrTx, id: number, values: Partial<typeof occupancies.$inferInsert>) {
  await db
    .update(occupancies)
    .set({ ...values, last_modified: sql`now()` })
    .where(eq(occupancies.id, id));
}

/** The photos of a unit profile's residents. */
export async function occupancyPhotoUrls(db: DbOrTx, occupancyId: number): Promise<string[]> {
  const rows = await db
    .select({ url: occupants.photo_url })
    .from(occupants)
    .where(and(eq(occupants.occupancy_id, occupancyId), sql`${occupants.photo_url} is not null`));
  return rows.map((r) => r.url!);
}

/** Deletes a unit profile (its residents, flags, notes and subscriptions go with it). */
export async function deleteOccupancy(db: DbOrTx, id: number) {
  await db.delete(occupancies).where(eq(occupancies.id, id));
}

export async function hasActiveFlag(db: DbOrTx, occupancyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: occupancyFlags.id })
    .from(occupancyFlags)
    .where(and(eq(occupancyFlags.occupancy_id, occupancyId), eq(occupancyFlags.is_active, true)))
    .limit(1);
  return rows.length > 0;
}

export async function insertFlag(
  db: DbOrTx,
  values: Pick<typeof occupancyFlags.$inferInsert, "occupancy_id" | "comment" | "is_manager_only" | "entered_by_id">,
): Promise<number> {
  const [f] = await db.insert(occupancyFlags).values(values).returning({ id: occupancyFlags.id });
  return f.id;
}

/** Removes a flag (kept for the history). */
export async function deactivateFlag(db: DbOrTx, id: number, removedById: number) {
  await db
    .update(occupancyFlags)
    .set({ is_active: false, removed_by_id: removedById, date_removed: sql`now()` })
    .where(eq(occupancyFlags.id, id));
}

/** Is the apartment number used by another apartment of the building (case-insensitive)? */
export async function apartmentNumberInUse(db: DbOrTx, buildingId: number, number: string, exceptId?: number) {
  const rows = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(
      sql`${apartments.building_id} = ${buildingId} and upper(${apartments.apartment_number}) = upper(${number})
      ${exceptId ? sql`and ${apartments.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertApartment(db: DbOrTx, values: typeof apartments.$inferInsert): Promise<number> {
  const [row] = await db.insert(apartments).values(values).returning({ id: apartments.id });
  return row.id;
}

export async function updateApartment(db: DbOrTx, id: number, values: Partial<typeof apartments.$inferInsert>) {
  await db.update(apartments).set(values).where(eq(apartments.id, id));
}

/** Updates a resident's account fields and occupant fields (either may be empty). */
export async function updateOccupantAndUser(
  db: DbOrTx,
  ids: { occupantId: number; userId: number },
  userSet: Partial<typeof users.$inferInsert>,
  occupantSet: Partial<typeof occupants.$inferInsert>,
) {
  if (Object.keys(userSet).length) await db.update(users).set(userSet).where(eq(users.id, ids.userId));
  if (Object.keys(occupantSet).length)
    await db.update(occupants).set(occupantSet).where(eq(occupants.id, ids.occupantId));
}

/** The tenant site of a building's portfolio and the building's name. */
export async function buildingTenantSite(db: DbOrTx, buildingId: number) {
  const [row] = await db
    .select({ url: portfolios.tenant_site_url, name: buildings.name })
    .from(buildings)
    .innerJoin(portfolios, eq(portfolios.id, buildings.portfolio_id))
    .where(eq(buildings.id, buildingId))
    .limit(1);
  return row ?? null;
}

export async function welcomeEmailSentTime(db: DbOrTx, occupantId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: occupants.welcome_email_sent_time })
    .from(occupants)
    .where(eq(occupants.id, occupantId));
  return row?.at ?? null;
}

/**
 * Claims the welcome e-mail's send time: set to now unless one was sent within the interval.
 * The new time, or null when the claim failed.
 */
export async function claimWelcomeEmail(db: DbOrTx, occupantId: number, intervalSeconds: number) {
  const claimed = await db
    .update(occupants)
    .set({ welcome_email_sent_time: sql`now()` })
    .where(
      and(
        eq(occupants.id, occupantId),
        or(
          isNull(occupants.welcome_email_sent_time),
          lt(occupants.welcome_email_sent_time, sql`now() - make_interval(secs => ${intervalSeconds})`),
        ),
      ),
    )
    .returning({ at: occupants.welcome_email_sent_time });
  return claimed.length ? { at: claimed[0].at } : null;
}

export async function setWelcomeEmailSentTime(db: DbOrTx, occupantId: number, at: Date | null) {
  await db.update(occupants).set({ welcome_email_sent_time: at }).where(eq(occupants.id, occupantId));
}

/** A resident's photo, locked for update (inside a transaction); undefined when there is no such resident. */
export async function occupantPhotoForUpdate(tx: DbOrTx, occupantId: number) {
  const [cur] = await tx
    .select({ photo_url: occupants.photo_url })
    .from(occupants)
    .where(eq(occupants.id, occupantId))
    .for("update");
  return cur;
}

export async function setOccupantPhoto(db: DbOrTx, occupantId: number, url: string) {
  await db.update(occupants).set({ photo_url: url }).where(eq(occupants.id, occupantId));
}

/** Ids of the active buildings. */
export async function activeBuildingIds(db: DbOrTx): Promise<number[]> {
  const all = await db.select({ id: buildings.id }).from(buildings).where(eq(buildings.is_active, true));
  return all.map((b) => b.id);
}
