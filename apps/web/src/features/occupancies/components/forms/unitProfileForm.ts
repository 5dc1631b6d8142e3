/**
 * The unit-profile form's rules (document 1 section 5): the resident rows use the contract's
 * own schemas (NewOccupant, ExistingOccupant), so the browser says what the server would;
 * empty dates are sent as null and an empty phone is dropped; a new profile needs at least
 * one resident.
 */
import { z } from "zod";
import {
  ExistingOccupant,
  MESSAGES,
  NewOccupant,
  type Occupancy,
  type OccupancyCreate,
  type OccupancyPatch,
  type OccupantType,
  UNIT_PROFILE_MESSAGES as M,
  isValidDay,
} from "@portico/contract";

export interface NewResidentRow {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone_number: string;
  /** '' until chosen (required). */
  type: OccupantType | "";
  is_active: boolean;
  /** The server makes a placeholder e-mail and username. */
  no_email: boolean;
}

export interface ExistingResidentRow {
  username: string;
  type: OccupantType | "";
  is_active: boolean;
  /** How the chosen resident reads ('Jane Doe (jdoe)'); not sent. */
  label: string;
}

export interface UnitProfileFormValues {
  apartment_id: number | null;
  /** 'YYYY-MM-DD', '' (sent as null) or a half-typed date. */
  lease_start_date: string;
  lease_end_date: string;
  move_in_date: string;
  move_out_date: string;
  is_do_not_disturb: boolean;
  is_active: boolean;
  new_occupants: NewResidentRow[];
  new_occupants_by_username: ExistingResidentRow[];
}

export type UnitProfileFormMode = "create" | "edit";

export const DATE_FIELDS = ["lease_start_date", "lease_end_date", "move_in_date", "move_out_date"] as const;

export const emptyNewResident = (): NewResidentRow => ({
  first_name: "",
  last_name: "",
  email: "",
  username: "",
  phone_number: "",
  type: "",
  is_active: true,
  no_email: false,
});

export const emptyExistingResident = (): ExistingResidentRow => ({
  username: "",
  type: "",
  is_active: true,
  label: "",
});

export function emptyUnitProfileValues(apartmentId: number | null = null): UnitProfileFormValues {
  return {
    apartment_id: apartmentId,
    lease_start_date: "",
    lease_end_date: "",
    move_in_date: "",
    move_out_date: "",
    is_do_not_disturb: false,
    is_active: true,
    new_occupants: [],
    new_occupants_by_username: [],
  };
}

/** The form's values for an existing profile. */
export function occupancyToValues(o: Occupancy): UnitProfileFormValues {
  return {
    ...emptyUnitProfileValues(o.apartment_id),
    lease_start_date: o.lease_start_date ?? "",
    lease_end_date: o.lease_end_date ?? "",
    move_in_date: o.move_in_date ?? "",
    move_out_date: o.move_out_date ?? "",
    is_do_not_disturb: o.is_do_not_disturb,
    is_active: o.is_active,
  };
}

/** '' → null; a real day as is; anything else 'Invalid date'. */
const day = z
  .string()
  .refine((v) => v.trim() === "" || isValidDay(v.trim()), MESSAGES.invalidDate)
  .transform((v) => (v.trim() === "" ? null : v.trim()));

/** A new resident row: the no-email option leaves e-mail and username to the server. */
export const newResident = z.preprocess((raw) => {
  if (raw && typeof raw === "object" && (raw as NewResidentRow).no_email) {
    const { email: _e, username: _u, ...rest } = raw as NewResidentRow;
    return rest;
  }
  return raw;
}, NewOccupant);

export const existingResident = z.preprocess((raw) => {
  if (raw && typeof raw === "object") {
    const { label: _l, ...rest } = raw as ExistingResidentRow;
    return rest;
  }
  return raw;
}, ExistingOccupant);

export function unitProfileSchema(mode: UnitProfileFormMode) {
  return z
    .object({
      apartment_id: z
        .number({ error: M.fieldRequired })
        .int()
        .positive(M.fieldRequired)
        .nullable()
        .refine((v) => v !== null, M.fieldRequired),
      lease_start_date: day,
      lease_end_date: day,
      move_in_date: day,
      move_out_date: day,
      is_do_not_disturb: z.boolean(),
      is_active: z.boolean(),
      new_occupants: mode === "create" ? z.array(newResident) : z.array(z.unknown()),
      new_occupants_by_username: mode === "create" ? z.array(existingResident) : z.array(z.unknown()),
    })
    .superRefine(
      (v, ctx) => {
        const start = typeof v.lease_start_date === "string" ? v.lease_start_date.trim() : "";
        const end = typeof v.lease_end_date === "string" ? v.lease_end_date.trim() : "";
        if (isValidDay(start) && isValidDay(end) && end < start)
          ctx.addIssue({ code: "custom", path: ["lease_end_date"], message: M.leaseEndBeforeStart });
      },
      // Also when other fields failed, so that every problem shows at once.
      { when: () => true } as never,
    );
}

export type UnitProfileFormOutput = z.output<ReturnType<typeof unitProfileSchema>>;

/** How many residents the form would add. */
export const residentCount = (v: Pick<UnitProfileFormValues, "new_occupants" | "new_occupants_by_username">) =>
  v.new_occupants.length + v.new_occupants_by_username.length;

/** The unit, lease, dates and do-not-disturb: sent on create and on edit. */
const unitAndLease = (v: UnitProfileFormOutput) => ({
  apartment_id: v.apartment_id as number,
  lease_start_date: v.lease_start_date,
  lease_end_date: v.lease_end_date,
  move_in_date: v.move_in_date,
  move_out_date: v.move_out_date,
  is_do_not_disturb: v.is_do_not_disturb,
});

/** POST /core/occupancies/: the form's checked values as the API takes them. */
export function toCreatePayload(v: UnitProfileFormOutput): OccupancyCreate {
  return {
    ...unitAndLease(v),
    new_occupants: v.new_occupants as OccupancyCreate["new_occupants"],
    new_occupants_by_username: v.new_occupants_by_username as OccupancyCreate["new_occupants_by_username"],
  };
}

/** PATCH /core/occupancies/{id}/: the lease, dates and switches (residents are edited one by one). */
export function toPatchPayload(v: UnitProfileFormOutput): OccupancyPatch {
  return {
    ...unitAndLease(v),
    is_active: v.is_active,
  };
}

/** Rows with an error (client or server), per list: the rows to mark. */
export function rowsWithErrors(errors: unknown): number[] {
  if (!Array.isArray(errors)) return [];
  const out: number[] = [];
  errors.forEach((e, i) => {
    if (e && typeof e === "object" && Object.keys(e).length > 0) out.push(i);
  });
  return out;
}
