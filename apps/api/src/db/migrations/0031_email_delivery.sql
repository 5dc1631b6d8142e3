CREATE TABLE "email_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"message_id" integer,
	"recipient_id" integer,
	"email" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"state" text,
	"payload" jsonb,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_provider_event_idx" ON "email_events" USING btree ("provider","event_id");
