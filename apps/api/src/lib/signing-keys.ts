import crypto from "node:crypto";
import { desc } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import type { DbOrTx } from "../db/client.ts";
import { authKeys } from "../db/schema/index.ts";
import type { Config } from "../config.ts";

export interface SigningKey {
  kid: string;
  /** Private JWK (with kid, alg, use). */
  jwk: JWK;
}

/**
 * The built-in provider's signing keys, shared through the database so that every instance
 * signs and verifies with the same keys. Creates the first key on first start.
 */
export async function loadSigningKeys(db: DbOrTx): Promise<SigningKey[]> {
  let rows = await db.select().from(authKeys).orderBy(desc(authKeys.id));
  if (!rows.length) {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = crypto.randomUUID();
    await db
      .insert(authKeys)
      .values({ kid, jwk: { ...jwk, kid, alg: "RS256", use: "sig" } })
      .onConflictDoNothing();
    rows = await db.select().from(authKeys).orderBy(desc(authKeys.id));
  }
  return rows.map((r) => ({ kid: r.kid, jwk: r.jwk as JWK }));
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

/**
 * Signs an access token exactly as the built-in provider does (iss, aud, sub = user id).
 * Used by tests and tools; people get theirs through the sign-in flow.
 */
export async function signAccessToken(
  db: DbOrTx,
  config: Config,
  userId: number,
  opts: { expiresInSeconds?: number } = {},
): Promise<string> {
  const [key] = await loadSigningKeys(db);
  const pk = await importJWK(key.jwk, "RS256");
  return new SignJWT({ scope: "openid profile email", client_id: config.oidc.clientId })
    .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setSubject(String(userId))
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + (opts.expiresInSeconds ?? 600))
    .sign(pk);
}
