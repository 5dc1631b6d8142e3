/**
 * Dates in a building's time zone ("today", "7 days back", the day a note belongs to).
 * Kept apart from ./dates.ts so the shell does not carry the time zone plugins.
 */
import dayjs, { type ConfigType, type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from "./dates.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The instant in the zone (or in the browser's zone when none is known). */
export function inZone(value: ConfigType, tz?: string | null): Dayjs {
  const d = dayjs(value);
  if (!tz || !d.isValid()) return d;
  try {
    return d.tz(tz);
  } catch {
    return d;
  }
}

/** 'YYYY-MM-DD' of today in the zone, minus `daysBack` days. */
export function dayInZone(tz?: string | null, daysBack = 0, now: ConfigType = Date.now()): string {
  return inZone(now, tz).subtract(daysBack, "day").format("YYYY-MM-DD");
}

const fmt = (value: ConfigType, tz: string | null | undefined, format: string) => {
  if (value === null || value === undefined || value === "") return "";
  const d = inZone(value, tz);
  return d.isValid() ? d.format(format) : "";
};

export const formatZonedDate = (v: ConfigType, tz?: string | null) => fmt(v, tz, DATE_FORMAT);
export const formatZonedTime = (v: ConfigType, tz?: string | null) => fmt(v, tz, TIME_FORMAT);
export const formatZonedDateTime = (v: ConfigType, tz?: string | null) => fmt(v, tz, DATE_TIME_FORMAT);
/** 'Friday, 11/21/2025' */
export const formatZonedDayHeading = (v: ConfigType, tz?: string | null) => fmt(v, tz, `dddd, ${DATE_FORMAT}`);

/** The zone's short name at that instant ('EST', 'PDT', or 'GMT+1' where it has none). */
export function zoneName(value: ConfigType, tz?: string | null): string {
  const d = dayjs(value);
  if (!tz || !d.isValid()) return "";
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "short" }).formatToParts(d.toDate());
    return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}
