import { z } from "zod";

/** Role codes of portal users. PT is the porter, AO the amenity-only user. */
export const ROLES = ["OF", "MG", "FD", "MT", "PT", "CA", "PO", "AO", "TN"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const ROLE_DISPLAY: Record<Role, string> = {
  OF: "Office",
  MG: "Manager",
  FD: "Front Desk",
  MT: "Maintenance",
  PT: "Porter",
  CA: "Club Admin",
  PO: "Property Owner",
  AO: "Amenity Only",
  TN: "Tenant",
};

/** Staff tier 1: full rights. */
export const TIER_1: readonly Role[] = ["OF", "MG"];
/** Staff tier 2: reduced rights. */
export const TIER_2: readonly Role[] = ["FD", "MT", "PT"];
/** Everyone who works the building day to day. */
export const STAFF: readonly Role[] = [...TIER_1, ...TIER_2];

export const isManagerLevel = (role: Role) => role === "MG" || role === "OF";
export const isStaff = (role: Role) => STAFF.includes(role);

/** Resident (occupant) types. */
export const OCCUPANT_TYPES = ["TN", "OC", "CH"] as const;
export const OccupantType = z.enum(OCCUPANT_TYPES);
export type OccupantType = z.infer<typeof OccupantType>;
export const OCCUPANT_TYPE_DISPLAY: Record<OccupantType, string> = {
  TN: "Tenant",
  OC: "Occupant",
  CH: "Child",
};
