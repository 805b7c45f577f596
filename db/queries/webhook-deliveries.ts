import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { rows } from './sql';

// The delivery worker's statements. A delivery row is the state of one message owed to one
// subscription; a worker leases it (`locked_until`) for the time of one HTTP attempt, so two
// workers (or a job and its re-enqueued twin) never send it at the same time.

export interface ClaimedDelivery {
  deliveryId: number;
  accountId: number;
  webhookId: number;
  /** The subscription's API id, for messages an operator reads. */
  webhookUuid: string;
  messageId: number;
  /** Attempts already made since the last (re)send. */
  attemptCount: number;
  url: string;
  secret: string;
  rateLimit: number;
  webhookDisabled: boolean;
  /** Its previous lease ran out unrecorded: the worker holding it stopped, perhaps after sending it. */
  leaseLapsed: boolean;
  message: { id: number; eventType: string; eventId: string; payload: { id: string; url: string }; timestamp: Date };
}

interface ClaimRow {
  delivery_id: string;
  account_id: string;
  webhook_id: string;
  webhook_uuid: string;
  message_id: string;
  attempt_count: number;
  url: string;
  secret: string;
  rate_limit: number;
  disabled: boolean;
  lease_lapsed: boolean;
  event_type: string;
  event_id: string;
  payload: { id: string; url: string } | string;
  timestamp: string | Date;
}

function toClaimed(r: ClaimRow): ClaimedDelivery {
  return {
    deliveryId: Number(r.delivery_id),
    accountId: Number(r.account_id),
    webhookId: Number(r.webhook_id),
    webhookUuid: r.webhook_uuid,
    messageId: Number(r.message_id),
    attemptCount: r.attempt_count,
    url: r.url,
    secret: r.secret,
    rateLimit: r.rate_limit,
    webhookDisabled: r.disabled,
    leaseLapsed: r.lease_lapsed,
    message: {
      id: Number(r.message_id),
      eventType: r.event_type,
      eventId: r.event_id,
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as ClaimedDelivery['message']['payload']) : r.payload,
      timestamp: new Date(r.timestamp),
    },
  };
}

const claimable = sql`d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())`;

/**
 * Leases due deliveries, returning each with its subscription and message: `deliveryId` (if due
 * and free) and up to `limit` in all of the same subscription's due deliveries (a worker sends one
 * endpoint's backlog together, so a slow endpoint holds up only itself), or, without
 * `deliveryId`, up to `limit` due deliveries of any subscription. Rows other workers hold are
 * skipped (FOR UPDATE SKIP LOCKED); ids are materialised before the update, since an IN (subquery
 * with LIMIT … SKIP LOCKED) may be re-scanned by the planner and lease more than the limit.
 */
export async function claimDeliveries(db: Db, options: { deliveryId?: number; limit: number; leaseSeconds: number }): Promise<ClaimedDelivery[]> {
  const { deliveryId, limit, leaseSeconds } = options;
  const target =
    deliveryId === undefined
      ? sql`target as materialized (
          select id, locked_until is not null as lapsed from webhook_deliveries d where ${claimable} order by next_attempt_at limit ${limit} for update skip locked)`
      : sql`own as materialized (
          select id, webhook_id, locked_until is not null as lapsed from webhook_deliveries d where d.id = ${deliveryId} and ${claimable} for update skip locked
        ), others as materialized (
          select d.id, d.locked_until is not null as lapsed from webhook_deliveries d join own on d.webhook_id = own.webhook_id
          where d.id <> own.id and ${claimable} order by d.next_attempt_at limit ${limit - 1} for update of d skip locked
        ), target as (select id, lapsed from own union all select id, lapsed from others)`;
  const claimed = await rows<ClaimRow>(
    db,
    sql`
    with ${target}
    update webhook_deliveries d
    set locked_until = now() + make_interval(secs => ${leaseSeconds})
    from target, webhooks w, webhook_messages m
    where d.id = target.id and w.id = d.webhook_id and m.id = d.message_id
    returning d.id as delivery_id, d.account_id, d.webhook_id, w.uuid as webhook_uuid, d.message_id, d.attempt_count,
      w.url, w.secret, w.rate_limit, w.disabled, target.lapsed as lease_lapsed, m.event_type, m.event_id, m.payload, m."timestamp"`,
  );
  return claimed.map(toClaimed);
}

