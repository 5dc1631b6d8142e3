import { mergeBuildingSettings } from "@portico/contract";
import type { Db } from "../../db/client.ts";
import { dayjs, startOfDayIn } from "../../lib/dates.ts";
import { escapeHtml, type MailDeps, sendMail, splitRecipients } from "../../lib/mail.ts";
import * as repo from "./repository.ts";
import { noteTime, noteUnits, ownerName } from "./export.ts";

/**
 * The nightly shift log e-mail. Runs every hour (UTC); a building is mailed once its local
 * midnight has passed: the notes of the previous local day (only high priority ones when
 * is_email_high_priority_only) go to the building's email_recipients (semicolon separated).
 * One message per building and day (a dedupe key in the outbox), so reruns and several
 * instances never send twice; a run missed at midnight is caught up within the first hours of
 * the day. A day without notes sends nothing.
 */
export const NIGHTLY_JOB = "shift-log-nightly";
export const NIGHTLY_CRON = "0 * * * *";
/** Local hours after midnight within which a missed run still sends the previous day. */
export const NIGHTLY_CATCH_UP_HOURS = 6;
/** Notes listed in one e-mail at most (the rest are counted). */
export const NIGHTLY_MAX_NOTES = 2000;

export const nightlyKey = (buildingId: number, day: string) => `shift-log-nightly:${buildingId}:${day}`;

export interface NightlyResult {
  building_id: number;
  day: string;
  notes: number;
  message_id: number;
}

export async function runNightlyShiftLogEmails(
  deps: MailDeps & { db: Db },
  now: Date = new Date(),
): Promise<NightlyResult[]> {
  const db = deps.db;
  const out: NightlyResult[] = [];
  for (const b of await repo.nightlyMailBuildings(db)) {
    const settings = mergeBuildingSettings(b.settings).shiftlogsettings;
    const recipients = splitRecipients(settings.email_recipients);
    if (!settings.is_emailed_nightly || !recipients.length) continue;
    const local = dayjs(now).tz(b.time_zone);
    if (local.hour() >= NIGHTLY_CATCH_UP_HOURS) continue;
    const today = local.format("YYYY-MM-DD");
    const day = dayjs.utc(today).subtract(1, "day").format("YYYY-MM-DD");
    const key = nightlyKey(b.id, day);
    if (await repo.mailWithKeyExists(db, key)) continue;

    const filter: repo.NoteFilter = {
      buildingIds: [b.id],
      dateRanges: [{ buildingIds: null, min: startOfDayIn(day, b.time_zone), max: startOfDayIn(today, b.time_zone) }],
      includeEndOfShift: true,
      isHighPriority: settings.is_email_high_priority_only ? true : undefined,
    };
    const notes = await repo.selectNotes(
      db,
      filter,
      { key: "date_created", desc: false },
      { limit: NIGHTLY_MAX_NOTES },
    );
    if (!notes.length) continue;
    const total = notes.length < NIGHTLY_MAX_NOTES ? notes.length : await repo.countNotes(db, filter);

    const label = dayjs.utc(day).format("dddd, MM/DD/YYYY");
    const what = settings.is_email_high_priority_only ? "High priority shift log notes" : "Shift log";
    const subject = `${what} – ${b.name} – ${dayjs.utc(day).format("MM/DD/YYYY")}`;
    const more = total > notes.length ? total - notes.length : 0;
    const text = [
      `${what} for ${b.name}, ${label} (${total} note${total === 1 ? "" : "s"})`,
      "",
      ...notes.map(
        (n) =>
          `${noteTime(n)}${n.is_high_priority ? " [HIGH PRIORITY]" : ""} ${n.type_name ?? ""}${n.apartments.length ? ` (${noteUnits(n)})` : ""} – ${ownerName(n)}\n${n.body}\n`,
      ),
      ...(more ? [`… and ${more} more.`] : []),
    ].join("\n");
    const cell = (s: string, extra = "") =>
      `<td style="border:1px solid #ddd;padding:4px 8px;vertical-align:top${extra}">${s}</td>`;
    const html =
      `<div style="font-family:Arial,sans-serif;font-size:14px">` +
      `<h2 style="font-size:18px">${escapeHtml(what)} – ${escapeHtml(b.name)}</h2>` +
      `<p>${escapeHtml(label)}: ${total} note${total === 1 ? "" : "s"}</p>` +
      `<table style="border-collapse:collapse"><thead><tr>` +
      ["Time", "Type", "Units", "Note", "High priority", "Entered by"]
        .map((h) => `<th style="border:1px solid #ddd;padding:4px 8px;text-align:left;background:#f4f4f4">${h}</th>`)
        .join("") +
      `</tr></thead><tbody>` +
      notes
        .map(
          (n) =>
            `<tr>${cell(escapeHtml(noteTime(n)), ";white-space:nowrap")}${cell(escapeHtml(n.type_name ?? ""))}${cell(escapeHtml(noteUnits(n)))}` +
            `${cell(escapeHtml(n.body).replace(/\n/g, "<br>"))}${cell(n.is_high_priority ? "<strong>Yes</strong>" : "No")}${cell(escapeHtml(ownerName(n)))}</tr>`,
        )
        .join("") +
      `</tbody></table>${more ? `<p>… and ${more} more.</p>` : ""}</div>`;

    const sent = await sendMail(deps, {
      kind: "shift_log_nightly",
      to: recipients,
      subject,
      text,
      html,
      building_id: b.id,
      related: { entity_type: "building", entity_id: b.id },
      dedupe_key: key,
    });
    if (sent) out.push({ building_id: b.id, day, notes: total, message_id: sent.id });
  }
  return out;
}
