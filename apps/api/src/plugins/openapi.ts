import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

type Transform = typeof jsonSchemaTransform;
type OpenApiDoc = { paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };

/** Raw bodies of an upload route: the file itself. */
const RAW_FILE = /^(image\/|application\/octet-stream$)/;
const BINARY = { type: "string", format: "binary" };

/**
 * An upload route (one that declares `consumes` and reads the file itself) is documented with its
 * body: a form with the file under `photo_url` (every upload of the spec), or the file as the body.
 */
const withUploads: Transform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown>;
  if (Array.isArray(schema.consumes) && !schema.body)
    out.schema = { ...schema, body: { type: "object", properties: { photo_url: BINARY }, required: ["photo_url"] } };
  return out;
};

function rawFileBodies(doc: OpenApiDoc): OpenApiDoc {
  for (const byMethod of Object.values(doc.paths ?? {}))
    for (const op of Object.values(byMethod)) {
      const content = op.requestBody?.content;
      if (content) for (const type of Object.keys(content)) if (RAW_FILE.test(type)) content[type] = { schema: BINARY };
    }
  return doc;
}

/** OpenAPI document generated from the route schemas, at /api/v1/openapi.json. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: "Portico API", version: "1" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: withUploads,
    transformObject: (documentObject) =>
      rawFileBodies(
        ("openapiObject" in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenApiDoc,
      ) as never,
    hideUntagged: false,
  });
  app.get("/api/v1/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
});
