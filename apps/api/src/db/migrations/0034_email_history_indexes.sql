CREATE INDEX "email_records_building_text_trgm_idx" ON "email_records" USING gin ("building_id",("subject" || ' ' || "body_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_records_building_sender_trgm_idx" ON "email_records" USING gin ("building_id",("sender_name" || ' ' || "sender_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_recipients_contact_trgm_idx" ON "email_recipients" USING gin (("name" || ' ' || coalesce("email", '')) gin_trgm_ops);
