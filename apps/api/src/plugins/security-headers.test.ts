import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../test/app.ts";
import { saveFile } from "../lib/files.ts";
import { BASE_HEADERS, PROVIDER_CSP, appCsp } from "./security-headers.ts";

/** A built web app in miniature: the page, a hashed asset and the icon. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><link rel="icon" href="/favicon.svg"></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log('portico')");
  fs.writeFileSync(path.join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const HOST = "localhost:3000";
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fakeDist();
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host: HOST, ...headers } });

function expectBaseHeaders(res: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(BASE_HEADERS)) expect(res.headers[name], name).toBe(value);
  expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}

describe("security headers", () => {
  it("the web app's page, an asset and an API call carry the one policy", async () => {
    const csp = appCsp(t.config);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");

    const page = await get("/1/packages");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const asset = await get("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    const api = await t.as("frontdesk").get("/api/v1/me/", { headers: { host: HOST } });
    expect(api.statusCode).toBe(200);
    const missing = await get("/api/v1/no-such-thing/");
    expect(missing.statusCode).toBe(404);
    for (const res of [page, asset, api, missing, await get("/healthz")]) {
      expectBaseHeaders(res);
      expect(res.headers["content-security-policy"]).toBe(csp);
    }
  });

  it("the sign-in pages and the provider's answers carry the same base headers with a stricter policy", async () => {
    const signIn = await get("/oidc/password");
    expect(signIn.statusCode).toBe(200);
    expectBaseHeaders(signIn);
    expect(signIn.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(signIn.headers["content-security-policy"]).toContain("script-src 'none'");

    const discovery = await get("/oidc/.well-known/openid-configuration");
    expect(discovery.statusCode).toBe(200);
    expectBaseHeaders(discovery);
    expect(discovery.headers["content-security-policy"]).toBe(PROVIDER_CSP);

    const error = await get("/oidc/auth?client_id=nobody");
    expect(error.headers["content-type"]).toMatch(/text\/html/);
    expectBaseHeaders(error);
    expect(error.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'sha256-/);
  });

  it("stored files are served with nosniff and a sandboxing policy", async () => {
    const file = await saveFile(t.app, {
      data: Buffer.from("<html><script>alert(1)</script>"),
      purpose: "document",
      content_type: "text/html",
    });
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res);
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none';.*sandbox/);
  });

  it("serves the icon at /favicon.ico", async () => {
    const res = await get("/favicon.ico");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain("<svg");
  });
});

describe("the discovery document", () => {
  it("takes every endpoint from PUBLIC_URL, whatever the Host header says", async () => {
    for (const headers of [{ host: "evil.example" }, { host: "127.0.0.1:3000" }]) {
      const doc = (await get("/oidc/.well-known/openid-configuration", headers)).json();
      expect(doc.issuer).toBe("http://localhost:3000/oidc");
      expect(doc.authorization_endpoint).toBe("http://localhost:3000/oidc/auth");
      const urls = Object.values(doc).filter((v): v is string => typeof v === "string" && /^https?:/.test(v));
      expect(urls.length).toBeGreaterThanOrEqual(4);
      for (const u of urls) expect(u).toMatch(/^http:\/\/localhost:3000\/oidc(\/|$)/);
      expect(JSON.stringify(doc)).not.toContain("evil.example");
      expect(JSON.stringify(doc)).not.toContain("127.0.0.1");
    }
  });

  it("ignores forwarded host and protocol headers too, also from a trusted proxy", async () => {
    const behind = await createTestApp({ publicUrl: "https://portal.acme-homes.com", trustProxy: true });
    try {
      const res = await behind.app.inject({
        method: "GET",
        url: "/oidc/.well-known/openid-configuration",
        headers: { host: "10.0.0.5:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      });
      const doc = res.json();
      expect(doc.issuer).toBe("https://portal.acme-homes.com/oidc");
      expect(doc.token_endpoint).toBe("https://portal.acme-homes.com/oidc/token");
      expect(doc.jwks_uri).toBe("https://portal.acme-homes.com/oidc/jwks");
      expect(res.body).not.toContain("evil.example");
    } finally {
      await behind.close();
    }
  });
});

describe("cookies over https", () => {
  it("the sign-in's cookies are Secure when PUBLIC_URL is https, even over plain http from a proxy", async () => {
    const https = await createTestApp({ publicUrl: "https://portal.acme-homes.com" });
    try {
      const q = new URLSearchParams({
        client_id: https.config.oidc.clientId,
        redirect_uri: "https://portal.acme-homes.com/auth/callback",
        response_type: "code",
        scope: https.config.oidc.scope,
        state: "s",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
      const res = await https.app.inject({
        method: "GET",
        url: `/oidc/auth?${q}`,
        headers: { host: "portal.acme-homes.com" },
      });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location)).toMatch(/^\/oidc\/interaction\//);
      const cookies = [res.headers["set-cookie"]].flat().filter(Boolean) as string[];
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) expect(c.toLowerCase()).toContain("; secure");

      const pw = await https.app.inject({
        method: "GET",
        url: "/oidc/password",
        headers: { host: "portal.acme-homes.com" },
      });
      expect(String(pw.headers["set-cookie"]).toLowerCase()).toContain("; secure");
    } finally {
      await https.close();
    }
  });

  it("and not when it is http", async () => {
    const pw = await get("/oidc/password");
    expect(String(pw.headers["set-cookie"]).toLowerCase()).not.toContain("secure");
  });
});

describe("pages opened at another address than PUBLIC_URL", () => {
  it("are sent to PUBLIC_URL's origin, with their path and query", async () => {
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "192.168.1.20:3000", "evil.example"]) {
      const res = await get("/1/packages?status=open", { host });
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location).toBe("http://localhost:3000/1/packages?status=open");
    }
    const root = await get("/", { host: "127.0.0.1:3000" });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("http://localhost:3000/");
  });

  it("are served at PUBLIC_URL's own address", async () => {
    expect((await get("/")).statusCode).toBe(200);
    expect((await get("/1/packages")).statusCode).toBe(200);
  });

  it("leave health checks, the API, the sign-in and files alone", async () => {
    const host = "127.0.0.1:3000";
    expect((await get("/healthz", { host })).statusCode).toBe(200);
    expect((await get("/readyz", { host })).statusCode).toBe(200);
    expect((await get("/api/v1/auth/config/", { host })).statusCode).toBe(200);
    expect((await get("/assets/index-abc123.js", { host })).statusCode).toBe(200);
    expect((await get("/oidc/.well-known/openid-configuration", { host })).statusCode).toBe(200);
    const post = await t.app.inject({ method: "POST", url: "/1/packages", headers: { host } });
    expect(post.statusCode).not.toBe(302);
  });

  it("are not redirected behind a proxy whose Host may be its upstream address", async () => {
    const res = await get("/1/packages", { host: "127.0.0.1:3000", "x-forwarded-for": "203.0.113.9" });
    expect(res.statusCode).toBe(200);
  });
});
