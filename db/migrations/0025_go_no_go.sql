CREATE TABLE "go_no_go_criteria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "go_no_go_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"weight" integer DEFAULT 1 NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "go_no_go_criteria_weight_check" CHECK ("go_no_go_criteria"."weight" between 1 and 100),
	CONSTRAINT "go_no_go_criteria_kind_check" CHECK ("go_no_go_criteria"."kind" in ('manual', 'capacity'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "estimating_hours" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "go_no_go_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "go_no_go_decision" text DEFAULT 'undecided' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "go_no_go_decided_by_id" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "go_no_go_decided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "go_no_go_criteria" ADD CONSTRAINT "go_no_go_criteria_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "go_no_go_criteria_account_position_idx" ON "go_no_go_criteria" USING btree ("account_id","position","id");--> statement-breakpoint
CREATE INDEX "go_no_go_criteria_account_updated_idx" ON "go_no_go_criteria" USING btree ("account_id","updated_at");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_go_no_go_decided_by_id_users_id_fk" FOREIGN KEY ("go_no_go_decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_go_no_go_decided_by_id_idx" ON "projects" USING btree ("go_no_go_decided_by_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_go_no_go_decision_check" CHECK ("projects"."go_no_go_decision" in ('go', 'no_go', 'undecided'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_estimating_hours_check" CHECK ("projects"."estimating_hours" > 0);--> statement-breakpoint
-- Every account starts with the usual scorecard (new accounts get the same: db/queries/accounts.ts).
INSERT INTO "go_no_go_criteria" ("account_id", "name", "description", "weight", "kind", "position")
SELECT a.id, c.name, c.description, c.weight, c.kind, c.position
FROM "accounts" a CROSS JOIN (VALUES
  ('Relationship with the owner', '5: a repeat client who trusts us; 1: we do not know them.', 3, 'manual', 0),
  ('Project size fit', '5: squarely the size we build; 1: far beyond or below it.', 2, 'manual', 1),
  ('Competition', '5: negotiated or a short list; 1: an open bid with many bidders.', 2, 'manual', 2),
  ('Expected margin', '5: well above our average; 1: at cost.', 3, 'manual', 3),
  ('Our capacity at the planned start', '5: the people it needs are free; 1: a large shortfall. Suggested from the workforce demand.', 2, 'capacity', 4)
) AS c(name, description, weight, kind, position);
