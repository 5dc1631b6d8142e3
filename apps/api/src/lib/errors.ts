import { MESSAGES } from "@portico/contract";

/** A failure the client is meant to read; the errors plugin turns it into the API's error shapes. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${statusCode}`);
  }
}

/** 400 with `{field: [message]}`; use `non_field_errors` for form-wide messages. */
export class ValidationError extends HttpError {
  constructor(public readonly fields: Record<string, string[] | string>) {
    super(400, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])));
  }
}

export class NotFoundError extends HttpError {
  constructor() {
    super(404, { detail: MESSAGES.notFound });
  }
}

export class PermissionDeniedError extends HttpError {
  constructor(detail: string = MESSAGES.permissionDenied) {
    super(403, { detail });
  }
}

export class UnauthorizedError extends HttpError {
  constructor(detail: string = MESSAGES.notAuthenticated) {
    super(401, { detail });
  }
}

/**
 * zod issues as the API's field errors: `{"field": [msg]}` keyed by the issue's path joined with
 * dots (only its first `depth` segments), form-wide issues under non_field_errors.
 */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  depth = Infinity,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, depth).map(String).join(".") || "non_field_errors";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
