import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Instants leave the API as ISO-8601 strings. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Today" in a building's time zone, as YYYY-MM-DD. Asked on most building calls: one formatter
 * per zone (dayjs.tz builds one on every call, a few hundred microseconds).
 */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size > 1000) dayFormats.clear();
    dayFormats.set(timeZone, f);
  }
  let y = "";
  let m = "";
  let d = "";
  for (const p of f.formatToParts(now)) {
    if (p.type === "year") y = p.value;
    else if (p.type === "month") m = p.value;
    else if (p.type === "day") d = p.value;
  }
  return `${y.padStart(4, "0")}-${m}-${d}`;
};

/** The instant a calendar day starts in a time zone. */
export const startOfDayIn = (day: string, timeZone: string): Date => dayjs.tz(day, timeZone).startOf("day").toDate();

export { dayjs };
