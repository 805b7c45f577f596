-- Added by hand: keys live 24 hours and belonged to no caller until now; forgetting them lets the
-- NOT NULL owner columns be added (a retry of an old key runs as a new request).
DELETE FROM "idempotency_keys";--> statement-breakpoint
DROP INDEX "idempotency_keys_account_id_key_key";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "user_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "credential" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_caller_key_key" ON "idempotency_keys" USING btree ("account_id","user_id","credential","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_id_idx" ON "idempotency_keys" USING btree ("user_id");