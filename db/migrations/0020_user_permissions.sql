ALTER TABLE "users" ADD COLUMN "project_access" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_leads" text DEFAULT 'collaborator' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_projects" text DEFAULT 'collaborator' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_directory" text DEFAULT 'collaborator' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_workforce" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_forecast" text DEFAULT 'collaborator' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permission_insights" text DEFAULT 'collaborator' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_project_access_check" CHECK ("users"."project_access" in ('all', 'team'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_permissions_check" CHECK ("users"."permission_leads" in ('admin', 'collaborator', 'none') and "users"."permission_projects" in ('admin', 'collaborator', 'none') and "users"."permission_directory" in ('admin', 'collaborator', 'none') and "users"."permission_workforce" in ('admin', 'collaborator', 'none') and "users"."permission_forecast" in ('admin', 'collaborator', 'none') and "users"."permission_insights" in ('admin', 'collaborator', 'none'));--> statement-breakpoint
-- Existing users keep what they could do: every area as collaborators (the workforce included,
-- which new users start without), account admins as admins.
UPDATE "users" SET "permission_workforce" = 'collaborator';--> statement-breakpoint
UPDATE "users" SET "permission_leads" = 'admin', "permission_projects" = 'admin', "permission_directory" = 'admin', "permission_workforce" = 'admin', "permission_forecast" = 'admin', "permission_insights" = 'admin' WHERE "role" = 'admin';
