import {
  type Action,
  can,
  MEMO_ATTACHMENTS_LIMIT_BYTES,
  MEMO_IMAGE_LIMIT_BYTES,
  MEMO_MESSAGES as M,
  MEMO_PREVIEW_PREFIX,
  MEMO_RECIPIENT_MAX_LIMIT,
  MEMO_RECIPIENT_PAGE_SIZE,
  MEMO_RECORD_TYPE,
  type MemoAttachment,
  type MemoFloorsLines,
  type MemoRecipient,
  type MemoRecipientIds,
  type MemoRecipientPage,
  type MemoRecipientsQuery,
  occupantTypeDisplay,
  type SendMemoBody,
  type SendMemoReply,
  type SendPortfolioMemoBody,
  splitAddressList,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { HttpError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { saveFile } from "../../lib/files.ts";
import { cleanHtml, htmlToText } from "../../lib/html.ts";
import { type BatchRecipient, type MailAttachment, sendMail, sendMailBatch } from "../../lib/mail.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import * as repo from "./repository.ts";

/**
 * Memos and letters (document 3 sections 2–9). A manager (memo.send) writes to chosen residents
 * of a building or to a club's members; Office (memo.send_portfolio) to every current tenant of
 * chosen buildings. Recipients: no children (CH), no placeholder addresses, no future leases, one
 * message per person and address. A memo reaches only residents with e-mail; a letter also lists
 * those without (a page is printed for their unit). The body is cleaned (lib/html.ts); its
 * embedded images become inline parts; attachments are stored once and sent with each message.
 */

const SEND: Action = "memo.send";
const PORTFOLIO: Action = "memo.send_portfolio";
const MEMO_KIND = { memo: "memo", letter: "letter" } as const;

// ---------------------------------------------------------------------------------------------
// The picker

const toRecipient = (r: repo.CandidateRow): MemoRecipient => ({
  occupant_id: r.occupant_id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  type: r.type,
  type_display: occupantTypeDisplay(r.type),
  apartment_id: r.apartment_id,
  apartment_number: r.apartment_number,
  floor: r.floor,
  line: r.line,
  is_balcony_apt: r.is_balcony_apt,
  lease_start_date: r.lease_start_date,
  lease_end_date: r.lease_end_date,
  occupancy_id: r.occupancy_id,
});

/** A club memo's club must be the building's, and the user must see clubs there. */
async function requireClub(ctx: ServiceContext, buildingId: number, clubId: number): Promise<void> {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, SEND);
  if (!can(scope.user, "club.view", scope.ctx)) throw new PermissionDeniedError();
  if (!(await repo.clubInBuilding(ctx.db, clubId, buildingId)))
    throw new ValidationError({ memo_club_id: [M.clubNotInBuilding] });
}

const filtersOf = (q: MemoRecipientsQuery): repo.CandidateFilters => ({
  building_ids: [q.building_id],
  search: q.search || undefined,
  floor: q.floor || undefined,
  line: q.line || undefined,
  is_balcony_apt: q.is_balcony_apt,
  lease_start_after: q.lease_start_after,
  lease_end_before: q.lease_end_before,
  apartment_ids: q.apartment_ids,
  occupant_ids: q.occupant_ids,
  club_id: q.club_id,
});

/** GET /emails/memo-recipients/: a page of the residents a memo may reach (or all their ids). */
export async function listRecipients(
  ctx: ServiceContext,
  q: MemoRecipientsQuery,
): Promise<MemoRecipientPage | MemoRecipientIds> {
  await requireBuilding(ctx, ctx.db, q.building_id, SEND);
  if (q.club_id !== undefined) await requireClub(ctx, q.building_id, q.club_id);
  if (q.ids_only) {
    const rows = await repo.allCandidates(ctx.db, filtersOf(q));
    return { count: rows.length, occupant_ids: rows.map((r) => r.occupant_id) };
  }
  const page = pageOf(q, MEMO_RECIPIENT_PAGE_SIZE, MEMO_RECIPIENT_MAX_LIMIT);
  const { count, rows } = await repo.candidatePage(ctx.db, filtersOf(q), page);
  return paginate(ctx, page, count, rows.map(toRecipient));
}

/** GET /emails/memo-recipients/floors-lines/: the building's floors and lines. */
export async function floorsAndLines(ctx: ServiceContext, buildingId: number): Promise<MemoFloorsLines> {
  await requireBuilding(ctx, ctx.db, buildingId, SEND);
  return repo.floorsAndLines(ctx.db, buildingId);
}

// ---------------------------------------------------------------------------------------------
// Content: the cleaned body, its inline images and the attachments

interface Content {
  /** The record's body (images as sent, data: URLs kept for the history). */
  recordHtml: string;
  /** The messages' body (images as cid: parts). */
  mailHtml: string;
  text: string;
  inline: { cid: string; content_type: string; data: Buffer }[];
  files: { name: string; content_type: string; data: Buffer }[];
}

const DATA_IMAGE = /(<img\b[^>]*?\bsrc=")data:(image\/(?:png|jpeg|gif|webp));base64,([^"]*)"/gi;

