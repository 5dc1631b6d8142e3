/** Pure helpers of the club screens. */
import { type ScheduleEntry, WEEK_DAYS } from "@portico/contract";

/** The time pickers' choices: every 30 minutes of a day ('HH:mm:ss'), and the day's end for a close time. */
export function halfHours(withEnd: boolean): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += 30)
    out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00`);
  if (withEnd) out.push("24:00:00");
  return out;
}

/** '13:30:00' → '1:30 PM'; '24:00:00' → 'Midnight'. */
export function timeLabel(t: string): string {
  const [h = 0, m = 0] = t.split(":").map(Number);
  if (h === 24) return "Midnight";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export interface DayRow {
  is_open: boolean;
  open_time: string;
  close_time: string;
}
export interface SpecialRow extends DayRow {
  specific_date: string;
}

const DEFAULT_DAY: DayRow = { is_open: true, open_time: "09:00:00", close_time: "21:00:00" };

/** The week's rows (Monday first) from the weekly entries; a day without one is closed. */
export function weekRows(entries: readonly ScheduleEntry[]): DayRow[] {
  const weekly = entries.filter((e) => e.day_of_week !== null && !e.specific_date);
  return WEEK_DAYS.map((_, day) => {
    const e = weekly.find((w) => w.day_of_week === day);
    if (!e) return weekly.length ? { ...DEFAULT_DAY, is_open: false } : { ...DEFAULT_DAY };
    return {
      is_open: e.is_open,
      open_time: e.open_time ?? DEFAULT_DAY.open_time,
      close_time: e.close_time ?? DEFAULT_DAY.close_time,
    };
  });
}

/** The special dates' rows, by date. */
export function specialRows(entries: readonly ScheduleEntry[]): SpecialRow[] {
  return entries
    .filter((e) => e.specific_date)
    .map((e) => ({
      specific_date: (e.specific_date ?? "").slice(0, 10),
      is_open: e.is_open,
      open_time: e.open_time ?? DEFAULT_DAY.open_time,
      close_time: e.close_time ?? DEFAULT_DAY.close_time,
    }))
    .sort((a, b) => a.specific_date.localeCompare(b.specific_date));
}

export const newSpecialRow = (): SpecialRow => ({ specific_date: "", ...DEFAULT_DAY, is_open: false });

/** A row as update-schedule takes it (closed rows carry no times). */
export const entryOf = (r: DayRow) => ({
  is_open: r.is_open,
  open_time: r.is_open ? r.open_time : null,
  close_time: r.is_open ? r.close_time : null,
  max_number_guests: null,
});
