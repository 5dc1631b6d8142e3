import { describe, expect, it } from "vitest";
import { AuthConfig } from "@portico/contract";
import { createTestApp } from "../../test/app.ts";
import { loadConfig } from "../../config.ts";

describe("GET /api/v1/auth/config/", () => {
  it("answers without a token (built-in provider)", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/config/" });
      expect(res.statusCode).toBe(200);
      expect(AuthConfig.parse(res.json())).toEqual({
        issuer: "http://localhost:3000/oidc",
        client_id: "portico-web",
        scope: "openid profile email offline_access",
        audience: "portico-api",
      });
    } finally {
      await t.close();
    }
  });

  it("names the external issuer and client when one is configured (and mounts no provider)", async () => {
    const external = loadConfig({
      NODE_ENV: "test",
      OIDC_ISSUER: "https://id.example.com/realms/portico",
      OIDC_CLIENT_ID: "portico-staff",
    } as NodeJS.ProcessEnv).oidc;
    const t = await createTestApp({ oidc: external });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/config/" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        issuer: "https://id.example.com/realms/portico",
        client_id: "portico-staff",
        scope: "openid profile email offline_access",
        audience: "portico-staff",
      });
      const discovery = await t.app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration" });
      expect(discovery.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
