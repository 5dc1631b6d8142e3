import { describe, expect, it } from "vitest";
import { dueThrough, latestDue, nextOccurrence, occursOn, type Rule, scheduledFrom } from "./recurring-schedule.ts";

const rule = (r: Partial<Rule> & Pick<Rule, "interval">): Rule => ({ start_date: "2026-01-01", end_date: null, ...r });
/** The rule's days from `from`, `n` of them (or fewer when it ends). */
function days(r: Rule, from: string, n: number): string[] {
  const out: string[] = [];
  let d: string | null = from;
  while (out.length < n && d) {
    d = nextOccurrence(r, d);
    if (!d) break;
    out.push(d);
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return out;
}

describe("DAILY", () => {
  it("is every day when no weekday is ticked, from the start", () => {
    expect(days(rule({ interval: "DAILY", start_date: "2026-02-27" }), "2026-01-01", 4)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
  it("is only the ticked weekdays", () => {
    // 2026-01-05 is a Monday.
    const r = rule({ interval: "DAILY", is_monday: true, is_friday: true });
    expect(days(r, "2026-01-03", 4)).toEqual(["2026-01-05", "2026-01-09", "2026-01-12", "2026-01-16"]);
    expect(occursOn(r, "2026-01-06")).toBe(false);
    expect(occursOn(r, "2026-01-09")).toBe(true);
  });
  it("ignores month flags", () => {
    const r = rule({ interval: "DAILY", is_march: true });
    expect(days(r, "2026-01-01", 2)).toEqual(["2026-01-01", "2026-01-02"]);
  });
});

describe("WEEKLY", () => {
  it("is every 7 days from the start, whatever day it is asked from", () => {
    const r = rule({ interval: "WEEKLY", start_date: "2026-01-07", is_monday: true });
    expect(days(r, "2025-12-01", 3)).toEqual(["2026-01-07", "2026-01-14", "2026-01-21"]);
    expect(nextOccurrence(r, "2026-01-08")).toBe("2026-01-14");
    expect(nextOccurrence(r, "2026-01-14")).toBe("2026-01-14");
    expect(days(r, "2026-12-28", 2)).toEqual(["2026-12-30", "2027-01-06"]);
  });
});

describe("MONTHLY", () => {
  it("is the start's day of every month, the month's last day when shorter", () => {
    const r = rule({ interval: "MONTHLY", start_date: "2026-01-31" });
    expect(days(r, "2026-01-01", 5)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
  });
  it("takes 29 February in a leap year", () => {
    const r = rule({ interval: "MONTHLY", start_date: "2027-12-30" });
    expect(days(r, "2028-01-31", 3)).toEqual(["2028-02-29", "2028-03-30", "2028-04-30"]);
  });
  it("is only the ticked months, across the year's end", () => {
    const r = rule({
      interval: "MONTHLY",
      start_date: "2026-01-15",
      is_march: true,
      is_november: true,
      is_monday: true,
    });
    expect(days(r, "2026-01-01", 4)).toEqual(["2026-03-15", "2026-11-15", "2027-03-15", "2027-11-15"]);
    expect(nextOccurrence(r, "2026-11-16")).toBe("2027-03-15");
  });
});

describe("YEARLY", () => {
  it("is the anniversary", () => {
    const r = rule({ interval: "YEARLY", start_date: "2026-06-10" });
    expect(days(r, "2026-01-01", 3)).toEqual(["2026-06-10", "2027-06-10", "2028-06-10"]);
    expect(nextOccurrence(r, "2026-06-11")).toBe("2027-06-10");
  });
  it("turns 29 February into 28 February in other years", () => {
    const r = rule({ interval: "YEARLY", start_date: "2028-02-29" });
    expect(days(r, "2028-01-01", 5)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
  });
});

describe("end date", () => {
  it("makes no day after it (the end day itself counts)", () => {
    const r = rule({ interval: "WEEKLY", start_date: "2026-01-01", end_date: "2026-01-15" });
    expect(days(r, "2026-01-01", 10)).toEqual(["2026-01-01", "2026-01-08", "2026-01-15"]);
    expect(nextOccurrence(r, "2026-01-16")).toBeNull();
    expect(scheduledFrom(r, "2026-02-01")).toBeNull();
  });
});

describe("latestDue (missed days made up once)", () => {
  const r = rule({ interval: "WEEKLY", start_date: "2026-01-01" });
  it("is the next day itself when only it is due", () => {
    expect(latestDue(r, "2026-01-08", "2026-01-08")).toBe("2026-01-08");
    expect(latestDue(r, "2026-01-08", "2026-01-10")).toBe("2026-01-08");
  });
  it("is the latest missed day when several were missed", () => {
    expect(latestDue(r, "2026-01-08", "2026-02-03")).toBe("2026-01-29");
  });
  it("is none before the next day", () => {
    expect(latestDue(r, "2026-01-08", "2026-01-07")).toBeNull();
  });
  it("stops at the end date", () => {
    const ending = { ...r, end_date: "2026-01-20" };
    expect(latestDue(ending, "2026-01-08", "2026-03-01")).toBe("2026-01-15");
  });
  it("works for ticked days over a long outage", () => {
    const d = rule({ interval: "DAILY", is_wednesday: true });
    expect(latestDue(d, "2026-01-07", "2026-12-31")).toBe("2026-12-30");
  });
});

describe("dueThrough", () => {
  it("is today from 06:00 building time, yesterday before", () => {
    expect(dueThrough({ day: "2026-03-01", hour: 6 })).toBe("2026-03-01");
    expect(dueThrough({ day: "2026-03-01", hour: 5 })).toBe("2026-02-28");
  });
});