/**
 * Takes the queue's jobs of deliveries sent in another's batch (graphile-worker's remove_job:
 * an idle job is deleted; one a worker holds right now just runs and finds nothing to send).
 */
export async function removeDeliveryJobs(db: Db, deliveryIds: number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  // In id order, as enqueuePendingDeliveries adds them: two statements locking the same job rows
  // in the same order cannot deadlock.
  const ids = [...deliveryIds].sort((a, b) => a - b);
  await db.execute(sql`
    select count(graphile_worker.remove_job('webhook_delivery:' || id))
    from (select id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id order by id::bigint) ids`);
}

/**
 * Takes up to `want` tokens from the subscription's bucket (capacity one second's worth, at least
 * one; refilled at rate_limit per minute). Returns how many it got and, when none, the seconds
 * until one is free. Workers take tokens in small batches (lib/server/webhooks/rate-limiter.ts) so a busy
 * endpoint does not make every delivery wait on this row.
 */
export async function takeRateTokens(db: Db, webhookId: number, want: number): Promise<{ granted: number; waitSeconds: number }> {
  const [row] = await rows<{ granted: number; wait: number }>(
    db,
    sql`
    with clock as (
      -- Read once: two clock_timestamp() calls differ, and a fresh bucket (never refilled) came out a
      -- hair under full, refusing its first delivery (seen on a loaded machine).
      select clock_timestamp() as at
    ), bucket as (
      select id, rate_limit, clock.at,
        least(greatest(1, rate_limit / 60.0),
          coalesce(rate_tokens, greatest(1, rate_limit / 60.0))
          + extract(epoch from (clock.at - coalesce(rate_refilled_at, clock.at))) * rate_limit / 60.0) as tokens
      from webhooks, clock where id = ${webhookId} for update of webhooks
    ), taken as (
      update webhooks w set rate_tokens = bucket.tokens - least(${want}, floor(bucket.tokens)), rate_refilled_at = bucket.at
      from bucket where w.id = bucket.id and bucket.tokens >= 1
      returning least(${want}, floor(bucket.tokens))::int as granted
    )
    select coalesce((select granted from taken), 0) as granted,
      coalesce((select (1 - tokens) * 60.0 / rate_limit from bucket), 1)::float8 as wait`,
  );
  const granted = Number(row?.granted ?? 0);
  return { granted, waitSeconds: granted > 0 ? 0 : Math.max(0.05, Number(row?.wait ?? 1)) };
}

/** Gives a leased delivery back to be tried at `at` without counting an attempt (rate limit). */
export async function postponeDelivery(db: Db, deliveryId: number, at: Date): Promise<void> {
  await db.execute(
    sql`update webhook_deliveries set locked_until = null, next_attempt_at = ${at.toISOString()}::timestamptz, updated_at = now() where id = ${deliveryId}`,
  );
}

/** A delivery whose subscription is disabled: given up without an attempt. */
export async function abandonDelivery(db: Db, deliveryId: number): Promise<void> {
  await db.execute(
    sql`update webhook_deliveries set status = 'failed', locked_until = null, completed_at = now(), updated_at = now() where id = ${deliveryId}`,
  );
}

