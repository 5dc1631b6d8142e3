import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AuthConfig } from "@portico/contract";

/** Public sign-in settings the web app reads before it signs in (built-in or external provider). */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/auth/config/",
    {
      config: { public: true },
      schema: { tags: ["auth"], summary: "Sign-in configuration", security: [], response: { 200: AuthConfig } },
    },
    async (_req, reply) => {
      const { oidc } = app.config;
      reply.header("cache-control", "public, max-age=300");
      return { issuer: oidc.issuer, client_id: oidc.clientId, scope: oidc.scope, audience: oidc.audience };
    },
  );
};
export default routes;