function decodeBase64(content: string): Buffer | null {
  const body = content.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, "base64");
}

/** Cleans the body and reads the attachments: 413 over 10 MB in all, a field error on an image over 1 MB. */
function contentOf(body: string, attachments: MemoAttachment[]): Content {
  const files: Content["files"] = [];
  let total = 0;
  for (const a of attachments) {
    const data = decodeBase64(a.content);
    if (!data) throw new ValidationError({ attachments: [M.attachmentUnreadable] });
    total += data.length;
    files.push({ name: a.name, content_type: a.type || "application/octet-stream", data });
  }
  if (total > MEMO_ATTACHMENTS_LIMIT_BYTES) throw new HttpError(413, { attachments: [M.attachmentsTooLarge] });
  const recordHtml = cleanHtml(body);
  const inline: Content["inline"] = [];
  const mailHtml = recordHtml.replace(DATA_IMAGE, (_all, head: string, type: string, b64: string) => {
    const data = Buffer.from(b64.replace(/\s+/g, ""), "base64");
    if (data.length > MEMO_IMAGE_LIMIT_BYTES) throw new ValidationError({ body: [M.imageTooLarge] });
    const cid = `image${inline.length + 1}.${Date.now().toString(36)}@portico`;
    inline.push({ cid, content_type: type, data });
    return `${head}cid:${cid}"`;
  });
  return { recordHtml, mailHtml, text: htmlToText(recordHtml), inline, files };
}

