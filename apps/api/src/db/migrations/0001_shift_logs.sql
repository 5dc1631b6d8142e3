CREATE TABLE "shift_log_note_apartments" (
	"note_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"occupancy_id" integer,
	CONSTRAINT "shift_log_note_apartments_note_id_apartment_id_pk" PRIMARY KEY("note_id","apartment_id")
);
--> statement-breakpoint
CREATE TABLE "shift_log_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"body" text NOT NULL,
	"shift_log_type_id" integer,
	"is_high_priority" boolean DEFAULT false NOT NULL,
	"location" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "body")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_log_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"code" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_log_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"sender" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"related_entity_type" text,
	"related_entity_id" integer,
	"dedupe_key" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_messages_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "occupancy_tracking" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupancy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"track_instructions" boolean DEFAULT false NOT NULL,
	"track_maintenance_requests" boolean DEFAULT false NOT NULL,
	"track_packages" boolean DEFAULT false NOT NULL,
	"track_service_elevators" boolean DEFAULT false NOT NULL,
	"track_shift_log_notes" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_log_note_apartments" ADD CONSTRAINT "shift_log_note_apartments_note_id_shift_log_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."shift_log_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_log_note_apartments" ADD CONSTRAINT "shift_log_note_apartments_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_log_note_apartments" ADD CONSTRAINT "shift_log_note_apartments_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_log_notes" ADD CONSTRAINT "shift_log_notes_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_log_notes" ADD CONSTRAINT "shift_log_notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_log_notes" ADD CONSTRAINT "shift_log_notes_shift_log_type_id_shift_log_types_id_fk" FOREIGN KEY ("shift_log_type_id") REFERENCES "public"."shift_log_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_tracking" ADD CONSTRAINT "occupancy_tracking_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_tracking" ADD CONSTRAINT "occupancy_tracking_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_log_note_apartments_apartment_idx" ON "shift_log_note_apartments" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "shift_log_note_apartments_occupancy_idx" ON "shift_log_note_apartments" USING btree ("occupancy_id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_building_date_idx" ON "shift_log_notes" USING btree ("building_id","date_created","id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_building_type_date_idx" ON "shift_log_notes" USING btree ("building_id","shift_log_type_id","date_created","id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_building_priority_date_idx" ON "shift_log_notes" USING btree ("building_id","is_high_priority","date_created","id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_date_idx" ON "shift_log_notes" USING btree ("date_created","id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_owner_idx" ON "shift_log_notes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "shift_log_notes_search_idx" ON "shift_log_notes" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_log_types_name_lower_uq" ON "shift_log_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "shift_log_types_order_idx" ON "shift_log_types" USING btree ("display_order","name");--> statement-breakpoint
CREATE INDEX "email_messages_building_date_idx" ON "email_messages" USING btree ("building_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_messages_status_idx" ON "email_messages" USING btree ("status","date_created");--> statement-breakpoint
CREATE INDEX "email_messages_related_idx" ON "email_messages" USING btree ("related_entity_type","related_entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "occupancy_tracking_occupancy_user_uq" ON "occupancy_tracking" USING btree ("occupancy_id","user_id");--> statement-breakpoint
CREATE INDEX "occupancy_tracking_user_idx" ON "occupancy_tracking" USING btree ("user_id");