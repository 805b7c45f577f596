CREATE TABLE "api_rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "oauth_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_hash" text,
	"secret_hint" text,
	"confidential" boolean DEFAULT true NOT NULL,
	"redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL,
	"scope" text DEFAULT 'read write' NOT NULL,
	"rate_limit_points" integer,
	"rate_limit_duration" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_applications_scope_check" CHECK ("oauth_applications"."scope" in ('read', 'read write')),
	CONSTRAINT "oauth_applications_secret_check" CHECK ("oauth_applications"."confidential" = ("oauth_applications"."client_secret_hash" is not null)),
	CONSTRAINT "oauth_applications_rate_limit_check" CHECK ("oauth_applications"."rate_limit_points" is null or "oauth_applications"."rate_limit_points" between 1 and 100000),
	CONSTRAINT "oauth_applications_rate_duration_check" CHECK ("oauth_applications"."rate_limit_duration" is null or "oauth_applications"."rate_limit_duration" between 1 and 86400)
);
--> statement-breakpoint
CREATE TABLE "oauth_authorization_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_authorization_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"grant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"code_challenge" text,
	"code_challenge_method" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_authorization_codes_scope_check" CHECK ("oauth_authorization_codes"."scope" in ('read', 'read write')),
	CONSTRAINT "oauth_authorization_codes_method_check" CHECK ("oauth_authorization_codes"."code_challenge_method" is null or "oauth_authorization_codes"."code_challenge_method" = 'S256')
);
--> statement-breakpoint
CREATE TABLE "oauth_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"last_authorized_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_grants_scope_check" CHECK ("oauth_grants"."scope" in ('read', 'read write'))
);
--> statement-breakpoint
CREATE TABLE "oauth_refresh_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"grant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"access_token_id" bigint,
	"scope" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"rotated_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_refresh_tokens_scope_check" CHECK ("oauth_refresh_tokens"."scope" in ('read', 'read write'))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "oauth_application_id" bigint;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "oauth_grant_id" bigint;--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_applications" ADD CONSTRAINT "oauth_applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_grant_id_oauth_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_application_id_oauth_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_application_id_oauth_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_grant_id_oauth_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_application_id_oauth_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_access_token_id_api_tokens_id_fk" FOREIGN KEY ("access_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_applications_client_id_key" ON "oauth_applications" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oauth_applications_account_id_idx" ON "oauth_applications" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oauth_applications_owner_id_idx" ON "oauth_applications" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_authorization_codes_code_hash_key" ON "oauth_authorization_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "oauth_authorization_codes_grant_id_idx" ON "oauth_authorization_codes" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_authorization_codes_application_id_idx" ON "oauth_authorization_codes" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "oauth_authorization_codes_account_id_idx" ON "oauth_authorization_codes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_grants_user_application_key" ON "oauth_grants" USING btree ("user_id","application_id");--> statement-breakpoint
CREATE INDEX "oauth_grants_application_id_idx" ON "oauth_grants" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "oauth_grants_account_id_idx" ON "oauth_grants" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_refresh_tokens_token_hash_key" ON "oauth_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_family_id_idx" ON "oauth_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_grant_id_idx" ON "oauth_refresh_tokens" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_application_id_idx" ON "oauth_refresh_tokens" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_access_token_id_idx" ON "oauth_refresh_tokens" USING btree ("access_token_id");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_account_id_idx" ON "oauth_refresh_tokens" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_oauth_application_id_oauth_applications_id_fk" FOREIGN KEY ("oauth_application_id") REFERENCES "public"."oauth_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_oauth_grant_id_oauth_grants_id_fk" FOREIGN KEY ("oauth_grant_id") REFERENCES "public"."oauth_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_oauth_application_id_idx" ON "api_tokens" USING btree ("oauth_application_id");--> statement-breakpoint
CREATE INDEX "api_tokens_oauth_grant_id_idx" ON "api_tokens" USING btree ("oauth_grant_id");