import crypto from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../test/app.ts";
import { users } from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/passwords.ts";

/** Test helpers for the sign-in flow: a browser-like cookie jar and the authorization-code + PKCE steps. */

export const ORIGIN = "http://localhost:3000";
export const PASSWORD = "Portico!demo1";
export const REDIRECT_URI = `${ORIGIN}/auth/callback`;

export class Jar {
  private cookies = new Map<string, string>();
  store(res: LightMyRequestResponse) {
    const raw = res.headers["set-cookie"];
    for (const c of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const pair = c.split(";")[0];
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const path = (url: string) => {
  const u = new URL(url, ORIGIN);
  return u.pathname + u.search;
};

export async function get(t: TestApp, url: string, jar = new Jar()) {
  const res = await t.app.inject({
    method: "GET",
    url: path(url),
    headers: { host: "localhost:3000", cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

export async function post(t: TestApp, url: string, form: Record<string, string>, jar = new Jar()) {
  const res = await t.app.inject({
    method: "POST",
    url: path(url),
    headers: { host: "localhost:3000", cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
  jar.store(res);
  return res;
}

let seq = 0;
/** A user of its own for a test (independent of the demo seed). */
export async function makeUser(t: TestApp, opts: { role?: string; is_active?: boolean; password?: string } = {}) {
  const username = `idp_${process.pid}_${++seq}_${crypto.randomBytes(3).toString("hex")}`;
  const [u] = await t.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      first_name: "Ada",
      last_name: "Lovelace",
      role: opts.role ?? "FD",
      is_active: opts.is_active ?? true,
      password_hash: await hashPassword(opts.password ?? PASSWORD, { fast: true }),
    })
    .returning({ id: users.id });
  return { id: u.id, username };
}

export async function setActive(t: TestApp, id: number, is_active: boolean) {
  await t.db.update(users).set({ is_active }).where(eq(users.id, id));
}

export function pkce() {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

/** GET /oidc/auth as oidc-client-ts sends it. */
export async function authorize(t: TestApp, jar: Jar, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const q = new URLSearchParams({
    client_id: t.config.oidc.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: t.config.oidc.scope,
    state: "st4te",
    nonce: "n0nce",
    code_challenge: challenge,
    code_challenge_method: "S256",
    // what apps/web sends (oidc-client-ts extraQueryParams); the built-in provider ignores it
    ...(t.config.oidc.audience ? { audience: t.config.oidc.audience } : {}),
    ...extra,
  });
  const res = await get(t, `/oidc/auth?${q}`, jar);
  return { res, verifier };
}

/** Follows redirects inside the provider until one leaves it (the client's callback). */
export async function follow(t: TestApp, res: LightMyRequestResponse, jar: Jar) {
  let r = res;
  for (let i = 0; i < 5 && r.statusCode >= 300 && r.statusCode < 400; i++) {
    const loc = String(r.headers.location);
    if (!new URL(loc, ORIGIN).pathname.startsWith("/oidc/")) return loc;
    r = await get(t, loc, jar);
  }
  throw new Error(`no redirect out of the provider: ${r.statusCode} ${r.body.slice(0, 300)}`);
}

export async function exchangeCode(t: TestApp, code: string, verifier: string) {
  return post(t, "/oidc/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    client_id: t.config.oidc.clientId,
    code_verifier: verifier,
  });
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** The whole interactive sign-in: authorize → sign-in page → credentials → code → tokens. */
export async function signInFlow(t: TestApp, username: string, password = PASSWORD, jar = new Jar()) {
  const { res, verifier } = await authorize(t, jar);
  if (res.statusCode !== 303) throw new Error(`authorize: ${res.statusCode} ${res.body}`);
  const loginUrl = String(res.headers.location);
  const page = await get(t, loginUrl, jar);
  const submitted = await post(t, loginUrl, { username, password }, jar);
  if (submitted.statusCode !== 303) return { page, submitted, jar };
  const callback = new URL(await follow(t, submitted, jar));
  const code = callback.searchParams.get("code") ?? "";
  const tokenRes = await exchangeCode(t, code, verifier);
  return { page, submitted, callback, tokenRes, tokens: tokenRes.json() as Tokens, jar };
}
