import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { createTestApp, type TestApp } from "../test/app.ts";
import { users } from "../db/schema/index.ts";
import { DEMO_TENANT } from "../db/seed/demo-accounts.ts";

/**
 * An external identity provider (discovery and keys served here): users are matched by the
 * username claim, then by e-mail, and kept in the change feed's cache until their account, or
 * who holds that username or address, changes.
 */
let t: TestApp;
let server: http.Server;
let sign: (claims: Record<string, unknown>) => Promise<string>;
const ME = "/api/v1/me/";

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "ext-1", alg: "RS256", use: "sig" };
  server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader("content-type", "application/json");
    if (req.url === "/.well-known/openid-configuration")
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    else if (req.url === "/jwks") res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    oidc: {
      builtIn: false,
      issuer,
      clientId: "portico-web",
      audience: "portico-web",
      scope: "openid",
      usernameClaim: "preferred_username",
      accountUrl: null,
    },
  });
  sign = (claims) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
      .setIssuer(issuer)
      .setAudience("portico-web")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const me = async (claims: Record<string, unknown>) =>
  t.app.inject({ method: "GET", url: ME, headers: { authorization: `Bearer ${await sign(claims)}` } });
const logins = () => t.app.changes.cache({ name: "current-user" });

describe("users of an external identity provider", () => {
  it("are matched by the username claim, kept in memory, and refused at once when disabled", async () => {
    const claims = { sub: "ext-frontdesk", preferred_username: "FrontDesk" };
    expect((await me(claims)).json().username).toBe("frontdesk");
    const stats = { ...logins().stats };
    expect((await me(claims)).statusCode).toBe(200);
    expect(logins().stats).toMatchObject({ hits: stats.hits + 1, misses: stats.misses });

    await t.db.update(users).set({ is_active: false }).where(eq(users.username, "frontdesk"));
    expect((await me(claims)).statusCode).toBe(401);
    await t.db.update(users).set({ is_active: true }).where(eq(users.username, "frontdesk"));
    expect((await me(claims)).statusCode).toBe(200);
  });

  it("are matched by e-mail, and not once the address stops being one account's", async () => {
    const claims = { sub: "ext-tenant", preferred_username: "someone-else", email: DEMO_TENANT.email.toUpperCase() };
    expect((await me(claims)).json().username).toBe(DEMO_TENANT.username);
    expect((await me(claims)).statusCode).toBe(200);
    // A second account with the address: the match is ambiguous, so refused.
    await t.db.insert(users).values({ username: "tenant.twin", email: DEMO_TENANT.email, role: "TN" });
    expect((await me(claims)).statusCode).toBe(401);
    await t.db.delete(users).where(eq(users.username, "tenant.twin"));
    expect((await me(claims)).statusCode).toBe(200);
    // The username claim wins once an account takes it.
    await t.db.execute(sql`update users set username = 'someone-else' where username = 'porter'`);
    expect((await me(claims)).json().username).toBe("someone-else");
    await t.db.execute(sql`update users set username = 'porter' where username = 'someone-else'`);
    expect((await me(claims)).json().username).toBe(DEMO_TENANT.username);
  });

  it("are refused when nothing matches, with names in any script", async () => {
    expect((await me({ sub: "x", preferred_username: "nobody" })).statusCode).toBe(401);
    expect((await me({ sub: "x", preferred_username: "Zoë", email: "zoë@example.com" })).statusCode).toBe(401);
    await t.db.insert(users).values({ username: "Zoë", email: "zoe@example.com", role: "FD" });
    expect((await me({ sub: "x", preferred_username: "zoë" })).json().username).toBe("Zoë");
  });
});
