/**
 * The amenities × time grid's pure logic (document 3 sections 2 and 9): a window of 12 hours
 * (4 on phones) in 30-minute cells, times as minutes after the building's midnight.
 */
import { AMENITY_RESERVATION_STEP_MINUTES, timeOfMinutes } from "@portico/contract";

export const SLOT_MINUTES = AMENITY_RESERVATION_STEP_MINUTES;
const DAY_MINUTES = 24 * 60;

/** Minutes after midnight → '1:30 PM'. */
export function clockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** The 30-minute choices of a time picker, 00:00 to 23:30 (and 24:00 for an end). */
export function halfHourChoices(withMidnightEnd = false): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (let t = 0; t < DAY_MINUTES; t += SLOT_MINUTES) out.push({ value: timeOfMinutes(t), label: clockLabel(t) });
  if (withMidnightEnd) out.push({ value: "24:00", label: "12:00 AM (midnight)" });
  return out;
}

/**
 * Where a day's window starts: an hour before `now` (rounded down to the half hour) on today,
 * 8:00 on other days, never so late that the window runs past midnight.
 */
export function defaultWindowStart(hours: number, nowMinutes: number | null): number {
  const span = hours * 60;
  const wanted = nowMinutes === null ? 8 * 60 : Math.floor((nowMinutes - 60) / SLOT_MINUTES) * SLOT_MINUTES;
  return clampWindowStart(wanted, hours, span);
}

/** A window start kept inside the day. */
export function clampWindowStart(start: number, hours: number, span = hours * 60): number {
  return Math.max(0, Math.min(DAY_MINUTES - span, start));
}

/** The cells' start minutes of a window. */
export function cellsOf(start: number, hours: number): number[] {
  const out: number[] = [];
  for (let t = start; t < start + hours * 60; t += SLOT_MINUTES) out.push(t);
  return out;
}

/** A booking placed on a window: its first column (0-based) and how many columns it spans, or null when outside. */
export function placeOf(
  startMin: number,
  endMin: number,
  windowStart: number,
  hours: number,
): { column: number; span: number } | null {
  const windowEnd = windowStart + hours * 60;
  const from = Math.max(startMin, windowStart);
  const to = Math.min(endMin, windowEnd);
  if (to <= from) return null;
  const column = Math.floor((from - windowStart) / SLOT_MINUTES);
  const span = Math.max(1, Math.ceil((to - windowStart) / SLOT_MINUTES) - column);
  return { column, span };
}

/** The now-line's position in the window as a fraction (0…1), or null when not shown. */
export function nowFraction(nowMinutes: number | null, windowStart: number, hours: number): number | null {
  if (nowMinutes === null) return null;
  const f = (nowMinutes - windowStart) / (hours * 60);
  return f >= 0 && f <= 1 ? f : null;
}
