import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import {
  apartments,
  buildings,
  clubMembers,
  clubOpenCheckins,
  occupancies,
  occupants,
  users,
} from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal } from "../../lib/sql.ts";

/** Club members, candidates (quick search) and pool (open) check-ins. */

/** A resident as the member lists show them. */
const personColumns = {
  occupant_id: occupants.id,
  first_name: users.first_name,
  last_name: users.last_name,
  photo_url: occupants.photo_url,
  building_id: buildings.id,
  building_name: buildings.name,
  apartment_id: apartments.id,
  apartment_number: apartments.apartment_number,
};
export interface PersonRow {
  occupant_id: number;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  building_id: number;
  building_name: string;
  apartment_id: number;
  apartment_number: string;
}

/** The resident's account, lease, apartment and building, joined to a select over `occupants`. */
const withHome = <T extends PgSelect>(q: T) =>
  q
    .innerJoin(users, eq(users.id, occupants.user_id))
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .innerJoin(buildings, eq(buildings.id, occupancies.building_id));

const byName = sql`lower(${users.last_name}), lower(${users.first_name}), ${occupants.id}`;

/** Name (first, last, or both) or apartment number contains the text. */
function personSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = `%${likeEscape(search.toLowerCase())}%`;
  return sql`(lower(${users.first_name} || ' ' || ${users.last_name}) like ${p} escape '\\' or lower(${users.last_name} || ' ' || ${users.first_name}) like ${p} escape '\\' or lower(${apartments.apartment_number}) like ${p} escape '\\')`;
}

export interface MemberRow extends PersonRow {
  id: number;
  club_id: number;
  date_created: Date;
}

/** A page of a club's members by name, with the count. */
export async function listMembers(
  db: DbOrTx,
  clubId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: MemberRow[] }> {
  const where = and(eq(clubMembers.club_id, clubId), personSearch(search));
  const base = () =>
    db
      .select({
        id: clubMembers.id,
        club_id: clubMembers.club_id,
        date_created: clubMembers.date_created,
        ...personColumns,
        total: sql<number>`count(*) over ()`,
      })
      .from(clubMembers)
      .innerJoin(occupants, eq(occupants.id, clubMembers.occupant_id))
      .$dynamic();
  const found = await withHome(base()).where(where).orderBy(byName).limit(page.limit).offset(page.offset);
  return pageWithTotal(found, page.offset, async () => (await withHome(base()).where(where)).length);
}

/** Active residents (active leases) of these buildings who are not members of the club, by name. */
export async function candidates(
  db: DbOrTx,
  clubId: number,
  buildingIds: number[],
  search: string | undefined,
  limit: number,
): Promise<PersonRow[]> {
  return withHome(db.select(personColumns).from(occupants).$dynamic())
    .where(
      and(
        inArray(occupancies.building_id, buildingIds),
        eq(occupancies.is_active, true),
        eq(occupants.is_active, true),
        sql`not exists (select 1 from club_members m where m.club_id = ${clubId} and m.occupant_id = ${occupants.id})`,
        personSearch(search),
      ),
    )
    .orderBy(byName)
    .limit(limit);
}

/** A resident's home (building) and whether they and their lease are active. */
export async function findOccupant(db: DbOrTx, occupantId: number) {
  const rows = await db
    .select({
      id: occupants.id,
      building_id: occupancies.building_id,
      is_active: sql<boolean>`${occupants.is_active} and ${occupancies.is_active}`,
    })
    .from(occupants)
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .where(eq(occupants.id, occupantId))
    .limit(1);
  return rows[0] ?? null;
}

/** Adds a member; false when already one. */
export async function addMember(db: DbOrTx, clubId: number, occupantId: number): Promise<boolean> {
  const rows = await db
    .insert(clubMembers)
    .values({ club_id: clubId, occupant_id: occupantId })
    .onConflictDoNothing()
    .returning({ id: clubMembers.id });
  return rows.length > 0;
}

