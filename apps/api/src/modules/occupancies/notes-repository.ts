import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { occupancyNoteLinks, occupancyNotes } from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";

/* Internal office notes and their links. */

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
