import type { FastifyBaseLogger } from "fastify";
import { isPlaceholderEmail, type PackageGroup, RESIDENT_NOTIFYING_GROUPS, renderReminder } from "@portico/contract";
import type { Db } from "../../db/client.ts";
import { escapeHtml, type MailDeps, sendMail } from "../../lib/mail.ts";
import { notifyTrackers, type NotifyDeps } from "../../lib/notifications.ts";
import { normalisePhone, sendSms, type SmsProvider } from "../../lib/sms.ts";
import { dayjs } from "../../lib/dates.ts";
import type { OccupancyInfo } from "./repository.ts";

/**
 * Package notifications: to residents (mail through lib/mail.ts, texts through lib/sms.ts) when
 * packages are logged, closed or reminded about, and to staff who track the unit
 * (lib/notifications.ts, area 'packages'). The keys group never notifies residents.
 */
export type Deps = NotifyDeps & {
  db: Db;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
  smsProvider?: SmsProvider | null;
};

export interface NoticePackage {
  id: number;
  type_name: string;
  group: PackageGroup;
  email_subject: string;
  comment: string;
  /** Occupant ids chosen for this package. */
  occupants: number[];
}

export interface BuildingInfo {
  id: number;
  name: string;
  time_zone: string;
}

type Occupant = OccupancyInfo["occupants"][number];

const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();
export const hasMailAddress = (email: string | null | undefined) =>
  !!email && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email.trim()) && !isPlaceholderEmail(email);

const htmlOf = (text: string) =>
  `<div>${escapeHtml(text)
    .split(/\n/)
    .map((l) => `<p style="margin:0 0 8px">${l || "&nbsp;"}</p>`)
    .join("")}</div>`;

const notifies = (p: NoticePackage) => RESIDENT_NOTIFYING_GROUPS.includes(p.group);

/** The residents of a unit a submission reaches, by channel. */
function recipientsOf(occ: OccupancyInfo, list: NoticePackage[]) {
  const chosen = new Set(list.flatMap((p) => p.occupants));
  const people = occ.occupants.filter((o) => o.is_active && chosen.has(o.id));
  return {
    email: people.filter((o) => o.is_email_package_activity && hasMailAddress(o.email)),
    text: people.filter((o) => o.is_text_package_activity && normalisePhone(o.phone_number)),
  };
}

function listing(list: NoticePackage[]): string[] {
  return list.map((p) => `- ${p.type_name}${p.comment ? ` (${p.comment})` : ""}`);
}

export interface ResidentNoticeResult {
  email_id: number | null;
  sent_to: string[];
  sms_ids: number[];
}

/** What one kind of resident notice says, for the packages it covers. */
interface ResidentNotice {
  kind: "package_logged" | "package_closed";
  subject: string;
  /** The mail's lines after the greeting. */
  lines: string[];
  sms: string;
}

/**
 * A notice for one unit: one mail to every chosen resident with mail on (one message, each
 * resident a recipient), one text to each with texts on. Packages of the keys group are left
 * out; nothing is sent when no package remains.
 */
async function sendResidentNotice(
  deps: Deps,
  building: BuildingInfo,
  occ: OccupancyInfo,
  list: NoticePackage[],
  noticeOf: (pkgs: NoticePackage[]) => ResidentNotice,
): Promise<ResidentNoticeResult> {
  const pkgs = list.filter((p) => notifies(p) && p.occupants.length);
  const out: ResidentNoticeResult = { email_id: null, sent_to: [], sms_ids: [] };
  if (!pkgs.length) return out;
  const { email, text } = recipientsOf(occ, pkgs);
  const { kind, subject, lines, sms } = noticeOf(pkgs);
  const related = { entity_type: "package", entity_id: pkgs[0].id };
  if (email.length) {
    const body = [`Hello ${email.map(fullName).join(", ")},`, "", ...lines].join("\n");
    const sent = await sendMail(deps as MailDeps, {
      kind,
      to: email.map((o) => ({ email: o.email.trim(), name: fullName(o) || undefined })),
      subject,
      text: body,
      html: htmlOf(body),
      building_id: building.id,
      related,
    });
    if (sent) {
      out.email_id = sent.id;
      out.sent_to = email.map((o) => o.email.trim());
    }
  }
  for (const o of text) {
    const sent = await sendSms(deps, {
      kind,
      to: o.phone_number,
      to_name: fullName(o),
      body: sms,
      building_id: building.id,
      related,
    });
    if (sent) out.sms_ids.push(sent.id);
  }
  return out;
}

