import { z } from "zod";
import { Id } from "../common.ts";
import { OCCUPANT_TYPES } from "../roles.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD. */
export function isValidDay(v: string): boolean {
  if (!DAY_RE.test(v)) return false;
  const [y, m, d] = v.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A date field of a form: 'YYYY-MM-DD', or empty/null (stored as null). */
export const FormDate = z
  .union([z.string(), z.null()], { error: UNIT_PROFILE_MESSAGES.dateFormat })
  .transform((v, ctx) => {
    if (v === null) return null;
    const s = v.trim();
    if (s === "") return null;
    if (!isValidDay(s)) {
      ctx.addIssue({ code: "custom", message: UNIT_PROFILE_MESSAGES.dateFormat });
      return z.NEVER;
    }
    return s;
  });

/** A query date filter: 'YYYY-MM-DD' or 'Invalid date'. */
export const DayFilter = z.string().trim().refine(isValidDay, { message: "Invalid date" });

/** The resident type: required ('This field is required'), one of TN, OC, CH. */
export const OccupantTypeField = z.enum(OCCUPANT_TYPES, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? UNIT_PROFILE_MESSAGES.typeRequired
      : `"${String(iss.input)}" is not a valid choice.`,
});

/** A database id in a path or query (integer column range). */
export const RowId = Id;

export const EMAIL_RE = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;
export const USERNAME_RE = /^[\w.@+-]+$/;
/** Placeholder addresses of residents created with the no-email option end with this. */
export const NO_EMAIL_DOMAIN = "no-email.portico.invalid";
export const placeholderEmail = (username: string) => `${username.toLowerCase()}@${NO_EMAIL_DOMAIN}`;
export const isPlaceholderEmail = (email: string | null | undefined) =>
  !!email && email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);
