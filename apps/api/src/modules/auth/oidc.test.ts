import Fastify from "fastify";
import { desc, eq } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildApp } from "../../app.ts";
import { loginAttempts, oidcPayloads, users } from "../../db/schema/index.ts";
import { loadSigningKeys, publicJwk } from "../../lib/signing-keys.ts";
import { requireUser } from "../../lib/current-user.ts";
import authPlugin from "../../plugins/auth.ts";
import errorsPlugin from "../../plugins/errors.ts";
import {
  authorize,
  exchangeCode,
  follow,
  get,
  Jar,
  makeUser,
  ORIGIN,
  PASSWORD,
  post,
  REDIRECT_URI,
  setActive,
  signInFlow,
} from "./test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const errorText = (html: string) => html.match(/role="alert"[^>]*>([^<]*)</)?.[1];

/** plugins/auth.ts, unchanged, in a small app with one protected route. */
async function protectedProbe(token: string) {
  const probe = Fastify();
  probe.decorate("config", t.config);
  probe.decorate("db", t.db);
  probe.decorateRequest("user", null);
  await probe.register(errorsPlugin);
  await probe.register(authPlugin);
  probe.get("/probe", async (req) => ({ id: requireUser(req).id }));
  const res = await probe.inject({ method: "GET", url: "/probe", headers: { authorization: `Bearer ${token}` } });
  await probe.close();
  return res;
}

