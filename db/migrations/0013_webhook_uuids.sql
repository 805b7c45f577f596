ALTER TABLE "webhooks" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_uuid_key" ON "webhooks" USING btree ("uuid");