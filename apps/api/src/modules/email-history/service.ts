import {
  type Action,
  EMAIL_HISTORY_MAX_LIMIT,
  EMAIL_HISTORY_PAGE_SIZE,
  EMAIL_RECIPIENTS_MAX_LIMIT,
  EMAIL_RECIPIENTS_PAGE_SIZE,
  type EmailAttachment,
  type EmailRecipient,
  type EmailRecipientQuery,
  type EmailRecord,
  type EmailRecordDetail,
  type EmailRecordQuery,
  type EmailStateCounts,
  hasBuildingAccess,
  MAIL_STATE_DISPLAY,
  RECIPIENT_NOT_MAILED,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { cleanHtml } from "../../lib/html.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { contactView } from "../../lib/resident-contact.ts";
import * as repo from "./repository.ts";

/**
 * Email history (document 3 sections 2, 3 and 7): the records of a building's memos, letters and
 * automatic mails, and each record's recipients with what became of their mail. Every staff
 * member reads it (email.history); e-mail addresses reach only callers who may view resident
 * e-mails (occupant.view_email), the others get null. A record of another building is 404.
 */

const HISTORY: Action = "email.history";

function toRecord(r: repo.RecordRow, attachments: repo.AttachmentRow[], states: repo.StateCountRow[]): EmailRecord {
  const state_counts: EmailStateCounts = {};
  let opened = 0;
  for (const s of states) {
    const key = s.state ?? RECIPIENT_NOT_MAILED;
    state_counts[key] = (state_counts[key] ?? 0) + s.n;
    opened += s.opened;
  }
  return {
    id: r.id,
    building_id: r.building_id,
    type: r.type,
    kind: r.kind,
    subject: r.subject ?? "",
    sender_name: r.sender_name ?? "",
    sender_email: r.sender_email ?? "",
    recipient_count: Number(r.recipient_count),
    additional_recipients: r.additional_recipients ?? "",
    is_portfolio: !!r.is_portfolio,
    date_created: iso(r.date_created)!,
    attachment_set: attachments.map((a): EmailAttachment => ({
      name: a.name,
      attachment_url: a.url,
      content_type: a.content_type ?? "",
      size: Number(a.size ?? 0),
    })),
    state_counts,
    opened_count: opened,
  };
}

/** The records with their attachments and recipient states (two statements for the whole page). */
async function recordsOf(ctx: ServiceContext, rows: repo.RecordRow[]): Promise<EmailRecord[]> {
  const ids = rows.map((r) => r.id);
  const [attachments, states] = await Promise.all([repo.attachmentsOf(ctx.db, ids), repo.stateCountsOf(ctx.db, ids)]);
  return rows.map((r) =>
    toRecord(
      r,
      attachments.filter((a) => a.record_id === r.id),
      states.filter((s) => s.record_id === r.id),
    ),
  );
}

/** GET /emails/records/ — the building's records, newest first, 50 a page. */
export async function listRecords(ctx: ServiceContext, q: EmailRecordQuery) {
  await requireBuilding(ctx, ctx.db, q.building_id, HISTORY);
  const page = pageOf(q, EMAIL_HISTORY_PAGE_SIZE, EMAIL_HISTORY_MAX_LIMIT);
  const { rows, count } = await repo.listRecords(
    ctx.db,
    {
      buildingId: q.building_id,
      type: q.type,
      search: q.search || undefined,
      senderOrRecipient: q.sender_or_recipient || undefined,
      occupantId: q.occupant_id,
    },
    page,
  );
  return paginate(ctx, page, count, await recordsOf(ctx, rows));
}

/**
 * The building of a record the user may read the history of: 404 when there is no such record,
 * it belongs to no building or to one out of the user's reach, or it is not `buildingId`'s.
 */
async function recordScope(ctx: ServiceContext, recordId: number, buildingId?: number) {
  const user = requireUser(ctx);
  const building = await repo.recordBuilding(ctx.db, recordId);
  if (building == null || !hasBuildingAccess(user, building) || (buildingId !== undefined && building !== buildingId))
    throw new NotFoundError();
  return requireBuilding(ctx, ctx.db, building, HISTORY);
}

/** GET /emails/records/{id}/ — the record with its body (cleaned again on the way out) and attachments. */
export async function getRecord(ctx: ServiceContext, id: number, buildingId?: number): Promise<EmailRecordDetail> {
  await recordScope(ctx, id, buildingId);
  const row = await repo.findRecord(ctx.db, id);
  if (!row) throw new NotFoundError();
  const [record] = await recordsOf(ctx, [row]);
  return { ...record, body: cleanHtml(row.body_html ?? ""), body_text: row.body_text ?? "" };
}

/** GET /emails/recipients/?record_id= — the record's recipients; addresses only for who may see them. */
export async function listRecipients(ctx: ServiceContext, q: EmailRecipientQuery) {
  const scope = await recordScope(ctx, q.record_id);
  const view = contactView(scope.user, scope.ctx);
  const page = pageOf(q, EMAIL_RECIPIENTS_PAGE_SIZE, EMAIL_RECIPIENTS_MAX_LIMIT);
  const { rows, count } = await repo.listRecipients(ctx.db, q.record_id, q.state, page);
  const results = rows.map((r): EmailRecipient => ({
    id: r.id,
    record_id: r.record_id,
    occupant_id: r.occupant_id,
    occupancy_id: r.occupancy_id,
    apartment_number: r.apartment_number,
    name: r.name ?? "",
    email: view.email ? r.email || null : null,
    current_email: view.email ? r.current_email || null : null,
    has_email: !!r.email,
    mandrill_state: r.state,
    mandrill_state_display: r.state ? (MAIL_STATE_DISPLAY[r.state] ?? r.state) : null,
    mandrill_reject_reason: r.reject_reason ?? "",
    opens: Number(r.opens ?? 0),
    state_changed_at: iso(r.state_changed_at),
  }));
  return paginate(ctx, page, count, results);
}
