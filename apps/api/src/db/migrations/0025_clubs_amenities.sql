CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"is_open" boolean DEFAULT true NOT NULL,
	"auto_enroll_members" boolean DEFAULT false NOT NULL,
	"has_open_checkin" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"building_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"occupant_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_open_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"occupant_id" integer NOT NULL,
	"day" date NOT NULL,
	"note" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entered_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "amenity_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"location_label" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_reservation_length" integer DEFAULT 60 NOT NULL,
	"reservation_note" text DEFAULT '' NOT NULL,
	"max_persons_permitted_display" integer DEFAULT 0 NOT NULL,
	"max_user_open_reservations" integer DEFAULT 5 NOT NULL,
	"max_user_weekly_reservations" integer DEFAULT 3 NOT NULL,
	"max_user_daily_reservations" integer DEFAULT 1 NOT NULL,
	"is_allow_guests" boolean DEFAULT false NOT NULL,
	"max_number_guests" integer DEFAULT 0 NOT NULL,
	"reservation_window_days" integer DEFAULT 0 NOT NULL,
	"has_checkin" boolean DEFAULT false NOT NULL,
	"send_qr_codes" boolean DEFAULT false NOT NULL,
	"is_approval_required_for_reservation" boolean DEFAULT false NOT NULL,
	"is_payment_required_for_reservation" boolean DEFAULT false NOT NULL,
	"open_time" time,
	"close_time" time,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amenities" (
	"id" serial PRIMARY KEY NOT NULL,
	"amenity_type_id" integer NOT NULL,
	"label" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amenity_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"amenity_type_id" integer NOT NULL,
	"day_of_week" integer,
	"specific_date" date,
	"is_open" boolean DEFAULT true NOT NULL,
	"open_time" time,
	"close_time" time,
	"max_number_guests" integer
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_buildings" ADD CONSTRAINT "club_buildings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_buildings" ADD CONSTRAINT "club_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_members" ADD CONSTRAINT "club_members_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_open_checkins" ADD CONSTRAINT "club_open_checkins_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_open_checkins" ADD CONSTRAINT "club_open_checkins_occupant_id_occupants_id_fk" FOREIGN KEY ("occupant_id") REFERENCES "public"."occupants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_open_checkins" ADD CONSTRAINT "club_open_checkins_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_types" ADD CONSTRAINT "amenity_types_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_types" ADD CONSTRAINT "amenity_types_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenities" ADD CONSTRAINT "amenities_amenity_type_id_amenity_types_id_fk" FOREIGN KEY ("amenity_type_id") REFERENCES "public"."amenity_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amenity_schedules" ADD CONSTRAINT "amenity_schedules_amenity_type_id_amenity_types_id_fk" FOREIGN KEY ("amenity_type_id") REFERENCES "public"."amenity_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clubs_building_name_idx" ON "clubs" USING btree ("building_id",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_buildings_club_building_uq" ON "club_buildings" USING btree ("club_id","building_id");--> statement-breakpoint
CREATE INDEX "club_buildings_building_idx" ON "club_buildings" USING btree ("building_id","club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_members_club_occupant_uq" ON "club_members" USING btree ("club_id","occupant_id");--> statement-breakpoint
CREATE INDEX "club_members_occupant_idx" ON "club_members" USING btree ("occupant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_open_checkins_club_occupant_day_uq" ON "club_open_checkins" USING btree ("club_id","occupant_id","day");--> statement-breakpoint
CREATE INDEX "club_open_checkins_club_day_idx" ON "club_open_checkins" USING btree ("club_id","day");--> statement-breakpoint
CREATE INDEX "club_open_checkins_occupant_idx" ON "club_open_checkins" USING btree ("occupant_id");--> statement-breakpoint
CREATE INDEX "amenity_types_club_name_idx" ON "amenity_types" USING btree ("club_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "amenity_types_building_active_idx" ON "amenity_types" USING btree ("building_id","is_active");--> statement-breakpoint
CREATE INDEX "amenities_type_active_idx" ON "amenities" USING btree ("amenity_type_id","is_active","id");--> statement-breakpoint
CREATE INDEX "amenity_schedules_type_idx" ON "amenity_schedules" USING btree ("amenity_type_id","day_of_week","specific_date");--> statement-breakpoint
CREATE UNIQUE INDEX "amenity_schedules_type_day_uq" ON "amenity_schedules" USING btree ("amenity_type_id","day_of_week") WHERE "amenity_schedules"."specific_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "amenity_schedules_type_date_uq" ON "amenity_schedules" USING btree ("amenity_type_id","specific_date") WHERE "amenity_schedules"."specific_date" is not null;
