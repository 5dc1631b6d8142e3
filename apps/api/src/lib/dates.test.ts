import { describe, expect, it } from "vitest";
import { dayjs, localDayTimeIn, todayIn } from "./dates.ts";

describe("todayIn", () => {
  it("is the calendar day in the zone, as dayjs gives it, across midnights and DST changes", () => {
    const zones = [
      "America/New_York",
      "America/Los_Angeles",
      "America/Denver",
      "Europe/London",
      "Asia/Kolkata",
      "Pacific/Kiritimati",
      "UTC",
    ];
    const start = Date.UTC(2025, 0, 1);
    for (let h = 0; h < 24 * 400; h += 7) {
      const now = new Date(start + h * 3600_000 + 1234);
      for (const z of zones)
        expect(todayIn(z, now), `${z} ${now.toISOString()}`).toBe(dayjs(now).tz(z).format("YYYY-MM-DD"));
    }
  });

  it("refuses an unknown zone", () => {
    expect(() => todayIn("Mars/Olympus")).toThrow(RangeError);
  });
});

describe("localDayTimeIn", () => {
  it("is the day and clock in the zone, as dayjs gives them, across midnights and DST changes", () => {
    const zones = ["America/New_York", "America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
    const start = Date.UTC(2025, 0, 1);
    for (let m = 0; m < 60 * 24 * 400; m += 97) {
      const at = new Date(start + m * 60_000);
      for (const z of zones) {
        const d = dayjs(at).tz(z);
        expect(localDayTimeIn(at, z), `${z} ${at.toISOString()}`).toEqual({
          day: d.format("YYYY-MM-DD"),
          time: d.format("HH:mm"),
        });
      }
    }
  });
});