/** The message's From: the sender's name at the product's address. */
function fromOf(ctx: ServiceContext, senderName: string): string {
  const address = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom;
  const name = senderName.replace(/["\\\r\n]/g, "").trim();
  return name ? `"${name}" <${address}>` : address;
}

/** Stores the files once; the messages refer to them by URL. */
async function storedParts(
  ctx: ServiceContext,
  content: Content,
  buildingId: number | null,
): Promise<{ mail: MailAttachment[]; record: { name: string; content_type: string; size: number; url: string }[] }> {
  const user = requireUser(ctx);
  const mail: MailAttachment[] = [];
  const record: { name: string; content_type: string; size: number; url: string }[] = [];
  for (const f of content.files) {
    const saved = await saveFile(ctx, {
      data: f.data,
      purpose: "email_attachment",
      original_name: f.name,
      content_type: f.content_type,
      building_id: buildingId,
      created_by_id: user.id,
      name: f.name,
    });
    mail.push({ filename: f.name, content_type: f.content_type, url: saved.url });
    record.push({ name: f.name, content_type: f.content_type, size: f.data.length, url: saved.url });
  }
  for (const img of content.inline) {
    const saved = await saveFile(ctx, {
      data: img.data,
      purpose: "email_image",
      content_type: img.content_type,
      building_id: buildingId,
      created_by_id: user.id,
    });
    mail.push({ filename: img.cid.split("@")[0], content_type: img.content_type, url: saved.url, cid: img.cid });
  }
  return { mail, record };
}

/** The preview: one message to the signed-in user, no record. */
async function sendPreview(
  ctx: ServiceContext,
  body: { subject: string; sender_name: string },
  content: Content,
  buildingId: number | null,
): Promise<SendMemoReply> {
  const user = requireUser(ctx);
  if (!user.email) throw new ValidationError({ non_field_errors: [M.noSenderEmail] });
  const attachments: MailAttachment[] = [
    ...content.files.map((f) => ({
      filename: f.name,
      content_type: f.content_type,
      content_base64: f.data.toString("base64"),
    })),
    ...content.inline.map((i) => ({
      filename: i.cid.split("@")[0],
      content_type: i.content_type,
      content_base64: i.data.toString("base64"),
      cid: i.cid,
    })),
  ];
  await sendMail(ctx, {
    kind: "memo_preview",
    to: [{ email: user.email, name: `${user.first_name} ${user.last_name}`.trim() }],
    subject: `${MEMO_PREVIEW_PREFIX}${body.subject}`,
    html: content.mailHtml,
    text: content.text,
    building_id: buildingId,
    from: fromOf(ctx, body.sender_name),
    attachments,
    history: false,
  });
  return { is_preview_email: true, email_count: 1, record_ids: [], letter_recipient_count: 0 };
}

/** One person or address to mail, deduplicated by occupant and address (a letter keeps those without). */
function recipientsOf(rows: repo.CandidateRow[], additional: string, type: "memo" | "letter"): BatchRecipient[] {
  const out: BatchRecipient[] = [];
  const seenOccupant = new Set<number>();
  const seenAddress = new Set<string>();
  for (const r of rows) {
    if (seenOccupant.has(r.occupant_id)) continue;
    seenOccupant.add(r.occupant_id);
    const key = r.email?.toLowerCase();
    if (key && seenAddress.has(key)) continue;
    if (!r.email && type === "memo") continue;
    if (key) seenAddress.add(key);
    out.push({
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      occupant_id: r.occupant_id,
      occupancy_id: r.occupancy_id,
      apartment_id: r.apartment_id,
      apartment_number: r.apartment_number,
    });
  }
  for (const a of splitAddressList(additional)) {
    if (seenAddress.has(a.toLowerCase())) continue;
    seenAddress.add(a.toLowerCase());
    out.push({ email: a });
  }
  return out;
}

/** Writes one building's record and sends its messages; returns the messages sent and unmailed rows. */
async function sendRecord(
  ctx: ServiceContext,
  body: SendMemoBody | SendPortfolioMemoBody,
  content: Content,
  parts: { mail: MailAttachment[]; record: { name: string; content_type: string; size: number; url: string }[] },
  buildingId: number,
  recipients: BatchRecipient[],
  extra: { club_id?: number | null; is_portfolio?: boolean },
): Promise<{ id: number; sent: number; unmailed: number }> {
  const user = requireUser(ctx);
  const recordId = await repo.insertRecord(ctx.db, {
    building_id: buildingId,
    type: MEMO_RECORD_TYPE[body.type],
    kind: MEMO_KIND[body.type],
    subject: body.subject,
    body_html: content.recordHtml,
    body_text: content.text,
    sender_name: body.sender_name || `${user.first_name} ${user.last_name}`.trim(),
    sender_email: body.sender_email || user.email,
    sender_user_id: user.id,
    recipient_count: recipients.length,
    additional_recipients: splitAddressList(body.additional_recipients).join(";"),
    club_id: extra.club_id ?? null,
    is_portfolio: extra.is_portfolio ?? false,
  });
  await repo.insertRecordAttachments(
    ctx.db,
    parts.record.map((a) => ({ ...a, record_id: recordId })),
  );
  const res = await sendMailBatch(
    { ...ctx, files: ctx },
    {
      kind: MEMO_KIND[body.type],
      record_id: recordId,
      subject: body.subject,
      html: content.mailHtml,
      text: content.text,
      building_id: buildingId,
      from: fromOf(ctx, body.sender_name || `${user.first_name} ${user.last_name}`.trim()),
      attachments: parts.mail,
    },
    recipients,
  );
  ctx.changes.touch(topics.emailRecords(buildingId));
  return { id: recordId, sent: res.sent, unmailed: res.unmailed };
}

/** POST /emails/records/send_memo/: a building memo or letter (or a club memo), or its preview. */
export async function sendMemo(ctx: ServiceContext, body: SendMemoBody): Promise<SendMemoReply> {
  await requireBuilding(ctx, ctx.db, body.building_id, SEND);
  if (body.is_club_memo && body.memo_club_id != null) await requireClub(ctx, body.building_id, body.memo_club_id);
  const content = contentOf(body.body, body.attachments_array);
  if (body.is_preview_email) return sendPreview(ctx, body, content, body.building_id);

  let rows: repo.CandidateRow[];
  if (body.is_club_memo) {
    rows = await repo.allCandidates(ctx.db, { building_ids: [body.building_id], club_id: body.memo_club_id! });
  } else {
    const ids = [...new Set(body.occupant_ids)];
    const ours = await repo.occupantsOfBuilding(ctx.db, body.building_id, ids);
    if (ours.size !== ids.length) throw new ValidationError({ occupant_ids: [M.occupantNotInBuilding] });
    rows = await repo.allCandidates(ctx.db, { building_ids: [body.building_id], occupant_ids: ids });
  }
  const recipients = recipientsOf(rows, body.additional_recipients, body.type);
  if (!recipients.length) throw new ValidationError({ occupant_ids: [M.noRecipients] });
  const parts = await storedParts(ctx, content, body.building_id);
  const sent = await sendRecord(ctx, body, content, parts, body.building_id, recipients, {
    club_id: body.is_club_memo ? body.memo_club_id : null,
  });
  return {
    is_preview_email: false,
    email_count: sent.sent,
    record_ids: [sent.id],
    letter_recipient_count: sent.unmailed,
  };
}

/** POST /emails/records/send_portfolio_memo/: every current tenant of the buildings, a record per building. */
export async function sendPortfolioMemo(ctx: ServiceContext, body: SendPortfolioMemoBody): Promise<SendMemoReply> {
  const user = requireUser(ctx);
  if (!can(user, PORTFOLIO)) throw new PermissionDeniedError();
  const ids = [...new Set(body.building_ids)];
  const existing = await repo.existingBuildings(ctx.db, ids);
  const missing = ids.find((id) => !existing.has(id));
  if (missing !== undefined) throw new ValidationError({ building_ids: [M.buildingNotFound(missing)] });
  const content = contentOf(body.body, body.attachments_array);
  if (body.is_preview_email) return sendPreview(ctx, body, content, null);
  const rows = await repo.allCandidates(ctx.db, { building_ids: ids });
  const perBuilding = new Map<number, repo.CandidateRow[]>(ids.map((id) => [id, []]));
  for (const r of rows) perBuilding.get(r.building_id)?.push(r);
  const parts = await storedParts(ctx, content, null);
  const reply: SendMemoReply = { is_preview_email: false, email_count: 0, record_ids: [], letter_recipient_count: 0 };
  let first = true;
  for (const [buildingId, list] of perBuilding) {
    // The extra addresses get the memo once, with the first building's record.
    const recipients = recipientsOf(list, first ? body.additional_recipients : "", body.type);
    first = false;
    if (!recipients.length) continue;
    const sent = await sendRecord(ctx, body, content, parts, buildingId, recipients, { is_portfolio: true });
    reply.email_count += sent.sent;
    reply.letter_recipient_count += sent.unmailed;
    reply.record_ids.push(sent.id);
  }
  if (!reply.record_ids.length) throw new ValidationError({ building_ids: [M.noRecipients] });
  return reply;
}
