CREATE TABLE "bid_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bid_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"company_id" bigint,
	"is_us" boolean DEFAULT false NOT NULL,
	"amount_in_cents" bigint,
	"rank" integer,
	"is_winner" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_results_bidder_check" CHECK ("bid_results"."is_us" = ("bid_results"."company_id" is null)),
	CONSTRAINT "bid_results_amount_check" CHECK ("bid_results"."amount_in_cents" >= 0),
	CONSTRAINT "bid_results_rank_check" CHECK ("bid_results"."rank" >= 1)
);
--> statement-breakpoint
ALTER TABLE "companies" DROP CONSTRAINT "companies_category_check";--> statement-breakpoint
ALTER TABLE "bid_results" ADD CONSTRAINT "bid_results_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_results" ADD CONSTRAINT "bid_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_results" ADD CONSTRAINT "bid_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_results_company_idx" ON "bid_results" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "bid_results_account_updated_idx" ON "bid_results" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_results_one_winner_idx" ON "bid_results" USING btree ("project_id") WHERE "bid_results"."is_winner";--> statement-breakpoint
CREATE UNIQUE INDEX "bid_results_one_us_idx" ON "bid_results" USING btree ("project_id") WHERE "bid_results"."is_us";--> statement-breakpoint
CREATE UNIQUE INDEX "bid_results_one_per_company_idx" ON "bid_results" USING btree ("project_id","company_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_category_check" CHECK ("companies"."category" in ('client', 'architect', 'engineer', 'subcontractor', 'supplier', 'owner', 'consultant', 'other', 'competitor'));