import fp from "fastify-plugin";
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { MESSAGES } from "@portico/contract";
import { ChangeFeed, topics } from "../lib/change-feed.ts";
import { type CurrentUser, loadCurrentUser } from "../lib/current-user.ts";
import { UnauthorizedError } from "../lib/errors.ts";
import { loadSigningKeys, publicJwk } from "../lib/signing-keys.ts";

/**
 * Verifies the bearer JWT of every /api/v1 call (except routes with `config.public`) against
 * the issuer's keys and loads the user. Built-in provider: the keys in the database.
 * External provider: the issuer's JWKS, users matched by the username claim, then by email.
 * A disabled account is refused at once, whatever its token says: the user is cached only until
 * a change of their account or grants (the change feed); a token's signature is verified once a
 * minute, its expiry on every call.
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

export default fp(async (app) => {
  const { oidc } = app.config;
  let getKey: JWTVerifyGetKey;
  if (oidc.builtIn) {
    let keys = createLocalJWKSet({ keys: (await loadSigningKeys(app.db)).map((k) => publicJwk(k.jwk)) });
    let loadedAt = Date.now();
    getKey = async (header, token) => {
      try {
        return await keys(header, token);
      } catch (err) {
        // A key added by another instance: reload (at most every 10 s).
        if (Date.now() - loadedAt < 10_000) throw err;
        keys = createLocalJWKSet({ keys: (await loadSigningKeys(app.db)).map((k) => publicJwk(k.jwk)) });
        loadedAt = Date.now();
        return keys(header, token);
      }
    };
  } else {
    let remote: JWTVerifyGetKey | null = null;
    getKey = async (header, token) => {
      if (!remote) {
        const res = await fetch(`${oidc.issuer}/.well-known/openid-configuration`);
        if (!res.ok) throw new Error(`OIDC discovery failed: ${res.status}`);
        const meta = (await res.json()) as { jwks_uri: string };
        remote = createRemoteJWKSet(new URL(meta.jwks_uri));
      }
      return remote(header, token);
    };
  }

  // A token's signature is checked once: the same token (every call of a signed-in page) is then
  // known for VERIFIED_TTL_MS, never past its own expiry.
  const verified = new Map<string, { payload: Record<string, unknown>; until: number }>();
  const remember = (token: string, payload: Record<string, unknown>) => {
    const exp = typeof payload.exp === "number" ? payload.exp * 1000 : 0;
    const until = Math.min(exp, Date.now() + VERIFIED_TTL_MS);
    if (until <= Date.now()) return;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { payload, until });
  };

  // The signed-in user, cached until a change of their account or grants (see lib/change-feed.ts).
  // (An app without the change feed, a bare test app, never caches: its feed never listens.)
  const feed = app.hasDecorator("changes") ? app.changes : new ChangeFeed();
  const users = feed.cache<CurrentUser | null>("current-user");
  const byLogin = (field: "username" | "email", name: string): Promise<CurrentUser | null> => {
    const load = () => loadCurrentUser(app.db, field === "username" ? { username: name } : { email: name });
    // Lower-cased here as PostgreSQL does, which holds for ASCII names only.
    if (!/^[\x20-\x7e]+$/.test(name)) return load();
    const login = topics.login(name);
    return users.get(`${field}:${name.toLowerCase()}`, (u) => (u ? [login, topics.user(u.id)] : [login]), load);
  };

  app.addHook("onRequest", async (req) => {
    if (req.routeOptions.config?.public) return;
    const header = req.headers.authorization ?? "";
    const m = header.match(/^(?:Bearer|Token|JWT)\s+(\S+)$/i);
    if (!m) throw new UnauthorizedError();
    let payload: Record<string, unknown>;
    const known = verified.get(m[1]);
    if (known && known.until > Date.now()) {
      payload = known.payload;
    } else {
      try {
        ({ payload } = await jwtVerify(m[1], getKey, { issuer: oidc.issuer, audience: oidc.audience }));
      } catch {
        throw new UnauthorizedError(MESSAGES.invalidToken);
      }
      remember(m[1], payload);
    }
    let user: CurrentUser | null = null;
    if (oidc.builtIn) {
      const id = Number(payload.sub);
      if (Number.isInteger(id))
        user = await users.get(`id:${id}`, [topics.user(id)], () => loadCurrentUser(app.db, { id }));
    } else {
      const username = payload[oidc.usernameClaim];
      if (typeof username === "string" && username) user = await byLogin("username", username);
      if (!user && typeof payload.email === "string" && payload.email) user = await byLogin("email", payload.email);
    }
    if (!user || !user.is_active) throw new UnauthorizedError(MESSAGES.invalidToken);
    req.user = user;
  });
});
