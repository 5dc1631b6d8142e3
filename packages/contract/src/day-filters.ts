import { z } from "zod";
import { dateRangeOrder, Id } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { isValidDay } from "./occupancies/fields.ts";

/** The lists' from / until filters (lockouts, contractor visits): days, YYYY-MM-DD. */
export const DayQuery = z.string().trim().refine(isValidDay, { message: MESSAGES.invalidDate });
/** until before from → until: 'The end date must be on or after the start date.' */
export const fromUntilOrder = dateRangeOrder([["from", "until"]]);
/** An optional id of a form (multipart sends text: empty, 'null' and 'undefined' are none). */
export const OptionalFormId = z.preprocess(
  (v) => (v === "" || v === null || v === "null" || v === "undefined" ? undefined : v),
  Id.optional(),
);
