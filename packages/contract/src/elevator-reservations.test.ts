import { describe, expect, it } from "vitest";
import {
  ELEVATOR_MESSAGES as M,
  elevatorTimeErrors,
  elevatorTimeSlots,
  isEarlyMoveOut,
  isOutsideLease,
} from "./elevator-reservations.ts";
import { isMoveOutType, ReservationTypeWrite, RESERVATION_TYPE_MESSAGES as T } from "./reservation-types.ts";

const res = (over: Partial<Parameters<typeof isEarlyMoveOut>[0]> = {}) => ({
  reservation_date: "2026-12-01",
  lease_start_date: "2026-01-01",
  lease_end_date: "2026-12-31",
  reservation_type_name: "Move-Out",
  reservation_type_short_name: "MO",
  ...over,
});

describe("service elevator rules", () => {
  it("the Move-Out type is told by its short name or its name", () => {
    expect(isMoveOutType({ name: "Anything", short_name: "mo" })).toBe(true);
    expect(isMoveOutType({ name: "Move out", short_name: "X" })).toBe(true);
    expect(isMoveOutType({ name: "MOVEOUT", short_name: "" })).toBe(true);
    expect(isMoveOutType({ name: "Move-In", short_name: "MI" })).toBe(false);
  });

  it("an early Move-Out: more than 15 days before the lease end, or no lease end", () => {
    expect(isEarlyMoveOut(res({ reservation_date: "2026-12-16" }))).toBe(false);
    expect(isEarlyMoveOut(res({ reservation_date: "2026-12-15" }))).toBe(true);
    expect(isEarlyMoveOut(res({ lease_end_date: null }))).toBe(true);
    expect(isEarlyMoveOut(res({ reservation_type_name: "Delivery", reservation_type_short_name: "DL" }))).toBe(false);
  });

  it("outside the lease: before its start or after its end", () => {
    expect(isOutsideLease(res())).toBe(false);
    expect(isOutsideLease(res({ reservation_date: "2025-12-31" }))).toBe(true);
    expect(isOutsideLease(res({ reservation_date: "2027-01-01" }))).toBe(true);
    expect(isOutsideLease(res({ lease_start_date: null, lease_end_date: null }))).toBe(false);
  });

  it("times: from 8:00, 30-minute steps, end after start", () => {
    const ok = { reservation_date: "2026-12-01", start_time: "08:00", end_time: "08:30" };
    expect(elevatorTimeErrors(ok)).toEqual({});
    expect(elevatorTimeErrors({ ...ok, start_time: "7:30" })).toEqual({ start_time: [M.startTooEarly] });
    expect(elevatorTimeErrors({ ...ok, end_time: "08:45" })).toEqual({ end_time: [M.halfHourSteps] });
    expect(elevatorTimeErrors({ ...ok, end_time: "08:00" })).toEqual({ end_time: [M.endNotAfterStart] });
    expect(elevatorTimeErrors({ ...ok, reservation_date: "" })).toEqual({ reservation_date: [M.dateRequired] });
    expect(elevatorTimeSlots("start")[0]).toEqual({ value: "08:00", label: "8:00 AM" });
    expect(elevatorTimeSlots("end").at(-1)).toEqual({ value: "23:30", label: "11:30 PM" });
  });

  it("the reservation type form's messages", () => {
    const r = ReservationTypeWrite.safeParse({ name: "", short_name: " ", display_order: "", building_ids: [] });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      name: T.nameRequired,
      short_name: T.shortNameRequired,
      display_order: T.numberRequired,
      building_ids: T.buildingsRequired,
    });
    expect(
      ReservationTypeWrite.parse({ name: "A", short_name: "A", display_order: "1.5", building_ids: "2,1" }),
    ).toMatchObject({
      display_order: 1.5,
      building_ids: [2, 1],
    });
  });
});
