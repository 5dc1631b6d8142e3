import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { loadCurrentUser } from "../lib/current-user.ts";
import { signAccessToken } from "../lib/signing-keys.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const me = (token: string) => t.app.inject({ url: "/api/v1/me/", headers: { authorization: `Bearer ${token}` } });

describe("access tokens", () => {
  it("keeps refusing a token once it has expired, although it was accepted before", async () => {
    const user = await loadCurrentUser(t.db, { username: "frontdesk" });
    const token = await signAccessToken(t.db, t.config, user!.id, { expiresInSeconds: 30 });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a token whose signature does not match, even when a similar one was accepted", async () => {
    const user = await loadCurrentUser(t.db, { username: "frontdesk" });
    const token = await signAccessToken(t.db, t.config, user!.id);
    expect((await me(token)).statusCode).toBe(200);
    const [h, p, s] = token.split(".");
    const tampered = `${h}.${p}.${s.startsWith("A") ? `B${s.slice(1)}` : `A${s.slice(1)}`}`;
    expect((await me(tampered)).statusCode).toBe(401);
    const other = JSON.parse(Buffer.from(p, "base64url").toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...other, sub: "1" })).toString("base64url")}.${s}`;
    expect((await me(forged)).statusCode).toBe(401);
  });
});
