import { MESSAGES } from "@portico/contract";
import type { Db, DbOrTx } from "../../db/client.ts";
import { DUMMY_HASH, hashPassword, passwordProblems, verifyPassword } from "../../lib/passwords.ts";
import { revokeAccount } from "./adapter.ts";
import * as repo from "./repository.ts";

/** Failed sign-ins allowed per username, and per client address, within the window. */
export const LOGIN_LIMITS = { windowMinutes: 15, perUsername: 5, perIp: 30 } as const;
export const PASSWORDS_DO_NOT_MATCH = "The passwords do not match";
const MAX_INPUT = 1024;

const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** The portal's name on the sign-in pages (the portfolio's employee_portal_name). */
export async function portalName(db: DbOrTx): Promise<string> {
  return (await repo.employeePortalName(db)) || "Portico";
}

/** True when this username or this address has used up its failed attempts. */
export async function isRateLimited(db: DbOrTx, username: string, ip: string): Promise<boolean> {
  const row = await repo.recentFailures(db, { user: userKey(username), ip: ipKey(ip) }, LOGIN_LIMITS.windowMinutes);
  return row.user >= LOGIN_LIMITS.perUsername || row.ip >= LOGIN_LIMITS.perIp;
}

async function recordFailure(db: DbOrTx, username: string, ip: string): Promise<void> {
  const keys = [ipKey(ip)];
  if (username.trim()) keys.push(userKey(username));
  await repo.insertFailures(db, keys);
}

export type CheckResult =
  { ok: true; userId: number } | { ok: false; message: typeof MESSAGES.invalidLogin | typeof MESSAGES.tooManyAttempts };

/**
 * Checks a username and password: rate limit first (a limited attempt is not even checked),
 * then argon2id (against a dummy hash for unknown accounts, so timing does not tell), then
 * the account's state. Every failure gives the same message and counts against the limits.
 */
export async function checkCredentials(
  db: DbOrTx,
  input: { username: string; password: string; ip: string },
): Promise<CheckResult> {
  const username = input.username.trim().slice(0, MAX_INPUT);
  const password = input.password.slice(0, MAX_INPUT);
  if (await isRateLimited(db, username, input.ip)) return { ok: false, message: MESSAGES.tooManyAttempts };
  const user = username ? await repo.loginAccount(db, username) : null;
  const valid = await verifyPassword(user?.password_hash || DUMMY_HASH, password);
  if (!user || !user.password_hash || !valid || !user.is_active || !password) {
    await recordFailure(db, username, input.ip);
    return { ok: false, message: MESSAGES.invalidLogin };
  }
  await repo.clearFailures(db, userKey(username));
  return { ok: true, userId: user.id };
}

/** A successful interactive sign-in. */
export async function signIn(db: Db, input: { username: string; password: string; ip: string }): Promise<CheckResult> {
  const result = await checkCredentials(db, input);
  if (result.ok) await repo.touchLastLogin(db, result.userId);
  return result;
}

export interface ChangePasswordInput {
  username: string;
  current_password: string;
  new_password: string;
  confirm_password: string;
  ip: string;
}
export type FieldErrors = Partial<
  Record<"username" | "current_password" | "new_password" | "confirm_password" | "non_field_errors", string[]>
>;

/**
 * The 'Change password' page: the new password must follow the employee password rules and
 * match its confirmation; the current one is checked like a sign-in (same limits, same message).
 * On success every session and token of the account ends.
 */
export async function changePassword(
  db: Db,
  input: ChangePasswordInput,
): Promise<{ ok: true } | { ok: false; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  if (!input.username.trim()) errors.username = [MESSAGES.fieldRequired];
  if (!input.current_password) errors.current_password = [MESSAGES.fieldRequired];
  if (!input.new_password) errors.new_password = [MESSAGES.fieldRequired];
  else if (input.new_password.length > MAX_INPUT) errors.new_password = ["Password is too long."];
  else {
    const problems = passwordProblems(input.new_password);
    if (problems.length) errors.new_password = problems;
  }
  if (!input.confirm_password) errors.confirm_password = [MESSAGES.fieldRequired];
  else if (input.new_password && input.confirm_password !== input.new_password)
    errors.confirm_password = [PASSWORDS_DO_NOT_MATCH];
  if (Object.keys(errors).length) return { ok: false, errors };

  const check = await checkCredentials(db, {
    username: input.username,
    password: input.current_password,
    ip: input.ip,
  });
  if (!check.ok) return { ok: false, errors: { non_field_errors: [check.message] } };
  const hash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, check.userId, hash);
    await revokeAccount(tx, String(check.userId));
  });
  return { ok: true };
}

let lastSweep = 0;
/** Deletes expired provider rows and old failed attempts; runs at most every 10 minutes per instance. */
export async function sweep(db: Db): Promise<void> {
  if (Date.now() - lastSweep < 10 * 60_000) return;
  lastSweep = Date.now();
  await repo.deleteExpired(db);
}
