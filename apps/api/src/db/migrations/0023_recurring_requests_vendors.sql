CREATE TABLE "recurring_maintenance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"maintenance_request_type_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"employee_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_high_priority" boolean DEFAULT false NOT NULL,
	"is_permission_to_enter" boolean DEFAULT false NOT NULL,
	"permission_to_enter_comments" text DEFAULT '' NOT NULL,
	"interval" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"is_sunday" boolean DEFAULT false NOT NULL,
	"is_monday" boolean DEFAULT false NOT NULL,
	"is_tuesday" boolean DEFAULT false NOT NULL,
	"is_wednesday" boolean DEFAULT false NOT NULL,
	"is_thursday" boolean DEFAULT false NOT NULL,
	"is_friday" boolean DEFAULT false NOT NULL,
	"is_saturday" boolean DEFAULT false NOT NULL,
	"is_january" boolean DEFAULT false NOT NULL,
	"is_february" boolean DEFAULT false NOT NULL,
	"is_march" boolean DEFAULT false NOT NULL,
	"is_april" boolean DEFAULT false NOT NULL,
	"is_may" boolean DEFAULT false NOT NULL,
	"is_june" boolean DEFAULT false NOT NULL,
	"is_july" boolean DEFAULT false NOT NULL,
	"is_august" boolean DEFAULT false NOT NULL,
	"is_september" boolean DEFAULT false NOT NULL,
	"is_october" boolean DEFAULT false NOT NULL,
	"is_november" boolean DEFAULT false NOT NULL,
	"is_december" boolean DEFAULT false NOT NULL,
	"next_scheduled_date" date,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD COLUMN "recurring_scheduled_for" date;--> statement-breakpoint
ALTER TABLE "recurring_maintenance_requests" ADD CONSTRAINT "recurring_maintenance_requests_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_maintenance_requests" ADD CONSTRAINT "recurring_maintenance_requests_maintenance_request_type_id_maintenance_request_types_id_fk" FOREIGN KEY ("maintenance_request_type_id") REFERENCES "public"."maintenance_request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_maintenance_requests" ADD CONSTRAINT "recurring_maintenance_requests_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_maintenance_requests" ADD CONSTRAINT "recurring_maintenance_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_maintenance_requests" ADD CONSTRAINT "recurring_maintenance_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_requests" ADD CONSTRAINT "maintenance_requests_recurring_maintenance_request_id_fk" FOREIGN KEY ("recurring_maintenance_request_id") REFERENCES "public"."recurring_maintenance_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_maintenance_requests_building_idx" ON "recurring_maintenance_requests" USING btree ("building_id","is_active","name");--> statement-breakpoint
CREATE INDEX "recurring_maintenance_requests_due_idx" ON "recurring_maintenance_requests" USING btree ("next_scheduled_date") WHERE "recurring_maintenance_requests"."is_active";--> statement-breakpoint
CREATE INDEX "recurring_maintenance_requests_type_idx" ON "recurring_maintenance_requests" USING btree ("maintenance_request_type_id");--> statement-breakpoint
CREATE INDEX "recurring_maintenance_requests_apartment_idx" ON "recurring_maintenance_requests" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "recurring_maintenance_requests_employee_idx" ON "recurring_maintenance_requests" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "vendors_building_name_idx" ON "vendors" USING btree ("building_id",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_requests_recurring_day_uq" ON "maintenance_requests" USING btree ("recurring_maintenance_request_id","recurring_scheduled_for");
