import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const ISSUER = "http://localhost:3000/oidc";
const CONFIG = { issuer: ISSUER, client_id: "portico-web", scope: "openid profile offline_access", audience: null };
const STORE_KEY = `oidc.user:${ISSUER}:portico-web`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;

function storeUser(expiresInS: number, refresh = "rt-1") {
  localStorage.setItem(
    STORE_KEY,
    JSON.stringify({
      access_token: "at-1",
      refresh_token: refresh,
      id_token: "idt",
      token_type: "Bearer",
      scope: CONFIG.scope,
      profile: { sub: "42", iss: ISSUER, aud: "portico-web", exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + expiresInS,
    }),
  );
}

async function load() {
  vi.resetModules();
  loaded = await import("./auth.ts");
  return loaded;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/api/v1/auth/config/")) return json(CONFIG);
    if (url.endsWith("/.well-known/openid-configuration"))
      return json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
      });
    if (url === `${ISSUER}/token`) {
      const body = String(init?.body ?? "");
      if (!body.includes("grant_type=refresh_token")) return json({ error: "unsupported_grant_type" }, 400);
      return json({
        access_token: "at-2",
        refresh_token: "rt-2",
        token_type: "Bearer",
        expires_in: 300,
        scope: CONFIG.scope,
      });
    }
    return json({ detail: "Not found." }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
let loaded: typeof import("./auth.ts") | null = null;
afterEach(() => {
  loaded?.stopTokenCheck();
  loaded = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Starts with a stored user whose token expires in `seconds`, then runs the token check. */
async function checkWithSecondsLeft(seconds: number) {
  storeUser(seconds);
  const auth = await load();
  await auth.bootAuth();
  await auth.checkToken();
  return { auth, tokenCall: fetchMock.mock.calls.find(([u]) => String(u) === `${ISSUER}/token`) };
}

describe("sign-in start-up and token refresh", () => {
  it("reuses a stored, valid user and sends its token", async () => {
    storeUser(120);
    const auth = await load();
    const r = await auth.bootAuth();
    expect(r.kind).toBe("signed-in");
    expect(auth.getAccessToken()).toBe("at-1");
  });

  it("refreshes with the refresh token when the access token expires within 6 s", async () => {
    const { auth, tokenCall } = await checkWithSecondsLeft(4);
    expect(tokenCall).toBeTruthy();
    expect(String(tokenCall![1]?.body)).toContain("grant_type=refresh_token");
    expect(String(tokenCall![1]?.body)).toContain("refresh_token=rt-1");
    expect(auth.getAccessToken()).toBe("at-2");
  });

  it("does not refresh a token with more than 6 s left", async () => {
    const { auth, tokenCall } = await checkWithSecondsLeft(60);
    expect(tokenCall).toBeUndefined();
    expect(auth.getAccessToken()).toBe("at-1");
  });

  it("offline with no usable user: the stand-in token, no redirect", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    localStorage.setItem("portico.auth-config", JSON.stringify(CONFIG));
    fetchMock.mockImplementation(async () => {
      throw new TypeError("Failed to fetch");
    });
    const auth = await load();
    const r = await auth.bootAuth();
    expect(r.kind).toBe("offline");
    expect(auth.getAccessToken()).toBe(auth.OFFLINE_TOKEN);
  });

  it("a failing configuration while online is an error (connection-problem page)", async () => {
    fetchMock.mockImplementation(async () => json({ detail: "boom" }, 500));
    const auth = await load();
    await expect(auth.bootAuth()).rejects.toThrow("500");
  });
});
