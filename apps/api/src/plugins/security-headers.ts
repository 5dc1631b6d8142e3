import fp from "fastify-plugin";
import type { Config } from "../config.ts";

/**
 * The browser security policy of everything the server answers, in one place: the web app,
 * its assets, the API, the built-in sign-in pages and stored files. Every response carries
 * the same base headers; the Content-Security-Policy is the web app's unless a response set
 * a stricter one of its own (sign-in pages: their inline style and script by hash; stored
 * files: sandboxed).
 */

type Directives = Record<string, string[]>;

export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** Never framed, anywhere (clickjacking). */
const FRAME_ANCESTORS = { "frame-ancestors": ["'none'"] };

/**
 * The web app and the API. Scripts come only from the app's own files; styles may also be
 * inline (MUI and emotion inject them at run time). The portfolio logo may be any https image.
 * With an external identity provider, the app talks to it (discovery, token refresh).
 */
export function appCsp(config: Pick<Config, "oidc">): string {
  const issuer = config.oidc.builtIn ? [] : [new URL(config.oidc.issuer).origin];
  return serializeCsp({
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...issuer],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    ...FRAME_ANCESTORS,
  });
}

/** A server-rendered sign-in page: its own inline style and (optionally) script, by hash. */
export function signInPageCsp(o: { styleHash: string; scriptHash?: string }): string {
  return serializeCsp({
    "default-src": ["'none'"],
    "style-src": [o.styleHash],
    "script-src": [o.scriptHash ?? "'none'"],
    "img-src": ["'self'", "data:"],
    "base-uri": ["'none'"],
    ...FRAME_ANCESTORS,
  });
}

/** The identity provider's other answers (discovery, keys, tokens, redirects): nothing to run. */
export const PROVIDER_CSP = serializeCsp({ "default-src": ["'none'"], ...FRAME_ANCESTORS });

/** A stored photo or document: shown, never run (sandboxed, no scripts, no requests). */
export const FILE_CSP = serializeCsp({
  "default-src": ["'none'"],
  "img-src": ["'self'"],
  "style-src": ["'unsafe-inline'"],
  sandbox: [],
  ...FRAME_ANCESTORS,
});

/** Headers every response carries, whatever its content. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** The base headers with a given Content-Security-Policy. */
export function securityHeaders(csp: string): Record<string, string> {
  return { ...BASE_HEADERS, "content-security-policy": csp };
}

/** Cookies are Secure whenever people reach the portal over https (even behind a TLS-ending proxy). */
export function secureCookies(config: Pick<Config, "publicUrl">, requestProtocol?: string): boolean {
  return config.publicUrl.startsWith("https:") || requestProtocol === "https";
}

export default fp(
  async (app) => {
    const csp = appCsp(app.config);
    app.addHook("onSend", async (_req, reply) => {
      for (const [name, value] of Object.entries(BASE_HEADERS)) reply.header(name, value);
      if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", csp);
    });
  },
  { name: "security-headers" },
);
