ALTER TABLE "leads" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_id" bigint;--> statement-breakpoint
ALTER TABLE "workforce_employees" ADD COLUMN "import_id" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_employees" ADD CONSTRAINT "workforce_employees_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_account_name_lower_idx" ON "companies" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_account_email_lower_idx" ON "contacts" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "leads_import_id_idx" ON "leads" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "leads_account_external_id_idx" ON "leads" USING btree ("account_id",lower("external_id"));--> statement-breakpoint
CREATE INDEX "projects_account_external_id_idx" ON "projects" USING btree ("account_id",lower("external_id"));--> statement-breakpoint
CREATE INDEX "workforce_employees_import_id_idx" ON "workforce_employees" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "workforce_employees_account_email_idx" ON "workforce_employees" USING btree ("account_id",lower("email"));