import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps } from "./columns.ts";

/**
 * The e-mail template library: a global tree of categories (parent_id null at the top level; a
 * category holding sub-categories or templates cannot be deleted, so the references restrict)
 * and templates (cleaned HTML) in them.
 */
export const emailTemplateCategories = pgTable(
  "email_template_categories",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    parent_id: integer("parent_id").references((): AnyPgColumn => emailTemplateCategories.id),
    sort: integer("sort").notNull().default(0),
    ...timestamps(),
  },
  // The tree is read whole, by parent then title.
  (t) => [index("email_template_categories_parent_idx").on(t.parent_id, t.sort, sql`lower(${t.title})`)],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    category_id: refersTo("category_id", () => emailTemplateCategories.id),
    ...timestamps(),
  },
  (t) => [index("email_templates_category_idx").on(t.category_id, sql`lower(${t.title})`)],
);

/** A building's named set of units a memo can be sent to; a name is unique in its building (any case). */
export const memoGroups = pgTable(
  "memo_groups",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    created_by_id: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    last_edited_by_id: integer("last_edited_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("memo_groups_building_name_uq").on(t.building_id, sql`lower(${t.name})`)],
);

export const memoGroupApartments = pgTable(
  "memo_group_apartments",
  {
    memo_group_id: belongsTo("memo_group_id", () => memoGroups.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
  },
  (t) => [
    primaryKey({ columns: [t.memo_group_id, t.apartment_id] }),
    index("memo_group_apartments_apartment_idx").on(t.apartment_id),
  ],
);

/**
 * A building's document: a stored file (lib/files URL) with a title, subtitle and who may see it.
 * Staff without document.view_all see only is_visible_to_staff ones.
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    file: text("file").notNull(),
    file_name: text("file_name").notNull().default(""),
    content_type: text("content_type").notNull().default(""),
    size: integer("size").notNull().default(0),
    is_visible_to_tenants: boolean("is_visible_to_tenants").notNull().default(false),
    is_visible_to_staff: boolean("is_visible_to_staff").notNull().default(true),
    created_by_id: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("documents_building_created_idx").on(t.building_id, t.date_created, t.id),
    index("documents_building_staff_created_idx").on(t.building_id, t.is_visible_to_staff, t.date_created, t.id),
  ],
);
