ALTER TABLE "oauth_applications" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_applications" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "audience" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD COLUMN "registration" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "audience" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD COLUMN "audience" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_audience_check" CHECK ("api_tokens"."audience" in ('api', 'mcp'));--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_registration_check" CHECK ("oauth_applications"."registration" in ('account', 'dynamic'));--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_owner_check" CHECK (case when "oauth_applications"."registration" = 'account' then "oauth_applications"."account_id" is not null and "oauth_applications"."owner_id" is not null else "oauth_applications"."account_id" is null and "oauth_applications"."owner_id" is null and not "oauth_applications"."confidential" end);--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_audience_check" CHECK ("oauth_authorization_codes"."audience" in ('api', 'mcp'));--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_audience_check" CHECK ("oauth_refresh_tokens"."audience" in ('api', 'mcp'));