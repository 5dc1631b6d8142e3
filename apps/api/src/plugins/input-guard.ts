import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { MESSAGES } from "@portico/contract";
import { NotFoundError, ValidationError } from "../lib/errors.ts";

/** Deeper JSON than any form of the API sends is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL would refuse this text (NUL bytes, lone surrogates), or null. */
export function badTextReason(s: string): string | null {
  if (s.includes("\u0000")) return MESSAGES.nullCharacters;
  if (LONE_SURROGATE.test(s)) return MESSAGES.surrogateCharacters;
  return null;
}

/** True when the JSON text nests arrays/objects deeper than `max` (strings are skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** The first string (value or key) in `value` that PostgreSQL would refuse, with its field path. */
function findBadText(value: unknown, path: string[]): { field: string; reason: string } | null {
  const at = (p: string[]) => (p.length ? p.join(".") : "non_field_errors");
  if (typeof value === "string") {
    const reason = badTextReason(value);
    return reason ? { field: at(path), reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findBadText(value[i], path.length ? [...path, String(i)] : path);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const keyReason = badTextReason(k);
      if (keyReason) return { field: at(path), reason: keyReason };
      const hit = findBadText(v, [...path, k]);
      if (hit) return hit;
    }
  }
  return null;
}

function refuseBadText(value: unknown): void {
  const hit = findBadText(value, []);
  if (hit) throw new ValidationError({ [hit.field]: [hit.reason] });
}

/**
 * The input boundary: text PostgreSQL cannot store (NUL bytes, lone surrogates) is refused with
 * a 400 field error wherever it comes (path, query, JSON body); JSON is parsed with prototype
 * poisoning refused and its nesting bounded; a path id the route's schema refuses is a 404 also
 * on routes that judge their body themselves (`attachValidation`).
 */
export default fp(async (app) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new ValidationError({ non_field_errors: [MESSAGES.jsonTooDeep] }), undefined);
      return;
    }
    parseJson(req, text, (err, parsed) => {
      if (err) return done(err, undefined);
      try {
        refuseBadText(parsed);
      } catch (e) {
        return done(e as Error, undefined);
      }
      done(null, parsed);
    });
  });

  app.addHook("preValidation", async (req: FastifyRequest) => {
    refuseBadText(req.params);
    refuseBadText(req.query);
  });

  app.addHook("preHandler", async (req: FastifyRequest) => {
    if (req.validationError && (req.validationError as { validationContext?: string }).validationContext === "params")
      throw new NotFoundError();
  });
});
