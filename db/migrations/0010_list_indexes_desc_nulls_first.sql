DROP INDEX "users_account_id_idx";--> statement-breakpoint
DROP INDEX "calls_account_created_idx";--> statement-breakpoint
DROP INDEX "companies_account_created_idx";--> statement-breakpoint
DROP INDEX "contacts_account_created_idx";--> statement-breakpoint
DROP INDEX "leads_account_created_idx";--> statement-breakpoint
DROP INDEX "leads_account_active_created_idx";--> statement-breakpoint
DROP INDEX "oauth_applications_account_id_idx";--> statement-breakpoint
DROP INDEX "project_team_memberships_account_created_idx";--> statement-breakpoint
DROP INDEX "projects_account_created_idx";--> statement-breakpoint
DROP INDEX "task_lists_account_created_idx";--> statement-breakpoint
DROP INDEX "tasks_account_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_id_idx";--> statement-breakpoint
DROP INDEX "webhook_messages_account_timestamp_idx";--> statement-breakpoint
DROP INDEX "webhook_messages_account_type_idx";--> statement-breakpoint
DROP INDEX "workforce_employees_account_created_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_webhook_idx";--> statement-breakpoint
DROP INDEX "webhooks_account_id_idx";--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_account_created_idx" ON "calls" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_account_created_idx" ON "companies" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_account_created_idx" ON "contacts" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_account_created_idx" ON "leads" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_account_active_created_idx" ON "leads" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "oauth_applications_account_id_idx" ON "oauth_applications" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_team_memberships_account_created_idx" ON "project_team_memberships" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_account_created_idx" ON "projects" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_lists_account_created_idx" ON "task_lists" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_account_created_idx" ON "tasks" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_project_id_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_messages_account_timestamp_idx" ON "webhook_messages" USING btree ("account_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_messages_account_type_idx" ON "webhook_messages" USING btree ("account_id","event_type","timestamp" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workforce_employees_account_created_idx" ON "workforce_employees" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","attempted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhooks_account_id_idx" ON "webhooks" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);