CREATE TABLE "id_card_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"occupant_id" integer,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'REPLACEMENT' NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"requested_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by_id" integer,
	"date_printed" timestamp with time zone,
	"cancelled_by_id" integer,
	"date_cancelled" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "occupancy_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupancy_id" integer NOT NULL,
	"comment" text NOT NULL,
	"is_manager_only" boolean DEFAULT false NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"removed_by_id" integer,
	"date_removed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "occupancy_note_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"link_text" text NOT NULL,
	"link_url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupancy_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupancy_id" integer NOT NULL,
	"note" text NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"building_id" integer,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "id_card_jobs" ADD CONSTRAINT "id_card_jobs_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_jobs" ADD CONSTRAINT "id_card_jobs_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_jobs" ADD CONSTRAINT "id_card_jobs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_jobs" ADD CONSTRAINT "id_card_jobs_printed_by_id_users_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_card_jobs" ADD CONSTRAINT "id_card_jobs_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_flags" ADD CONSTRAINT "occupancy_flags_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_flags" ADD CONSTRAINT "occupancy_flags_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_flags" ADD CONSTRAINT "occupancy_flags_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_note_links" ADD CONSTRAINT "occupancy_note_links_note_id_occupancy_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."occupancy_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_notes" ADD CONSTRAINT "occupancy_notes_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_notes" ADD CONSTRAINT "occupancy_notes_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_card_jobs_building_status_idx" ON "id_card_jobs" USING btree ("building_id","status","date_created");--> statement-breakpoint
CREATE INDEX "id_card_jobs_occupant_idx" ON "id_card_jobs" USING btree ("occupant_id");--> statement-breakpoint
CREATE INDEX "occupancy_flags_occupancy_idx" ON "occupancy_flags" USING btree ("occupancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "occupancy_flags_one_active_uq" ON "occupancy_flags" USING btree ("occupancy_id") WHERE "occupancy_flags"."is_active";--> statement-breakpoint
CREATE INDEX "occupancy_note_links_note_idx" ON "occupancy_note_links" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "occupancy_notes_occupancy_idx" ON "occupancy_notes" USING btree ("occupancy_id","date_created");--> statement-breakpoint
CREATE INDEX "stored_files_building_idx" ON "stored_files" USING btree ("building_id","purpose");