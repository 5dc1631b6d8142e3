import {
  MONTH_FLAGS,
  RECURRING_RUN_HOUR,
  type RecurringInterval,
  type RecurringRuleFields,
  WEEKDAY_FLAGS,
} from "@portico/contract";

/**
 * The days of a recurring request, pure (days are 'YYYY-MM-DD', calendar days of the building):
 *  - DAILY: every day, or only the ticked weekdays;
 *  - WEEKLY: every 7 days from the start date;
 *  - MONTHLY: the start date's day of the month (the month's last day when it is shorter), in
 *    every month or only the ticked ones;
 *  - YEARLY: the start date's anniversary (29 February → 28 February in other years);
 * never before the start date nor after the end date.
 */

export type Rule = Pick<RecurringRuleFields, "interval" | "start_date" | "end_date"> &
  Partial<Omit<RecurringRuleFields, "interval" | "start_date" | "end_date">>;

const DAY_MS = 86_400_000;

const parse = (day: string): Date => new Date(`${day}T00:00:00Z`);
const format = (d: Date): string => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => format(new Date(parse(day).getTime() + n * DAY_MS));
const daysBetween = (a: string, b: string): number => Math.round((parse(b).getTime() - parse(a).getTime()) / DAY_MS);
const daysInMonth = (year: number, month0: number): number => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
const dayOf = (year: number, month0: number, dom: number): string =>
  format(new Date(Date.UTC(year, month0, Math.min(dom, daysInMonth(year, month0)))));

const anyOf = (rule: Rule, flags: readonly (keyof RecurringRuleFields)[]) => flags.some((f) => rule[f] === true);

/** The first day of the rule on or after `from` (ignoring the end date). */
function firstOnOrAfter(rule: Rule, from: string): string {
  const day = from < rule.start_date ? rule.start_date : from;
  const start = parse(rule.start_date);
  const interval: RecurringInterval = rule.interval;
  switch (interval) {
    case "DAILY": {
      if (!anyOf(rule, WEEKDAY_FLAGS)) return day;
      for (let i = 0; i < 7; i++) {
        const d = addDays(day, i);
        if (rule[WEEKDAY_FLAGS[parse(d).getUTCDay()]]) return d;
      }
      return day;
    }
    case "WEEKLY": {
      const gap = daysBetween(rule.start_date, day);
      return addDays(rule.start_date, Math.ceil(gap / 7) * 7);
    }
    case "MONTHLY": {
      const dom = start.getUTCDate();
      const months = anyOf(rule, MONTH_FLAGS);
      const d = parse(day);
      for (let i = 0; i <= 13; i++) {
        const y = d.getUTCFullYear() + Math.floor((d.getUTCMonth() + i) / 12);
        const m = (d.getUTCMonth() + i) % 12;
        if (months && !rule[MONTH_FLAGS[m]]) continue;
        const candidate = dayOf(y, m, dom);
        if (candidate >= day) return candidate;
      }
      return day;
    }
    case "YEARLY": {
      const y = parse(day).getUTCFullYear();
      const thisYear = dayOf(y, start.getUTCMonth(), start.getUTCDate());
      return thisYear >= day ? thisYear : dayOf(y + 1, start.getUTCMonth(), start.getUTCDate());
    }
  }
}

/** The first day of the rule on or after `from`, or null when none is left (past the end date). */
export function nextOccurrence(rule: Rule, from: string): string | null {
  const d = firstOnOrAfter(rule, from);
  return rule.end_date !== null && d > rule.end_date ? null : d;
}

/** Is `day` a day of the rule? */
export const occursOn = (rule: Rule, day: string): boolean =>
  day >= rule.start_date && nextOccurrence(rule, day) === day;

/**
 * The latest day of the rule from `next` (a day of the rule) up to `through`, or null when
 * `next` is after `through` or past the end: the one day a run makes (missed days are made up once).
 */
export function latestDue(rule: Rule, next: string, through: string): string | null {
  const limit = rule.end_date !== null && rule.end_date < through ? rule.end_date : through;
  if (next > limit || !occursOn(rule, next)) {
    const first = nextOccurrence(rule, next);
    if (first === null || first > limit) return null;
    next = first;
  }
  let due = next;
  for (;;) {
    const after = nextOccurrence(rule, addDays(due, 1));
    if (after === null || after > limit) return due;
    due = after;
  }
}

/** The next day to schedule when a rule is saved on `today`: its first day from today on. */
export const scheduledFrom = (rule: Rule, today: string): string | null => nextOccurrence(rule, today);

/**
 * The last day whose requests are due at `now` in a building: today from 06:00 building time,
 * yesterday before. `local` is the building's wall clock (YYYY-MM-DD and hour).
 */
export const dueThrough = (local: { day: string; hour: number }): string =>
  local.hour >= RECURRING_RUN_HOUR ? local.day : addDays(local.day, -1);
