CREATE TABLE "merged_records" (
	"account_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"record_id" bigint NOT NULL,
	"merged_into_id" bigint NOT NULL,
	"merge_id" bigint NOT NULL,
	CONSTRAINT "merged_records_resource_record_id_pk" PRIMARY KEY("resource","record_id"),
	CONSTRAINT "merged_records_resource_check" CHECK ("merged_records"."resource" in ('companies', 'contacts'))
);
--> statement-breakpoint
CREATE TABLE "merges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"target_id" bigint NOT NULL,
	"source_ids" jsonb NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"sources" jsonb NOT NULL,
	"moves" jsonb NOT NULL,
	"removed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"merged_by_id" bigint,
	"undone_at" timestamp (3) with time zone,
	"undone_by_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merges_resource_check" CHECK ("merges"."resource" in ('companies', 'contacts'))
);
--> statement-breakpoint
CREATE TABLE "record_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"resource" text NOT NULL,
	"record_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"merge_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_aliases_resource_check" CHECK ("record_aliases"."resource" in ('companies', 'contacts')),
	CONSTRAINT "record_aliases_kind_check" CHECK ("record_aliases"."kind" in ('name', 'email', 'domain'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_key" text GENERATED ALWAYS AS (btrim(regexp_replace(regexp_replace(regexp_replace(lower("name"), '[^a-z0-9 ]+', ' ', 'g'), '\m(inc|llc|ltd|co|corp|company|corporation|incorporated|limited|construction|constr|the)\M', ' ', 'g'), '\s+', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "merged_records" ADD CONSTRAINT "merged_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merged_records" ADD CONSTRAINT "merged_records_merge_id_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_merged_by_id_users_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_aliases" ADD CONSTRAINT "record_aliases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_aliases" ADD CONSTRAINT "record_aliases_merge_id_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merged_records_merge_idx" ON "merged_records" USING btree ("merge_id");--> statement-breakpoint
CREATE INDEX "merges_account_created_idx" ON "merges" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merges_account_updated_idx" ON "merges" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "record_aliases_lookup_idx" ON "record_aliases" USING btree ("account_id","resource","kind",lower("value"));--> statement-breakpoint
CREATE INDEX "record_aliases_record_idx" ON "record_aliases" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "record_aliases_merge_idx" ON "record_aliases" USING btree ("merge_id");--> statement-breakpoint
CREATE INDEX "companies_name_key_trgm_idx" ON "companies" USING gin ("name_key" gin_trgm_ops);