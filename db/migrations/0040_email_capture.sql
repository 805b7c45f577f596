CREATE TABLE "email_capture_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"create_contacts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_capture_settings_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "email_links" (
	"email_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"record_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_links_email_id_record_type_record_id_pk" PRIMARY KEY("email_id","record_type","record_id"),
	CONSTRAINT "email_links_record_type_check" CHECK ("email_links"."record_type" in ('contact', 'company', 'project', 'lead'))
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"message_id" text NOT NULL,
	"subject" text,
	"from_name" text,
	"from_email" text,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"text_body" text,
	"html_body" text,
	"logged_by_id" bigint,
	"skipped_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("subject", '') || ' ' || coalesce("from_email", '') || ' ' || left(coalesce("text_body", ''), 200000))) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_events" DROP CONSTRAINT "security_events_kind_check";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "email_id" bigint;--> statement-breakpoint
ALTER TABLE "email_capture_settings" ADD CONSTRAINT "email_capture_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_logged_by_id_users_id_fk" FOREIGN KEY ("logged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_record_idx" ON "email_links" USING btree ("account_id","record_type","record_id","email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_account_message_id_key" ON "emails" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE INDEX "emails_account_sent_idx" ON "emails" USING btree ("account_id","sent_at");--> statement-breakpoint
CREATE INDEX "emails_account_updated_idx" ON "emails" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "emails_logged_by_id_idx" ON "emails" USING btree ("logged_by_id");--> statement-breakpoint
CREATE INDEX "emails_search_idx" ON "emails" USING gin ("search");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_email_id_idx" ON "documents" USING btree ("email_id");--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_kind_check" CHECK ("security_events"."kind" in ('user.created', 'user.role_changed', 'user.deactivated', 'user.reactivated', 'user.password_changed', 'user.access_changed', 'api_token.created', 'api_token.revoked', 'oauth_application.created', 'oauth_application.updated', 'oauth_application.secret_rotated', 'oauth_application.deleted', 'oauth_grant.revoked', 'oauth_grant.authorized', 'oauth_grant.refresh_token_reused', 'calendar_feed.created', 'calendar_feed.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'session.revoked', 'sign_in.succeeded', 'sign_in.failed', 'sign_in.throttled', 'email_capture.rotated', 'email_capture.refused'));