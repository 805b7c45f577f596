ALTER TABLE "document_versions" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "processed_version" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "processing_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "processing_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_thumbnail_key_idx" ON "document_versions" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "documents_unprocessed_idx" ON "documents" USING btree ("id") WHERE "documents"."processed_version" is distinct from "documents"."version";