// PROVISIONAL: replaced by @portico/contract's lockouts once lc-api's contract is merged.
export interface LockoutPerson {
  id: number;
  first_name: string;
  last_name: string;
}
export interface Lockout {
  id: number;
  date_created: string;
  entered_by: LockoutPerson | null;
  instruction_id: number | null;
  occupancy_id: number;
  occupancy: { id: number; apartment_number: string } | null;
  occupant: LockoutPerson | null;
  guest_name?: string | null;
  photo_url: string | null;
}
export const LOCKOUT_TEXT = {
  created: "Lockout created, click to View all lockouts",
  deleted: "Lockout deleted!",
  noGuests: "There are currently no registered guests for this unit.",
  noOccupants: "This unit has no residents.",
} as const;
export const LOCKOUT_LIST_LIMIT = 30;
export const LOCKOUT_PROFILE_LIMIT = 4;
export const REGISTERED_GUEST_TYPE = /^registered guest$/i;
