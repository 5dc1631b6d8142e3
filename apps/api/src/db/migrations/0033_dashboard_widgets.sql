ALTER TABLE "occupancies" ADD COLUMN "move_out_invite_sent_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "occupancies_building_lease_end_idx" ON "occupancies" USING btree ("building_id","lease_end_date");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "amenity_reservations_building_approval_idx" ON "amenity_reservations" USING btree ("building_id","approval_status","end_time");
