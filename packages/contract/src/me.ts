import { z } from "zod";
import { Role } from "./roles.ts";

export const Portfolio = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  employee_portal_name: z.string(),
});
export type Portfolio = z.infer<typeof Portfolio>;

export const Me = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: Role,
  role_display: z.string(),
  portfolio: Portfolio,
  buildings: z.array(z.object({ id: z.number().int(), address: z.string(), name: z.string() })),
  tenant_site_url: z.string().nullable(),
  change_password_url: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

/** Public sign-in configuration the web app reads before it signs in. */
export const AuthConfig = z.object({
  issuer: z.string(),
  client_id: z.string(),
  scope: z.string(),
  audience: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;
