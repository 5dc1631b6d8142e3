import { describe, expect, it } from "vitest";
import {
  AmenityTypeCreate,
  CLUBS_MESSAGES,
  ClubCreate,
  RecordOpenCheckin,
  UpdateSchedule,
  guestsOfNote,
  isOpenAt,
  openCheckinNote,
  scheduleForDate,
  scheduleMode,
} from "./clubs.ts";

const entry = (o: Partial<Parameters<typeof scheduleForDate>[0][number]>) => ({
  day_of_week: null,
  specific_date: null,
  is_open: true,
  open_time: "09:00:00",
  close_time: "17:00:00",
  max_number_guests: null,
  ...o,
});

describe("clubs contract", () => {
  it("no weekly entries is 'Always open'; a special date wins; a weekday without an entry is closed", () => {
    expect(scheduleMode([])).toBe("always");
    expect(scheduleForDate([], "2026-12-25")).toMatchObject({
      is_open: true,
      open_time: "00:00:00",
      close_time: "24:00:00",
    });
    expect(isOpenAt([], "2026-12-25", "23:00", "24:00")).toBe(true);
    // 2026-11-30 is a Monday (day_of_week 0).
    const s = [
      entry({ day_of_week: 0 }),
      entry({ specific_date: "2026-12-07", is_open: false, open_time: null, close_time: null }),
    ];
    expect(scheduleMode(s)).toBe("selected");
    expect(isOpenAt(s, "2026-11-30", "09:00", "10:00")).toBe(true);
    expect(isOpenAt(s, "2026-11-30", "08:30", "10:00")).toBe(false);
    expect(isOpenAt(s, "2026-11-30", "16:00", "17:30")).toBe(false);
    expect(isOpenAt(s, "2026-12-01", "09:00", "10:00")).toBe(false);
    expect(scheduleForDate(s, "2026-12-07")).toMatchObject({ is_open: false, source: "special" });
    expect(isOpenAt(s, "2026-12-07", "09:00", "10:00")).toBe(false);
  });

  it("update-schedule: special entries need a date, weekly ones a day, once each", () => {
    const r = UpdateSchedule.safeParse({ is_special: true, schedules: [{ is_open: false }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["schedules", 0, "specific_date"],
      message: CLUBS_MESSAGES.dateRequired,
    });
    const w = UpdateSchedule.safeParse({
      is_special: false,
      schedules: [
        { day_of_week: 1, open_time: "09:00", close_time: "10:00" },
        { day_of_week: 1, is_open: false },
      ],
    });
    expect(w.error?.issues[0].message).toBe(CLUBS_MESSAGES.duplicateDay);
    const bad = UpdateSchedule.safeParse({ schedules: [{ day_of_week: 2, open_time: "10:00", close_time: "09:00" }] });
    expect(bad.error?.issues[0].message).toBe(CLUBS_MESSAGES.closeBeforeOpen);
    expect(
      UpdateSchedule.parse({ schedules: [{ day_of_week: 2, open_time: "08:00", close_time: "24:00" }] }).schedules[0],
    ).toMatchObject({
      open_time: "08:00:00",
      close_time: "24:00:00",
    });
  });

  it("amenity type defaults and the guests rule", () => {
    const t = AmenityTypeCreate.parse({ club: "3", name: "Gym" });
    expect(t).toMatchObject({
      max_user_open_reservations: 5,
      max_user_weekly_reservations: 3,
      max_user_daily_reservations: 1,
      reservation_window_days: 0,
      max_reservation_length: 60,
      max_number_guests: 0,
    });
    expect(AmenityTypeCreate.parse({ club: 3, name: "BBQ", max_number_guests: 4 }).max_number_guests).toBe(0);
    const r = AmenityTypeCreate.safeParse({ club: 3, name: "Party", is_allow_guests: "true", max_number_guests: "0" });
    expect(r.error?.issues[0]).toMatchObject({ path: ["max_number_guests"], message: CLUBS_MESSAGES.guestsAtLeastOne });
    expect(AmenityTypeCreate.safeParse({ club: 3, name: "x", max_user_daily_reservations: -1 }).success).toBe(false);
  });

  it("club form: additional_buildings as JSON text; check-in note and guests", () => {
    expect(
      ClubCreate.parse({ building: "1", name: "Pool", additional_buildings: "[2,3,2]", is_open: "false" }),
    ).toMatchObject({
      building: 1,
      additional_buildings: [2, 3],
      is_open: false,
    });
    expect(openCheckinNote(1)).toBe("2:");
    expect(guestsOfNote("2:")).toBe(1);
    expect(RecordOpenCheckin.safeParse({ occupant_id: 1, guests: 2 }).error?.issues[0].message).toBe(
      CLUBS_MESSAGES.tooManyGuests,
    );
    expect(RecordOpenCheckin.parse({ occupant_id: 1 }).guests).toBe(0);
  });
});
