CREATE TABLE "amenity_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"amenity_id" integer NOT NULL,
	"amenity_type_id" integer NOT NULL,
	"occupancy_id" integer,
	"occupant_id" integer,
	"apartment_id" integer,
	"type" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"approval_status" text,
	"payment_status" text,
	"is_checked_in" boolean DEFAULT false NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"entered_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_amenity_type_id_amenity_types_id_fk" FOREIGN KEY ("amenity_type_id") REFERENCES "public"."amenity_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_occupancy_id_occupancies_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_reservations" ADD CONSTRAINT "amenity_reservations_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amenity_reservations_building_start_idx" ON "amenity_reservations" USING btree ("building_id","start_time");--> statement-breakpoint
CREATE INDEX "amenity_reservations_amenity_start_idx" ON "amenity_reservations" USING btree ("amenity_id","start_time");--> statement-breakpoint
CREATE INDEX "amenity_reservations_type_start_idx" ON "amenity_reservations" USING btree ("amenity_type_id","start_time");--> statement-breakpoint
CREATE INDEX "amenity_reservations_occupancy_start_idx" ON "amenity_reservations" USING btree ("occupancy_id","start_time");--> statement-breakpoint
CREATE INDEX "amenity_reservations_occupant_start_idx" ON "amenity_reservations" USING btree ("occupant_id","start_time");
