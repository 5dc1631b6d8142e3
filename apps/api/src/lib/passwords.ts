import { hash, verify, type Algorithm } from "@node-rs/argon2";

/** Algorithm.Argon2id (a const enum, which isolatedModules cannot read at run time). */
const ARGON2ID = 2 as Algorithm.Argon2id;

/** OWASP-recommended argon2id parameters; `fast` is for test fixtures only. */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const FAST = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string, opts: { fast?: boolean } = {}): Promise<string> {
  return hash(password, opts.fast ? FAST : PARAMS);
}

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0nBD6hxVb0xqzKFX4UvITF8RKdJJq+Y4hPF2IM2KnSw";

/** Employee and account password rules (document 3 section 5). */
export function passwordProblems(password: string): string[] {
  const out: string[] = [];
  if (password.length < 8) out.push("Password must be at least 8 characters.");
  if (!/[A-Z]/.test(password)) out.push("Password must contain an uppercase letter.");
  if (!/[a-z]/.test(password)) out.push("Password must contain a lowercase letter.");
  if (!/[0-9]/.test(password)) out.push("Password must contain a number.");
  if (!/[!@#$%^&*?]/.test(password)) out.push("Password must contain one of !@#$%^&*?");
  return out;
}
