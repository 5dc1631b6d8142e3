import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import Provider, {
  errors,
  interactionPolicy,
  type Account,
  type BaseToken,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from "oidc-provider";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { loadSigningKeys } from "../../lib/signing-keys.ts";
import { createAdapter, revokeGrants } from "./adapter.ts";
import { portalName, sweep } from "./service.ts";
import { logoutPage, LOGOUT_SCRIPT, messagePage, pageHeaders } from "./views.ts";
import * as repo from "./repository.ts";

export const TTL = {
  AccessToken: 10 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 12 * 60 * 60,
  Interaction: 60 * 60,
  AuthorizationCode: 60,
  /** What one sign-in grants: a session's worth of re-authorisations, then 14 days of refreshing. */
  Grant: 14 * 24 * 60 * 60 + 12 * 60 * 60,
} as const;

/** The web app's dev server, allowed as a redirect target when NODE_ENV=development. */
export const DEV_ORIGIN = "http://localhost:5173";

/** The path the provider lives under, as the browser sees it (the issuer's path, e.g. /oidc). */
export function issuerPath(config: Config): string {
  return new URL(config.oidc.issuer).pathname.replace(/\/$/, "");
}

/**
 * The resource indicator of the API. oidc-provider needs an absolute URI; the access token's
 * `aud` is config.oidc.audience regardless.
 */
export function apiResource(config: Config): string {
  return URL.canParse(config.oidc.audience) && /^[a-z][a-z0-9+.-]*:\/\//i.test(config.oidc.audience)
    ? config.oidc.audience
    : `${config.publicUrl}/api/v1`;
}

export function clientUris(config: Config) {
  const dev = config.env === "development";
  return {
    redirect_uris: [`${config.publicUrl}/auth/callback`, ...(dev ? [`${DEV_ORIGIN}/auth/callback`] : [])],
    post_logout_redirect_uris: [`${config.publicUrl}/`, ...(dev ? [`${DEV_ORIGIN}/`] : [])],
  };
}

/** Cookie signing keys derived from the shared signing keys, so every instance agrees without a new secret. */
function cookieKeys(jwks: { d?: string }[]): string[] {
  return jwks
    .filter((k) => typeof k.d === "string")
    .map((k) =>
      Buffer.from(
        crypto.hkdfSync("sha256", Buffer.from(k.d as string, "base64url"), "portico", "oidc-cookies", 32),
      ).toString("base64url"),
    );
}

interface UserRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  is_active: boolean;
}

async function loadUser(db: Db, accountId: string): Promise<UserRow | undefined> {
  const id = Number(accountId);
  if (!Number.isSafeInteger(id)) return undefined;
  const u = await repo.accountById(db, id);
  return u?.is_active ? u : undefined;
}

const profileClaims = (u: UserRow) => ({
  preferred_username: u.username,
  email: u.email,
  given_name: u.first_name,
  family_name: u.last_name,
  role: u.role,
});

