CREATE TABLE "reservation_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"display_order" double precision DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_immutable" boolean DEFAULT false NOT NULL,
	"instructions_text" text DEFAULT '' NOT NULL,
	"new_reservation_email_text" text DEFAULT '' NOT NULL,
	"email_recipients" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_type_buildings" (
	"reservation_type_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	CONSTRAINT "reservation_type_buildings_reservation_type_id_building_id_pk" PRIMARY KEY("reservation_type_id","building_id")
);
--> statement-breakpoint
CREATE TABLE "elevator_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"apartment_id" integer,
	"occupancy_id" integer,
	"occupant_id" integer,
	"reservation_type_id" integer NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"custom_name" text DEFAULT '' NOT NULL,
	"custom_email" text DEFAULT '' NOT NULL,
	"custom_phone" text DEFAULT '' NOT NULL,
	"details_text" text DEFAULT '' NOT NULL,
	"deny_reason" text DEFAULT '' NOT NULL,
	"entered_by_id" integer,
	"status_changed_by_id" integer,
	"status_changed_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_type_buildings" ADD CONSTRAINT "reservation_type_buildings_reservation_type_id_reservation_types_id_fk" FOREIGN KEY ("reservation_type_id") REFERENCES "public"."reservation_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_type_buildings" ADD CONSTRAINT "reservation_type_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_reservation_type_id_reservation_types_id_fk" FOREIGN KEY ("reservation_type_id") REFERENCES "public"."reservation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elevator_reservations" ADD CONSTRAINT "elevator_reservations_status_changed_by_id_users_id_fk" FOREIGN KEY ("status_changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_types_name_lower_uq" ON "reservation_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "reservation_types_order_idx" ON "reservation_types" USING btree ("display_order","name");--> statement-breakpoint
CREATE INDEX "reservation_type_buildings_building_idx" ON "reservation_type_buildings" USING btree ("building_id","reservation_type_id");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_start_idx" ON "elevator_reservations" USING btree ("building_id","start_time","id");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_status_idx" ON "elevator_reservations" USING btree ("building_id","status","start_time");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_apartment_idx" ON "elevator_reservations" USING btree ("building_id","apartment_id","start_time");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_type_idx" ON "elevator_reservations" USING btree ("building_id","reservation_type_id","start_time");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_created_idx" ON "elevator_reservations" USING btree ("building_id","date_created");--> statement-breakpoint
CREATE INDEX "elevator_reservations_building_end_idx" ON "elevator_reservations" USING btree ("building_id","end_time");--> statement-breakpoint
CREATE INDEX "elevator_reservations_occupancy_idx" ON "elevator_reservations" USING btree ("occupancy_id","start_time");--> statement-breakpoint
CREATE INDEX "elevator_reservations_occupant_idx" ON "elevator_reservations" USING btree ("occupant_id");--> statement-breakpoint
CREATE INDEX "elevator_reservations_apartment_idx" ON "elevator_reservations" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "elevator_reservations_type_idx" ON "elevator_reservations" USING btree ("reservation_type_id");
