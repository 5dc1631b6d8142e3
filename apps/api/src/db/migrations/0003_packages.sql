CREATE TABLE "package_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"occupancy_id" integer NOT NULL,
	"package_type_id" integer NOT NULL,
	"opening_comment" text DEFAULT '' NOT NULL,
	"send_notification_occupants" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"barcode" text,
	"carrier" text,
	"scanned_at" timestamp with time zone,
	"barcode_success" boolean,
	"apartment_success" boolean,
	"package_type_success" boolean
);
--> statement-breakpoint
CREATE TABLE "package_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"color" text NOT NULL,
	"color_hex" text NOT NULL,
	"font_color_hex" text NOT NULL,
	"abbreviation" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"email_subject" text DEFAULT '' NOT NULL,
	"is_public_display" boolean DEFAULT true NOT NULL,
	"is_pic_required" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"grid_display" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"occupancy_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"package_type_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opening_comment" text DEFAULT '' NOT NULL,
	"closing_comment" text DEFAULT '' NOT NULL,
	"closing_photo_url" text,
	"date_opened" timestamp with time zone DEFAULT now() NOT NULL,
	"date_closed" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by_id" integer,
	"closed_by_id" integer,
	"send_notification_occupants" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"send_notification_to" text DEFAULT '' NOT NULL,
	"notification_email_id" integer,
	"notification_sms_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"barcode" text,
	"carrier" text,
	"scanned_at" timestamp with time zone,
	"barcode_success" boolean,
	"apartment_success" boolean,
	"package_type_success" boolean
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer,
	"kind" text NOT NULL,
	"to_number" text NOT NULL,
	"to_name" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"related_entity_type" text,
	"related_entity_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "package_queue" ADD CONSTRAINT "package_queue_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_queue" ADD CONSTRAINT "package_queue_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_queue" ADD CONSTRAINT "package_queue_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_queue" ADD CONSTRAINT "package_queue_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_notification_email_id_email_messages_id_fk" FOREIGN KEY ("notification_email_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_queue_building_idx" ON "package_queue" USING btree ("building_id","date_created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_types_name_lower_uq" ON "package_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "package_types_order_idx" ON "package_types" USING btree ("display_order","name");--> statement-breakpoint
CREATE INDEX "packages_building_status_opened_idx" ON "packages" USING btree ("building_id","status","date_opened" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_occupancy_status_idx" ON "packages" USING btree ("occupancy_id","status");--> statement-breakpoint
CREATE INDEX "packages_building_type_status_idx" ON "packages" USING btree ("building_id","package_type_id","status");--> statement-breakpoint
CREATE INDEX "packages_building_closed_idx" ON "packages" USING btree ("building_id","date_closed");--> statement-breakpoint
CREATE INDEX "packages_apartment_status_idx" ON "packages" USING btree ("apartment_id","status");--> statement-breakpoint
CREATE INDEX "packages_building_scanned_idx" ON "packages" USING btree ("building_id","scanned_at") WHERE "packages"."scanned_at" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_building_date_idx" ON "sms_messages" USING btree ("building_id","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_status_idx" ON "sms_messages" USING btree ("status","date_created");