/** The built-in OpenID Connect provider (one first-party public client, JWT access tokens for the API). */
export async function createProvider(app: FastifyInstance): Promise<Provider> {
  const { config, db } = app;
  const { oidc } = config;
  const basePath = issuerPath(config);
  const resource = apiResource(config);
  // Oldest key first for cookies (every instance signs cookies alike); newest first for tokens.
  const signing = await loadSigningKeys(db);
  const jwks = signing.map((k) => k.jwk as Record<string, unknown>);
  const keys = cookieKeys([...signing].reverse().map((k) => k.jwk));
  const uris = clientUris(config);

  const policy = interactionPolicy.base();
  // A session whose account was disabled or deleted must sign in again.
  policy
    .get("login")
    ?.checks.push(
      new interactionPolicy.Check(
        "account_unavailable",
        "the signed-in account is no longer available",
        "login_required",
        (ctx) => Boolean(ctx.oidc.session.accountId && !ctx.oidc.account),
      ),
    );

  const configuration: Configuration = {
    adapter: createAdapter(db, () => sweep(db)),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: "Portico",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        scope: oidc.scope,
        ...uris,
      },
    ],
    responseTypes: ["code"],
    scopes: ["openid", "profile", "email", "offline_access"],
    claims: {
      openid: ["sub"],
      profile: ["preferred_username", "given_name", "family_name", "role"],
      email: ["email"],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      keys,
      long: { httpOnly: true, sameSite: "lax", path: basePath || "/" },
      short: { httpOnly: true, sameSite: "lax" },
    },
    jwks: { keys: jwks },
    ttl: {
      AccessToken: TTL.AccessToken,
      AuthorizationCode: TTL.AuthorizationCode,
      IdToken: TTL.IdToken,
      Interaction: TTL.Interaction,
      Session: TTL.Session,
      Grant: TTL.Grant,
      // Rotation keeps the first token's end (14 days after sign-in, not after each refresh),
      // and no refresh token outlives the grant it was issued under.
      RefreshToken: (ctx: KoaContextWithOIDC, token: BaseToken) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && !token.isSenderConstrained()) return rotated.remainingTTL;
        const grantExp = (ctx?.oidc?.entities.Grant as Grant | undefined)?.exp;
        const left = grantExp ? grantExp - Math.floor(Date.now() / 1000) : TTL.RefreshToken;
        return Math.max(1, Math.min(TTL.RefreshToken, left));
      },
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Access tokens are for the API only; the profile travels in the ID token.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) => oneOf ?? resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: oidc.scope,
            audience: oidc.audience,
            accessTokenTTL: TTL.AccessToken,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // No "Do you want to sign out?" page: post the logout form at once, ending the whole session.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const html = logoutPage({
            portal: await portalName(db),
            form: form.replace("</form>", '<input type="hidden" name="logout" value="yes"/></form>'),
          });
          for (const [k, v] of Object.entries(pageHeaders(LOGOUT_SCRIPT))) ctx.set(k, v);
          ctx.body = html;
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          const portal = await portalName(db);
          for (const [k, v] of Object.entries(pageHeaders())) ctx.set(k, v);
          ctx.body = messagePage({
            portal,
            title: "Signed out",
            message: "You have signed out.",
            portalUrl: `${config.publicUrl}/`,
          });
        },
      },
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((u) => new URL(u).origin === origin),
    interactions: {
      policy,
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx, sub): Promise<Account | undefined> => {
      const u = await loadUser(db, sub);
      if (!u) return undefined;
      return { accountId: String(u.id), claims: () => ({ sub: String(u.id), ...profileClaims(u) }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const u = await loadUser(db, token.accountId);
      return u ? profileClaims(u) : undefined;
    },
    // First-party client: the sign-in itself is the consent; grant what was asked, without a consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc: o } = ctx;
      const client = o.client;
      const accountId = o.session.accountId;
      if (!client || !accountId) return undefined;
      const grantId = o.result?.consent?.grantId || o.session.grantIdFor(client.clientId);
      let grant: Grant | undefined = grantId ? await provider.Grant.find(grantId) : undefined;
      if (grant?.accountId !== accountId) grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope([...o.requestParamOIDCScopes].join(" "));
      for (const [indicator, rs] of Object.entries(o.resourceServers)) {
        const scope = [...o.requestParamScopes].filter((s) => rs.scopes.has(s)).join(" ");
        if (scope) grant.addResourceScope(indicator, scope);
      }
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Refresh tokens live their 14 days past the 12-hour session; signing out revokes them (below).
    expiresWithSession: () => false,
    rotateRefreshToken: true,
    renderError: async (ctx, out) => {
      const portal = await portalName(db).catch(() => "Portico");
      for (const [k, v] of Object.entries(pageHeaders())) ctx.set(k, v);
      ctx.body = messagePage({
        portal,
        title: "Sign-in could not continue",
        message:
          out.error === "session_not_found" || out.error === "invalid_request"
            ? "This sign-in page has expired or is not valid. Go back to the portal and sign in again."
            : String(out.error_description || out.error),
        portalUrl: `${config.publicUrl}/`,
      });
    },
  };

  const provider = new Provider(oidc.issuer, configuration);
  provider.proxy = config.trustProxy;

  provider.on("server_error", (_ctx, err) => app.log.error({ err }, "identity provider error"));
  provider.on("error", (err) => app.log.error({ err }, "identity provider error"));

  // Every URL the provider writes (discovery, redirects, form actions) is on PUBLIC_URL's origin,
  // whatever Host or X-Forwarded-* header a request carries; cookies are Secure when it is https.
  const publicOrigin = new URL(oidc.issuer);
  const publicProtocol = publicOrigin.protocol.replace(/:$/, "");
  provider.use(async (ctx, next) => {
    Object.defineProperties(ctx.request, {
      host: { value: publicOrigin.host, configurable: true },
      hostname: { value: publicOrigin.hostname, configurable: true },
      protocol: { value: publicProtocol, configurable: true },
    });
    await next();
  });

  // Signing out ends the session AND revokes what was granted in it (refresh tokens outlive sessions).
  provider.use(async (ctx, next) => {
    await next();
    const o = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (o?.route === "end_session_confirm" && o.session?.destroyed) {
      const grantIds = Object.values(o.session.authorizations ?? {})
        .map((a) => a.grantId)
        .filter((g): g is string => typeof g === "string");
      await revokeGrants(db, grantIds);
    }
  });
  return provider;
}
