ALTER TABLE "webhook_messages" ADD COLUMN "auth_method" text;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "token_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "oauth_application_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "changed_fields" text[];--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_oauth_application_id_oauth_applications_id_fk" FOREIGN KEY ("oauth_application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_messages_token_id_idx" ON "webhook_messages" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "webhook_messages_oauth_application_id_idx" ON "webhook_messages" USING btree ("oauth_application_id");--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_auth_method_check" CHECK ("webhook_messages"."auth_method" in ('session', 'api_token', 'oauth'));