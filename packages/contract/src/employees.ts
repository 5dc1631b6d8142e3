import { z } from "zod";
import { Role } from "./roles.ts";
import { PageQuery, queryBool } from "./common.ts";

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
  buildings: z.array(z.number().int()),
});

export const Employee = z.object({
  id: z.number().int(),
  title: z.string(),
  department: z.string(),
  employment_start_date: z.string().nullable(),
  emergency_contact_info: z.string(),
  notes: z.string(),
  photo_url: z.string().nullable(),
  photo_url_thumbnail: z.string().nullable(),
  is_shown_in_directory: z.boolean(),
  app_user: AppUser,
});
export type Employee = z.infer<typeof Employee>;

export const EmployeeQuery = PageQuery.extend({
  building: z.coerce.number().int().optional(),
  app_user__role: z.string().optional(),
  app_user__user__is_active: queryBool.optional(),
  min_last_login_date: z.string().optional(),
  search: z.string().optional(),
  ordering: z.string().optional(),
});

export const EmployeeSimple = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  role: Role,
});

export const GlobalUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: Role,
  is_active: z.boolean(),
});
export const GlobalUserQuery = PageQuery.extend({ role: Role.optional(), search: z.string().optional() });
