CREATE TABLE "instruction_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"color" text NOT NULL,
	"color_hex" text NOT NULL,
	"font_color_hex" text NOT NULL,
	"tenant_permissions" text DEFAULT 'NONE' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_end_date_required" boolean DEFAULT false NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"is_security" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"occupancy_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"instruction_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"instruction_text" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"expiration_date" date,
	"photo_url" text,
	"entered_by_id" integer,
	"entered_date" timestamp with time zone DEFAULT now() NOT NULL,
	"is_manually_expired" boolean DEFAULT false NOT NULL,
	"is_management" boolean DEFAULT false NOT NULL,
	"photo_last_changed_datetime" timestamp with time zone,
	"photo_last_changed_user_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_instruction_type_id_instruction_types_id_fk" FOREIGN KEY ("instruction_type_id") REFERENCES "public"."instruction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructions" ADD CONSTRAINT "instructions_photo_last_changed_user_id_users_id_fk" FOREIGN KEY ("photo_last_changed_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instruction_types_name_lower_uq" ON "instruction_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "instruction_types_order_idx" ON "instruction_types" USING btree ("display_order","name");--> statement-breakpoint
CREATE INDEX "instructions_building_expiration_idx" ON "instructions" USING btree ("building_id","is_manually_expired","expiration_date","id");--> statement-breakpoint
CREATE INDEX "instructions_building_ended_idx" ON "instructions" USING btree ("building_id","expiration_date");--> statement-breakpoint
CREATE INDEX "instructions_occupancy_idx" ON "instructions" USING btree ("occupancy_id","expiration_date");--> statement-breakpoint
CREATE INDEX "instructions_apartment_idx" ON "instructions" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "instructions_building_type_idx" ON "instructions" USING btree ("building_id","instruction_type_id","expiration_date");--> statement-breakpoint
CREATE INDEX "instructions_building_text_trgm_idx" ON "instructions" USING gin ("building_id",("name" || ' ' || "instruction_text") gin_trgm_ops);--> statement-breakpoint
-- The food delivery type is id 16 on every installation (the client knows it by its id); it cannot be edited.
INSERT INTO "instruction_types" ("id", "name", "short_name", "display_order", "color", "color_hex", "font_color_hex", "tenant_permissions", "is_end_date_required", "is_immutable")
  VALUES (16, 'Food delivery', 'FD', 5, 'Orange', '#F57C00', '#000000', 'NONE', true, true);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('instruction_types', 'id'), (SELECT max("id") FROM "instruction_types"));
