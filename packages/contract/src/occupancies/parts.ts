import { z } from "zod";
import { boolField, boundedText, ID_TOO_LARGE, MAX_ID, requiredFieldText } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";

/** Building blocks of the unit-profile schemas (not part of the package's exports). */
export const bool = boolField;
export const text = boundedText;
export const requiredText = (max: number) => requiredFieldText(max, UNIT_PROFILE_MESSAGES.fieldRequired);
export const requiredId = z.coerce
  .number({ error: UNIT_PROFILE_MESSAGES.fieldRequired })
  .int(UNIT_PROFILE_MESSAGES.fieldRequired)
  .positive(UNIT_PROFILE_MESSAGES.fieldRequired)
  .max(MAX_ID, ID_TOO_LARGE);

/** An empty phone is dropped (left as it was / not stored). */
export const Phone = z
  .string({ error: MESSAGES.notAString })
  .trim()
  .max(32, MESSAGES.maxLength(32))
  .transform((v) => (v === "" ? undefined : v));

/** An object of one field per name, each of the same type, in the names' order. */
export const sameTypeFields = <K extends string, T extends z.ZodType>(names: readonly K[], type: () => T) =>
  z.object(Object.fromEntries(names.map((n) => [n, type()])) as Record<K, T>);

/** What a unit is, as its apartment and its unit profiles show it. */
export const unitFacts = {
  apartment_number: z.string(),
  bedrooms: z.string(),
  bathrooms: z.string(),
  floor: z.string().nullable(),
  line: z.string().nullable(),
  is_balcony_apt: z.boolean(),
  is_management: z.boolean(),
};
