-- btree_gin: GIN indexes that lead with a plain column (the building) before the words or
-- trigrams; a trusted extension since PostgreSQL 13, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- IF (NOT) EXISTS: a database where these indexes were built by hand takes the migration too.
DROP INDEX IF EXISTS "shift_log_notes_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packages_building_status_opened_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "packages_building_opened_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shift_log_notes_building_search_idx" ON "shift_log_notes" USING gin ("building_id","search_vector");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "packages_building_text_trgm_idx" ON "packages" USING gin ("building_id",("opening_comment" || ' ' || "closing_comment" || ' ' || coalesce("barcode", '') || ' ' || coalesce("carrier", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "packages_building_status_opened_idx" ON "packages" USING btree ("building_id","status","date_opened","id","occupancy_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "packages_building_opened_idx" ON "packages" USING btree ("building_id","date_opened","id","status","occupancy_id");--> statement-breakpoint
-- The planner weighs a search word by the statistics of the indexed text expression: gather them now.
ANALYZE "packages";