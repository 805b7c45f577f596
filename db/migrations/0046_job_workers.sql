CREATE TABLE "job_workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"beat_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "possible_duplicate" boolean DEFAULT false NOT NULL;