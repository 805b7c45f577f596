ALTER TABLE "projects" DROP CONSTRAINT "projects_close_type_check";--> statement-breakpoint
DROP INDEX "projects_account_closed_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
-- A closed project closed when it entered its current (closed) stage: the stage history we keep.
UPDATE "projects" SET "closed_at" = "stage_entered_at" WHERE "close_type" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_account_closed_at_idx" ON "projects" USING btree ("account_id","closed_at") WHERE "projects"."closed_at" is not null;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_closed_at_check" CHECK (("projects"."close_type" is null) = ("projects"."closed_at" is null));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_close_type_check" CHECK ("projects"."close_type" in ('won', 'lost', 'cancelled', 'did_not_pursue'));