ALTER TABLE "occupancies" ADD COLUMN "move_out_invite_sent_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "occupancies_building_lease_end_idx" ON "occupancies" USING btree ("building_id","lease_end_date");
