import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import { STAFF } from "@portico/contract";
import { occupancies, occupancyTracking, userBuildings, users } from "../db/schema/index.ts";
import { escapeHtml, type MailDeps, sendMail } from "./mail.ts";

/**
 * Staff notifications. An employee who tracks a unit (occupancy_tracking, "Subscriptions" on
 * the unit profile) for an area is told by e-mail when something happens there:
 *
 *   await notifyTrackers(app, { building_id, occupancy_id, area: "packages",
 *     subject: "Package for unit 1203", text: "…", link: "/1/packages/55", exclude_user_id: me.id });
 *
 * Only active staff who still reach the building and have an e-mail address are told; the
 * person who did the thing is left out (exclude_user_id).
 */
export const TRACKING_AREAS = [
  "shift_log_notes",
  "packages",
  "instructions",
  "maintenance_requests",
  "service_elevators",
] as const;
export type TrackingArea = (typeof TRACKING_AREAS)[number];

const AREA_COLUMN = {
  shift_log_notes: occupancyTracking.track_shift_log_notes,
  packages: occupancyTracking.track_packages,
  instructions: occupancyTracking.track_instructions,
  maintenance_requests: occupancyTracking.track_maintenance_requests,
  service_elevators: occupancyTracking.track_service_elevators,
} as const;

export interface TrackerNotice {
  building_id: number;
  occupancy_id: number;
  area: TrackingArea;
  subject: string;
  /** Plain text body; the HTML body is built from it unless html is given. */
  text: string;
  html?: string;
  /** A path in the web app ('/1/manage/unit-profiles/5') or an absolute URL. */
  link?: string;
  exclude_user_id?: number | null;
  related?: { entity_type: string; entity_id: number };
}

export type NotifyDeps = MailDeps & { config: Pick<Config, "smtpUrl" | "mailFrom" | "publicUrl"> };

/** Who tracks this occupancy for this area (active staff with access and an e-mail). */
export async function findTrackers(
  deps: Pick<MailDeps, "db">,
  n: Pick<TrackerNotice, "occupancy_id" | "area" | "exclude_user_id">,
): Promise<{ id: number; email: string; first_name: string; last_name: string }[]> {
  const column = AREA_COLUMN[n.area];
  return deps.db
    .select({ id: users.id, email: users.email, first_name: users.first_name, last_name: users.last_name })
    .from(occupancyTracking)
    .innerJoin(users, eq(users.id, occupancyTracking.user_id))
    .innerJoin(occupancies, eq(occupancies.id, occupancyTracking.occupancy_id))
    .where(
      and(
        eq(occupancyTracking.occupancy_id, n.occupancy_id),
        eq(column, true),
        eq(users.is_active, true),
        ne(users.email, ""),
        sql`${users.role} in (${sql.join(
          STAFF.map((r) => sql`${r}`),
          sql`, `,
        )})`,
        or(
          eq(users.role, "OF"),
          sql`exists (select 1 from ${userBuildings} where ${userBuildings.user_id} = ${users.id} and ${userBuildings.building_id} = ${occupancies.building_id})`,
        ),
        n.exclude_user_id ? ne(users.id, n.exclude_user_id) : undefined,
      ),
    )
    .orderBy(users.id);
}

/** Mails everyone tracking the occupancy for the area; one outbox message, every tracker a recipient. */
export async function notifyTrackers(
  deps: NotifyDeps,
  n: TrackerNotice,
): Promise<{ recipients: number; message_id: number | null }> {
  const trackers = await findTrackers(deps, n);
  if (!trackers.length) return { recipients: 0, message_id: null };
  const link = n.link
    ? /^https?:\/\//.test(n.link)
      ? n.link
      : `${deps.config.publicUrl}${n.link.startsWith("/") ? "" : "/"}${n.link}`
    : null;
  const text = link ? `${n.text}\n\n${link}` : n.text;
  const html =
    n.html ??
    `<div>${escapeHtml(n.text)
      .split(/\n/)
      .map((l) => `<p>${l || "&nbsp;"}</p>`)
      .join("")}${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ""}` +
      `<p style="color:#666;font-size:12px">You receive this because you track this unit. Change it under Subscriptions on the unit profile.</p></div>`;
  const sent = await sendMail(deps, {
    kind: `tracking_${n.area}`,
    to: trackers.map((t) => ({ email: t.email, name: `${t.first_name} ${t.last_name}`.trim() || undefined })),
    subject: n.subject,
    text,
    html,
    building_id: n.building_id,
    related: n.related ?? { entity_type: "occupancy", entity_id: n.occupancy_id },
  });
  return { recipients: trackers.length, message_id: sent?.id ?? null };
}
