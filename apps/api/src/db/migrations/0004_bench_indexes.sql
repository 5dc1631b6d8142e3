DROP INDEX "shift_log_notes_building_date_idx";--> statement-breakpoint
DROP INDEX "shift_log_notes_date_idx";--> statement-breakpoint
DROP INDEX "packages_building_status_opened_idx";--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "apartments_sort_building_idx" ON "apartments" USING btree ("sort_key","building_id");--> statement-breakpoint
CREATE INDEX "packages_building_opened_idx" ON "packages" USING btree ("building_id","date_opened","id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_building_date_idx" ON "shift_log_notes" USING btree ("building_id","date_created","id","shift_log_type_id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_date_idx" ON "shift_log_notes" USING btree ("date_created","id","shift_log_type_id");--> statement-breakpoint
CREATE INDEX "packages_building_status_opened_idx" ON "packages" USING btree ("building_id","status","date_opened","id");