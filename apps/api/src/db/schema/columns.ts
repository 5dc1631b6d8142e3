/** Column shapes the tables share (same SQL as writing them out). */
import { integer, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A required reference to a row this one belongs to: it goes when that row goes (ON DELETE CASCADE). */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** A required reference (the row referred to cannot go while this one refers to it). */
export const refersTo = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** An instant set when the row is written (timestamptz, now). */
export const writtenAt = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** When the row was created and last changed. */
export const timestamps = () => ({
  date_created: writtenAt("date_created"),
  last_modified: writtenAt("last_modified"),
});
