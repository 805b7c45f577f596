CREATE TABLE "security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint,
	"auth_method" text,
	"token_id" bigint,
	"oauth_application_id" bigint,
	"subject_type" text,
	"subject_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_kind_check" CHECK ("security_events"."kind" in ('user.created', 'user.role_changed', 'user.deactivated', 'user.reactivated', 'user.password_changed', 'api_token.created', 'api_token.revoked', 'oauth_application.created', 'oauth_application.updated', 'oauth_application.secret_rotated', 'oauth_application.deleted', 'oauth_grant.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'session.revoked', 'sign_in.succeeded', 'sign_in.failed')),
	CONSTRAINT "security_events_auth_method_check" CHECK ("security_events"."auth_method" in ('session', 'api_token', 'oauth'))
);
--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_oauth_application_id_oauth_applications_id_fk" FOREIGN KEY ("oauth_application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_account_created_idx" ON "security_events" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_account_kind_idx" ON "security_events" USING btree ("account_id","kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_actor_id_idx" ON "security_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "security_events_token_id_idx" ON "security_events" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "security_events_oauth_application_id_idx" ON "security_events" USING btree ("oauth_application_id");