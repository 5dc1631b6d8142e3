import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createAdapter, revokeGrants } from "./adapter.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("oidc-provider adapter (oidc_payloads)", () => {
  it("stores, finds, replaces, consumes and destroys", async () => {
    const Adapter = createAdapter(t.db);
    const codes = new Adapter("AuthorizationCode");
    const sessions = new Adapter("Session");
    await codes.upsert("c1", { jti: "c1", grantId: "g1", accountId: "7" }, 60);
    expect(await codes.find("c1")).toEqual({ jti: "c1", grantId: "g1", accountId: "7" });
    expect(await sessions.find("c1")).toBeUndefined(); // models are separate
    await codes.upsert("c1", { jti: "c1", grantId: "g1", accountId: "8" }, 60);
    expect((await codes.find("c1"))?.accountId).toBe("8");
    const rows = await t.database.query("select count(*)::int as n from oidc_payloads where id = 'c1'");
    expect(rows.rows[0].n).toBe(1);

    await codes.consume("c1");
    expect(typeof (await codes.find("c1"))?.consumed).toBe("number");
    await codes.destroy("c1");
    expect(await codes.find("c1")).toBeUndefined();
  });

  it("finds by uid and user code, and hides expired rows", async () => {
    const Adapter = createAdapter(t.db);
    const sessions = new Adapter("Session");
    await sessions.upsert("s1", { jti: "s1", uid: "u-1", accountId: "1" }, 60);
    expect((await sessions.findByUid("u-1"))?.jti).toBe("s1");
    const devices = new Adapter("DeviceCode");
    await devices.upsert("d1", { jti: "d1", userCode: "ABCD-EFGH" }, 60);
    expect((await devices.findByUserCode("ABCD-EFGH"))?.jti).toBe("d1");

    await t.db.execute(sql`update oidc_payloads set expires_at = now() - interval '1 second' where id = 's1'`);
    expect(await sessions.find("s1")).toBeUndefined();
    expect(await sessions.findByUid("u-1")).toBeUndefined();
  });

  it("revokes by grant id", async () => {
    const Adapter = createAdapter(t.db);
    const rts = new Adapter("RefreshToken");
    const grants = new Adapter("Grant");
    await rts.upsert("r1", { jti: "r1", grantId: "g9" }, 60);
    await rts.upsert("r2", { jti: "r2", grantId: "g10" }, 60);
    await rts.revokeByGrantId("g9");
    expect(await rts.find("r1")).toBeUndefined();
    expect(await rts.find("r2")).toBeDefined();

    await grants.upsert("g10", { jti: "g10", accountId: "1" }, 60);
    await revokeGrants(t.db, ["g10"]);
    expect(await grants.find("g10")).toBeUndefined();
    expect(await rts.find("r2")).toBeUndefined();
  });
});
