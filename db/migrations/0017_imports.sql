CREATE TABLE "import_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" bigint NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text,
	"record_id" bigint,
	"error" text,
	CONSTRAINT "import_rows_outcome_check" CHECK ("import_rows"."outcome" is null or "import_rows"."outcome" in ('created', 'updated', 'failed'))
);
--> statement-breakpoint
DROP INDEX "imports_account_name_key";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "resource" text DEFAULT 'companies' NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "columns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "mapping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "create_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "total_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "processed_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "created_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "updated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "created_by_id" bigint;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "base_url" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "lease_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "lease_token" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_row_key" ON "import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "import_rows_pending_idx" ON "import_rows" USING btree ("import_id","row_number") WHERE "import_rows"."outcome" is null;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_account_id_idx" ON "imports" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "imports_created_by_id_idx" ON "imports" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "imports_runnable_idx" ON "imports" USING btree ("status") WHERE "imports"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('queued', 'running', 'completed', 'failed', 'undone'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_resource_check" CHECK ("imports"."resource" in ('leads', 'projects', 'companies', 'contacts', 'workforce_employees'));