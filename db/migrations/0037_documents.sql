CREATE TABLE "document_folders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"attachable_type" text NOT NULL,
	"attachable_id" bigint NOT NULL,
	"name" text NOT NULL,
	"parent_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_folders_attachable_type_check" CHECK ("document_folders"."attachable_type" in ('project', 'lead', 'company', 'contact'))
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"checksum_sha256" text NOT NULL,
	"uploaded_by_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"attachable_type" text NOT NULL,
	"attachable_id" bigint NOT NULL,
	"folder_id" bigint,
	"name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"extracted_text" text,
	"text_extracted" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "name" || ' ' || coalesce("extracted_text", ''))) STORED,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_attachable_type_check" CHECK ("documents"."attachable_type" in ('project', 'lead', 'company', 'contact')),
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('bid_invitation', 'drawings', 'specifications', 'addendum', 'bid_form', 'proposal', 'contract', 'photo', 'other'))
);
--> statement-breakpoint
CREATE TABLE "storage_trash" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_folders_attachable_idx" ON "document_folders" USING btree ("account_id","attachable_type","attachable_id");--> statement-breakpoint
CREATE INDEX "document_folders_parent_id_idx" ON "document_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "document_folders_account_updated_idx" ON "document_folders" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_document_version_idx" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_storage_key_idx" ON "document_versions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "document_versions_account_id_idx" ON "document_versions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "document_versions_uploaded_by_id_idx" ON "document_versions" USING btree ("uploaded_by_id");--> statement-breakpoint
CREATE INDEX "documents_attachable_idx" ON "documents" USING btree ("account_id","attachable_type","attachable_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_folder_id_idx" ON "documents" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "documents_account_updated_idx" ON "documents" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search");