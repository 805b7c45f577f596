CREATE TABLE "workforce_assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workforce_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"employee_id" bigint,
	"role_id" bigint NOT NULL,
	"allocation_percent" integer DEFAULT 100 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"dates_follow_project" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workforce_assignments_allocation_check" CHECK ("workforce_assignments"."allocation_percent" between 1 and 100),
	CONSTRAINT "workforce_assignments_dates_check" CHECK ("workforce_assignments"."end_date" >= "workforce_assignments"."start_date")
);
--> statement-breakpoint
CREATE TABLE "workforce_certifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workforce_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"name" text NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workforce_time_off" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workforce_time_off_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workforce_time_off_dates_check" CHECK ("workforce_time_off"."end_date" >= "workforce_time_off"."start_date")
);
--> statement-breakpoint
ALTER TABLE "workforce_employees" ADD COLUMN "division_id" bigint;--> statement-breakpoint
ALTER TABLE "workforce_employees" ADD COLUMN "excluded_from_headcount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workforce_assignments" ADD CONSTRAINT "workforce_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_assignments" ADD CONSTRAINT "workforce_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_assignments" ADD CONSTRAINT "workforce_assignments_employee_id_workforce_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."workforce_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_assignments" ADD CONSTRAINT "workforce_assignments_role_id_workforce_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."workforce_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_certifications" ADD CONSTRAINT "workforce_certifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_certifications" ADD CONSTRAINT "workforce_certifications_employee_id_workforce_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."workforce_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_time_off" ADD CONSTRAINT "workforce_time_off_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workforce_time_off" ADD CONSTRAINT "workforce_time_off_employee_id_workforce_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."workforce_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workforce_assignments_account_created_idx" ON "workforce_assignments" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workforce_assignments_account_updated_idx" ON "workforce_assignments" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "workforce_assignments_project_id_idx" ON "workforce_assignments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "workforce_assignments_employee_id_idx" ON "workforce_assignments" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "workforce_assignments_role_id_idx" ON "workforce_assignments" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "workforce_assignments_account_dates_idx" ON "workforce_assignments" USING btree ("account_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "workforce_certifications_account_created_idx" ON "workforce_certifications" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workforce_certifications_account_updated_idx" ON "workforce_certifications" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "workforce_certifications_employee_id_idx" ON "workforce_certifications" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "workforce_certifications_account_name_idx" ON "workforce_certifications" USING btree ("account_id",lower("name"),"expires_on");--> statement-breakpoint
CREATE INDEX "workforce_time_off_account_created_idx" ON "workforce_time_off" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workforce_time_off_account_updated_idx" ON "workforce_time_off" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "workforce_time_off_employee_id_idx" ON "workforce_time_off" USING btree ("employee_id","start_date");--> statement-breakpoint
ALTER TABLE "workforce_employees" ADD CONSTRAINT "workforce_employees_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workforce_employees_division_id_idx" ON "workforce_employees" USING btree ("division_id");