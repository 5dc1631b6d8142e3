import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { buildings, users } from "./core.ts";
import { apartments, occupancies } from "./occupancies.ts";
import { emailMessages } from "./mail.ts";
import { belongsTo, refersTo, writtenAt, timestamps } from "./columns.ts";

/**
 * Package types: global settings (a change applies to every building), managed by Office.
 * group: INCOMING_DELIVERY, OUTGOING_ITEMS or KEYS (the keys group notifies no resident).
 * Immutable types cannot be edited or toggled.
 */
export const packageTypes = pgTable(
  "package_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    group: text("group").notNull(),
    /** The named colour (contract PACKAGE_COLORS). */
    color: text("color").notNull(),
    color_hex: text("color_hex").notNull(),
    font_color_hex: text("font_color_hex").notNull(),
    /** At most 10 characters, upper-cased. */
    abbreviation: text("abbreviation").notNull(),
    display_order: integer("display_order").notNull().default(0),
    email_subject: text("email_subject").notNull().default(""),
    is_public_display: boolean("is_public_display").notNull().default(true),
    is_pic_required: boolean("is_pic_required").notNull().default(false),
    is_active: boolean("is_active").notNull().default(true),
    is_immutable: boolean("is_immutable").notNull().default(false),
    grid_display: boolean("grid_display").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("package_types_name_lower_uq").on(sql`lower(${t.name})`),
    index("package_types_order_idx").on(t.display_order, t.name),
  ],
);

/**
 * A package held at (or leaving from) the front desk for a unit profile. OPEN → CLOSED by
 * closing, CLOSED → OPEN by re-opening; every transition is an event (entity_type 'package').
 * The scan-and-go columns stay null for hand-logged packages; the portfolio scan report reads
 * them (packages scanned per building, and the success rates of the three recognitions).
 */
export const packages = pgTable(
  "packages",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    apartment_id: belongsTo("apartment_id", () => apartments.id),
    package_type_id: refersTo("package_type_id", () => packageTypes.id),
    status: text("status").notNull().default("OPEN"),
    opening_comment: text("opening_comment").notNull().default(""),
    closing_comment: text("closing_comment").notNull().default(""),
    closing_photo_url: text("closing_photo_url"),
    date_opened: writtenAt("date_opened"),
    date_closed: timestamp("date_closed", { withTimezone: true }),
    ...timestamps(),
    opened_by_id: integer("opened_by_id").references(() => users.id, { onDelete: "set null" }),
    closed_by_id: integer("closed_by_id").references(() => users.id, { onDelete: "set null" }),
    /** Occupant ids chosen to be notified when the package was logged. */
    send_notification_occupants: integer("send_notification_occupants")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The addresses mailed, 'a@x.com;b@y.com'. */
    send_notification_to: text("send_notification_to").notNull().default(""),
    notification_email_id: integer("notification_email_id").references(() => emailMessages.id, {
      onDelete: "set null",
    }),
    /** sms_messages ids of the texts sent when logged. */
    notification_sms_ids: integer("notification_sms_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // Scan and go (later issue)
    barcode: text("barcode"),
    carrier: text("carrier"),
    scanned_at: timestamp("scanned_at", { withTimezone: true }),
    barcode_success: boolean("barcode_success"),
    apartment_success: boolean("apartment_success"),
    package_type_success: boolean("package_type_success"),
    /**
     * Whether the unit profile is active, kept by the database (migration 0016: set when the
     * package is written and when the unit profile is (de)activated); the list keeps active ones.
     */
    occupancy_is_active: boolean("occupancy_is_active").notNull().default(true),
  },
  (t) => [
    // Lists order by (date_opened, id): a status list (open, closed) is a range of the first, a
    // list of every status a range of the second, however deep the page (ascending: scanned
    // backwards they match ORDER BY … DESC, whose nulls come first). Both carry the status and
    // whether the unit profile is active (the list keeps active ones), so a deep page is read
    // from the index alone.
    index("packages_building_status_opened_idx").on(
      t.building_id,
      t.status,
      t.date_opened,
      t.id,
      t.occupancy_is_active,
      t.occupancy_id,
    ),
    index("packages_building_opened_idx").on(
      t.building_id,
      t.date_opened,
      t.id,
      t.status,
      t.occupancy_is_active,
      t.occupancy_id,
    ),
    index("packages_occupancy_status_idx").on(t.occupancy_id, t.status),
    index("packages_building_type_status_idx").on(t.building_id, t.package_type_id, t.status),
    index("packages_building_closed_idx").on(t.building_id, t.date_closed),
    index("packages_apartment_status_idx").on(t.apartment_id, t.status),
    // The list search's "contains" over comments, barcode and carrier (repository PACKAGE_TEXT),
    // with the building (btree_gin), so a word is looked up in one building's packages only.
    index("packages_building_text_trgm_idx").using(
      "gin",
      t.building_id,
      sql`(${t.opening_comment} || ' ' || ${t.closing_comment} || ' ' || coalesce(${t.barcode}, '') || ' ' || coalesce(${t.carrier}, '')) gin_trgm_ops`,
    ),
    index("packages_building_scanned_idx")
      .on(t.building_id, t.scanned_at)
      .where(sql`${t.scanned_at} is not null`),
  ],
);

/** The batch queue of a building: packages waiting to be logged together (and notified then). */
export const packageQueue = pgTable(
  "package_queue",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    occupancy_id: belongsTo("occupancy_id", () => occupancies.id),
    package_type_id: refersTo("package_type_id", () => packageTypes.id),
    opening_comment: text("opening_comment").notNull().default(""),
    send_notification_occupants: integer("send_notification_occupants")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_by_id: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    date_created: writtenAt("date_created"),
    // Scan and go (later issue): what the scan recognised, carried onto the package.
    barcode: text("barcode"),
    carrier: text("carrier"),
    scanned_at: timestamp("scanned_at", { withTimezone: true }),
    barcode_success: boolean("barcode_success"),
    apartment_success: boolean("apartment_success"),
    package_type_success: boolean("package_type_success"),
  },
  (t) => [index("package_queue_building_idx").on(t.building_id, t.date_created, t.id)],
);

/**
 * The text-message outbox (lib/sms.ts). Status: 'outbox' (no SMS provider configured: kept
 * here), 'queued', 'sending', 'sent', 'failed'. Kept with the package tables until the shared mail layer
 * takes texts over.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: serial("id").primaryKey(),
    building_id: integer("building_id").references(() => buildings.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    to_number: text("to_number").notNull(),
    to_name: text("to_name").notNull().default(""),
    body: text("body").notNull(),
    status: text("status").notNull(),
    provider: text("provider"),
    provider_message_id: text("provider_message_id"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    related_entity_type: text("related_entity_type"),
    related_entity_id: integer("related_entity_id"),
    date_created: writtenAt("date_created"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_messages_building_date_idx").on(t.building_id, t.date_created.desc()),
    index("sms_messages_status_idx").on(t.status, t.date_created),
  ],
);

/**
 * Packages per building, status, type and whether their unit profile is active: kept exact by
 * the database as packages change (migration 0016), read for the package list's count.
 */
export const packageCounts = pgTable(
  "package_counts",
  {
    building_id: integer("building_id").notNull(),
    status: text("status").notNull(),
    package_type_id: integer("package_type_id").notNull(),
    occupancy_is_active: boolean("occupancy_is_active").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.building_id, t.status, t.package_type_id, t.occupancy_is_active] })],
);
