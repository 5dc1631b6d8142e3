import { describe, expect, it } from "vitest";
import { localDateTime } from "./export.ts";

/** What Intl says for an instant: the reference the export's dates must equal. */
const reference = new Map<string, Intl.DateTimeFormat>();
function intl(t: number, tz: string): string {
  const p: Record<string, string> = {};
  if (!reference.has(tz))
    reference.set(
      tz,
      new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "numeric",
        minute: "2-digit",
        hour12: true,
      }),
    );
  for (const x of reference.get(tz)!.formatToParts(new Date(t))) p[x.type] = x.value;
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toUpperCase()}`;
}

describe("export dates (building time zone)", () => {
  it("equal Intl's around every change of offset and across the year, in zones of every kind", () => {
    const zones = [
      "America/New_York",
      "America/Los_Angeles",
      "America/St_Johns", // half-hour offset with summer time
      "Australia/Lord_Howe", // summer time of half an hour
      "Australia/Adelaide",
      "Asia/Kathmandu", // quarter-hour offset
      "Europe/London",
      "UTC",
    ];
    const hour = 3_600_000;
    for (const tz of zones) {
      const seen: string[] = [];
      const want: string[] = [];
      // Every 17 min 13 s through 2025 (every change of offset falls in it), then a new year's eve.
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 1_033_000) {
        seen.push(`${localDateTime(new Date(t), tz).date} ${localDateTime(new Date(t), tz).time}`);
        want.push(intl(t, tz));
      }
      for (let t = Date.UTC(2024, 11, 31, 12); t < Date.UTC(2025, 0, 2); t += hour / 2) {
        seen.push(`${localDateTime(new Date(t), tz).date} ${localDateTime(new Date(t), tz).time}`);
        want.push(intl(t, tz));
      }
      expect(seen, tz).toEqual(want);
    }
  });

  it("formats like the search screen: MM/DD/YYYY and h:mm AM", () => {
    expect(localDateTime(new Date("2025-03-14T12:00:00Z"), "America/New_York")).toMatchObject({
      date: "03/14/2025",
      time: "8:00 AM",
    });
    expect(localDateTime(new Date("2025-03-09T06:59:00Z"), "America/New_York").time).toBe("1:59 AM");
    expect(localDateTime(new Date("2025-03-09T07:00:00Z"), "America/New_York").time).toBe("3:00 AM");
    expect(localDateTime(new Date("2025-11-02T05:30:00Z"), "America/New_York").time).toBe("1:30 AM");
    expect(localDateTime(new Date("2025-11-02T06:30:00Z"), "America/New_York").time).toBe("1:30 AM");
    expect(localDateTime(new Date("2025-01-01T04:59:00Z"), "America/New_York")).toMatchObject({
      date: "12/31/2024",
      time: "11:59 PM",
    });
    expect(localDateTime(new Date("2025-06-01T12:00:00Z"), "UTC").time).toBe("12:00 PM");
    expect(localDateTime(new Date("2025-06-01T00:05:00Z"), "UTC").time).toBe("12:05 AM");
  });
});
