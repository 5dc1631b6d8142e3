/**
 * Sign-in through the identity provider (OpenID Connect, authorization code + PKCE).
 *
 * Start-up (spec document 3 section 9): sign-in is required when online; the token is checked
 * every 5 s and refreshed (refresh_token grant) when it expires within 6 s; offline, a
 * stand-in token is used and sign-in happens again when the browser is back online.
 */
import { UserManager, WebStorageStateStore, type User } from "oidc-client-ts";
import type { AuthConfig } from "@portico/contract";
import { TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_WITHIN_S } from "@portico/contract";
import { API_BASE, configureApi } from "./api.ts";

export const CALLBACK_PATH = "/auth/callback";
/** Sent while offline, when no usable token exists (calls fail anyway; cached data stays). */
export const OFFLINE_TOKEN = "offline";
const CONFIG_CACHE_KEY = "portico.auth-config";

export interface SignInState {
  returnTo: string;
}

let manager: UserManager | null = null;
let currentUser: User | null = null;
let offlineMode = false;
let redirecting = false;
let refreshing: Promise<void> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isOnline = () => (typeof navigator === "undefined" ? true : navigator.onLine !== false);

/** The current path, as the place to come back to after signing in. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname === CALLBACK_PATH ? "/" : `${pathname}${search}${hash}`;
}

/** A light check of the configuration (the zod schema stays out of the start-up bundle). */
function parseAuthConfig(v: unknown): AuthConfig {
  const c = v as Partial<AuthConfig> | null;
  if (!c || typeof c.issuer !== "string" || typeof c.client_id !== "string" || typeof c.scope !== "string")
    throw new Error("The sign-in configuration is incomplete.");
  return { issuer: c.issuer, client_id: c.client_id, scope: c.scope, audience: c.audience ?? null };
}

