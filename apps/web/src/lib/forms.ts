/**
 * Server errors onto a react-hook-form form (spec document 1 section 8, "Form submit"):
 * - 413 → 'File Too Large, please select a file under 48 MB' under the file field (else root);
 * - status ≥ 500 → `root.serverError` with the status text;
 * - otherwise each field of the body under that field (`non_field_errors`, `detail` and fields
 *   the form does not have → `root.serverError`); the first errored field gets focus.
 */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { MESSAGES } from "@portico/contract";
import { ApiError, errorMessage } from "./api.ts";

/**
 * A form field checked by the contract's schema (the server's rule and message, word for word)
 * while the form keeps what the user typed: `z.string().superRefine(checkedBy(ShiftLogNoteBody))`.
 */
export function checkedBy(rule: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const parsed = rule.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
  };
}

/**
 * A Controller's `field` without its `ref`, to spread on an MUI input while the ref goes to the
 * real <input> so an error can focus it: `<TextField {...withoutRef(field)} inputRef={field.ref} />`
 * (spreading `field` itself hands the ref to the component's outer <div>, which takes no focus).
 */
export function withoutRef<F extends { ref: unknown }>(field: F): Omit<F, "ref"> {
  const { ref: _ref, ...rest } = field;
  return rest;
}

export const ROOT_SERVER_ERROR = "root.serverError" as const;

export interface ApplyServerErrorsOptions<T extends FieldValues> {
  /** The form's file field: a 413 lands there. */
  fileField?: Path<T>;
  /**
   * Field names the form shows. When left out, a name counts as a field when the form has a
   * value for it (`getValues(name) !== undefined`), so give every field a default value.
   */
  fields?: readonly string[];
}

type SubsetForm<T extends FieldValues> = Pick<UseFormReturn<T>, "setError" | "getValues" | "setFocus">;

/**
 * Focus the first of `errored` in the form's order (`order`: the form's field names, top to
 * bottom; else the order given). Fields render their ref on the real input (see `withoutRef`).
 */
export function focusFirst<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setFocus">,
  errored: readonly string[],
  order?: readonly string[],
) {
  if (!errored.length) return;
  const rank = (name: string) => {
    const at = order ? order.indexOf(name.split(".")[0]) : -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const first = [...errored].sort((a, b) => rank(a) - rank(b))[0];
  try {
    form.setFocus(first as Path<T>);
  } catch {
    // A field without a focusable input keeps its message; nothing takes focus.
  }
}

/** `{a: ['x'], b: [{c: ['y']}], d: {e: ['z']}}` → [['a','x'], ['b.0.c','y'], ['d.e','z']] */
export function flattenFieldErrors(body: unknown, prefix = ""): [string, string][] {
  const out: [string, string][] = [];
  if (body === null || body === undefined) return out;
  if (typeof body === "string") return [[prefix, body]];
  if (Array.isArray(body)) {
    if (body.every((v) => typeof v === "string" || typeof v === "number")) {
      if (body.length) out.push([prefix, body.map(String).join(" ")]);
      return out;
    }
    body.forEach((item, i) => {
      if (item === null || item === undefined) return;
      if (typeof item === "string") out.push([prefix, item]);
      else if (typeof item === "object" && Object.keys(item).length === 0) return;
      else out.push(...flattenFieldErrors(item, prefix ? `${prefix}.${i}` : String(i)));
    });
    return out;
  }
  if (typeof body === "object") {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      out.push(...flattenFieldErrors(v, prefix ? `${prefix}.${k}` : k));
    }
    return out;
  }
  return [[prefix, String(body)]];
}

/**
 * A failed call as one line, for a form or dialog with no field to put it under: 413 → the
 * file-size message; ≥ 500 → the status text; otherwise every message of the body (leaving out
 * the fields in `except`, shown elsewhere), else the error's own message.
 */
export function serverErrorText(error: unknown, except: readonly string[] = []): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (error.status === 413) return MESSAGES.fileTooLarge;
  if (error.status >= 500) return error.statusText;
  if (error.status === 403) return errorMessage(error);
  if (typeof error.body === "object" && error.body !== null) {
    const entries = flattenFieldErrors(error.body);
    if (entries.length)
      return entries
        .filter(([name]) => !except.includes(name.split(".")[0]))
        .map(([, message]) => message)
        .join(" ");
  }
  return typeof error.body === "string" && error.body ? error.body : errorMessage(error);
}

/** A failed call's messages under one field ('' when none): 400 bodies only. */
export function serverFieldText(error: unknown, field: string): string {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== "object" || !error.body) return "";
  return flattenFieldErrors(error.body)
    .filter(([name]) => name.split(".")[0] === field)
    .map(([, message]) => message)
    .join(" ");
}

const ROOT_KEYS = new Set(["", "non_field_errors", "detail", "__all__"]);

/**
 * Put a failed submit's error on the form. Returns the messages set, keyed by field
 * (`root.serverError` for form-wide ones).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: SubsetForm<T>,
  options: ApplyServerErrorsOptions<T> = {},
): Record<string, string> {
  const set: Record<string, string> = {};
  const root = (message: string, type = "server") => {
    set[ROOT_SERVER_ERROR] = set[ROOT_SERVER_ERROR] ? `${set[ROOT_SERVER_ERROR]} ${message}` : message;
    form.setError(ROOT_SERVER_ERROR as Path<T>, { type, message: set[ROOT_SERVER_ERROR] });
  };

  if (!(error instanceof ApiError)) {
    root(errorMessage(error));
    return set;
  }
  if (error.status === 413) {
    if (options.fileField) {
      set[options.fileField] = MESSAGES.fileTooLarge;
      form.setError(options.fileField, { type: "413", message: MESSAGES.fileTooLarge }, { shouldFocus: true });
    } else root(MESSAGES.fileTooLarge, "413");
    return set;
  }
  if (error.status >= 500) {
    root(error.statusText, String(error.status));
    return set;
  }

  const isField = (name: string): boolean => {
    if (ROOT_KEYS.has(name)) return false;
    if (options.fields) return options.fields.includes(name) || options.fields.includes(name.split(".")[0]);
    try {
      return form.getValues(name as Path<T>) !== undefined;
    } catch {
      return false;
    }
  };

  const entries = typeof error.body === "object" && error.body !== null ? flattenFieldErrors(error.body) : [];
  if (entries.length === 0) {
    root(typeof error.body === "string" && error.body ? error.body : error.message);
    return set;
  }
  const errored: string[] = [];
  const put = (name: string, message: string) => {
    set[name] = set[name] ? `${set[name]} ${message}` : message;
    form.setError(name as Path<T>, { type: "server", message: set[name] });
    if (!errored.includes(name)) errored.push(name);
  };
  for (const [name, message] of entries) {
    if (isField(name)) put(name, message);
    else {
      const leaf = name.split(".").pop() ?? "";
      // A nested non_field_errors (e.g. rows.0.non_field_errors) stays with its row when the row is a field.
      const parent = name.slice(0, Math.max(0, name.length - leaf.length - 1));
      if (ROOT_KEYS.has(leaf) && parent && isField(parent)) put(parent, message);
      else root(message);
    }
  }
  focusFirst(form, errored, options.fields);
  return set;
}
