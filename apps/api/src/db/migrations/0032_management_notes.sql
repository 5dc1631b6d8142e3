CREATE TABLE "management_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"body" text NOT NULL,
	"is_require_acknowledgement" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"entered_by_id" integer,
	"ack_version" integer DEFAULT 1 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "management_note_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "management_notes" ADD CONSTRAINT "management_notes_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_notes" ADD CONSTRAINT "management_notes_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_note_acknowledgements" ADD CONSTRAINT "management_note_acknowledgements_note_id_management_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."management_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_note_acknowledgements" ADD CONSTRAINT "management_note_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "management_notes_list_idx" ON "management_notes" USING btree ("building_id","is_active","date_created" desc,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "management_note_acknowledgements_uq" ON "management_note_acknowledgements" USING btree ("note_id","user_id","version");--> statement-breakpoint
CREATE INDEX "management_note_acknowledgements_user_idx" ON "management_note_acknowledgements" USING btree ("user_id","note_id");