export interface AttemptOutcome {
  responseStatus: number | null;
  succeeded: boolean;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface AttemptRecord {
  claimed: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** When to try again; null: no retry left (or none needed). */
  retryAt: Date | null;
}

/** PostgreSQL text cannot hold NUL characters (a response body may). */
const clean = (text: string | null) => (text === null ? null : text.replace(/\u0000/g, ''));

/**
 * Records attempts and their consequences in one statement (atomic, one round trip for a whole
 * batch): a success ends its delivery, a failure schedules the retry or, with none left, fails the
 * delivery. Per subscription: a success ends its run of failures; if all failed, a subscription
 * failing every attempt for `disableAfterDays` is disabled, with the reason.
 */
export async function recordAttempts(db: Db, records: AttemptRecord[], disableAfterDays = 5): Promise<void> {
  if (records.length === 0) return;
  const input = records.map(({ claimed, outcome, retryAt }) => ({
    delivery_id: claimed.deliveryId,
    account_id: claimed.accountId,
    webhook_id: claimed.webhookId,
    message_id: claimed.messageId,
    response_status: outcome.responseStatus,
    succeeded: outcome.succeeded,
    duration_ms: outcome.durationMs,
    response_excerpt: clean(outcome.responseExcerpt),
    error: clean(outcome.error),
    retry_at: retryAt?.toISOString() ?? null,
    possible_duplicate: claimed.leaseLapsed,
    last: outcome.responseStatus === null ? clean(outcome.error ?? 'no response') : `HTTP ${outcome.responseStatus}`,
  }));
  const expired = sql`coalesce(w.failing_since, now()) < now() - make_interval(days => ${disableAfterDays})`;
  await db.execute(sql`
    with input as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        delivery_id bigint, account_id bigint, webhook_id bigint, message_id bigint, response_status int,
        succeeded boolean, duration_ms int, response_excerpt text, error text, retry_at timestamptz, possible_duplicate boolean, last text)
    ), attempts as (
      insert into webhook_attempts (account_id, webhook_id, delivery_id, message_id, response_status, succeeded, duration_ms, response_excerpt, error, possible_duplicate)
      select account_id, webhook_id, delivery_id, message_id, response_status, succeeded, duration_ms, response_excerpt, error, possible_duplicate from input
      returning id
    ), deliveries as (
      update webhook_deliveries d set
        status = case when i.succeeded then 'succeeded' when i.retry_at is null then 'failed' else 'pending' end,
        attempt_count = d.attempt_count + 1,
        locked_until = null,
        next_attempt_at = coalesce(i.retry_at, d.next_attempt_at),
        completed_at = case when i.succeeded or i.retry_at is null then now() end,
        updated_at = now()
      from input i where d.id = i.delivery_id
      returning d.id
    ), outcome as (
      select webhook_id, bool_or(succeeded) as any_succeeded, (array_agg(last order by delivery_id desc))[1] as last
      from input group by webhook_id
    ), webhooks_changed as (
      -- Rows change only when something does: a busy endpoint's row is not rewritten per batch.
      update webhooks w set
        failing_since = case when o.any_succeeded then null else coalesce(w.failing_since, now()) end,
        disabled = w.disabled or (not o.any_succeeded and ${expired}),
        disabled_reason = case when not w.disabled and not o.any_succeeded and ${expired}
          then 'Disabled automatically on ' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD') ||
            ': every delivery attempt failed for ' || ${disableAfterDays} || ' days (last: ' || o.last || ').'
          else w.disabled_reason end
      from outcome o
      where w.id = o.webhook_id and case
        when o.any_succeeded then w.failing_since is not null
        else w.failing_since is null or (not w.disabled and ${expired}) end
      returning w.id
    )
    select (select count(*) from attempts) + (select count(*) from deliveries) + (select count(*) from webhooks_changed) as changed`);
}

/**
 * Gives every pending delivery its job (graphile-worker's schema must exist): when the worker
 * starts, this catches deliveries written before the queue existed and those whose job a crashed
 * worker still holds (add_job replaces an idle job with the same key and adds a fresh one next to
 * a locked one; the delivery's lease keeps the two from sending at once).
 */
export async function enqueuePendingDeliveries(db: Db): Promise<number> {
  const [row] = await rows<{ n: string }>(
    db,
    sql`select count(graphile_worker.add_job('deliver_webhook', json_build_object('delivery_id', id),
          queue_name := 'webhook:' || webhook_id, run_at := next_attempt_at, job_key := 'webhook_delivery:' || id,
          max_attempts := 10)) as n
        from (select id, webhook_id, next_attempt_at from webhook_deliveries where status = 'pending' order by id) pending`,
  );
  return Number(row?.n ?? 0);
}

/** When the next pending delivery is due, for the embedded loop's sleep. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await rows<{ at: string | Date | null }>(
    db,
    sql`select min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) as at from webhook_deliveries where status = 'pending'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** When another worker's lease on a still-owed delivery runs out; null if it is not leased (or not owed). */
export async function leasedUntil(db: Db, deliveryId: number): Promise<{ until: Date; webhookId: number } | null> {
  const [row] = await rows<{ until: string | Date; webhook_id: string }>(
    db,
    sql`select locked_until as until, webhook_id from webhook_deliveries
        where id = ${deliveryId} and status = 'pending' and locked_until > now()`,
  );
  return row ? { until: new Date(row.until), webhookId: Number(row.webhook_id) } : null;
}

/** Gives leased deliveries back untouched (a batch that failed before its attempts were recorded). */
export async function releaseDeliveries(db: Db, deliveryIds: number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db.execute(sql`
    update webhook_deliveries set locked_until = null
    where id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(deliveryIds)}::jsonb))
      and status = 'pending'`);
}
