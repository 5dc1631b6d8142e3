import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Adapter, AdapterConstructor, AdapterPayload } from "oidc-provider";
import type { Db, DbOrTx } from "../../db/client.ts";
import { oidcPayloads } from "../../db/schema/index.ts";

const notExpired = () => or(isNull(oidcPayloads.expires_at), sql`${oidcPayloads.expires_at} > now()`);

/**
 * oidc-provider's storage: every model (sessions, interactions, grants, codes, tokens) as rows
 * of oidc_payloads, shared by every API instance. Works on PGlite and PostgreSQL alike.
 * Expired rows are invisible at once and deleted by `sweep` (see service.ts).
 */
export function createAdapter(db: Db, onWrite?: () => Promise<void>): AdapterConstructor {
  return class DbAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private async first(where: SQL | undefined): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumed_at: oidcPayloads.consumed_at })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), where, notExpired()))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        id,
        model: this.model,
        payload,
        grant_id: typeof payload.grantId === "string" ? payload.grantId : null,
        user_code: typeof payload.userCode === "string" ? payload.userCode : null,
        uid: typeof payload.uid === "string" ? payload.uid : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      // (model, id) has no unique constraint: serialise writers of one id with an advisory lock.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${this.model}:${id}`}, 0))`);
        await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
        await tx.insert(oidcPayloads).values(row);
      });
      await onWrite?.();
    }

    find(id: string) {
      return this.first(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.first(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.first(eq(oidcPayloads.user_code, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumed_at: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grant_id, grantId)));
    }
  };
}

/** Removes grants and everything issued under them (codes, refresh tokens, stored access tokens). */
export async function revokeGrants(db: DbOrTx, grantIds: string[]): Promise<void> {
  if (!grantIds.length) return;
  await db
    .delete(oidcPayloads)
    .where(
      or(
        inArray(oidcPayloads.grant_id, grantIds),
        and(eq(oidcPayloads.model, "Grant"), inArray(oidcPayloads.id, grantIds)),
      ),
    );
}

/** Signs an account out everywhere: its sessions, grants and tokens (after a password change). */
export async function revokeAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
}
