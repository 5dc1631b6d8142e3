import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { managementNoteAcknowledgements as acks, managementNotes as notes, users } from "../../db/schema/index.ts";
import type { Page } from "../../lib/pagination.ts";
import { pageWithTotal } from "../../lib/sql.ts";

/** Every query of the management notes. */

/** The caller acknowledged the note's current version. */
const acknowledgedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${acks} a where a.note_id = ${notes.id} and a.user_id = ${userId} and a.version = ${notes.ack_version})`;

const rowColumns = (userId: number) => ({
  id: notes.id,
  building_id: notes.building_id,
  body: notes.body,
  is_require_acknowledgement: notes.is_require_acknowledgement,
  is_active: notes.is_active,
  ack_version: notes.ack_version,
  entered_by_id: notes.entered_by_id,
  entered_by_first_name: users.first_name,
  entered_by_last_name: users.last_name,
  date_created: notes.date_created,
  last_modified: notes.last_modified,
  is_acknowledged: acknowledgedBy(userId),
});

const selectRows = (db: DbOrTx, userId: number) =>
  db.select(rowColumns(userId)).from(notes).leftJoin(users, eq(users.id, notes.entered_by_id));

export type NoteRow = Awaited<ReturnType<typeof selectRows>>[number];

/** A page of the building's active (or expired) notes, newest first. */
export async function listNotes(
  db: DbOrTx,
  buildingId: number,
  isActive: boolean,
  userId: number,
  page: Page,
): Promise<{ count: number; rows: NoteRow[] }> {
  const where = and(eq(notes.building_id, buildingId), eq(notes.is_active, isActive));
  const found = await db
    .select({ ...rowColumns(userId), total: sql<number>`count(*) over ()` })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.entered_by_id))
    .where(where)
    .orderBy(desc(notes.date_created), desc(notes.id))
    .limit(page.limit)
    .offset(page.offset);
  return pageWithTotal(found, page.offset, async () => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notes)
      .where(where);
    return r.n;
  });
}

/** One note of the building (null: none, or another building's). */
export async function findNote(db: DbOrTx, buildingId: number, id: number, userId: number): Promise<NoteRow | null> {
  const rows = await selectRows(db, userId)
    .where(and(eq(notes.id, id), eq(notes.building_id, buildingId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertNote(
  db: DbOrTx,
  values: { building_id: number; body: string; is_require_acknowledgement: boolean; entered_by_id: number },
): Promise<number> {
  const [r] = await db.insert(notes).values(values).returning({ id: notes.id });
  return r.id;
}

/** Edits an active note; `newVersion` asks everyone to acknowledge again. False: no such active note. */
export async function updateNote(
  db: DbOrTx,
  id: number,
  change: { body?: string; newVersion?: boolean; expire?: boolean },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({
      ...(change.body !== undefined ? { body: change.body } : {}),
      ...(change.newVersion ? { ack_version: sql`${notes.ack_version} + 1` } : {}),
      ...(change.expire ? { is_active: false } : {}),
      last_modified: now,
    })
    .where(and(eq(notes.id, id), eq(notes.is_active, true)))
    .returning({ id: notes.id });
  return rows.length > 0;
}

/** The ids of the building's active notes requiring acknowledgement the user has not acknowledged, newest first. */
export async function unacknowledgedIds(db: DbOrTx, buildingId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: notes.id })
    .from(notes)
    .where(
      and(
        eq(notes.building_id, buildingId),
        eq(notes.is_active, true),
        eq(notes.is_require_acknowledgement, true),
        sql`not ${acknowledgedBy(userId)}`,
      ),
    )
    .orderBy(desc(notes.date_created), desc(notes.id));
  return rows.map((r) => r.id);
}

const ackColumns = {
  id: acks.id,
  user_id: acks.user_id,
  first_name: users.first_name,
  last_name: users.last_name,
  date_created: acks.date_created,
};
export type AckRow = { id: number; user_id: number; first_name: string; last_name: string; date_created: Date };

/** Records the user's acknowledgement of a version (kept when it exists) and returns it. */
export async function acknowledge(db: DbOrTx, noteId: number, userId: number, version: number): Promise<AckRow> {
  await db
    .insert(acks)
    .values({ note_id: noteId, user_id: userId, version })
    .onConflictDoNothing({ target: [acks.note_id, acks.user_id, acks.version] });
  const [row] = await db
    .select(ackColumns)
    .from(acks)
    .innerJoin(users, eq(users.id, acks.user_id))
    .where(and(eq(acks.note_id, noteId), eq(acks.user_id, userId), eq(acks.version, version)))
    .limit(1);
  return row;
}

/** The acknowledgements of a note's version, newest first. */
export async function acknowledgements(db: DbOrTx, noteId: number, version: number): Promise<AckRow[]> {
  return db
    .select(ackColumns)
    .from(acks)
    .innerJoin(users, eq(users.id, acks.user_id))
    .where(and(eq(acks.note_id, noteId), eq(acks.version, version)))
    .orderBy(desc(acks.date_created), desc(acks.id));
}
