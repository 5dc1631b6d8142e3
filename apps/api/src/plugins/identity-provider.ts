import type { FastifyPluginAsync } from "fastify";

/** The built-in OpenID Connect provider, mounted at /oidc. */
const identityProvider: FastifyPluginAsync = async () => {};
export default identityProvider;
