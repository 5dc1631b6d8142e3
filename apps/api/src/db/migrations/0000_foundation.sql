CREATE TABLE "building_settings" (
	"building_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"portfolio_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"address_number" integer NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"employment_start_date" date,
	"emergency_contact_info" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"photo_url_thumbnail" text,
	CONSTRAINT "employees_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"type" text NOT NULL,
	"type_display" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"performed_by_id" integer,
	"data" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"employee_portal_name" text DEFAULT 'Portico' NOT NULL,
	"tenant_site_url" text
);
--> statement-breakpoint
CREATE TABLE "user_buildings" (
	"user_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"is_include_in_directory" boolean DEFAULT false NOT NULL,
	"is_include_in_tenant_portal_contacts" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_buildings_user_id_building_id_pk" PRIMARY KEY("user_id","building_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"last_login" timestamp with time zone,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apartments" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"apartment_number" text NOT NULL,
	"sort_key" text NOT NULL,
	"bedrooms" text DEFAULT '1BR' NOT NULL,
	"bathrooms" numeric(2, 1) DEFAULT '1.0' NOT NULL,
	"floor" text,
	"line" text,
	"is_balcony_apt" boolean DEFAULT false NOT NULL,
	"is_management" boolean DEFAULT false NOT NULL,
	"is_unlinked_to_tfcio" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"lease_start_date" date,
	"lease_end_date" date,
	"move_in_date" date,
	"move_out_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_do_not_disturb" boolean DEFAULT false NOT NULL,
	"external_lease_id" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupants" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupancy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text DEFAULT 'TN' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"pronouns" text DEFAULT '' NOT NULL,
	"emergency_contact_info" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"welcome_email_sent_time" timestamp with time zone,
	"is_text_maintenance_activity" boolean DEFAULT false NOT NULL,
	"is_email_maintenance_activity" boolean DEFAULT true NOT NULL,
	"is_text_package_activity" boolean DEFAULT false NOT NULL,
	"is_email_package_activity" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"use" text DEFAULT 'sig' NOT NULL,
	"jwk" jsonb NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_keys_kid_unique" UNIQUE("kid")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "building_settings" ADD CONSTRAINT "building_settings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_performed_by_id_users_id_fk" FOREIGN KEY ("performed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_buildings" ADD CONSTRAINT "user_buildings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_buildings" ADD CONSTRAINT "user_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartments" ADD CONSTRAINT "apartments_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancies" ADD CONSTRAINT "occupancies_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancies" ADD CONSTRAINT "occupancies_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupants" ADD CONSTRAINT "occupants_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupants" ADD CONSTRAINT "occupants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buildings_order_idx" ON "buildings" USING btree ("address_number","address");--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_type","entity_id","date_created");--> statement-breakpoint
CREATE INDEX "events_building_date_idx" ON "events" USING btree ("building_id","date_created");--> statement-breakpoint
CREATE INDEX "user_buildings_building_idx" ON "user_buildings" USING btree ("building_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "apartments_building_number_uq" ON "apartments" USING btree ("building_id",upper("apartment_number"));--> statement-breakpoint
CREATE INDEX "apartments_building_sort_idx" ON "apartments" USING btree ("building_id","sort_key");--> statement-breakpoint
CREATE INDEX "occupancies_building_active_idx" ON "occupancies" USING btree ("building_id","is_active");--> statement-breakpoint
CREATE INDEX "occupancies_apartment_idx" ON "occupancies" USING btree ("apartment_id","is_active");--> statement-breakpoint
CREATE INDEX "occupancies_building_lease_start_idx" ON "occupancies" USING btree ("building_id","lease_start_date");--> statement-breakpoint
CREATE INDEX "occupants_occupancy_idx" ON "occupants" USING btree ("occupancy_id");--> statement-breakpoint
CREATE INDEX "occupants_user_idx" ON "occupants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_key_idx" ON "login_attempts" USING btree ("key","date_created");--> statement-breakpoint
CREATE INDEX "oidc_payloads_pk" ON "oidc_payloads" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");