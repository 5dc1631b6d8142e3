CREATE TABLE "email_template_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memo_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by_id" integer,
	"last_edited_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memo_group_apartments" (
	"memo_group_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	CONSTRAINT "memo_group_apartments_memo_group_id_apartment_id_pk" PRIMARY KEY("memo_group_id","apartment_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"file" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"is_visible_to_tenants" boolean DEFAULT false NOT NULL,
	"is_visible_to_staff" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_template_categories" ADD CONSTRAINT "email_template_categories_parent_id_email_template_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."email_template_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_category_id_email_template_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."email_template_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_groups" ADD CONSTRAINT "memo_groups_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_groups" ADD CONSTRAINT "memo_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_groups" ADD CONSTRAINT "memo_groups_last_edited_by_id_users_id_fk" FOREIGN KEY ("last_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_group_apartments" ADD CONSTRAINT "memo_group_apartments_memo_group_id_memo_groups_id_fk" FOREIGN KEY ("memo_group_id") REFERENCES "public"."memo_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memo_group_apartments" ADD CONSTRAINT "memo_group_apartments_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_template_categories_parent_idx" ON "email_template_categories" USING btree ("parent_id","sort",lower("title"));--> statement-breakpoint
CREATE INDEX "email_templates_category_idx" ON "email_templates" USING btree ("category_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "memo_groups_building_name_uq" ON "memo_groups" USING btree ("building_id",lower("name"));--> statement-breakpoint
CREATE INDEX "memo_group_apartments_apartment_idx" ON "memo_group_apartments" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "documents_building_created_idx" ON "documents" USING btree ("building_id","date_created","id");--> statement-breakpoint
CREATE INDEX "documents_building_staff_created_idx" ON "documents" USING btree ("building_id","is_visible_to_staff","date_created","id");