/** 'Package logged' for one unit (the packages' mail subject when they share one). */
export async function sendLoggedNotice(
  deps: Deps,
  building: BuildingInfo,
  occ: OccupancyInfo,
  list: NoticePackage[],
): Promise<ResidentNoticeResult> {
  return sendResidentNotice(deps, building, occ, list, (pkgs) => {
    const n = pkgs.length;
    const unit = occ.apartment_number;
    const subjects = [...new Set(pkgs.map((p) => p.email_subject.trim()))];
    return {
      kind: "package_logged",
      subject:
        subjects.length === 1 && subjects[0]
          ? subjects[0]
          : n === 1
            ? `You have a package at ${building.name}`
            : `You have ${n} packages at ${building.name}`,
      lines: [
        `The front desk at ${building.name} logged ${n === 1 ? "a package" : `${n} packages`} for unit ${unit}:`,
        ...listing(pkgs),
        "",
        "Please pick up at the front desk.",
      ],
      sms: `${building.name}: ${n === 1 ? "a package was" : `${n} packages were`} logged for unit ${unit} (${pkgs
        .map((p) => p.type_name)
        .join(", ")}). Please pick up at the front desk.`,
    };
  });
}

/** 'Package closed' for one unit: the residents notified when the packages were logged. */
export async function sendClosedNotice(
  deps: Deps,
  building: BuildingInfo,
  occ: OccupancyInfo,
  list: NoticePackage[],
  at: Date,
): Promise<ResidentNoticeResult> {
  return sendResidentNotice(deps, building, occ, list, (pkgs) => {
    const n = pkgs.length;
    const when = dayjs(at).tz(building.time_zone).format("MMMM D, YYYY h:mm A");
    const what = `${n === 1 ? "A package" : `${n} packages`} for unit ${occ.apartment_number} ${n === 1 ? "was" : "were"}`;
    return {
      kind: "package_closed",
      subject:
        n === 1
          ? `Your package has been picked up – ${building.name}`
          : `Your packages have been picked up – ${building.name}`,
      lines: [
        `${what} picked up from the front desk at ${building.name} on ${when}:`,
        ...listing(pkgs),
        "",
        "If this was not you, please contact the front desk.",
      ],
      sms: `${building.name}: ${what.charAt(0).toLowerCase()}${what.slice(1)} picked up (${when}).`,
    };
  });
}

/**
 * A reminder for one unit: one mail per resident with mail on, the placeholders filled per
 * resident. Returns how many mails went out.
 */
export async function sendReminder(
  deps: Deps,
  building: BuildingInfo,
  occ: OccupancyInfo,
  earliest: Date,
  email: { subject: string; body: string },
): Promise<number> {
  const people = occ.occupants.filter(
    (o: Occupant) => o.is_active && o.is_email_package_activity && hasMailAddress(o.email),
  );
  let count = 0;
  for (const o of people) {
    const values = {
      building: building.name,
      unit: occ.apartment_number,
      tenant_name: fullName(o),
      earliest_date: dayjs(earliest).tz(building.time_zone).format("MMMM D, YYYY"),
    };
    const body = renderReminder(email.body, values);
    const sent = await sendMail(deps as MailDeps, {
      kind: "package_reminder",
      to: [{ email: o.email.trim(), name: fullName(o) || undefined }],
      subject: renderReminder(email.subject, values),
      text: body,
      html: htmlOf(body),
      building_id: building.id,
      related: { entity_type: "occupancy", entity_id: occ.id },
    });
    if (sent) count++;
  }
  return count;
}

/** Staff who track the unit for packages. Failures are logged, never thrown. */
export async function notifyPackageTrackers(
  deps: Deps,
  building: BuildingInfo,
  occ: OccupancyInfo,
  what: "logged" | "closed",
  list: NoticePackage[],
  actor: { id: number; first_name: string; last_name: string; username: string },
): Promise<void> {
  // Nobody tracks the unit's packages: no trackers to look up.
  if (!list.length || !occ.packages_tracked) return;
  const who = fullName(actor) || actor.username;
  const n = list.length;
  try {
    await notifyTrackers(deps, {
      building_id: building.id,
      occupancy_id: occ.id,
      area: "packages",
      subject: `${n === 1 ? "Package" : `${n} packages`} ${what} for unit ${occ.apartment_number} – ${building.name}`,
      text: [
        `${who} ${what} ${n === 1 ? "a package" : `${n} packages`} for unit ${occ.apartment_number} at ${building.name}:`,
        ...listing(list),
      ].join("\n"),
      link: n === 1 ? `/${building.id}/packages/${list[0].id}` : `/${building.id}/manage/unit-profiles/${occ.id}`,
      exclude_user_id: actor.id,
      related: { entity_type: "package", entity_id: list[0].id },
    });
  } catch (err) {
    deps.log?.error({ err, occupancy: occ.id }, "package tracking notification failed");
  }
}
