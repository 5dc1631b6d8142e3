import fp from "fastify-plugin";
import type { FastifyError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MESSAGES } from "@portico/contract";
import { fieldErrorsOf, HttpError } from "../lib/errors.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";

/**
 * The API's error shapes: 400 `{field: [msg]}`, 401/403 `{detail}`, 404 `{"detail": "Not found."}`,
 * 413 for uploads over the limit, 503 `{detail}` while the database cannot be reached (the
 * request may be retried as is); a 5xx never leaks internals.
 */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // An error reply is never judged by the route's response schemas (a 400 body of a route
    // that declares only `{field: [msg]}` may be a parse error, a 404 one of a route without).
    reply.serializer(JSON.stringify);
    const bad = badRequestMessage(err);
    if (bad) return reply.status(bad.status).send(bad.body);
    if (err instanceof HttpError) return reply.status(err.statusCode).send(err.body);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").split("/").filter(Boolean),
        message: issue.message || "Invalid value.",
      }));
      return reply.status(400).send(fieldErrorsOf(issues));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === "FST_REQ_FILE_TOO_LARGE" || err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ detail: MESSAGES.fileTooLarge });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message }, "database unavailable");
      return reply.status(503).header("retry-after", "2").send({ detail: MESSAGES.databaseUnavailable });
    }
    req.log.error({ err }, "request failed");
    return reply.status(500).send({ detail: "A server error occurred." });
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send({ detail: MESSAGES.notFound }));
});

/** Errors of the request itself that Fastify and its parsers raise before any handler runs. */
function badRequestMessage(err: FastifyError): { status: number; body: Record<string, unknown> } | null {
  // A path id the route refuses (not a number, out of range) names nothing.
  if (err.validationContext === "params") return { status: 404, body: { detail: MESSAGES.notFound } };
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: { non_field_errors: [MESSAGES.jsonParseError] } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: { detail: MESSAGES.unsupportedMediaType } };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, body: { non_field_errors: [err.message] } };
  }
  // A multipart body the form parser (busboy) cannot read: no boundary, cut short, bad headers.
  if (
    !err.statusCode &&
    /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(err.message ?? "")
  )
    return { status: 400, body: { non_field_errors: [err.message] } };
  return null;
}
