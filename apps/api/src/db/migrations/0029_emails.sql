CREATE TABLE "email_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer,
	"type" text NOT NULL,
	"kind" text,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_email" text DEFAULT '' NOT NULL,
	"sender_user_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"additional_recipients" text DEFAULT '' NOT NULL,
	"club_id" integer,
	"is_portfolio" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_record_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"message_id" integer,
	"occupant_id" integer,
	"occupancy_id" integer,
	"apartment_id" integer,
	"apartment_number" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"state" text,
	"reject_reason" text,
	"opens" integer DEFAULT 0 NOT NULL,
	"state_changed_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"recipient_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "record_id" integer;--> statement-breakpoint
ALTER TABLE "email_records" ADD CONSTRAINT "email_records_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_records" ADD CONSTRAINT "email_records_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_record_attachments" ADD CONSTRAINT "email_record_attachments_record_id_email_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."email_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_record_id_email_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."email_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_recipients" ADD CONSTRAINT "email_recipients_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_record_id_email_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."email_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_records_building_type_date_idx" ON "email_records" USING btree ("building_id","type","date_created" DESC);--> statement-breakpoint
CREATE INDEX "email_records_date_idx" ON "email_records" USING btree ("date_created" DESC);--> statement-breakpoint
CREATE INDEX "email_record_attachments_record_idx" ON "email_record_attachments" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "email_recipients_record_idx" ON "email_recipients" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "email_recipients_occupant_idx" ON "email_recipients" USING btree ("occupant_id");--> statement-breakpoint
CREATE INDEX "email_recipients_email_idx" ON "email_recipients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_recipients_message_idx" ON "email_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_messages_record_idx" ON "email_messages" USING btree ("record_id");
