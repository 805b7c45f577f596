ALTER TABLE "webhooks" ADD COLUMN "rate_tokens" double precision;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "rate_refilled_at" timestamp (3) with time zone;--> statement-breakpoint
-- The bridge from the delivery table to the job queue (graphile-worker, on PostgreSQL): every
-- delivery that becomes due gets a job, in the transaction that made it due, so a committed
-- change always has its job and a rolled-back one never does. One job per delivery (job_key).
-- Without the queue's schema (the embedded PGlite database, or before the worker first started)
-- this does nothing: the embedded loop polls the table, and the worker enqueues what is pending
-- when it starts. Jobs of one subscription share a queue, which graphile-worker runs one job at a
-- time: a job sends that endpoint's due deliveries as a batch.
CREATE FUNCTION "webhook_deliveries_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job(
      'deliver_webhook',
      json_build_object('delivery_id', NEW.id),
      queue_name := 'webhook:' || NEW.webhook_id,
      run_at := NEW.next_attempt_at,
      job_key := 'webhook_delivery:' || NEW.id,
      max_attempts := 10
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "webhook_deliveries_enqueue_insert" AFTER INSERT ON "webhook_deliveries"
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION "webhook_deliveries_enqueue"();
--> statement-breakpoint
CREATE TRIGGER "webhook_deliveries_enqueue_update" AFTER UPDATE OF "status", "next_attempt_at" ON "webhook_deliveries"
  FOR EACH ROW WHEN (NEW.status = 'pending' AND (OLD.status <> 'pending' OR OLD.next_attempt_at <> NEW.next_attempt_at))
  EXECUTE FUNCTION "webhook_deliveries_enqueue"();
