import { sql } from "drizzle-orm";
import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { buildings } from "./core.ts";
import { belongsTo, timestamps } from "./columns.ts";

/**
 * A building's vendor (supplier): name and optional category, address and contacts ('' when not
 * given). An Excel upload replaces all of a building's vendors in one transaction.
 */
export const vendors = pgTable(
  "vendors",
  {
    id: serial("id").primaryKey(),
    building_id: belongsTo("building_id", () => buildings.id),
    name: text("name").notNull(),
    category: text("category").notNull().default(""),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    zip: text("zip").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    website: text("website").notNull().default(""),
    ...timestamps(),
  },
  // The building's list, by name.
  (t) => [index("vendors_building_name_idx").on(t.building_id, sql`lower(${t.name})`, t.id)],
);
