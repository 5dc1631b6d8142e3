import { z } from "zod";
import { Id, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";

/**
 * The e-mail template library (document 3 sections 2, 3, 7): a global tree of categories (each
 * may hold sub-categories) and templates (a title and HTML content) the memo composer starts
 * from. Managers (memo.send) read it; managers and Office (email_templates.manage) write it. The
 * server cleans every template's HTML. A category that still holds sub-categories or templates
 * is not deleted; a category is never moved under itself or one of its own sub-categories.
 */

// ---------------------------------------------------------------------------------------------
// Constants and messages

export const EMAIL_TEMPLATE_LIMITS = {
  title: 255,
  /** The HTML of a template (characters, before cleaning). */
  content: 1_000_000,
} as const;
/** Categories nest at most this deep (a root category is depth 1). */
export const EMAIL_TEMPLATE_MAX_DEPTH = 10;

export const EMAIL_TEMPLATE_MESSAGES = {
  /** The spec's. */
  updated: "Template successfully updated",
  // Ours (the spec gives no wording)
  titleRequired: "Title is required",
  categoryRequired: "Please select a category",
  categoryNotFound: "Select an existing category.",
  categoryNotEmpty: "This category still holds sub-categories or templates; move or delete them first.",
  categoryCycle: "A category cannot be moved under itself or one of its sub-categories.",
  tooDeep: `Categories nest at most ${EMAIL_TEMPLATE_MAX_DEPTH} levels deep.`,
  nothingToChange: "Send a title, a new category or content.",
  templateCreated: "Template created",
  templateDeleted: (title: string) => `Template "${title}" deleted`,
  categoryCreated: "Category created",
  categoryUpdated: "Category updated",
  categoryDeleted: (title: string) => `Category "${title}" deleted`,
  confirmDeleteTemplate: (title: string) => `Delete the template "${title}"?`,
  confirmDeleteCategory: (title: string) => `Delete the category "${title}"?`,
  noTemplates: "No templates yet",
  pickTemplate: "Insert template",
  topLevel: "(top level)",
} as const;
const M = EMAIL_TEMPLATE_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Entities

/** A template in the tree: no content (GET /emails/templates/{id}/ gives it). */
export const EmailTemplateSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.number().int(),
});
export type EmailTemplateSummary = z.infer<typeof EmailTemplateSummary>;

/** A template with its (cleaned) HTML content. */
export const EmailTemplate = EmailTemplateSummary.extend({
  content: z.string(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/** A category as written and answered by the category calls. */
export const EmailTemplateCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The parent category's id; null at the top level. */
  parent: z.number().int().nullable(),
});
export type EmailTemplateCategory = z.infer<typeof EmailTemplateCategory>;

/** A category in the tree: its sub-categories and templates (each by title). */
export interface EmailTemplateCategoryNode extends EmailTemplateCategory {
  categories: EmailTemplateCategoryNode[];
  templates: EmailTemplateSummary[];
}
export const EmailTemplateCategoryNode: z.ZodType<EmailTemplateCategoryNode> = z.lazy(() =>
  EmailTemplateCategory.extend({
    categories: z.array(EmailTemplateCategoryNode),
    templates: z.array(EmailTemplateSummary),
  }),
);

/** GET /emails/templates_hierarchy/: the top-level categories, each with its tree, by title. */
export const EmailTemplateHierarchy = z.object({ categories: z.array(EmailTemplateCategoryNode) });
export type EmailTemplateHierarchy = z.infer<typeof EmailTemplateHierarchy>;

/** The answer of a delete. */
export const EmailTemplateDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type EmailTemplateDeleted = z.infer<typeof EmailTemplateDeleted>;

// ---------------------------------------------------------------------------------------------
// Writes

const title = () => requiredFieldText(EMAIL_TEMPLATE_LIMITS.title, M.titleRequired);
const content = () =>
  z
    .union([z.string(), z.null()], { error: MESSAGES.notAString })
    .transform((v) => v ?? "")
    .pipe(z.string().max(EMAIL_TEMPLATE_LIMITS.content, MESSAGES.maxLength(EMAIL_TEMPLATE_LIMITS.content)));
/** A category id, required ('Please select a category' when missing or blank). */
const categoryId = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.any().refine((v) => v !== undefined, M.categoryRequired).pipe(Id),
  );
/** A nullable parent id ('' or null: the top level). */
const parentId = z.preprocess((v) => (v === "" || v === undefined ? null : v), Id.nullable());

/** POST /emails/categories/ {title, parent?}: parent null or left out → a top-level category. */
export const EmailCategoryWrite = z.object({ title: title(), parent: parentId.optional() });
export type EmailCategoryWrite = z.infer<typeof EmailCategoryWrite>;
export type EmailCategoryWriteInput = z.input<typeof EmailCategoryWrite>;

/**
 * PATCH /emails/categories/{id}/ {title} renames; {new_category_id} moves it under that category
 * (null: to the top level). Moving under itself or a sub-category → 400 under new_category_id.
 */
export const EmailCategoryPatch = z
  .object({ title: title().optional(), new_category_id: parentId.optional() })
  .refine((v) => v.title !== undefined || v.new_category_id !== undefined, {
    message: M.nothingToChange,
    path: ["title"],
  });
export type EmailCategoryPatch = z.infer<typeof EmailCategoryPatch>;
export type EmailCategoryPatchInput = z.input<typeof EmailCategoryPatch>;

/** POST /emails/templates/ {title, content, category}. */
export const EmailTemplateWrite = z.object({
  title: title(),
  content: content().optional(),
  category: categoryId(),
});
export type EmailTemplateWrite = z.infer<typeof EmailTemplateWrite>;
export type EmailTemplateWriteInput = z.input<typeof EmailTemplateWrite>;

/** PATCH /emails/templates/{id}/ {title} renames, {category} moves, {content} edits (any subset). */
export const EmailTemplatePatch = z
  .object({ title: title().optional(), content: content().optional(), category: categoryId().optional() })
  .refine((v) => v.title !== undefined || v.category !== undefined || v.content !== undefined, {
    message: M.nothingToChange,
    path: ["title"],
  });
export type EmailTemplatePatch = z.infer<typeof EmailTemplatePatch>;
export type EmailTemplatePatchInput = z.input<typeof EmailTemplatePatch>;
