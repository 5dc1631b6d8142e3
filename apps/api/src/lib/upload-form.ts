import type { z, ZodType } from "zod";
import { Id } from "@portico/contract";
import { isUploadedFile } from "./files.ts";
import { fieldErrorsOf, ValidationError } from "./errors.ts";

/** An uploaded photo or file as a route hands it to a service. */
export interface PhotoUpload {
  data: Buffer;
  filename: string;
}

/**
 * A create/edit request sent as JSON or as a multipart form read into the body (fields as text,
 * the file under `fileField`, photo_url by default). Returns the fields the schema judges and the
 * file, if any; the schema's refusals become field errors (400).
 */
export function readUploadForm<S extends ZodType>(
  schema: S,
  body: unknown,
  fileField = "photo_url",
): { values: z.infer<S>; photo: PhotoUpload | null } {
  const fields: Record<string, unknown> = {};
  let photo: PhotoUpload | null = null;
  const source = body && typeof body === "object" && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(source)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (isUploadedFile(value)) {
      if (k === fileField && value.data.length) photo = { data: value.data, filename: value.filename };
    } else if (k !== fileField) fields[k] = value;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues, 1));
  return { values: parsed.data, photo };
}

/** A file sent alone: the multipart file under `fileField` (photo_url by default), or the raw body. */
export function readUploadedFile(body: unknown, fileField = "photo_url"): PhotoUpload | null {
  if (Buffer.isBuffer(body)) return body.length ? { data: body, filename: "" } : null;
  const v = body && typeof body === "object" ? (body as Record<string, unknown>)[fileField] : undefined;
  const file = Array.isArray(v) ? v[0] : v;
  return isUploadedFile(file) && file.data.length ? { data: file.data, filename: file.filename } : null;
}

/**
 * The id a body names in `field` (a form's first value), when it is one: routes check the object
 * or building it names before the body is judged (403/404 before 400).
 */
export function idInBody(body: unknown, field: string): number | undefined {
  const v = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
  const parsed = Id.safeParse(Array.isArray(v) ? v[0] : v);
  return parsed.success ? parsed.data : undefined;
}
