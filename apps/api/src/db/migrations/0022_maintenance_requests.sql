CREATE TABLE "maintenance_request_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"instruction_text" text DEFAULT '' NOT NULL,
	"access_permissions" text DEFAULT 'STAFF_ONLY' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"occupancy_id" integer,
	"maintenance_request_type_id" integer NOT NULL,
	"employee_id" integer,
	"entered_by_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"is_high_priority" boolean DEFAULT false NOT NULL,
	"additional_emails" text DEFAULT '' NOT NULL,
	"additional_phone_numbers" text DEFAULT '' NOT NULL,
	"is_permission_to_enter" boolean DEFAULT false NOT NULL,
	"permission_to_enter_comments" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"date_opened" timestamp with time zone DEFAULT now() NOT NULL,
	"date_closed" timestamp with time zone,
	"date_on_hold_until" date,
	"signature_url" text,
	"recurring_maintenance_request_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"maintenance_request_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"change_status_to" text,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"maintenance_request_id" integer NOT NULL,
	"photo_url" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_comment_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"title" text NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_notification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"email_recipients" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_notification_settings_building_id_unique" UNIQUE("building_id")
);
--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_maintenance_request_type_id_maintenance_request_types_id_fk" FOREIGN KEY ("maintenance_request_type_id") REFERENCES "public"."maintenance_request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request_comments" ADD CONSTRAINT "maintenance_request_comments_maintenance_request_id_maintenance_requests_id_fk" FOREIGN KEY ("maintenance_request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request_comments" ADD CONSTRAINT "maintenance_request_comments_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request_photos" ADD CONSTRAINT "maintenance_request_photos_maintenance_request_id_maintenance_requests_id_fk" FOREIGN KEY ("maintenance_request_id") REFERENCES "public"."maintenance_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_request_photos" ADD CONSTRAINT "maintenance_request_photos_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_comment_templates" ADD CONSTRAINT "maintenance_comment_templates_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notification_settings" ADD CONSTRAINT "maintenance_notification_settings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_request_types_name_lower_uq" ON "maintenance_request_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "maintenance_request_types_order_idx" ON "maintenance_request_types" USING btree ("display_order","name");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_created_idx" ON "maintenance_requests" USING btree ("building_id","date_created","id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_status_idx" ON "maintenance_requests" USING btree ("building_id","status","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_apartment_idx" ON "maintenance_requests" USING btree ("building_id","apartment_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_type_idx" ON "maintenance_requests" USING btree ("building_id","maintenance_request_type_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_opened_idx" ON "maintenance_requests" USING btree ("building_id","date_opened");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_closed_idx" ON "maintenance_requests" USING btree ("building_id","date_closed");--> statement-breakpoint
CREATE INDEX "maintenance_requests_occupancy_idx" ON "maintenance_requests" USING btree ("occupancy_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_requests_recurring_idx" ON "maintenance_requests" USING btree ("recurring_maintenance_request_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_requests_type_idx" ON "maintenance_requests" USING btree ("maintenance_request_type_id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_employee_idx" ON "maintenance_requests" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "maintenance_requests_building_text_trgm_idx" ON "maintenance_requests" USING gin ("building_id","description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maintenance_request_comments_request_idx" ON "maintenance_request_comments" USING btree ("maintenance_request_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_request_photos_request_idx" ON "maintenance_request_photos" USING btree ("maintenance_request_id","date_created");--> statement-breakpoint
CREATE INDEX "maintenance_comment_templates_building_idx" ON "maintenance_comment_templates" USING btree ("building_id","display_order","id");
