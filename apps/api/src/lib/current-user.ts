import { eq, sql } from "drizzle-orm";
import type { Role } from "@portico/contract";
import type { DbOrTx } from "../db/client.ts";
import { userBuildings, users } from "../db/schema/index.ts";
import { UnauthorizedError } from "./errors.ts";

/** The signed-in user of a request, as the permission rules need it. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  /** Buildings granted to the user (OF users reach every building regardless). */
  buildings: number[];
}

declare module "fastify" {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without signing in. */
    public?: boolean;
  }
}

/** The signed-in user of a call (a request or a service context); 401 without one. */
export function requireUser(actor: { user: CurrentUser | null }): CurrentUser {
  if (!actor.user) throw new UnauthorizedError();
  return actor.user;
}

/** The columns of an account as sign-in and the signed-in user read them. */
export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  role: users.role,
  is_active: users.is_active,
};

/** Loads a user with the ids of their buildings, in one query. */
export async function loadCurrentUser(
  db: DbOrTx,
  where: { id: number } | { username: string } | { email: string },
): Promise<CurrentUser | null> {
  const cond =
    "id" in where
      ? eq(users.id, where.id)
      : "username" in where
        ? sql`lower(${users.username}) = lower(${where.username})`
        : sql`lower(${users.email}) = lower(${where.email})`;
  const rows = await db
    .select({
      ...accountColumns,
      buildings: sql<
        number[]
      >`coalesce((select array_agg(${userBuildings.building_id} order by ${userBuildings.building_id}) from ${userBuildings} where ${userBuildings.user_id} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(cond)
    .limit(2);
  if (rows.length !== 1) return null;
  const r = rows[0];
  // Shared by the requests of a cached user: read-only.
  return Object.freeze({
    ...r,
    role: r.role as Role,
    buildings: Object.freeze((r.buildings ?? []).map(Number)) as number[],
  });
}
