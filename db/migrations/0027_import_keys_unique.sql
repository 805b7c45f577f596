DROP INDEX "contacts_account_email_lower_idx";--> statement-breakpoint
DROP INDEX "leads_account_external_id_idx";--> statement-breakpoint
DROP INDEX "projects_account_external_id_idx";--> statement-breakpoint
DROP INDEX "workforce_employees_account_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email_key" ON "contacts" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "leads_account_external_id_key" ON "leads" USING btree ("account_id",lower("external_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_account_external_id_key" ON "projects" USING btree ("account_id",lower("external_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "workforce_employees_account_email_key" ON "workforce_employees" USING btree ("account_id",lower("email"));