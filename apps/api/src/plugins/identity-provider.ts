import type { IncomingMessage } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import { pages } from "../modules/auth/pages.ts";
import { createProvider, issuerPath } from "../modules/auth/provider.ts";
import { PROVIDER_CSP, securityHeaders } from "./security-headers.ts";

/**
 * The built-in OpenID Connect provider, mounted at /oidc (app.ts registers it there when no
 * external issuer is configured). Our own pages (sign-in, change password) are Fastify routes;
 * every other /oidc path goes to oidc-provider with the raw request untouched (Fastify does not
 * read those bodies), as if it were mounted at the issuer's path.
 */
const identityProvider: FastifyPluginAsync = async (app) => {
  const provider = await createProvider(app);
  await app.register(pages(provider));

  const mount = app.prefix; // "/oidc" — where Fastify receives it
  const base = issuerPath(app.config); // where the browser sees it (same, unless behind a path prefix)
  const handle = provider.callback();
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", (_req, _payload, done) => done(null));
    raw.route({
      method: ["GET", "POST", "OPTIONS", "DELETE", "PUT", "PATCH"],
      url: "/*",
      schema: { hide: true },
      handler: async (req, reply) => {
        reply.hijack();
        reply.raw.setHeader("x-request-id", req.id);
        // Fastify's onSend hooks do not run for this raw answer; the provider's pages set their own policy.
        for (const [name, value] of Object.entries(securityHeaders(PROVIDER_CSP))) reply.raw.setHeader(name, value);
        const r = req.raw as IncomingMessage & { originalUrl?: string };
        const rest = (r.url ?? "/").slice(mount.length) || "/";
        r.originalUrl = `${base}${rest}`;
        r.url = rest;
        await handle(r, reply.raw);
      },
    });
  });
};
export default identityProvider;
