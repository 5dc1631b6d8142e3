CREATE TABLE "lockouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"occupancy_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"requester_type" text DEFAULT 'resident' NOT NULL,
	"occupant_id" integer,
	"instruction_id" integer,
	"photo_url" text,
	"entered_by_id" integer,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"delete_reason" text,
	"deleted_by_id" integer,
	"deleted_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"contractor_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"apartment_id" integer,
	"occupancy_id" integer,
	"photo_url" text,
	"opened_by_id" integer,
	"date_closed" timestamp with time zone,
	"closed_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractor_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_visit_id" integer NOT NULL,
	"text" text NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_instruction_id_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."instructions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockouts" ADD CONSTRAINT "lockouts_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_contractor_type_id_contractor_types_id_fk" FOREIGN KEY ("contractor_type_id") REFERENCES "public"."contractor_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_visits" ADD CONSTRAINT "contractor_visits_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_notes" ADD CONSTRAINT "contractor_notes_contractor_visit_id_contractor_visits_id_fk" FOREIGN KEY ("contractor_visit_id") REFERENCES "public"."contractor_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_notes" ADD CONSTRAINT "contractor_notes_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lockouts_building_date_idx" ON "lockouts" USING btree ("building_id","date_created","id") WHERE not "lockouts"."is_deleted";--> statement-breakpoint
CREATE INDEX "lockouts_building_apartment_idx" ON "lockouts" USING btree ("building_id","apartment_id","date_created") WHERE not "lockouts"."is_deleted";--> statement-breakpoint
CREATE INDEX "lockouts_occupancy_idx" ON "lockouts" USING btree ("occupancy_id","date_created") WHERE not "lockouts"."is_deleted";--> statement-breakpoint
CREATE INDEX "lockouts_instruction_idx" ON "lockouts" USING btree ("instruction_id");--> statement-breakpoint
CREATE INDEX "lockouts_occupant_idx" ON "lockouts" USING btree ("occupant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contractor_types_company_name_lower_uq" ON "contractor_types" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "contractor_visits_building_date_idx" ON "contractor_visits" USING btree ("building_id","date_created","id");--> statement-breakpoint
CREATE INDEX "contractor_visits_building_type_idx" ON "contractor_visits" USING btree ("building_id","contractor_type_id","date_created");--> statement-breakpoint
CREATE INDEX "contractor_visits_building_apartment_idx" ON "contractor_visits" USING btree ("building_id","apartment_id","date_created");--> statement-breakpoint
CREATE INDEX "contractor_visits_in_building_idx" ON "contractor_visits" USING btree ("building_id","date_created") WHERE "contractor_visits"."date_closed" is null;--> statement-breakpoint
CREATE INDEX "contractor_visits_type_idx" ON "contractor_visits" USING btree ("contractor_type_id");--> statement-breakpoint
CREATE INDEX "contractor_visits_date_idx" ON "contractor_visits" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "contractor_notes_visit_idx" ON "contractor_notes" USING btree ("contractor_visit_id","date_created");
