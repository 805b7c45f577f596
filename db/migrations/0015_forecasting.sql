CREATE TABLE "forecast_snapshot_projects" (
	"snapshot_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"name" text NOT NULL,
	"project_status" text NOT NULL,
	"project_stage_id" bigint,
	"stage_default_probability" double precision,
	"probability" double precision,
	"amount_in_cents" bigint,
	"estimated_cost_in_cents" bigint,
	"start_date" date,
	"end_date" date,
	"forecast_curve" text NOT NULL,
	"forecast_manual_percentages" jsonb,
	"division_id" bigint,
	"market_sector_id" bigint,
	"assigned_to_id" bigint,
	"company_id" bigint,
	CONSTRAINT "forecast_snapshot_projects_snapshot_id_project_id_pk" PRIMARY KEY("snapshot_id","project_id"),
	CONSTRAINT "forecast_snapshot_projects_curve_check" CHECK ("forecast_snapshot_projects"."forecast_curve" in ('s_curve', 'linear', 'front_loaded', 'back_loaded', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "forecast_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forecast_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"source" text NOT NULL,
	"created_by_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_snapshots_source_check" CHECK ("forecast_snapshots"."source" in ('scheduled', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "revenue_targets" (
	"account_id" bigint NOT NULL,
	"month" date NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_targets_account_id_month_pk" PRIMARY KEY("account_id","month"),
	CONSTRAINT "revenue_targets_month_check" CHECK (extract(day from "revenue_targets"."month") = 1),
	CONSTRAINT "revenue_targets_amount_check" CHECK ("revenue_targets"."amount_in_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_stages" ADD COLUMN "default_probability" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "estimated_cost_in_cents" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "forecast_curve" text DEFAULT 's_curve' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "forecast_manual_percentages" jsonb;--> statement-breakpoint
ALTER TABLE "forecast_snapshot_projects" ADD CONSTRAINT "forecast_snapshot_projects_snapshot_id_forecast_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."forecast_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_snapshots" ADD CONSTRAINT "forecast_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_snapshots" ADD CONSTRAINT "forecast_snapshots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_targets" ADD CONSTRAINT "revenue_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_snapshots_account_created_idx" ON "forecast_snapshots" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "forecast_snapshots_created_by_id_idx" ON "forecast_snapshots" USING btree ("created_by_id");--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_default_probability_check" CHECK ("project_stages"."default_probability" between 0 and 1);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_forecast_curve_check" CHECK ("projects"."forecast_curve" in ('s_curve', 'linear', 'front_loaded', 'back_loaded', 'manual'));