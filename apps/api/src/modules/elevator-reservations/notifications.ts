import {
  ELEVATOR_MESSAGES as M,
  type ElevatorReservation,
  emailRecipientsOf,
  isEarlyMoveOut,
  isOutsideLease,
  timeLabel,
} from "@portico/contract";
import type { ServiceContext } from "../../lib/context.ts";
import type { CurrentUser } from "../../lib/current-user.ts";
import { escapeHtml, sendMail } from "../../lib/mail.ts";
import { notifyTrackers } from "../../lib/notifications.ts";
import { reservationTypeRows } from "./types-repository.ts";

/**
 * Service elevator notices: a new reservation mails its type's email_recipients with the type's
 * new_reservation_email_text and the booking; staff tracking the unit (track_service_elevators)
 * hear of new reservations and of decisions. Failures are logged, never thrown: the write happened.
 */

type Building = { id: number; name: string };

const htmlOf = (text: string) =>
  `<div>${escapeHtml(text)
    .split(/\n/)
    .map((l) => `<p style="margin:0 0 8px">${l || "&nbsp;"}</p>`)
    .join("")}</div>`;
const nameOf = (u: CurrentUser) => `${u.first_name} ${u.last_name}`.trim() || u.username;

/** The booking in lines: type, unit, resident, day and times, contact, flags, details. */
export function describe(r: ElevatorReservation): string[] {
  const lines = [
    `Type: ${r.reservation_type_name}`,
    `Unit: ${r.apartment_number ?? "—"}`,
    ...(r.occupant ? [`Resident: ${r.occupant}`] : []),
    `Date: ${r.reservation_date}, ${timeLabel(r.start_clock)} – ${timeLabel(r.end_clock)}`,
    ...(r.custom_name || r.custom_email || r.custom_phone
      ? [`Contact: ${[r.custom_name, r.custom_email, r.custom_phone].filter(Boolean).join(", ")}`]
      : []),
    ...(isEarlyMoveOut(r) ? [M.earlyMoveOut] : []),
    ...(isOutsideLease(r) ? [M.outsideLease] : []),
  ];
  return r.details_text ? [...lines, "", r.details_text] : lines;
}

async function safely(ctx: ServiceContext, what: string, id: number, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    ctx.log.error({ err, elevator_reservation: id }, `service elevator ${what} notification failed`);
  }
}

const linkOf = (r: ElevatorReservation) => `/${r.building_id}/reservations/${r.id}/edit`;
const related = (r: ElevatorReservation) => ({ entity_type: "elevator_reservation", entity_id: r.id });

async function tellTrackers(
  ctx: ServiceContext,
  r: ElevatorReservation,
  subject: string,
  text: string,
  actor: CurrentUser,
) {
  if (!r.occupancy_id) return;
  const occupancyId = r.occupancy_id;
  await safely(ctx, "tracking", r.id, () =>
    notifyTrackers(ctx, {
      building_id: r.building_id,
      occupancy_id: occupancyId,
      area: "service_elevators",
      subject,
      text,
      link: linkOf(r),
      exclude_user_id: actor.id,
      related: related(r),
    }),
  );
}

/** A new reservation: the type's recipients, then the unit's trackers. */
export async function notifyNewReservation(
  ctx: ServiceContext,
  r: ElevatorReservation,
  building: Building,
  actor: CurrentUser,
): Promise<void> {
  const subject = `New service elevator reservation (${r.reservation_type_name}) – unit ${r.apartment_number ?? "—"} – ${building.name}`;
  const booking = [
    `A service elevator reservation was requested at ${building.name} by ${nameOf(actor)}.`,
    "",
    ...describe(r),
  ];
  await safely(ctx, "recipients", r.id, async () => {
    const type = await reservationTypeRows.find(ctx.db, r.reservation_type_id);
    const to = emailRecipientsOf(type?.email_recipients);
    if (!type || !to.length) return;
    const intro = type.new_reservation_email_text.trim();
    const text = [...(intro ? [intro, ""] : []), ...booking, "", `${ctx.config.publicUrl}${linkOf(r)}`].join("\n");
    await sendMail(ctx, {
      kind: "elevator_reservation_created",
      to,
      subject,
      text,
      html: htmlOf(text),
      building_id: r.building_id,
      related: related(r),
    });
  });
  await tellTrackers(ctx, r, subject, booking.join("\n"), actor);
}

/** A decision (approved, denied with its reason, cancelled): the unit's trackers. */
export async function notifyDecision(
  ctx: ServiceContext,
  r: ElevatorReservation,
  building: Building,
  actor: CurrentUser,
): Promise<void> {
  const subject = `Service elevator reservation ${r.status_display.toLowerCase()} – unit ${r.apartment_number ?? "—"} – ${building.name}`;
  const reason = r.status === "DENIED" && r.deny_reason ? ["", `Reason: ${r.deny_reason}`] : [];
  const text = [
    `The service elevator reservation at ${building.name} was ${r.status_display.toLowerCase()} by ${nameOf(actor)}.`,
    ...reason,
    "",
    ...describe(r),
  ].join("\n");
  await tellTrackers(ctx, r, subject, text, actor);
}
