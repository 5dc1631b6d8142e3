import fastJsonStringify from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Response serialization: each 2xx response schema (zod) is turned once into JSON Schema and
 * compiled by fast-json-stringify into a function that writes exactly the schema's properties, in
 * the schema's order — every other property of the value is left out, whatever the handler or
 * repository put there. No value is checked on the way out, which is what makes a 30-row page
 * cheap (zod's serializer validated every field of every row before JSON.stringify).
 *
 * Kept on the zod serializer (as before): error replies (non-2xx schemas), and the few schemas
 * fast-json-stringify would have to validate to serialize (unions other than "or null",
 * intersections, references, transforms): they are rare and their bodies small.
 *
 * `check` (the test suites): every body is also serialized by zod, and a value zod refuses or a
 * body that differs fails the request — so every API test compares the two serializers.
 */
export interface SerializerOptions {
  check?: boolean;
}

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];
type Json = Record<string, unknown>;

/** Keywords fast-json-stringify can only honour by validating the value (or that zod cannot express here). */
const NEEDS_VALIDATION = new Set(["anyOf", "oneOf", "allOf", "not", "if", "$ref", "patternProperties"]);

const isNullBranch = (s: Json) =>
  s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

/** The JSON Schema a 2xx body is written with, or null when it would need validation to write. */
export function serializationSchema(schema: unknown): Json | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: Json;
  try {
    json = z.toJSONSchema(schema, {
      target: "openapi-3.0",
      io: "output",
      unrepresentable: "throw",
      cycles: "throw",
      reused: "inline",
      override: (ctx) => {
        // `X | null` as a union: one nullable schema (as the OpenAPI document shows it).
        const anyOf = ctx.jsonSchema.anyOf as Json[] | undefined;
        if (!anyOf) return;
        const others = anyOf.filter((s) => !isNullBranch(s));
        if (others.length === 1 && others.length < anyOf.length) {
          delete ctx.jsonSchema.anyOf;
          Object.assign(ctx.jsonSchema, others[0], { nullable: true });
        }
      },
    }) as Json;
  } catch {
    return null;
  }
  delete json.$schema;
  return writable(json) ? json : null;
}

/** No keyword that needs validation anywhere, and no `const` (written whatever the value). */
function writable(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(writable);
  if (!node || typeof node !== "object") return true;
  for (const [k, v] of Object.entries(node)) {
    if (NEEDS_VALIDATION.has(k) || k === "const") return false;
    if (k === "properties") {
      if (!Object.values(v as Json).every(writable)) return false;
    } else if (k === "enum" || k === "required" || k === "default" || k === "examples") {
      continue;
    } else if (typeof v === "object" && !writable(v)) return false;
  }
  return true;
}

/** Fastify's serializer compiler for the zod route schemas. */
export function leanSerializerCompiler(opts: SerializerOptions = {}): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    if (!/^2\d\d$/.test(String(route.httpStatus))) return viaZod;
    const json = serializationSchema(route.schema);
    if (!json) return viaZod;
    const write = fastJsonStringify(json);
    if (opts.check)
      return (data: unknown) => {
        const expected = viaZod(data);
        const body = write(data);
        if (body !== expected)
          throw new Error(
            `${route.method} ${route.url} ${route.httpStatus}: the compiled serializer wrote ${body}, zod ${expected}`,
          );
        return body;
      };
    // A value the compiled function cannot write (a required field missing, a wrong type):
    // zod's serializer says what is wrong (a 500 with the reason logged, as before).
    return (data: unknown) => {
      try {
        return write(data);
      } catch {
        return viaZod(data);
      }
    };
  };
}
