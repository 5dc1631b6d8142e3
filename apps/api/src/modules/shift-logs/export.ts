import { SHIFT_LOG_EXPORT_COLUMNS } from "@portico/contract";
import type { XlsxColumn } from "../../lib/xlsx.ts";
import type { ExportNoteRow, NoteRow } from "./repository.ts";

/**
 * 'MM/DD/YYYY' and 'h:mm AM' of an instant in a time zone. The zone's offset is read with Intl
 * once per (UTC) day: when it is the same at both ends of the day it holds all day (offsets
 * change a few times a year); on a day of change Intl is asked for each instant. Formatting
 * every instant with Intl took most of the time of a 50 000-row export.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Local time minus UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(t: number, tz: string): number {
  const p: Record<string, string> = {};
  for (const x of formatter(tz).formatToParts(new Date(t))) p[x.type] = x.value;
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour) % 24,
    Number(p.minute),
    Number(p.second),
  );
  return local - Math.floor(t / 1000) * 1000;
}

const DAY = 86_400_000;
const dayOffsets = new Map<string, Map<number, number | null>>();
function offsetOf(t: number, tz: string): number {
  let zone = dayOffsets.get(tz);
  if (!zone) dayOffsets.set(tz, (zone = new Map()));
  if (zone.size > 50_000) zone.clear();
  const day = Math.floor(t / DAY);
  let o = zone.get(day);
  if (o === undefined) {
    const start = offsetAt(day * DAY, tz);
    o = start === offsetAt(day * DAY + DAY - 1, tz) ? start : null;
    zone.set(day, o);
  }
  return o ?? offsetAt(t, tz);
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
let memo: { t: number; tz: string; date: string; time: string } | null = null;
export function localDateTime(d: Date, tz: string): { date: string; time: string } {
  const t = d.getTime();
  if (memo && memo.t === t && memo.tz === tz) return memo;
  const l = new Date(t + offsetOf(t, tz));
  const h = l.getUTCHours();
  memo = {
    t,
    tz,
    date: `${two(l.getUTCMonth() + 1)}/${two(l.getUTCDate())}/${l.getUTCFullYear()}`,
    time: `${h % 12 || 12}:${two(l.getUTCMinutes())} ${h < 12 ? "AM" : "PM"}`,
  };
  return memo;
}

/** Date and time as the search screen shows them, in the note's building time zone. */
export const noteDate = (r: Pick<NoteRow, "date_created" | "building_time_zone">) =>
  localDateTime(r.date_created, r.building_time_zone).date;
export const noteTime = (r: Pick<NoteRow, "date_created" | "building_time_zone">) =>
  localDateTime(r.date_created, r.building_time_zone).time;
/** The unit numbers of a note (an export row has them as text already). */
export const noteUnits = (r: Pick<NoteRow, "apartments"> | { units: string }) =>
  "units" in r ? r.units : r.apartments.map((a) => a.apartment_number).join(", ");
export const ownerName = (r: Pick<NoteRow, "owner_first_name" | "owner_last_name" | "owner_username">) =>
  `${r.owner_first_name} ${r.owner_last_name}`.trim() || r.owner_username;

/**
 * The export's columns: those of the search screen (Date, Time, Type, Units, Note, High priority,
 * Entered by, Edited), with Building first when the list spans several buildings.
 */
export function exportColumns(multiBuilding: boolean): XlsxColumn<ExportNoteRow>[] {
  const [date, time, type, units, note, high, by, edited] = SHIFT_LOG_EXPORT_COLUMNS;
  const cols: XlsxColumn<ExportNoteRow>[] = [
    { header: date, width: 12, value: noteDate },
    { header: time, width: 10, value: noteTime },
    { header: type, width: 16, value: (r) => r.type_name ?? "" },
    { header: units, width: 16, value: noteUnits },
    { header: note, width: 80, value: (r) => r.body },
    { header: high, width: 14, value: (r) => (r.is_high_priority ? "Yes" : "No") },
    { header: by, width: 22, value: ownerName },
    { header: edited, width: 10, value: (r) => (r.is_edited ? "Yes" : "No") },
  ];
  return multiBuilding ? [{ header: "Building", width: 22, value: (r) => r.building_name }, ...cols] : cols;
}
