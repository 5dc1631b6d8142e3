import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Me } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_PORTFOLIO } from "../../db/seed/demo-accounts.ts";
import { isReachableSite } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /me/", () => {
  it("describes the front desk user, their portfolio and their two buildings in address order", async () => {
    const res = await t.as("frontdesk").get("/api/v1/me/");
    expect(res.statusCode).toBe(200);
    const me = Me.parse(res.json());
    expect(me).toMatchObject({
      username: "frontdesk",
      role: "FD",
      role_display: "Front Desk",
      first_name: "Frank",
      last_name: "Delgado",
      portfolio: { name: DEMO_PORTFOLIO.name, employee_portal_name: "Portico", logo_url: null },
      // The demo's tenant site is a placeholder under the reserved .example domain: none here.
      tenant_site_url: null,
      change_password_url: t.config.oidc.accountUrl,
    });
    expect(me.buildings).toEqual([
      { id: 1, address: "100 Riverside Drive", name: "The Riverside" },
      { id: 2, address: "245 Park Terrace", name: "Park Terrace" },
    ]);
  });

  it("gives office users every building, sorted by the number at the start of the address", async () => {
    const me = (await t.as("office").get("/api/v1/me/")).json();
    expect(me.role_display).toBe("Office");
    expect(me.buildings.map((b: { address: string }) => b.address)).toEqual([
      "37 Harbor Street",
      "100 Riverside Drive",
      "245 Park Terrace",
      "512 Elm Avenue",
    ]);
  });

  it("gives the manager buildings 1, 2 and 3 and a tenant none", async () => {
    const mg = (await t.as("manager").get("/api/v1/me/")).json();
    expect(mg.buildings.map((b: { id: number }) => b.id)).toEqual([3, 1, 2]);
    const tn = (await t.as("tenant").get("/api/v1/me/")).json();
    expect(tn).toMatchObject({ role: "TN", role_display: "Tenant", buildings: [] });
  });

  it("sends tenants to TENANT_SITE_URL when the portfolio has no reachable tenant site", async () => {
    expect(DEMO_PORTFOLIO.tenant_site_url).toMatch(/\.example$/);
    expect((await t.as("tenant").get("/api/v1/me/")).json().tenant_site_url).toBeNull();
    const other = await createTestApp({ tenantSiteUrl: "https://residents.acme-homes.com/" });
    try {
      expect((await other.as("tenant").get("/api/v1/me/")).json().tenant_site_url).toBe(
        "https://residents.acme-homes.com/",
      );
    } finally {
      await other.close();
    }
  });

  it("treats only the reserved .example and .invalid names as no tenant site", () => {
    expect(isReachableSite("https://residents.portico.example")).toBe(false);
    expect(isReachableSite("https://tenants.invalid/")).toBe(false);
    expect(isReachableSite("not a url")).toBe(false);
    expect(isReachableSite(null)).toBe(false);
    expect(isReachableSite("https://residents.example.com")).toBe(true);
    expect(isReachableSite("https://portal.myexample.org")).toBe(true);
  });

  it("refuses a call without a token", async () => {
    const res = await t.as(null).get("/api/v1/me/");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty("detail");
  });

  it("is in the OpenAPI document with a tag", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    expect(doc.paths["/api/v1/me/"].get.tags).toEqual(["me"]);
    for (const p of [
      "/api/v1/core/buildings/",
      "/api/v1/core/building-settings/{building}/",
      "/api/v1/core/buildings/{id}/apartments/dropdown/",
      "/api/v1/core/quick-search/",
      "/api/v1/core/buildings/{id}/combo-search/",
      "/api/v1/core/employees/",
      "/api/v1/core/employees/simple-list/",
      "/api/v1/core/global-users/",
    ]) {
      expect(doc.paths[p], p).toBeDefined();
      for (const op of Object.values(doc.paths[p]) as { tags?: string[] }[])
        expect(op.tags?.length, p).toBeGreaterThan(0);
    }
  });
});
