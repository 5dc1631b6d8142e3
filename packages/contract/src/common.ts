import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/** A page of a list: `?limit=&offset=` → `{count, next, previous, results}`. */
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Who a user is, as the answers naming one write it (the signed-in user, authors, staff). */
export const UserIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A person with an account as the lists of staff and residents write them: their row, account and name. */
export const AccountHolder = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  ...UserIdentity.pick({ first_name: true, last_name: true, username: true, email: true }).shape,
});

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** Query booleans arrive as true/false/True/1/0. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === "boolean" ? v : ["true", "1", "yes", "on"].includes(v.toLowerCase())));

/** An optional text field: trimmed, at most `max` characters. */
export const boundedText = (max: number) =>
  z.string({ error: MESSAGES.notAString }).trim().max(max, MESSAGES.maxLength(max));
/** A required text field: trimmed, not empty (`required` when missing or empty), at most `max` characters. */
export const requiredFieldText = (max: number, required: string = MESSAGES.fieldRequired) =>
  z.string({ error: required }).trim().min(1, required).max(max, MESSAGES.maxLength(max));
/** An optional text field that may also be null or blank: trimmed (null → ''), at most `max` characters. */
export const blankableText = (max: number) =>
  z
    .union([z.string(), z.null()], { error: MESSAGES.notAString })
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, MESSAGES.maxLength(max)));
/** A boolean field. */
export const boolField = () => z.boolean({ error: MESSAGES.notABoolean });

/** The largest database id (PostgreSQL integer columns). */
export const MAX_ID = 2147483647;
export const ID_TOO_LARGE = MESSAGES.maxValue(MAX_ID);
/**
 * A database id in a path, a query or a body: every id the API reads goes through this (or
 * `isIdText` for lists), so none outside the integer column range reaches the database.
 */
export const Id = z.coerce.number().int().positive().max(MAX_ID, ID_TOO_LARGE);
/** An id written in a comma list or a text field: digits only, within the column range. */
export const isIdText = (s: string): boolean => /^\d+$/.test(s) && Number(s) <= MAX_ID;

/** A query list as sent: "1,2,3" or repeated parameters (joined), trimmed, empty parts left out. */
export const commaParts = (v: string | string[] | number): string[] =>
  (Array.isArray(v) ? v.join(",") : String(v))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The ids of a query list, each checked (`"x" is not a valid id.` on the first that is not). */
export function idsOfParts(parts: readonly string[], ctx: z.RefinementCtx): number[] {
  const out: number[] = [];
  for (const p of parts) {
    if (!isIdText(p)) {
      ctx.addIssue({ code: "custom", message: `"${p}" is not a valid id.` });
      return z.NEVER;
    }
    out.push(Number(p));
  }
  return out;
}

/** A comma list of ids ("1,2,3"; repeated parameters are joined). */
export const IdList = z
  .union([z.string(), z.array(z.string()), z.number()])
  .transform((v, ctx) => idsOfParts(commaParts(v), ctx));
/**
 * The search filters' date ranges: `max` before `min` is refused on the `max` field with
 * 'The end date must be on or after the start date.'. Values are 'YYYY-MM-DD' or ISO
 * date-times; two date-times compare as instants, otherwise their days compare (a day filter
 * covers the whole day). Either end missing (or not a date) is not a range.
 */
export function isDateRangeReversed(min: unknown, max: unknown): boolean {
  if (typeof min !== "string" || typeof max !== "string" || !min || !max) return false;
  const a = min.trim();
  const b = max.trim();
  if (a.length > 10 && b.length > 10) {
    const ta = Date.parse(a.replace(" ", "T"));
    const tb = Date.parse(b.replace(" ", "T"));
    return Number.isFinite(ta) && Number.isFinite(tb) && tb < ta;
  }
  return b.slice(0, 10) < a.slice(0, 10);
}

/** A query schema's refinement: each `[min, max]` pair of parameters must be in order. */
export const dateRangeOrder =
  (pairs: readonly (readonly [string, string])[]) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const [min, max] of pairs)
      if (isDateRangeReversed(v[min], v[max]))
        ctx.addIssue({ code: "custom", path: [max], message: MESSAGES.endBeforeStart });
  };

/** The error shapes of the API. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export const Detail = z.object({ detail: z.string() });

/** An event in an object's history. */
export const Event = z.object({
  id: z.number().int(),
  type: z.string(),
  type_display: z.string(),
  note: z.string(),
  performed_by: z.string().nullable(),
  date_created: z.string(),
});
export type Event = z.infer<typeof Event>;

export const CHANGE_DELIMITER = "; ";
/** 'Changes: field: old ==> new; field2: old ==> new' */
export function changeNote(changes: { field: string; from: unknown; to: unknown }[]): string {
  const fmt = (v: unknown) => (v === null || v === undefined || v === "" ? "None" : String(v));
  return "Changes: " + changes.map((c) => `${c.field}: ${fmt(c.from)} ==> ${fmt(c.to)}`).join(CHANGE_DELIMITER);
}
