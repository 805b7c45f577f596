ALTER TABLE "security_events" DROP CONSTRAINT "security_events_auth_method_check";--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_auth_method_check";--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_auth_method_check" CHECK ("security_events"."auth_method" in ('session', 'api_token', 'oauth', 'import'));--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_auth_method_check" CHECK ("webhook_messages"."auth_method" in ('session', 'api_token', 'oauth', 'import'));