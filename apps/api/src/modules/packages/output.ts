import {
  type Package,
  PACKAGE_EVENT_DISPLAY,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_STATUS_DISPLAY,
  type PackageEventType,
  type PackageGroup,
  type PackageRecord,
  type PackageTypeSummary,
} from "@portico/contract";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { BuildingScope } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { iso, todayIn } from "../../lib/dates.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { type ContactView, contactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import type { BuildingInfo } from "./notifications.ts";
import * as listRepo from "./list-repository.ts";
import * as repo from "./repository.ts";

/** How packages are shown (rows → the contract's shapes), read back after writes, and the small pieces every package service shares. */

export type Page = { limit: number; offset: number };

export function toTypeSummary(t: {
  id: number;
  name: string;
  abbreviation: string;
  color_hex: string;
  font_color_hex: string;
  group: string;
  is_pic_required: boolean;
  is_public_display: boolean;
}): PackageTypeSummary {
  const group = t.group as PackageGroup;
  return {
    id: t.id,
    name: t.name,
    abbreviation: t.abbreviation,
    color_hex: t.color_hex,
    font_color_hex: t.font_color_hex,
    group,
    group_display: PACKAGE_GROUP_DISPLAY[group] ?? group,
    is_pic_required: t.is_pic_required,
    is_public_display: t.is_public_display,
  };
}

export const person = (id: number | null, first: string | null, last: string | null) =>
  id == null ? null : { id, first_name: first ?? "", last_name: last ?? "" };

export function toPackage(
  r: listRepo.PackageRow,
  contact: ContactView,
  extra: { record?: PackageRecord | null; texts?: Package["text_recipient_set"] } = {},
): Package {
  return {
    id: r.id,
    building_id: r.building_id,
    status: r.status,
    status_display: PACKAGE_STATUS_DISPLAY[r.status] ?? r.status,
    apartment_id: r.apartment_id,
    apartment_number: r.apartment_number,
    occupancy_id: r.occupancy_id,
    occupants: r.occupants,
    occupancy_status: r.occupancy_status,
    is_active_occupancy: r.is_active_occupancy,
    is_future_occupancy: r.is_future_occupancy,
    is_lease_expired: r.is_lease_expired,
    package_type: toTypeSummary(r.package_type),
    date_opened: iso(r.date_opened)!,
    date_closed: iso(r.date_closed),
    date_created: iso(r.date_created)!,
    opened_by: person(r.ob_id, r.ob_first_name, r.ob_last_name),
    closed_by: person(r.cb_id, r.cb_first_name, r.cb_last_name),
    opening_comment: r.opening_comment,
    closing_comment: r.closing_comment,
    closing_photo_url: r.closing_photo_url,
    package_count: r.package_count,
    send_notification_occupants: r.send_notification_occupants,
    send_notification_to: residentEmail(contact, r.send_notification_to),
    record: extra.record ?? null,
    text_recipient_set: extra.texts ?? [],
    barcode: r.barcode,
    carrier: r.carrier,
    scanned_at: iso(r.scanned_at),
  };
}

const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();

async function recordOf(db: DbOrTx, r: listRepo.PackageRow, contact: ContactView): Promise<PackageRecord | null> {
  if (!r.notification_email_id) return null;
  const m = await repo.findEmail(db, r.notification_email_id);
  if (!m) return null;
  const people = await repo.occupantEmails(db, r.send_notification_occupants);
  return {
    id: m.id,
    subject: m.subject,
    body: m.body_html,
    body_text: m.body_text,
    state: m.status,
    date_created: iso(m.date_created)!,
    recipient_set: m.recipients.map((rec) => {
      const match =
        people.find((p) => p.email.trim().toLowerCase() === rec.email.toLowerCase()) ??
        people.find((p) => rec.name && fullName(p) === rec.name);
      return {
        name: rec.name ?? (match ? fullName(match) : ""),
        email: residentEmail(contact, rec.email),
        current_email: match ? residentEmail(contact, match.email) : null,
        time_sent: iso(m.sent_at),
        mandrill_state: m.status,
        mandrill_reject_reason: m.error,
        opens: 0,
      };
    }),
  };
}

async function textsOf(
  db: DbOrTx,
  r: listRepo.PackageRow,
  contact: ContactView,
): Promise<Package["text_recipient_set"]> {
  const rows = await repo.findTexts(db, r.notification_sms_ids);
  return rows.map((s) => ({
    name: s.to_name,
    phone_number: residentPhone(contact, s.to_number),
    state: s.status,
    time_sent: iso(s.sent_at),
    error: s.error,
  }));
}

export const buildingInfo = (scope: BuildingScope): BuildingInfo => ({
  id: scope.building.id,
  name: scope.building.name,
  time_zone: scope.building.time_zone,
});

/** The packages of these ids in the scope's building, in id order (details and results of writes). */
async function selectByIds(db: Db, scope: BuildingScope, ids: number[]) {
  return listRepo.selectPackages(
    db,
    { buildingId: scope.building.id, ids },
    { key: "id", desc: false },
    { limit: ids.length, offset: 0 },
    todayIn(scope.building.time_zone),
  );
}

export async function loadPackage(db: Db, scope: BuildingScope, id: number): Promise<Package> {
  const [row] = await selectByIds(db, scope, [id]);
  if (!row) throw new NotFoundError();
  const contact = contactView(scope.user, scope.ctx);
  const [record, texts] = [await recordOf(db, row, contact), await textsOf(db, row, contact)];
  return toPackage(row, contact, { record, texts });
}

export async function loadMany(db: Db, scope: BuildingScope, ids: number[]): Promise<Package[]> {
  if (!ids.length) return [];
  const rows = await selectByIds(db, scope, ids);
  const contact = contactView(scope.user, scope.ctx);
  return rows.map((r) => toPackage(r, contact));
}

export const event = (type: PackageEventType) => ({ type, type_display: PACKAGE_EVENT_DISPLAY[type] });

/** After a commit: this instance's cached views of these buildings' packages are stale. */
export const touchPackages = (ctx: ServiceContext, ...buildingIds: number[]) =>
  ctx.changes.touch(...buildingIds.map(topics.packages));
