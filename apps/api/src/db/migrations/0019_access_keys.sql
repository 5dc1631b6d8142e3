CREATE TABLE "key_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"location_id" integer,
	"name" text NOT NULL,
	"rfid" text NOT NULL,
	"status" text DEFAULT 'IN' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_status_change" timestamp with time zone DEFAULT now() NOT NULL,
	"away_since" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_journeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"access_key_id" integer NOT NULL,
	"status" text NOT NULL,
	"key_out_datetime" timestamp with time zone,
	"key_in_datetime" timestamp with time zone,
	"key_declared_missing_datetime" timestamp with time zone,
	"photo_url" text,
	"entity_type" text,
	"entity_id" integer,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_subtype" text,
	"out_by_id" integer,
	"in_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verbal_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"access_key_id" integer NOT NULL,
	"comment" text NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_locations" ADD CONSTRAINT "key_locations_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_location_id_key_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."key_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_journeys" ADD CONSTRAINT "key_journeys_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_journeys" ADD CONSTRAINT "key_journeys_access_key_id_access_keys_id_fk" FOREIGN KEY ("access_key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_journeys" ADD CONSTRAINT "key_journeys_out_by_id_users_id_fk" FOREIGN KEY ("out_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_journeys" ADD CONSTRAINT "key_journeys_in_by_id_users_id_fk" FOREIGN KEY ("in_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verbal_permissions" ADD CONSTRAINT "verbal_permissions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verbal_permissions" ADD CONSTRAINT "verbal_permissions_access_key_id_access_keys_id_fk" FOREIGN KEY ("access_key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verbal_permissions" ADD CONSTRAINT "verbal_permissions_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_locations_building_name_uq" ON "key_locations" USING btree ("building_id",lower("name"));--> statement-breakpoint
CREATE INDEX "key_locations_building_order_idx" ON "key_locations" USING btree ("building_id","display_order","name");--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_rfid_uq" ON "access_keys" USING btree ("rfid");--> statement-breakpoint
CREATE INDEX "access_keys_building_name_idx" ON "access_keys" USING btree ("building_id","name");--> statement-breakpoint
CREATE INDEX "access_keys_apartment_idx" ON "access_keys" USING btree ("apartment_id","name");--> statement-breakpoint
CREATE INDEX "access_keys_building_active_idx" ON "access_keys" USING btree ("building_id","is_active");--> statement-breakpoint
CREATE INDEX "access_keys_location_idx" ON "access_keys" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "access_keys_building_status_away_idx" ON "access_keys" USING btree ("building_id","status","away_since");--> statement-breakpoint
CREATE INDEX "key_journeys_key_out_idx" ON "key_journeys" USING btree ("access_key_id","key_out_datetime");--> statement-breakpoint
CREATE UNIQUE INDEX "key_journeys_open_uq" ON "key_journeys" USING btree ("access_key_id") WHERE "key_journeys"."key_in_datetime" is null;--> statement-breakpoint
CREATE INDEX "key_journeys_building_idx" ON "key_journeys" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "verbal_permissions_key_idx" ON "verbal_permissions" USING btree ("access_key_id","expires_at");
