import { z } from "zod";
import { ROLES, Role } from "./roles.ts";
import { AccountHolder, Id, queryBool, UserIdentity } from "./common.ts";
import { MESSAGES } from "./messages.ts";

export const AppUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: Role,
  role_display: z.string(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  /** Ids of the buildings the user has been given access to. */
  buildings: z.array(z.number().int()),
});
export type AppUser = z.infer<typeof AppUser>;

export const Employee = z.object({
  id: z.number().int(),
  title: z.string(),
  department: z.string(),
  employment_start_date: z.string().nullable(),
  emergency_contact_info: z.string(),
  notes: z.string(),
  photo_url: z.string().nullable(),
  photo_url_thumbnail: z.string().nullable(),
  /** Buildings whose staff directory lists the employee. */
  directory_buildings: z.array(z.number().int()),
  /** Buildings whose tenant-portal contacts list the employee. */
  contact_buildings: z.array(z.number().int()),
  /** Listed in the directory of the `building` asked for (of any building without one). */
  is_shown_in_directory: z.boolean(),
  app_user: AppUser,
});
export type Employee = z.infer<typeof Employee>;

/** `app_user__role=FD` or `app_user__role=FD,MG`. */
export const RoleList = z.string().transform((value, ctx) => {
  const parts = value
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = parts.find((p) => !(ROLES as readonly string[]).includes(p));
  if (bad !== undefined) {
    ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(bad) });
    return z.NEVER;
  }
  return parts as Role[];
});

const DateOrInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "Invalid date")
  .refine((v) => !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime()), "Invalid date");

export const EMPLOYEE_ORDERING = [
  "last_name",
  "first_name",
  "username",
  "email",
  "title",
  "role",
  "last_login",
  "id",
] as const;

/** GET /core/employees/ — default limit 1000 (the most a page holds). */
export const EmployeeQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  building: Id.optional(),
  app_user__role: RoleList.optional(),
  app_user__user__is_active: queryBool.optional(),
  /** YYYY-MM-DD (start of that day in the building's time zone, UTC without a building) or an instant. */
  min_last_login_date: DateOrInstant.optional(),
  /** Name, username, email or title contains the term. */
  search: z.string().max(100).optional(),
  /** One of EMPLOYEE_ORDERING, '-' for descending; default last_name, first_name. */
  ordering: z.string().optional(),
});
export type EmployeeQuery = z.infer<typeof EmployeeQuery>;

export const EmployeeSimple = AccountHolder.extend({
  role: Role,
  is_active: z.boolean(),
  title: z.string(),
});
export type EmployeeSimple = z.infer<typeof EmployeeSimple>;

/** GET /core/employees/simple-list/ — default limit 2000 (the most a page holds). */
export const EmployeeSimpleQuery = z.object({
  limit: z.coerce.number().int().min(1).max(2000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  building: Id.optional(),
  app_user__role: RoleList.optional(),
  app_user__user__is_active: queryBool.optional(),
  search: z.string().max(100).optional(),
});
export type EmployeeSimpleQuery = z.infer<typeof EmployeeSimpleQuery>;

/**
 * GET /core/global-users/ row. A resident's email and phone number are given only to
 * manager-level callers (others get empty strings), as tier 2 staff may not view resident e-mails.
 */
export const GlobalUser = UserIdentity.pick({
  id: true,
  username: true,
  first_name: true,
  last_name: true,
  email: true,
}).extend({
  phone_number: z.string(),
  role: Role,
  is_active: z.boolean(),
});
export type GlobalUser = z.infer<typeof GlobalUser>;

/** GET /core/global-users/ — default limit 10. */
export const GlobalUserQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  role: Role.optional(),
  /** Name, "first last", username or email contains the term. */
  search: z.string().max(100).optional(),
});
export type GlobalUserQuery = z.infer<typeof GlobalUserQuery>;
