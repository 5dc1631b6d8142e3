import type { Db } from "../client.ts";

export interface SeedOptions {
  log?: (message: string) => void;
  /** Cheaper password hashing, for test templates. */
  fast?: boolean;
}

/** Seeds the demo portfolio on first start (does nothing when a portfolio exists). */
export async function seedDemo(_db: Db, _opts: SeedOptions = {}): Promise<void> {}