/** GET /api/v1/auth/config/ (public); the last good answer is kept for offline start-ups. */
export async function loadAuthConfig(): Promise<AuthConfig> {
  try {
    const res = await fetch(`${API_BASE}/auth/config/`, { headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText || "Error"}`.trim());
    const cfg = parseAuthConfig(await res.json());
    try {
      localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(cfg));
    } catch {
      /* storage full or blocked: not needed online */
    }
    return cfg;
  } catch (err) {
    const cached = localStorage.getItem(CONFIG_CACHE_KEY);
    if (cached && !isOnline()) return parseAuthConfig(JSON.parse(cached));
    throw err;
  }
}

export function createUserManager(cfg: AuthConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: cfg.issuer,
    client_id: cfg.client_id,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    scope: cfg.scope,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    ...(cfg.audience ? { extraQueryParams: { audience: cfg.audience } } : {}),
  });
}

export function getUser(): User | null {
  return currentUser;
}

export function isOfflineMode(): boolean {
  return offlineMode;
}

/** The token for the Authorization header. */
export function getAccessToken(): string | null {
  if (currentUser && !currentUser.expired) return currentUser.access_token;
  if (offlineMode || !isOnline()) return OFFLINE_TOKEN;
  return currentUser?.access_token ?? null;
}

/** Go to the provider's sign-in page, remembering where to come back to. */
export async function signIn(returnTo: string = currentPath()): Promise<void> {
  if (!manager || redirecting) return;
  redirecting = true;
  notify();
  try {
    await manager.signinRedirect({ state: { returnTo } satisfies SignInState });
  } catch (err) {
    redirecting = false;
    notify();
    throw err;
  }
}

/** Forget the stored user (token failure). */
export async function clearUser(): Promise<void> {
  currentUser = null;
  notify();
  await manager?.removeUser().catch(() => {});
}

/** Sign out: ends the provider session (id_token_hint) and comes back to /. */
export async function signOut(): Promise<void> {
  const user = currentUser;
  if (!manager || !isOnline()) {
    await clearUser();
    window.location.assign("/");
    return;
  }
  redirecting = true;
  notify();
  await manager.signoutRedirect({ id_token_hint: user?.id_token });
}

async function refresh(): Promise<void> {
  if (!manager) return;
  if (!refreshing) {
    refreshing = (async () => {
      try {
        const user = await manager!.signinSilent();
        currentUser = user;
        notify();
      } catch (err) {
        // Offline or a flaky network: try again on the next tick. Refused: sign in again.
        if (isOnline() && isGrantRefusal(err)) {
          await clearUser();
          await signIn();
        }
      } finally {
        refreshing = null;
      }
    })();
  }
  return refreshing;
}

function isGrantRefusal(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { name?: string; error?: string };
  return e.name === "ErrorResponse" || e.error === "invalid_grant" || e.error === "login_required";
}

/** One tick of the token check. Exported for tests. */
export async function checkToken(): Promise<void> {
  if (!manager || redirecting || !isOnline()) return;
  const user = currentUser;
  if (!user) {
    if (!offlineMode) await signIn();
    return;
  }
  const left = user.expires_in ?? 0;
  if (left < TOKEN_REFRESH_WITHIN_S) {
    if (user.refresh_token) await refresh();
    else {
      await clearUser();
      await signIn();
    }
  }
}

function startTokenCheck() {
  if (timer) clearInterval(timer);
  timer = setInterval(() => void checkToken(), TOKEN_CHECK_INTERVAL_MS);
}

/** Stop the periodic token check (tests, sign-out). */
export function stopTokenCheck(): void {
  if (timer) clearInterval(timer);
  timer = null;
}

export type BootResult = { kind: "signed-in"; user: User } | { kind: "offline" } | { kind: "redirecting" };

/**
 * Start-up: read the configuration, finish a sign-in callback, reuse a stored user (refreshing
 * it if needed) or go to the provider. Offline with no usable user: the stand-in token.
 */
export async function bootAuth(): Promise<BootResult> {
  let cfg: AuthConfig;
  try {
    cfg = await loadAuthConfig();
  } catch (err) {
    if (!isOnline()) return goOffline();
    throw err;
  }
  manager = createUserManager(cfg);
  manager.events.addUserLoaded((u) => {
    currentUser = u;
    notify();
  });
  manager.events.addUserUnloaded(() => {
    currentUser = null;
    notify();
  });

  if (window.location.pathname === CALLBACK_PATH) {
    const user = await manager.signinRedirectCallback();
    currentUser = user;
    const state = user.state as Partial<SignInState> | undefined;
    const target = typeof state?.returnTo === "string" && state.returnTo.startsWith("/") ? state.returnTo : "/";
    window.history.replaceState(null, "", target === CALLBACK_PATH ? "/" : target);
    startTokenCheck();
    return { kind: "signed-in", user };
  }

  const stored = await manager.getUser();
  currentUser = stored;
  if (stored && !stored.expired) {
    startTokenCheck();
    return { kind: "signed-in", user: stored };
  }
  if (!isOnline()) return goOffline();
  if (stored?.refresh_token) {
    await refresh();
    if (currentUser && !currentUser.expired) {
      startTokenCheck();
      return { kind: "signed-in", user: currentUser };
    }
    if (redirecting) return { kind: "redirecting" };
  }
  await clearUser();
  await signIn();
  return { kind: "redirecting" };
}

function goOffline(): BootResult {
  offlineMode = true;
  // "Login happens again when back online."
  window.addEventListener("online", () => window.location.reload(), { once: true });
  notify();
  return { kind: "offline" };
}

let unauthorizedPending = false;
/** Wire the transport layer to this module. */
export function wireApiAuth(): void {
  configureApi({
    getToken: getAccessToken,
    onUnauthorized: () => {
      if (!isOnline() || offlineMode || unauthorizedPending) return;
      unauthorizedPending = true;
      void clearUser().then(() => signIn());
    },
    onAuthorizationError: () => {
      void clearUser();
    },
  });
}
