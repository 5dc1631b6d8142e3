import QRCode from "qrcode";
import { APPROVAL_STATUS_DISPLAY, type ApprovalStatus, isPlaceholderEmail, reservationQrText } from "@portico/contract";
import type { BuildingScope } from "../../lib/access.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { dayjs } from "../../lib/dates.ts";
import { escapeHtml, sendMail } from "../../lib/mail.ts";
import type { ReservationRow } from "./repository.ts";

/**
 * Amenity reservation mails, to the resident a reservation is for (through the mail layer):
 * - the confirmation of a new booking; with the type's send_qr_codes it carries the `qrcode`
 *   PNG (an inline part, cid 'qrcode') encoding 'reservation_{id}';
 * - an approval status change (except to PENDING);
 * - the cancellation of a booking by an unavailable block, with the block's reason.
 * Failures are logged, never thrown: the write has happened.
 */

export const QR_CID = "qrcode";

const hasMail = (email: string | null | undefined): email is string =>
  !!email && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email.trim()) && !isPlaceholderEmail(email);

const htmlOf = (lines: string[], extra = "") =>
  `<div>${lines.map((l) => `<p style="margin:0 0 8px">${l ? escapeHtml(l) : "&nbsp;"}</p>`).join("")}${extra}</div>`;

/** 'Party Room (Room 1) on 12/01/26 from 6:00 PM to 8:00 PM' in the building's time zone. */
function when(r: ReservationRow, tz: string): string {
  const s = dayjs(r.start_time).tz(tz);
  const e = dayjs(r.end_time).tz(tz);
  const amenity = r.type_name;
  const name = r.amenity_label && r.amenity_label !== amenity ? `${amenity} (${r.amenity_label})` : amenity;
  return `${name} on ${s.format("MM/DD/YY")} from ${s.format("h:mm A")} to ${e.format("h:mm A")}`;
}

async function mailResident(
  ctx: ServiceContext,
  scope: BuildingScope,
  r: ReservationRow,
  kind: string,
  subject: string,
  lines: string[],
  withQr = false,
): Promise<void> {
  if (!hasMail(r.occupant_email)) return;
  try {
    const name = `${r.occupant_first_name ?? ""} ${r.occupant_last_name ?? ""}`.trim();
    const body = [`Hello ${name || "resident"},`, "", ...lines];
    const qr = withQr ? await QRCode.toBuffer(reservationQrText(r.id), { type: "png", margin: 2, width: 240 }) : null;
    await sendMail(ctx, {
      kind,
      to: [{ email: r.occupant_email.trim(), name: name || undefined }],
      subject,
      text: body.join("\n"),
      html: htmlOf(
        body,
        qr
          ? `<p>Show this code when you arrive:</p><img src="cid:${QR_CID}" alt="${escapeHtml(reservationQrText(r.id))}" width="240" height="240">`
          : "",
      ),
      building_id: scope.building.id,
      related: { entity_type: "amenity_reservation", entity_id: r.id },
      attachments: qr
        ? [{ filename: `${QR_CID}.png`, content_type: "image/png", content_base64: qr.toString("base64"), cid: QR_CID }]
        : undefined,
    });
  } catch (err) {
    ctx.log.error({ err, amenity_reservation: r.id }, `amenity reservation ${kind} mail failed`);
  }
}

/** A new booking for a resident (TR, or ER naming one). */
export async function notifyConfirmed(ctx: ServiceContext, scope: BuildingScope, r: ReservationRow): Promise<void> {
  const tz = scope.building.time_zone;
  const pending = r.approval_status === "PENDING";
  await mailResident(
    ctx,
    scope,
    r,
    "amenity_reservation_created",
    `Your reservation of ${r.type_name} – ${scope.building.name}`,
    [
      `Your reservation of ${when(r, tz)} at ${scope.building.name} is ${pending ? "awaiting approval" : "confirmed"}.`,
      ...(r.guests ? [`Guests: ${r.guests}`] : []),
      `Reservation number: ${r.id}`,
    ],
    r.send_qr_codes,
  );
}

/** The approval status changed (never sent for PENDING). */
export async function notifyStatusChanged(ctx: ServiceContext, scope: BuildingScope, r: ReservationRow): Promise<void> {
  const status = APPROVAL_STATUS_DISPLAY[r.approval_status as ApprovalStatus] ?? r.approval_status;
  await mailResident(
    ctx,
    scope,
    r,
    "amenity_reservation_status",
    `Your reservation is ${status} – ${scope.building.name}`,
    [`The status of your reservation of ${when(r, scope.building.time_zone)} is now ${status}.`],
    r.send_qr_codes && r.approval_status === "APPROVED",
  );
}

/** Bookings an unavailable block cancelled: each resident is told the reason. */
export async function notifyBlocked(
  ctx: ServiceContext,
  scope: BuildingScope,
  cancelled: readonly ReservationRow[],
  reason: string,
): Promise<void> {
  for (const r of cancelled)
    await mailResident(
      ctx,
      scope,
      r,
      "amenity_reservation_blocked",
      `Your reservation was cancelled – ${scope.building.name}`,
      [
        `Your reservation of ${when(r, scope.building.time_zone)} was cancelled: the amenity is unavailable.`,
        "",
        `Reason: ${reason}`,
      ],
    );
}
