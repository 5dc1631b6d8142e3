import { describe, expect, it } from "vitest";
import {
  CONTRACTOR_MESSAGES,
  ContractorNoteWrite,
  ContractorVisitListQuery,
  ContractorVisitWrite,
  isRegisteredGuest,
  LOCKOUT_MESSAGES,
  LockoutDelete,
  LockoutDeleteForm,
  LockoutListQuery,
  lockoutPerson,
  LockoutWrite,
  MESSAGES,
} from "./index.ts";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("lockouts", () => {
  it("the spec's messages, word for word", () => {
    expect(LOCKOUT_MESSAGES.noRegisteredGuests).toBe("There are currently no registered guests for this unit.");
    expect(LOCKOUT_MESSAGES.created).toBe("Lockout created, click to View all lockouts");
    expect(LOCKOUT_MESSAGES.deleted).toBe("Lockout deleted!");
    expect(MESSAGES.fileTooLarge).toBe("File Too Large, please select a file under 48 MB");
  });

  it("the form: resident by default, requesterType accepted, ids from form text", () => {
    expect(LockoutWrite.parse({})).toEqual({ requester_type: "resident" });
    expect(LockoutWrite.parse({ requesterType: "guest", instruction_id: "12", occupant_id: "" })).toEqual({
      requester_type: "guest",
      instruction_id: 12,
    });
    expect(LockoutWrite.safeParse({ requester_type: "visitor" }).success).toBe(false);
  });

  it("delete: a reason is required (trimmed); `reason` is accepted too", () => {
    expect(LockoutDelete.parse({ delete_reason: " Twice " })).toEqual({ delete_reason: "Twice" });
    expect(LockoutDelete.parse({ reason: "Mistake" })).toEqual({ delete_reason: "Mistake" });
    expect(issues(LockoutDelete.safeParse({ delete_reason: "  " }))).toEqual([
      ["delete_reason", LOCKOUT_MESSAGES.reasonRequired],
    ]);
    expect(issues(LockoutDeleteForm.safeParse({ delete_reason: "" }))).toEqual([
      ["delete_reason", LOCKOUT_MESSAGES.reasonRequired],
    ]);
  });

  it("a registered guest: started, not ended, neither food delivery nor security", () => {
    const base = {
      start_date: "2026-11-20",
      expiration_date: "2026-11-27",
      is_manually_expired: false,
      is_food_delivery: false,
      instruction_type: { is_security: false },
    };
    expect(isRegisteredGuest(base, "2026-11-27")).toBe(true);
    expect(isRegisteredGuest(base, "2026-11-28")).toBe(false);
    expect(isRegisteredGuest(base, "2026-11-19")).toBe(false);
    expect(isRegisteredGuest({ ...base, expiration_date: null }, "2027-01-01")).toBe(true);
    expect(isRegisteredGuest({ ...base, is_manually_expired: true }, "2026-11-21")).toBe(false);
    expect(isRegisteredGuest({ ...base, is_food_delivery: true }, "2026-11-21")).toBe(false);
    expect(isRegisteredGuest({ ...base, instruction_type: { is_security: true } }, "2026-11-21")).toBe(false);
  });

  it("the list's dates must be days in order; the person is the guest's or the occupant's name", () => {
    expect(issues(LockoutListQuery.safeParse({ from: "2026-11-10", until: "2026-11-09" }))).toEqual([
      ["until", MESSAGES.endBeforeStart],
    ]);
    expect(LockoutListQuery.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(lockoutPerson({ occupant: { id: 1, first_name: "Ann", last_name: "Lee" }, guest: null })).toBe("Ann Lee");
    expect(
      lockoutPerson({ occupant: null, guest: { instruction_id: 2, name: "Gina", instruction_type_name: "Guest" } }),
    ).toBe("Gina");
  });
});

describe("contractors", () => {
  it("the spec's messages, word for word", () => {
    expect(CONTRACTOR_MESSAGES.logged).toBe("Contractor visit logged");
    expect(CONTRACTOR_MESSAGES.closed).toBe("Contractor visit closed");
    expect(CONTRACTOR_MESSAGES.exited("3:05 PM")).toBe("Exited 3:05 PM");
    expect(CONTRACTOR_MESSAGES.noteRequired).toBe("Please enter a note");
  });

  it("a visit names a company of the list or a typed one, and the contractor", () => {
    expect(ContractorVisitWrite.parse({ building: "1", contractor_type_id: "3", name: " Joe " })).toEqual({
      building: 1,
      contractor_type_id: 3,
      name: "Joe",
    });
    expect(ContractorVisitWrite.parse({ building: 1, company_name: " New Co ", name: "Joe" }).company_name).toBe(
      "New Co",
    );
    expect(issues(ContractorVisitWrite.safeParse({ building: 1, company_name: " ", name: "Joe" }))).toEqual([
      ["company_name", CONTRACTOR_MESSAGES.companyRequired],
    ]);
  });

  it("a note needs text; list filters", () => {
    expect(issues(ContractorNoteWrite.safeParse({ text: " ", contractor_visit_id: 1 }))).toEqual([
      ["text", CONTRACTOR_MESSAGES.noteRequired],
    ]);
    expect(ContractorVisitListQuery.parse({ in_building: "true", contractor_type_id: "2" })).toEqual({
      in_building: true,
      contractor_type_id: 2,
    });
  });
});
