import { sql, type SQL } from "drizzle-orm";
import type { EmailRecordType, MailState } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import type { Page } from "../../lib/pagination.ts";
import { runPage } from "../../lib/page-repository.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";

/**
 * Every query of the email history. It reads the tables the mail layer writes (email_records,
 * email_record_attachments, email_recipients; db/schema/emails.ts): a page of records with one
 * statement, then their attachments and recipient states with one statement each.
 */

export interface RecordRow {
  id: number;
  building_id: number | null;
  type: EmailRecordType;
  kind: string | null;
  subject: string | null;
  sender_name: string | null;
  sender_email: string | null;
  recipient_count: number;
  additional_recipients: string | null;
  is_portfolio: boolean | null;
  date_created: Date | string;
}
export interface RecordDetailRow extends RecordRow {
  body_html: string | null;
  body_text: string | null;
}
export interface AttachmentRow {
  record_id: number;
  name: string;
  content_type: string | null;
  size: number | null;
  url: string;
}
export interface StateCountRow {
  record_id: number;
  state: MailState | null;
  n: number;
  opened: number;
}
export interface RecipientRow {
  id: number;
  record_id: number;
  occupant_id: number | null;
  occupancy_id: number | null;
  apartment_number: string | null;
  name: string;
  email: string | null;
  current_email: string | null;
  state: MailState | null;
  reject_reason: string | null;
  opens: number;
  state_changed_at: Date | string | null;
}

export interface RecordFilter {
  buildingId: number;
  type?: EmailRecordType;
  /** Words of the subject or the text part. */
  search?: string;
  /** Part of the sender's name or address, or of a recipient's. */
  senderOrRecipient?: string;
  occupantId?: number;
}

const RECORD_COLUMNS = sql.raw(
  `r.id, r.building_id, r.type, r.kind, r.subject, r.sender_name, r.sender_email, r.recipient_count,
   r.additional_recipients, r.is_portfolio, r.date_created`,
);
const contains = (s: string) => `%${likeEscape(s)}%`;

/**
 * The filters, each in the form its index serves (migration 0034): the text and the sender as one
 * trigram-indexed text per record, the recipients through their own trigram index and the
 * occupant index (a set of record ids, not a statement per record).
 */
function recordWhere(f: RecordFilter): SQL {
  const parts: SQL[] = [sql`r.building_id = ${f.buildingId}`];
  if (f.type) parts.push(sql`r.type = ${f.type}`);
  if (f.search) parts.push(sql`(r.subject || ' ' || r.body_text) ilike ${contains(f.search)} escape '\\'`);
  if (f.senderOrRecipient) {
    const p = contains(f.senderOrRecipient);
    parts.push(sql`((r.sender_name || ' ' || r.sender_email) ilike ${p} escape '\\'
      or r.id in (select x.record_id from email_recipients x
        where (x.name || ' ' || coalesce(x.email, '')) ilike ${p} escape '\\'))`);
  }
  if (f.occupantId)
    parts.push(sql`r.id in (select o.record_id from email_recipients o where o.occupant_id = ${f.occupantId})`);
  return sql.join(parts, sql` and `);
}

/** A page of the building's records, newest first, with the count of all that match. */
export async function listRecords(db: DbOrTx, f: RecordFilter, page: Page) {
  const where = recordWhere(f);
  const { count, rows } = await runPage(
    db,
    sql`select ${RECORD_COLUMNS}, count(*) over () as total from email_records r where ${where}
        order by r.date_created desc, r.id desc limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from email_records r where ${where}`,
    page.offset,
  );
  return { count, rows: rows as unknown as RecordRow[] };
}

/** One record with its body (null when there is none). */
export async function findRecord(db: DbOrTx, id: number): Promise<RecordDetailRow | null> {
  const rows = rowsOf<RecordDetailRow>(
    await db.execute(sql`select ${RECORD_COLUMNS}, r.body_html, r.body_text from email_records r where r.id = ${id}`),
  );
  return rows[0] ?? null;
}

/** The record's building (undefined: no such record; null: a record of no building). */
export async function recordBuilding(db: DbOrTx, id: number): Promise<number | null | undefined> {
  const rows = rowsOf<{ building_id: number | null }>(
    await db.execute(sql`select building_id from email_records where id = ${id}`),
  );
  return rows.length ? rows[0].building_id : undefined;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** The attachments of these records, in the order they were attached. */
export async function attachmentsOf(db: DbOrTx, ids: readonly number[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  return rowsOf<AttachmentRow>(
    await db.execute(sql`select record_id, name, content_type, size, url from email_record_attachments
      where record_id = any(${idArray(ids)}) order by record_id, id`),
  );
}

/** How many recipients of these records are in each state, and how many of them opened it. */
export async function stateCountsOf(db: DbOrTx, ids: readonly number[]): Promise<StateCountRow[]> {
  if (!ids.length) return [];
  const rows = rowsOf<StateCountRow>(
    await db.execute(sql`select record_id, state, count(*)::int as n, count(*) filter (where opens > 0)::int as opened
      from email_recipients where record_id = any(${idArray(ids)}) group by record_id, state`),
  );
  return rows.map((r) => ({ ...r, n: Number(r.n), opened: Number(r.opened) }));
}

/** A page of a record's recipients (by unit, then name), with the resident's address now. */
export async function listRecipients(db: DbOrTx, recordId: number, state: MailState | "none" | undefined, page: Page) {
  const parts: SQL[] = [sql`x.record_id = ${recordId}`];
  if (state === "none") parts.push(sql`x.state is null`);
  else if (state) parts.push(sql`x.state = ${state}`);
  const where = sql.join(parts, sql` and `);
  const { count, rows } = await runPage(
    db,
    sql`select x.id, x.record_id, x.occupant_id, x.occupancy_id, x.apartment_number, x.name, x.email,
          u.email as current_email, x.state, x.reject_reason, x.opens, x.state_changed_at,
          count(*) over () as total
        from email_recipients x
        left join occupants o on o.id = x.occupant_id
        left join users u on u.id = o.user_id
        where ${where}
        order by x.apartment_number nulls last, x.name, x.id
        limit ${page.limit} offset ${page.offset}`,
    sql`select count(*)::int as n from email_recipients x where ${where}`,
    page.offset,
  );
  return { count, rows: rows as unknown as RecipientRow[] };
}
