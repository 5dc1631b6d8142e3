import { describe, expect, it } from "vitest";
import {
  AMENITY_RESERVATION_MESSAGES as M,
  AmenityReservationCreate,
  AmenityReservationListQuery,
  AmenityReservationPatch,
  isInsideOpenHours,
  minutesOfTime,
  parseReservationQr,
  reservationQrText,
  timeOfMinutes,
} from "./amenity-reservations.ts";

describe("amenity reservations contract", () => {
  it("reads 'reservation_{id}' QR codes, anything else is null ('Invalid QR Code!')", () => {
    expect(reservationQrText(42)).toBe("reservation_42");
    expect(parseReservationQr("reservation_42")).toBe(42);
    expect(parseReservationQr("https://x.example/?code=reservation_7")).toBe(7);
    for (const bad of ["", "reservation_", "reservation_0", "res_12", "42", "reservation_99999999999"])
      expect(parseReservationQr(bad)).toBeNull();
  });

  it("times of day", () => {
    expect(minutesOfTime("13:30")).toBe(810);
    expect(minutesOfTime("24:00")).toBe(1440);
    expect(timeOfMinutes(810)).toBe("13:30");
    expect(isInsideOpenHours(600, 660, [{ start_time: "08:00", end_time: "23:00" }])).toBe(true);
    expect(isInsideOpenHours(420, 480, [{ start_time: "08:00", end_time: "23:00" }])).toBe(false);
  });

  it("each kind's required fields, in the spec's words", () => {
    const errors = (v: unknown) =>
      Object.fromEntries(
        (AmenityReservationCreate.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
      );
    expect(errors({ amenity_id: 1, amenity_reservation_type: "TR" })).toEqual({ date: M.dateRequired });
    expect(errors({ amenity_id: 1, amenity_reservation_type: "CR" })).toEqual({
      start_date: M.startDateRequired,
      end_date: M.endDateRequired,
      reason: M.reasonRequired,
    });
    expect(errors({ amenity_id: 1, amenity_reservation_type: "TR", date: "2026-12-01", start_time: "9am" })).toEqual({
      start_time: M.invalidTime,
    });
    expect(
      errors({ amenity_id: 1, amenity_reservation_type: "TR", date: "2026-12-01", approval_status: "DENIED" }),
    ).toHaveProperty("approval_status");
    expect(AmenityReservationPatch.parse({ approval_status: "denied" })).toEqual({ approval_status: "DENIED" });
    expect(AmenityReservationListQuery.parse({ amenity_reservation_type: "tr,ER", upcoming: "1" })).toEqual({
      amenity_reservation_type: ["TR", "ER"],
      upcoming: true,
    });
  });
});