describe("built-in identity provider", () => {
  it("publishes its discovery document and keys under /oidc", async () => {
    const res = await get(t, "/oidc/.well-known/openid-configuration");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(t.config.oidc.issuer);
    expect(doc.issuer).toBe(`${ORIGIN}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${ORIGIN}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${ORIGIN}/oidc/token`);
    expect(doc.end_session_endpoint).toBe(`${ORIGIN}/oidc/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(["S256"]);
    expect(doc.response_types_supported).toEqual(["code"]);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "offline_access"]));

    const jwks = (await get(t, doc.jwks_uri)).json();
    const [key] = await loadSigningKeys(t.db);
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(key.kid);
    expect(jwks.keys.every((k: Record<string, unknown>) => !("d" in k))).toBe(true);
  });

  it("signs in with authorization code + PKCE and issues a JWT access token the API accepts", async () => {
    const user = await makeUser(t, { role: "MG" });
    const flow = await signInFlow(t, user.username);

    // The sign-in page
    expect(flow.page.statusCode).toBe(200);
    expect(flow.page.headers["content-type"]).toMatch(/text\/html/);
    const html = flow.page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<main");
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<label for="username">Username<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).toContain("Portico");
    expect(flow.page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");

    // Back to the client with a code
    expect(flow.callback?.origin + (flow.callback?.pathname ?? "")).toBe(REDIRECT_URI);
    expect(flow.callback?.searchParams.get("state")).toBe("st4te");
    expect(flow.tokenRes?.statusCode).toBe(200);
    const tokens = flow.tokens!;
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(600);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();

    // The access token: a JWT for the API, signed with the shared keys
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe("at+jwt");
    const keys = createLocalJWKSet({ keys: (await loadSigningKeys(t.db)).map((k) => publicJwk(k.jwk)) });
    const { payload } = await jwtVerify(tokens.access_token, keys, {
      issuer: t.config.oidc.issuer,
      audience: t.config.oidc.audience,
    });
    expect(payload.sub).toBe(String(user.id));
    expect(payload.client_id).toBe("portico-web");
    expect(payload).toMatchObject({
      preferred_username: user.username,
      email: `${user.username}@example.test`,
      given_name: "Ada",
      family_name: "Lovelace",
      role: "MG",
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);

    // The ID token carries the profile too (the client does not need a userinfo call)
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      sub: String(user.id),
      aud: "portico-web",
      nonce: "n0nce",
      preferred_username: user.username,
      role: "MG",
    });
    expect((id.exp ?? 0) - (id.iat ?? 0)).toBe(3600);

    // plugins/auth.ts accepts it on a protected route
    const probe = await protectedProbe(tokens.access_token);
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ id: user.id });
    expect((await protectedProbe("not-a-token")).statusCode).toBe(401);
    // …and so does the real app, on its protected /api/v1/me/
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/me/",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: user.username });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me/" })).statusCode).toBe(401);

    // A success records the sign-in
    const [row] = await t.db.select({ last_login: users.last_login }).from(users).where(eq(users.id, user.id));
    expect(row.last_login).toBeInstanceOf(Date);
  });

  it("works across instances sharing the database (cookies, keys and storage agree)", async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const b: TestApp = { ...t, app: other };
      const user = await makeUser(t);
      const jar = new Jar();
      const { res, verifier } = await authorize(t, jar);
      const loginUrl = String(res.headers.location);
      expect((await get(b, loginUrl, jar)).statusCode).toBe(200);
      const submitted = await post(b, loginUrl, { username: user.username, password: PASSWORD }, jar);
      expect(submitted.statusCode).toBe(303);
      const callback = new URL(await follow(t, submitted, jar));
      const tokens = (await exchangeCode(b, callback.searchParams.get("code")!, verifier)).json();
      expect(tokens.access_token).toBeTruthy();
      const refreshed = await post(t, "/oidc/token", {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: "portico-web",
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("signs in again without a page while the provider session lasts", async () => {
    const user = await makeUser(t);
    const first = await signInFlow(t, user.username);
    const { res, verifier } = await authorize(t, first.jar);
    const callback = new URL(await follow(t, res, first.jar));
    expect(callback.pathname).toBe("/auth/callback");
    const token = await exchangeCode(t, callback.searchParams.get("code")!, verifier);
    expect(token.statusCode).toBe(200);
  });

  it("refuses a code exchange without the right PKCE verifier", async () => {
    const user = await makeUser(t);
    const jar = new Jar();
    const { res } = await authorize(t, jar);
    const loginUrl = String(res.headers.location);
    await get(t, loginUrl, jar);
    const submitted = await post(t, loginUrl, { username: user.username, password: PASSWORD }, jar);
    const callback = new URL(await follow(t, submitted, jar));
    const bad = await exchangeCode(t, callback.searchParams.get("code")!, "x".repeat(43));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid_grant");
  });

  it("requires PKCE on the authorization request", async () => {
    const jar = new Jar();
    const q = new URLSearchParams({
      client_id: "portico-web",
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid",
      state: "s",
    });
    const res = await get(t, `/oidc/auth?${q}`, jar);
    expect(res.statusCode).toBe(303);
    const loc = new URL(String(res.headers.location));
    expect(loc.searchParams.get("error")).toBe("invalid_request");
  });

  it("refreshes: a new access token and a rotated refresh token", async () => {
    const user = await makeUser(t);
    const { tokens } = await signInFlow(t, user.username);
    const [rt] = await t.db
      .select({ expires_at: oidcPayloads.expires_at })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, "RefreshToken"))
      .orderBy(desc(oidcPayloads.expires_at))
      .limit(1);
    const days = (rt.expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    const res = await post(t, "/oidc/token", {
      grant_type: "refresh_token",
      refresh_token: tokens!.refresh_token,
      client_id: "portico-web",
    });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.access_token).toBeTruthy();
    expect(next.access_token).not.toBe(tokens!.access_token);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens!.refresh_token);
    expect(decodeJwt(next.access_token)).toMatchObject({ sub: String(user.id), aud: "portico-api" });
    expect((await protectedProbe(next.access_token)).statusCode).toBe(200);

    // The old refresh token is spent
    const again = await post(t, "/oidc/token", {
      grant_type: "refresh_token",
      refresh_token: tokens!.refresh_token,
      client_id: "portico-web",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_grant");
  });

  it("gives the same message for a wrong password and an unknown user, and keeps the username", async () => {
    const user = await makeUser(t);
    const wrong = await signInFlow(t, user.username, "Wrong!pass1");
    const unknown = await signInFlow(t, "nobody-here", PASSWORD);
    for (const r of [wrong, unknown]) {
      expect(r.submitted.statusCode).toBe(401);
      expect(errorText(r.submitted.body)).toBe(MESSAGES.invalidLogin);
    }
    expect(wrong.submitted.body).toContain(`value="${user.username}"`);
    expect(unknown.submitted.body).toContain('value="nobody-here"');
  });

  it("refuses a disabled account with the same message, even with the right password", async () => {
    const user = await makeUser(t, { is_active: false });
    const r = await signInFlow(t, user.username);
    expect(r.submitted.statusCode).toBe(401);
    expect(errorText(r.submitted.body)).toBe(MESSAGES.invalidLogin);
  });

  it("asks a disabled account to sign in again and refuses its refresh token", async () => {
    const user = await makeUser(t);
    const first = await signInFlow(t, user.username);
    await setActive(t, user.id, false);
    const refresh = await post(t, "/oidc/token", {
      grant_type: "refresh_token",
      refresh_token: first.tokens!.refresh_token,
      client_id: "portico-web",
    });
    expect(refresh.statusCode).toBe(400);
    const { res } = await authorize(t, first.jar);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/\/oidc\/interaction\//);
  });

  it("limits failed attempts per username: the 6th is refused even with the right password", async () => {
    const user = await makeUser(t);
    const jar = new Jar();
    const { res } = await authorize(t, jar);
    const loginUrl = String(res.headers.location);
    await get(t, loginUrl, jar);
    for (let i = 0; i < 5; i++) {
      const r = await post(t, loginUrl, { username: user.username, password: `Wrong!${i}aA` }, jar);
      expect(errorText(r.body)).toBe(MESSAGES.invalidLogin);
    }
    const sixth = await post(t, loginUrl, { username: user.username.toUpperCase(), password: PASSWORD }, jar);
    expect(sixth.statusCode).toBe(429);
    expect(errorText(sixth.body)).toBe(MESSAGES.tooManyAttempts);

    // After the window, the right password works again and clears the failures.
    await t.db
      .update(loginAttempts)
      .set({ date_created: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.key, `user:${user.username.toLowerCase()}`));
    const ok = await post(t, loginUrl, { username: user.username, password: PASSWORD }, jar);
    expect(ok.statusCode).toBe(303);
    const left = await t.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `user:${user.username.toLowerCase()}`));
    expect(left).toHaveLength(0);
  });

  it("limits failed attempts per client address", async () => {
    const jar = new Jar();
    const { res } = await authorize(t, jar);
    const loginUrl = String(res.headers.location);
    await t.db.insert(loginAttempts).values(Array.from({ length: 30 }, () => ({ key: "ip:127.0.0.1" })));
    const user = await makeUser(t);
    const r = await post(t, loginUrl, { username: user.username, password: PASSWORD }, jar);
    expect(errorText(r.body)).toBe(MESSAGES.tooManyAttempts);
    await t.db.delete(loginAttempts).where(eq(loginAttempts.key, "ip:127.0.0.1"));
  });

  it("lets users of every role sign in", async () => {
    for (const role of ["OF", "TN", "PO", "CA"]) {
      const user = await makeUser(t, { role });
      const { tokens } = await signInFlow(t, user.username);
      expect(decodeJwt(tokens!.access_token).role).toBe(role);
    }
  });

  it("shows an expired page for an unknown or foreign interaction", async () => {
    const res = await get(t, "/oidc/interaction/not-a-real-uid");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("expired");
    const posted = await post(t, "/oidc/interaction/not-a-real-uid", { username: "x", password: "y" });
    expect(posted.statusCode).toBe(400);
  });

  it("signs out without a confirm page and returns to the post-logout URI", async () => {
    const user = await makeUser(t);
    const { tokens, jar } = await signInFlow(t, user.username);
    const q = new URLSearchParams({
      id_token_hint: tokens!.id_token,
      post_logout_redirect_uri: `${ORIGIN}/`,
      state: "bye",
    });
    const page = await get(t, `/oidc/session/end?${q}`, jar);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/Do you want to sign-out/i);
    expect(page.body).toContain('id="op.logoutForm"');
    expect(page.body).toContain('name="logout" value="yes"');
    expect(page.body).toContain('document.getElementById("op.logoutForm").submit()');
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'sha256-/);

    // What the page's script does at once:
    const action = page.body.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)![1];
    const xsrf = page.body.match(/name="xsrf" value="([^"]+)"/)![1];
    const done = await post(t, action, { xsrf, logout: "yes" }, jar);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${ORIGIN}/?state=bye`);

    // The provider session is over, and so are the refresh tokens it granted.
    const { res } = await authorize(t, jar);
    expect(String(res.headers.location)).toMatch(/\/oidc\/interaction\//);
    const refresh = await post(t, "/oidc/token", {
      grant_type: "refresh_token",
      refresh_token: tokens!.refresh_token,
      client_id: "portico-web",
    });
    expect(refresh.statusCode).toBe(400);
  });

  it("refuses a post-logout URI that is not registered", async () => {
    const user = await makeUser(t);
    const { tokens, jar } = await signInFlow(t, user.username);
    const q = new URLSearchParams({
      id_token_hint: tokens!.id_token,
      post_logout_redirect_uri: "https://evil.example/",
    });
    const page = await get(t, `/oidc/session/end?${q}`, jar);
    expect(page.statusCode).toBe(400);
  });
});

describe("change password page", () => {
  const form = async (jar: Jar) => {
    const page = await get(t, "/oidc/password", jar);
    expect(page.statusCode).toBe(200);
    return { page, csrf: page.body.match(/name="csrf" value="([^"]+)"/)![1] };
  };

  it("renders an accessible form", async () => {
    const { page } = await form(new Jar());
    expect(page.body).toMatch(/<h1[^>]*>Change password<\/h1>/);
    for (const [id, label] of [
      ["username", "Username"],
      ["current_password", "Current password"],
      ["new_password", "New password"],
      ["confirm_password", "Confirm new password"],
    ])
      expect(page.body).toContain(`<label for="${id}">${label}</label>`);
    expect(page.body).toContain(`href="${ORIGIN}/"`);
  });

  it("enforces the rules, then changes the password", async () => {
    const user = await makeUser(t);
    const jar = new Jar();
    const { csrf } = await form(jar);
    const base = { csrf, username: user.username, current_password: PASSWORD };

    const mismatch = await post(
      t,
      "/oidc/password",
      { ...base, new_password: "Newpass!2", confirm_password: "Newpass!3" },
      jar,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("The passwords do not match");

    const weak = await post(t, "/oidc/password", { ...base, new_password: "short", confirm_password: "short" }, jar);
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("Password must be at least 8 characters.");
    expect(weak.body).toContain("Password must contain an uppercase letter.");
    expect(weak.body).toContain("Password must contain a number.");

    const wrong = await post(
      t,
      "/oidc/password",
      { ...base, current_password: "Wrong!pass1", new_password: "Newpass!2", confirm_password: "Newpass!2" },
      jar,
    );
    expect(wrong.statusCode).toBe(401);
    expect(errorText(wrong.body)).toBe(MESSAGES.invalidLogin);

    const noCsrf = await post(
      t,
      "/oidc/password",
      { ...base, csrf: "x", new_password: "Newpass!2", confirm_password: "Newpass!2" },
      jar,
    );
    expect(noCsrf.statusCode).toBe(403);

    const ok = await post(
      t,
      "/oidc/password",
      { ...base, new_password: "Newpass!2", confirm_password: "Newpass!2" },
      jar,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Your password has been changed.");
    expect(ok.body).toContain(`href="${ORIGIN}/"`);

    expect((await signInFlow(t, user.username, PASSWORD)).submitted.statusCode).toBe(401);
    expect((await signInFlow(t, user.username, "Newpass!2")).tokenRes?.statusCode).toBe(200);
  });

  it("ends the account's sessions and refresh tokens", async () => {
    const user = await makeUser(t);
    const { tokens } = await signInFlow(t, user.username);
    const jar = new Jar();
    const { csrf } = await form(jar);
    const ok = await post(
      t,
      "/oidc/password",
      {
        csrf,
        username: user.username,
        current_password: PASSWORD,
        new_password: "Other!pw9",
        confirm_password: "Other!pw9",
      },
      jar,
    );
    expect(ok.statusCode).toBe(200);
    const refresh = await post(t, "/oidc/token", {
      grant_type: "refresh_token",
      refresh_token: tokens!.refresh_token,
      client_id: "portico-web",
    });
    expect(refresh.statusCode).toBe(400);
  });

  it("is rate limited like the sign-in", async () => {
    const user = await makeUser(t);
    const jar = new Jar();
    const { csrf } = await form(jar);
    const attempt = (current_password: string) =>
      post(
        t,
        "/oidc/password",
        { csrf, username: user.username, current_password, new_password: "Newpass!2", confirm_password: "Newpass!2" },
        jar,
      );
    for (let i = 0; i < 5; i++) expect((await attempt(`Nope!${i}xY`)).statusCode).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(errorText(limited.body)).toBe(MESSAGES.tooManyAttempts);
  });
});
