import { z } from "zod";
import { UserIdentity } from "./common.ts";
import { Role } from "./roles.ts";

export const Portfolio = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  employee_portal_name: z.string(),
});
export type Portfolio = z.infer<typeof Portfolio>;

export const Me = UserIdentity.extend({
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
