import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buildings, employees, users } from "./core.ts";
import { apartments, occupancies } from "./occupancies.ts";
import { belongsTo, refersTo, timestamps, writtenAt } from "./columns.ts";

/**
 * Maintenance request types: global (a change applies to every building), managed by Office.
 * access_permissions: who may file a request of the type, STAFF_ONLY or RESIDENTS_AND_STAFF.
 * instruction_text is shown on the create form when the type is picked.
 */
export const maintenanceRequestTypes = pgTable(
  "maintenance_request_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    category: text("category").notNull().default(""),
    display_order: integer("display_order").notNull().default(0),
    instruction_text: text("instruction_text").notNull().default(""),
    access_permissions: text("access_permissions").notNull().default("STAFF_ONLY"),
    is_active: boolean("is_active").notNull().default(true),
    is_immutable: boolean("is_immutable").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("maintenance_request_types_name_lower_uq").on(sql`lower(${t.name})`),
    index("maintenance_request_types_order_idx").on(t.display_order, t.name),
  ],
);

/**
 * A maintenance request of a unit (apartment_id; occupancy_id, the unit profile, when it has one).
 * status is one of the building's vocabulary (contract MAINTENANCE_STATUSES); date_closed is set
 * while it is in the closed group; date_on_hold_until is a building-local day. employee_id: the
 * assignee (an MT employee). recurring_maintenance_request_id: the schedule that made it (the
 * foreign key comes with the recurring requests' table). Every write is an event (entity_type
 * 'maintenance_request').
 */
export const maintenanceRequests = pgTable(
  "maintenance_requests",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    occupancy_id: integer("occupancy_id").references(() => occupancies.id, { onDelete: "set null" }),
    maintenance_request_type_id: refersTo("maintenance_request_type_id", () => maintenanceRequestTypes.id),
    employee_id: integer("employee_id").references(() => employees.id, { onDelete: "set null" }),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    is_high_priority: boolean("is_high_priority").notNull().default(false),
    additional_emails: text("additional_emails").notNull().default(""),
    additional_phone_numbers: text("additional_phone_numbers").notNull().default(""),
    is_permission_to_enter: boolean("is_permission_to_enter").notNull().default(false),
    permission_to_enter_comments: text("permission_to_enter_comments").notNull().default(""),
    status: text("status").notNull().default("OPEN"),
    date_opened: writtenAt("date_opened"),
    date_closed: timestamp("date_closed", { withTimezone: true }),
    date_on_hold_until: date("date_on_hold_until"),
    signature_url: text("signature_url"),
    recurring_maintenance_request_id: integer("recurring_maintenance_request_id"),
    ...timestamps(),
  },
  (t) => [
    // The list: a building's requests newest first, by status (the default open filter), by
    // unit, type, unit profile, schedule; the date filters and orderings.
    index("maintenance_requests_building_created_idx").on(t.building_id, t.date_created, t.id),
    index("maintenance_requests_building_status_idx").on(t.building_id, t.status, t.date_created),
    index("maintenance_requests_building_apartment_idx").on(t.building_id, t.apartment_id, t.date_created),
    index("maintenance_requests_building_type_idx").on(t.building_id, t.maintenance_request_type_id, t.date_created),
    index("maintenance_requests_building_opened_idx").on(t.building_id, t.date_opened),
    index("maintenance_requests_building_closed_idx").on(t.building_id, t.date_closed),
    index("maintenance_requests_occupancy_idx").on(t.occupancy_id, t.date_created),
    index("maintenance_requests_recurring_idx").on(t.recurring_maintenance_request_id, t.date_created),
    index("maintenance_requests_type_idx").on(t.maintenance_request_type_id),
    index("maintenance_requests_employee_idx").on(t.employee_id),
    // The search's "contains" over the description, within one building (btree_gin).
    index("maintenance_requests_building_text_trgm_idx").using(
      "gin",
      t.building_id,
      sql`${t.description} gin_trgm_ops`,
    ),
  ],
);

/** A comment on a request: public (residents are told) or private; change_status_to: the status update it came with. */
export const maintenanceRequestComments = pgTable(
  "maintenance_request_comments",
  {
    id: serial("id").primaryKey(),
    maintenance_request_id: belongsTo("maintenance_request_id", () => maintenanceRequests.id),
    comment: text("comment").notNull().default(""),
    is_private: boolean("is_private").notNull().default(false),
    change_status_to: text("change_status_to"),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("maintenance_request_comments_request_idx").on(t.maintenance_request_id, t.date_created)],
);

/** A captioned photo of a request: public or private (staff only). */
export const maintenanceRequestPhotos = pgTable(
  "maintenance_request_photos",
  {
    id: serial("id").primaryKey(),
    maintenance_request_id: belongsTo("maintenance_request_id", () => maintenanceRequests.id),
    photo_url: text("photo_url").notNull(),
    caption: text("caption").notNull().default(""),
    is_private: boolean("is_private").notNull().default(false),
    entered_by_id: integer("entered_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
  },
  (t) => [index("maintenance_request_photos_request_idx").on(t.maintenance_request_id, t.date_created)],
);

/** A building's comment templates (the status update's comment picker), by display_order. */
export const maintenanceCommentTemplates = pgTable(
  "maintenance_comment_templates",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    title: text("title").notNull(),
    template: text("template").notNull().default(""),
    display_order: integer("display_order").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("maintenance_comment_templates_building_idx").on(t.building_id, t.display_order, t.id)],
);

/** A building's maintenance notification settings: email_recipients, semicolon-joined addresses. */
export const maintenanceNotificationSettings = pgTable("maintenance_notification_settings", {
  id: serial("id").primaryKey(),
  building_id: belongsTo("building_id", () => buildings.id).unique(),
  email_recipients: text("email_recipients").notNull().default(""),
  ...timestamps(),
});
