CREATE TABLE "custom_fields" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"field_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_resource_check" CHECK ("custom_fields"."resource" in ('projects', 'leads', 'companies', 'contacts')),
	CONSTRAINT "custom_fields_type_check" CHECK ("custom_fields"."field_type" in ('text', 'long_text', 'number', 'currency', 'date', 'boolean', 'select', 'multi_select', 'user', 'url'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_account_resource_key" ON "custom_fields" USING btree ("account_id","resource","key");--> statement-breakpoint
CREATE INDEX "custom_fields_account_updated_idx" ON "custom_fields" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "companies_custom_fields_idx" ON "companies" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "contacts_custom_fields_idx" ON "contacts" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "leads_custom_fields_idx" ON "leads" USING gin ("custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "projects_custom_fields_idx" ON "projects" USING gin ("custom_fields" jsonb_path_ops);