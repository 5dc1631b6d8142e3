import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { loginAttempts, oidcPayloads, portfolios, users } from "../../db/schema/index.ts";
import { accountColumns } from "../../lib/current-user.ts";

/** The portfolio's employee portal name (null when there is no portfolio or no name). */
export async function employeePortalName(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ name: portfolios.employee_portal_name })
    .from(portfolios)
    .orderBy(portfolios.id)
    .limit(1);
  return row?.name || null;
}

/** Failed attempts of each key within the last `windowMinutes`. */
export async function recentFailures(
  db: DbOrTx,
  keys: { user: string; ip: string },
  windowMinutes: number,
): Promise<{ user: number; ip: number }> {
  const [row] = await db
    .select({
      user: sql<number>`count(*) filter (where ${loginAttempts.key} = ${keys.user})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${loginAttempts.key} = ${keys.ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.key, [keys.user, keys.ip]),
        gt(loginAttempts.date_created, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return { user: row?.user ?? 0, ip: row?.ip ?? 0 };
}

export async function insertFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.insert(loginAttempts).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** The sign-in fields of the account with this username (case-insensitive). */
export async function loginAccount(db: DbOrTx, username: string) {
  const [user] = await db
    .select({ id: users.id, password_hash: users.password_hash, is_active: users.is_active })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user ?? null;
}

export async function touchLastLogin(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ last_login: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: number, hash: string): Promise<void> {
  await db.update(users).set({ password_hash: hash }).where(eq(users.id, userId));
}

/** Deletes expired provider rows and failed attempts older than a day. */
export async function deleteExpired(db: DbOrTx): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expires_at, sql`now()`));
  await db.delete(loginAttempts).where(lt(loginAttempts.date_created, sql`now() - interval '1 day'`));
}

/** The claims of an account, by id (active or not). */
export async function accountById(db: DbOrTx, id: number) {
  const [u] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}
