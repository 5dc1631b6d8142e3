import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import {
  NO_EMAIL_DOMAIN,
  type Occupant,
  OCCUPANT_TYPE_DISPLAY,
  type OccupantType,
  NOTIFICATION_PREFERENCE_FIELDS,
  type NotificationPreferences,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { occupants, users } from "../../db/schema/index.ts";
import { iso } from "../../lib/dates.ts";
import { residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";
import {
  idList,
  OCCUPANT_ORDER,
  realEmail,
  str,
  strOrNull,
  TODAY,
  type Viewer,
  columnsOf,
} from "./shared-repository.ts";

/* Residents (occupants): the reads of profiles and lists, the building's residents and their writes. */

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
    email_bounced: Boolean(r.email_bounced),
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
    notification_preferences: Object.fromEntries(
      NOTIFICATION_PREFERENCE_FIELDS.map((f) => [f, Boolean(r[f])]),
    ) as NotificationPreferences,
  };
}

const OCCUPANT_COLUMNS = sql`o.id, o.user_id, o.occupancy_id, o.type, o.is_active, o.pronouns, o.emergency_contact_info,
    o.photo_url, o.welcome_email_sent_time, o.is_text_maintenance_activity, o.is_email_maintenance_activity,
    o.is_text_package_activity, o.is_email_package_activity,
    u.username, u.email, u.first_name, u.last_name, u.phone_number,
    (u.is_active and (u.password_hash is not null or u.last_login is not null)) as has_account,
    exists (select 1 from email_suppressions s where s.email = lower(u.email)) as email_bounced`;

const OCCUPANT_SELECT = sql`
  select ${OCCUPANT_COLUMNS}, a.apartment_number, oc.building_id, a.sort_key
  from occupants o
  join users u on u.id = o.user_id
  join occupancies oc on oc.id = o.occupancy_id
  join apartments a on a.id = oc.apartment_id`;

export async function occupantsByOccupancy(db: DbOrTx, occupancyIds: number[], viewer: Viewer) {
  if (!occupancyIds.length) return new Map<number, Occupant[]>();
  const r = await db.execute(
    sql`${OCCUPANT_SELECT} where o.occupancy_id in (${idList(occupancyIds)}) order by ${OCCUPANT_ORDER}`,
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
      ...columnsOf(occupants, ["id", "occupancy_id", "user_id", "type", "is_active"]),
      ...columnsOf(occupants, ["pronouns", "emergency_contact_info", "photo_url", ...NOTIFICATION_PREFERENCE_FIELDS]),
      ...columnsOf(users, ["username", "email", "first_name", "last_name", "phone_number"]),
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