export async function removeMember(db: DbOrTx, clubId: number, occupantId: number): Promise<boolean> {
  const rows = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.club_id, clubId), eq(clubMembers.occupant_id, occupantId)))
    .returning({ id: clubMembers.id });
  return rows.length > 0;
}

export async function removeAllMembers(db: DbOrTx, clubId: number): Promise<number> {
  const rows = await db.delete(clubMembers).where(eq(clubMembers.club_id, clubId)).returning({ id: clubMembers.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Open check-ins

export type CheckinRow = typeof clubOpenCheckins.$inferSelect;

/** A page of a club's check-ins of one day, latest first. */
export async function listCheckins(
  db: DbOrTx,
  clubId: number,
  day: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: CheckinRow[] }> {
  const where = and(eq(clubOpenCheckins.club_id, clubId), eq(clubOpenCheckins.day, day));
  const found = await db
    .select({ ...clubOpenCheckinsColumns, total: sql<number>`count(*) over ()` })
    .from(clubOpenCheckins)
    .where(where)
    .orderBy(sql`${clubOpenCheckins.checked_in_at} desc`, sql`${clubOpenCheckins.id} desc`)
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(clubOpenCheckins)
      .where(where);
    return r.n;
  });
}
const clubOpenCheckinsColumns = {
  id: clubOpenCheckins.id,
  club_id: clubOpenCheckins.club_id,
  occupant_id: clubOpenCheckins.occupant_id,
  day: clubOpenCheckins.day,
  note: clubOpenCheckins.note,
  guests: clubOpenCheckins.guests,
  checked_in_at: clubOpenCheckins.checked_in_at,
  entered_by_id: clubOpenCheckins.entered_by_id,
};

/** Records (or, the same day, edits) a member's check-in. */
export async function upsertCheckin(
  db: DbOrTx,
  v: {
    club_id: number;
    occupant_id: number;
    day: string;
    note: string;
    guests: number;
    entered_by_id: number;
    at: Date;
  },
): Promise<CheckinRow> {
  const [row] = await db
    .insert(clubOpenCheckins)
    .values({ ...v, checked_in_at: v.at })
    .onConflictDoUpdate({
      target: [clubOpenCheckins.club_id, clubOpenCheckins.occupant_id, clubOpenCheckins.day],
      set: { note: v.note, guests: v.guests, entered_by_id: v.entered_by_id, checked_in_at: v.at },
    })
    .returning();
  return row;
}

export interface CheckinReportRow extends PersonRow {
  day: string;
  checked_in_at: Date;
  guests: number;
  note: string;
  entered_by: string;
}

/** A club's check-ins between two days (inclusive), in order, in chunks (the export). */
export async function* iterateCheckins(
  db: DbOrTx,
  clubId: number,
  from: string,
  until: string,
  chunk = 1000,
): AsyncGenerator<CheckinReportRow> {
  for (let offset = 0; ; offset += chunk) {
    const q = db
      .select({
        ...personColumns,
        day: clubOpenCheckins.day,
        checked_in_at: clubOpenCheckins.checked_in_at,
        guests: clubOpenCheckins.guests,
        note: clubOpenCheckins.note,
        entered_by: sql<string>`coalesce((select trim(e.first_name || ' ' || e.last_name) from users e where e.id = ${clubOpenCheckins.entered_by_id}), '')`,
      })
      .from(clubOpenCheckins)
      .innerJoin(occupants, eq(occupants.id, clubOpenCheckins.occupant_id))
      .$dynamic();
    const rows = await withHome(q)
      .where(
        and(
          eq(clubOpenCheckins.club_id, clubId),
          sql`${clubOpenCheckins.day} >= ${from}`,
          sql`${clubOpenCheckins.day} <= ${until}`,
        ),
      )
      .orderBy(clubOpenCheckins.day, clubOpenCheckins.checked_in_at, clubOpenCheckins.id)
      .limit(chunk)
      .offset(offset);
    yield* rows;
    if (rows.length < chunk) return;
  }
}
