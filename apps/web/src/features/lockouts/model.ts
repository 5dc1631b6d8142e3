/**
 * Lockouts on the web (document 2 sections 2, 4, 5, 9; document 1 section 2.4): the screens'
 * paths, the list page's URL ⇄ query and the drawer's requester rules.
 */
import {
  isValidDay,
  type Lockout,
  LOCKOUT_MESSAGES,
  type LockoutRequesterType,
  lockoutPerson,
  MESSAGES,
} from "@portico/contract";
import type { QueryParams } from "../../lib/api.ts";
import type { Paging } from "../../components/DataTable.tsx";
import { dateFilterErrors } from "../../components/listUrl.ts";

export const lockoutPaths = {
  list: (b: number) => `/${b}/lockouts`,
  create: (b: number, occupancyId?: number | null) =>
    `/${b}/lockouts/create${occupancyId ? `?occupancy=${occupancyId}` : ""}`,
  instruction: (b: number, instructionId: number) => `/${b}/front-desk/instructions/${instructionId}`,
  profile: (b: number, occupancyId: number) => `/${b}/manage/unit-profiles/${occupancyId}`,
} as const;

/** The list's filters, as they stand in the URL (document 2 section 2). */
export const LOCKOUT_FILTERS = ["from", "until", "apartment"] as const;
export type LockoutFilter = (typeof LOCKOUT_FILTERS)[number];
export const LOCKOUT_DATE_PAIRS = [["from", "until"]] as const;

export const lockoutFilterErrors = (values: Readonly<Record<string, string>>) =>
  dateFilterErrors(values, LOCKOUT_DATE_PAIRS, isValidDay);

/** GET /core/buildings/{b}/lockouts/ from the URL: from, until, occupancy__apartment, limit, offset. */
export function lockoutListQuery(params: URLSearchParams, paging: Paging): QueryParams {
  return {
    from: params.get("from") || undefined,
    until: params.get("until") || undefined,
    occupancy__apartment: params.get("apartment") || undefined,
    limit: paging.limit,
    offset: paging.offset,
  };
}

/** The spreadsheet's query (its apartment parameter is spelled occupancy_apartment). */
export function lockoutExportQuery(params: URLSearchParams): QueryParams {
  return {
    from: params.get("from") || undefined,
    until: params.get("until") || undefined,
    occupancy_apartment: params.get("apartment") || undefined,
  };
}

export interface LockoutDraft {
  occupancy: number | null;
  requesterType: LockoutRequesterType;
  occupant: number | null;
  instruction: number | null;
  photo: Blob | null;
}

export const emptyLockoutDraft = (occupancy: number | null = null): LockoutDraft => ({
  occupancy,
  requesterType: "resident",
  occupant: null,
  instruction: null,
  photo: null,
});

export type LockoutDraftErrors = Partial<Record<"occupancy" | "occupant" | "instruction" | "photo", string>>;

/**
 * What stops the drawer's form from being sent: a unit; a resident needs one of the unit's
 * occupants; a guest needs one of its unexpired registered guests (none: the spec's message).
 */
export function lockoutDraftErrors(d: LockoutDraft, known: { occupants: number; guests: number }): LockoutDraftErrors {
  const out: LockoutDraftErrors = {};
  if (d.occupancy === null) out.occupancy = MESSAGES.fieldRequired;
  else if (d.requesterType === "resident") {
    if (d.occupant === null)
      out.occupant = known.occupants === 0 ? LOCKOUT_MESSAGES.noResidents : MESSAGES.fieldRequired;
  } else if (known.guests === 0) out.instruction = LOCKOUT_MESSAGES.noRegisteredGuests;
  else if (d.instruction === null) out.instruction = MESSAGES.fieldRequired;
  return out;
}

/** "First Last" of a person, or ''. */
export const personName = (p: { first_name: string; last_name: string } | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";

/** The lockout's unit number. */
export const apartmentOf = (l: Lockout) => l.apartment_number;

/** Who asked: the resident, or the registered guest's name. */
export const requesterOf = (l: Lockout) => lockoutPerson(l);
