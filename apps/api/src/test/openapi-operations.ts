import type { FastifyInstance } from "fastify";

/** One operation of the API's OpenAPI document, as the generated tests use it. */
export interface Operation {
  method: string;
  /** With `{name}` placeholders, e.g. `/api/v1/core/occupancies/{id}/`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  /** Top-level properties of the JSON body, when the document names them. */
  bodyFields: string[];
  contentTypes: string[];
  /** The operation's own `security` (an empty list: public), when it sets one. */
  security?: unknown[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        security?: unknown[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** Every operation the app documents, read from its own `/api/v1/openapi.json`. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: Boolean(op.requestBody),
        bodyFields: Object.keys(content["application/json"]?.schema?.properties ?? {}),
        contentTypes: Object.keys(content),
        security: op.security,
      });
    }
  return ops;
}

/**
 * The API's error bodies: `{"detail": "…"}`, or field errors `{"field": ["message"]}`
 * (`non_field_errors` for the form as a whole; a nested form's errors nest the same way).
 */
export function isApiErrorBody(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if ("detail" in body) return typeof (body as { detail: unknown }).detail === "string";
  return entries.every(([, v]) => isFieldErrorValue(v));
}

function isFieldErrorValue(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0 && v.every((m) => typeof m === "string" || isFieldErrorValue(m));
  if (v && typeof v === "object") return Object.values(v).every(isFieldErrorValue);
  return false;
}
