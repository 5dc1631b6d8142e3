import { SHIFT_LOG_EXPORT_COLUMNS } from "@portico/contract";
import type { XlsxColumn } from "../../lib/xlsx.ts";
import type { NoteRow } from "./repository.ts";

/**
 * 'MM/DD/YYYY' and 'h:mm AM' of an instant in a time zone. One cached Intl formatter per zone
 * (dayjs's tz plugin builds one per call: 50 000 export rows took seconds).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
let memo: { t: number; tz: string; date: string; time: string } | null = null;
export function localDateTime(d: Date, tz: string): { date: string; time: string } {
  const t = d.getTime();
  if (memo && memo.t === t && memo.tz === tz) return memo;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    formatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const x of f.formatToParts(d)) p[x.type] = x.value;
  memo = { t, tz, date: `${p.month}/${p.day}/${p.year}`, time: `${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}` };
  return memo;
}

/** Date and time as the search screen shows them, in the note's building time zone. */
export const noteDate = (r: Pick<NoteRow, "date_created" | "building_time_zone">) =>
  localDateTime(r.date_created, r.building_time_zone).date;
export const noteTime = (r: Pick<NoteRow, "date_created" | "building_time_zone">) =>
  localDateTime(r.date_created, r.building_time_zone).time;
export const noteUnits = (r: Pick<NoteRow, "apartments">) => r.apartments.map((a) => a.apartment_number).join(", ");
export const ownerName = (r: Pick<NoteRow, "owner_first_name" | "owner_last_name" | "owner_username">) =>
  `${r.owner_first_name} ${r.owner_last_name}`.trim() || r.owner_username;

/**
 * The export's columns: those of the search screen (Date, Time, Type, Units, Note, High priority,
 * Entered by, Edited), with Building first when the list spans several buildings.
 */
export function exportColumns(multiBuilding: boolean): XlsxColumn<NoteRow>[] {
  const [date, time, type, units, note, high, by, edited] = SHIFT_LOG_EXPORT_COLUMNS;
  const cols: XlsxColumn<NoteRow>[] = [
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
