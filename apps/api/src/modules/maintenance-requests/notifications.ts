import { isPlaceholderEmail, MAINTENANCE_STATUS_DISPLAY, type MaintenanceRequest, splitList } from "@portico/contract";
import type { ServiceContext } from "../../lib/context.ts";
import { escapeHtml, sendMail, splitRecipients } from "../../lib/mail.ts";
import { notifyTrackers } from "../../lib/notifications.ts";
import { normalisePhone, sendSms } from "../../lib/sms.ts";
import * as repo from "./repository.ts";

/**
 * Maintenance notifications (document 2 section 3 and issue rules):
 * - the building's email_recipients (notification settings): new requests and status changes;
 * - the unit's residents (mail per is_email_maintenance_activity, texts per
 *   is_text_maintenance_activity), the request's additional e-mails and phone numbers, and staff
 *   tracking the unit (track_maintenance_requests): creation, public comments, status changes.
 * Private comments never reach anyone by mail or text (their text is left out of every notice).
 * Failures are logged, never thrown: the write has happened.
 */

export type NoticeKind = "created" | "status" | "comment";

export interface Notice {
  kind: NoticeKind;
  request: MaintenanceRequest;
  building: { id: number; name: string };
  /** A public comment's text (a private one is never passed). */
  comment?: string;
  actor: { id: number; name: string };
}

const hasMail = (email: string | null | undefined) =>
  !!email && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email.trim()) && !isPlaceholderEmail(email);
const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();
const htmlOf = (text: string) =>
  `<div>${escapeHtml(text)
    .split(/\n/)
    .map((l) => `<p style="margin:0 0 8px">${l || "&nbsp;"}</p>`)
    .join("")}</div>`;

function wording(n: Notice): { subject: string; lines: string[]; sms: string } {
  const r = n.request;
  const ref = `maintenance request #${r.id} for unit ${r.apartment_number}`;
  const status = MAINTENANCE_STATUS_DISPLAY[r.status];
  const held = r.status === "ON_HOLD" && r.date_on_hold_until ? ` until ${r.date_on_hold_until}` : "";
  const comment = n.comment ? ["", `Comment: ${n.comment}`] : [];
  switch (n.kind) {
    case "created":
      return {
        subject: `New maintenance request #${r.id} – unit ${r.apartment_number} – ${n.building.name}`,
        lines: [
          `A ${ref} was entered at ${n.building.name} by ${n.actor.name}.`,
          "",
          `Type: ${r.maintenance_request_type_name}`,
          `Priority: ${r.is_high_priority ? "High" : "Normal"}`,
          `Permission to enter: ${r.is_permission_to_enter ? "Yes" : "No"}`,
          "",
          r.description,
        ],
        sms: `${n.building.name}: ${ref} was entered (${r.maintenance_request_type_name}).`,
      };
    case "status":
      return {
        subject: `Maintenance request #${r.id} is ${status}${held} – ${n.building.name}`,
        lines: [`The ${ref} at ${n.building.name} is now ${status}${held}.`, ...comment],
        sms: `${n.building.name}: ${ref} is now ${status}${held}.${n.comment ? ` ${n.comment}` : ""}`,
      };
    case "comment":
      return {
        subject: `New comment on maintenance request #${r.id} – ${n.building.name}`,
        lines: [`A comment was added to the ${ref} at ${n.building.name}:`, "", n.comment ?? ""],
        sms: `${n.building.name}: comment on ${ref}: ${n.comment ?? ""}`,
      };
  }
}

async function safely(ctx: ServiceContext, what: string, id: number, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    ctx.log.error({ err, maintenance_request: id }, `maintenance ${what} notification failed`);
  }
}

/** Sends every notice of a request event (see above). */
export async function notify(ctx: ServiceContext, n: Notice): Promise<void> {
  const r = n.request;
  const { subject, lines, sms } = wording(n);
  const text = lines.join("\n");
  const related = { entity_type: "maintenance_request", entity_id: r.id };
  const link = `/${n.building.id}/maintenance/requests/${r.id}`;

  // Staff recipients of the building (new requests and status changes only).
  if (n.kind !== "comment")
    await safely(ctx, "recipients", r.id, async () => {
      const to = splitRecipients(await repo.notificationRecipients(ctx.db, r.building_id));
      if (!to.length) return;
      const body = `${text}\n\n${ctx.config.publicUrl}${link}`;
      await sendMail(ctx, {
        kind: `maintenance_${n.kind}_staff`,
        to,
        subject,
        text: body,
        html: htmlOf(body),
        building_id: r.building_id,
        related,
      });
    });

  // Residents of the unit profile and the request's additional contacts.
  await safely(ctx, "resident", r.id, async () => {
    const people = r.occupancy_id ? await repo.noticeOccupants(ctx.db, r.occupancy_id) : [];
    const mailTo = people
      .filter((o) => o.is_email_maintenance_activity && hasMail(o.email))
      .map((o) => ({ email: o.email.trim(), name: fullName(o) || undefined }));
    for (const email of splitList(r.additional_emails)) if (hasMail(email)) mailTo.push({ email, name: undefined });
    if (mailTo.length) {
      const body = [`Hello,`, "", ...lines].join("\n");
      await sendMail(ctx, {
        kind: `maintenance_${n.kind}`,
        to: mailTo,
        subject,
        text: body,
        html: htmlOf(body),
        building_id: r.building_id,
        related,
      });
    }
    const phones = people
      .filter((o) => o.is_text_maintenance_activity)
      .map((o) => ({ to: o.phone_number, to_name: fullName(o) }));
    for (const p of r.additional_phone_numbers.split(/[;,\n]+/)) phones.push({ to: p.trim(), to_name: "" });
    const seen = new Set<string>();
    for (const p of phones) {
      const key = normalisePhone(p.to);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      await sendSms(ctx, {
        kind: `maintenance_${n.kind}`,
        to: p.to,
        to_name: p.to_name,
        body: sms,
        building_id: r.building_id,
        related,
      });
    }
  });

  // Staff tracking the unit.
  if (r.occupancy_id) {
    const occupancyId = r.occupancy_id;
    await safely(ctx, "tracking", r.id, () =>
      notifyTrackers(ctx, {
        building_id: r.building_id,
        occupancy_id: occupancyId,
        area: "maintenance_requests",
        subject,
        text,
        link,
        exclude_user_id: n.actor.id,
        related,
      }),
    );
  }
}
