import { z } from "zod";
import { boolField, boundedText, ID_TOO_LARGE, isIdText, MAX_ID, requiredFieldText } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { PACKAGE_COMMENT_MAX, PACKAGE_MESSAGES } from "./base.ts";

/** The field types the package schemas share (requiredIdField, IdListField and bracketedIds are public). */

// ---------------------------------------------------------------------------------------------
// Small field types

export const requiredText = (max: number, required: string = PACKAGE_MESSAGES.fieldRequired) =>
  requiredFieldText(max, required);
export const optionalText = boundedText;
export const bool = boolField;
const HEX_RE = /^#[0-9A-Fa-f]{6}$/;
export const hexColor = z
  .string({ error: MESSAGES.notAString })
  .trim()
  .regex(HEX_RE, "Enter a colour as #RRGGBB.")
  .transform((v) => v.toUpperCase());

/** A required id (a numeric string is accepted); `message` when missing or not an id. */
export const requiredIdField = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, ID_TOO_LARGE),
  );

/**
 * A list of occupant ids: a JSON list, or the bracketed string form ('[12, 13]') the batched
 * package carries, or a comma list.
 */
export const IdListField = z
  .union([z.array(z.union([z.number(), z.string()])), z.string(), z.null()], { error: MESSAGES.notAList })
  .transform((v, ctx) => {
    if (v === null) return [] as number[];
    const parts = Array.isArray(v)
      ? v.map((x) => String(x).trim())
      : v
          .replace(/^\s*\[/, "")
          .replace(/\]\s*$/, "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
    const out: number[] = [];
    for (const p of parts) {
      if (!isIdText(p) || Number(p) <= 0) {
        ctx.addIssue({ code: "custom", message: `"${p}" is not a valid id.` });
        return z.NEVER;
      }
      if (!out.includes(Number(p))) out.push(Number(p));
    }
    return out;
  });

/** '[12, 13]': how the batched package shows its notification list. */
export const bracketedIds = (ids: readonly number[]) => `[${ids.join(", ")}]`;

/** An opening comment: text or null (→ ""), trimmed, at most PACKAGE_COMMENT_MAX. */
export const openingComment = z
  .union([z.string(), z.null()], { error: MESSAGES.notAString })
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(PACKAGE_COMMENT_MAX, MESSAGES.maxLength(PACKAGE_COMMENT_MAX)));
