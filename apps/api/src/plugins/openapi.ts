import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI document generated from the route schemas, at /api/v1/openapi.json. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: "Portico API", version: "1" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get("/api/v1/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
});
