import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Instants leave the API as ISO-8601 strings. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** "Today" in a building's time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dayjs(now).tz(timeZone).format("YYYY-MM-DD");

/** The instant a calendar day starts in a time zone. */
export const startOfDayIn = (day: string, timeZone: string): Date => dayjs.tz(day, timeZone).startOf("day").toDate();

export { dayjs };
