import { describe, expect, it } from "vitest";
import { dayjs, todayIn } from "./dates.ts";

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
