CREATE TABLE "reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"remindable_type" text NOT NULL,
	"remindable_id" bigint NOT NULL,
	"remind_at" timestamp (3) with time zone NOT NULL,
	"note" text,
	"notified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_remindable_type_check" CHECK ("reminders"."remindable_type" in ('lead', 'project', 'company', 'contact', 'task'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_user_remind_at_idx" ON "reminders" USING btree ("user_id","remind_at");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("remind_at") WHERE "reminders"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "reminders_remindable_idx" ON "reminders" USING btree ("account_id","remindable_type","remindable_id");--> statement-breakpoint
CREATE INDEX "reminders_account_updated_idx" ON "reminders" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");