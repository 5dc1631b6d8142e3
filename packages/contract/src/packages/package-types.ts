import { z } from "zod";
import { PageQuery, queryBool } from "../common.ts";
import { colorByName, PACKAGE_ABBREVIATION_MAX, PACKAGE_COLORS, PACKAGE_MESSAGES, PackageGroup } from "./base.ts";
import { bool, hexColor, optionalText, requiredText } from "./fields.ts";

// ---------------------------------------------------------------------------------------------
// Package types

export const PackageTypeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string(),
  color_hex: z.string(),
  font_color_hex: z.string(),
  group: PackageGroup,
  group_display: z.string(),
  is_pic_required: z.boolean(),
  is_public_display: z.boolean(),
});
export type PackageTypeSummary = z.infer<typeof PackageTypeSummary>;

export const PackageType = PackageTypeSummary.extend({
  /** The named colour (see PACKAGE_COLORS); color_hex/font_color_hex come from it unless set. */
  color: z.string(),
  display_order: z.number().int(),
  /** Subject of the 'package logged' mail for this type (blank: the default subject). */
  email_subject: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
  /** Shown as a column of the package grid. */
  grid_display: z.boolean(),
});
export type PackageType = z.infer<typeof PackageType>;

export const PACKAGE_TYPE_LIMITS = { name: 100, email_subject: 255 } as const;

const typeFields = {
  name: requiredText(PACKAGE_TYPE_LIMITS.name),
  group: PackageGroup,
  color: z
    .string({ error: PACKAGE_MESSAGES.fieldRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.fieldRequired)
    .refine((v) => !!colorByName(v), { error: (iss) => `"${String(iss.input)}" is not a valid choice.` })
    .meta({ description: "A colour of PACKAGE_COLORS, by name", examples: [PACKAGE_COLORS[0].name] })
    .transform((v) => colorByName(v)!.name),
  /** Overrides of the named colour's hexes (optional). */
  color_hex: hexColor.optional(),
  font_color_hex: hexColor.optional(),
  /** At most 10 characters; stored upper-cased. */
  abbreviation: requiredText(PACKAGE_ABBREVIATION_MAX).transform((v) => v.toUpperCase()),
  display_order: z.coerce
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(0, "Ensure this value is greater than or equal to 0.")
    .max(2147483647, "Ensure this value is less than or equal to 2147483647.")
    .optional(),
  email_subject: optionalText(PACKAGE_TYPE_LIMITS.email_subject).nullable().optional(),
  is_public_display: bool().optional(),
  is_pic_required: bool().optional(),
  is_active: bool().optional(),
  grid_display: bool().optional(),
};

/**
 * POST /packages/package-types/ (Office only). Field errors come back per field; a name already
 * used (case-insensitive) → name: 'package type with this name already exists.'
 */
export const PackageTypeWrite = z.object(typeFields);
export type PackageTypeWrite = z.infer<typeof PackageTypeWrite>;
export type PackageTypeWriteInput = z.input<typeof PackageTypeWrite>;
/** PATCH /packages/package-types/{id}/ (Office only): any subset; immutable types → 403. */
export const PackageTypePatch = z.object(typeFields).partial();
export type PackageTypePatch = z.infer<typeof PackageTypePatch>;

/** GET /packages/package-types/ (display order, then name). */
export const PackageTypeQuery = PageQuery.extend({
  is_active: queryBool.optional(),
  group: PackageGroup.optional(),
});
export type PackageTypeQuery = z.infer<typeof PackageTypeQuery>;

export const PackageColor = z.object({ name: z.string(), color_hex: z.string(), font_color_hex: z.string() });
export const PackageGroupOption = z.object({ value: PackageGroup, display: z.string() });
