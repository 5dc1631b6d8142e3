import {
  AMENITY_RESERVATION_MESSAGES as M,
  AMENITY_RESERVATION_STEP_MINUTES,
  type AmenityReservationType,
  isOpenAt,
  minutesOfTime,
  scheduleForDate,
  timeOfMinutes,
} from "@portico/contract";
import { dayjs } from "../../lib/dates.ts";

/**
 * The booking rules of amenity reservations (document 3 sections 4, 5 and 9), pure: the service
 * reads what they need and passes it in. Each returns the refusals (non_field_errors), none when
 * the booking may go ahead.
 */

/** The amenity type's settings the rules read. */
export interface TypeRules {
  max_reservation_length: number;
  reservation_window_days: number;
  max_user_open_reservations: number;
  max_user_weekly_reservations: number;
  max_user_daily_reservations: number;
  is_allow_guests: boolean;
  max_number_guests: number;
}

export interface ScheduleLike {
  day_of_week: number | null;
  specific_date: string | null;
  is_open: boolean;
  open_time: string | null;
  close_time: string | null;
  max_number_guests: number | null;
}

/** A booking as the rules see it: building-local days and times of day. */
export interface Booking {
  kind: AmenityReservationType;
  /** First and last day (the same for TR and ER). */
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  guests: number;
}

/** The instants of a booking in a time zone ('24:00' is the next midnight). */
export function instantsOf(b: Booking, tz: string): { start: Date; end: Date } {
  const at = (day: string, time: string) => {
    const m = minutesOfTime(time);
    return m >= 24 * 60
      ? dayjs.tz(dayjs(day).add(1, "day").format("YYYY-MM-DD"), tz).toDate()
      : dayjs.tz(`${day} ${timeOfMinutes(m)}`, tz).toDate();
  };
  return { start: at(b.start_date, b.start_time), end: at(b.end_date, b.end_time) };
}

/** The most guests a booking may bring on a day: 0 without guests, else the day's or the type's limit. */
export function guestLimit(type: TypeRules, schedules: readonly ScheduleLike[], day: string): number {
  if (!type.is_allow_guests) return 0;
  return scheduleForDate(schedules, day).max_number_guests ?? type.max_number_guests;
}

/** Times and their order: 30-minute steps, start before end. */
export function timeRefusals(b: Booking, start: Date, end: Date): string[] {
  const out: string[] = [];
  if ([b.start_time, b.end_time].some((t) => minutesOfTime(t) % AMENITY_RESERVATION_STEP_MINUTES !== 0))
    out.push(M.timeStep);
  if (end.getTime() <= start.getTime()) out.push(M.endBeforeStart);
  return out;
}

/**
 * The rules of a resident or admin booking (not blocks): inside the day's schedule, at most the
 * type's length, within the reservation window (0 = none; counted in days from today), guests.
 */
export function bookingRefusals(
  b: Booking,
  type: TypeRules,
  schedules: readonly ScheduleLike[],
  today: string,
  minutes: number,
): string[] {
  const out: string[] = [];
  if (!isOpenAt(schedules, b.start_date, b.start_time, b.end_time)) out.push(M.closed);
  if (type.max_reservation_length > 0 && minutes > type.max_reservation_length)
    out.push(M.tooLong(type.max_reservation_length));
  if (type.reservation_window_days > 0) {
    const last = dayjs(today).add(type.reservation_window_days, "day").format("YYYY-MM-DD");
    if (b.start_date > last) out.push(M.outsideWindow(type.reservation_window_days));
  }
  const limit = guestLimit(type, schedules, b.start_date);
  if (b.guests > 0 && limit === 0) out.push(M.guestsNotAllowed);
  else if (b.guests > limit) out.push(M.tooManyGuests(limit));
  return out;
}

/** A resident's limits (TR only; a limit of 0 is none): open, weekly, daily. */
export function limitRefusals(type: TypeRules, counts: { open: number; weekly: number; daily: number }): string[] {
  const out: string[] = [];
  const over = (limit: number, n: number) => limit > 0 && n >= limit;
  if (over(type.max_user_open_reservations, counts.open)) out.push(M.openLimit(type.max_user_open_reservations));
  if (over(type.max_user_weekly_reservations, counts.weekly))
    out.push(M.weeklyLimit(type.max_user_weekly_reservations));
  if (over(type.max_user_daily_reservations, counts.daily)) out.push(M.dailyLimit(type.max_user_daily_reservations));
  return out;
}

/** The building-local day and week (Monday to Sunday) of a day, as instants [start, end). */
export function dayAndWeekOf(day: string, tz: string): { day: [Date, Date]; week: [Date, Date] } {
  const d = dayjs.tz(day, tz).startOf("day");
  const monday = dayjs(day).subtract((dayjs(day).day() + 6) % 7, "day");
  const mondayAt = dayjs.tz(monday.format("YYYY-MM-DD"), tz).startOf("day");
  const nextMonday = dayjs.tz(monday.add(7, "day").format("YYYY-MM-DD"), tz).startOf("day");
  const nextDay = dayjs.tz(dayjs(day).add(1, "day").format("YYYY-MM-DD"), tz).startOf("day");
  return { day: [d.toDate(), nextDay.toDate()], week: [mondayAt.toDate(), nextMonday.toDate()] };
}
