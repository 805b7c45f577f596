import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

// A leaky bucket on rate-limiter-flexible's PostgreSQL store. The library brings the store
// plumbing (pool or client, prepared statements, the cleanup of old rows, RateLimiterRes and the
// consume/reject contract); its own upsert counts fixed windows, which refill all at once at the
// end of each window. Here the upsert is replaced by a leaky bucket in its "meter" form (GCRA):
// a bucket of `points` requests drains continuously at `points / duration` per second, so a token
// may burst up to `points` requests and then gets one more each `duration / points` seconds.
//
// Each row keeps the time the bucket will be empty (`expire`, epoch milliseconds). A request costs
// one interval (`duration / points`); it is accepted when the bucket, drained to now, has room for
// it, and then `expire` moves one interval on. A refused request changes nothing. One statement,
// atomic under concurrency (INSERT … ON CONFLICT locks the row), shared by every process.
// `points` keeps the bucket's level after the decision (in requests, rounded up), or points + cost
// when the request was refused.

interface StoreRow {
  points: number;
  expire: string | number;
}
interface StoreResult {
  rows: StoreRow[];
}
interface Internals {
  _query(q: { name: string; text: string; values: unknown[] }): Promise<StoreResult>;
  _getTableIdentifier(): string;
}

export class LeakyBucketPostgres extends RateLimiterPostgres {
  /** Milliseconds one request occupies the bucket. */
  private get intervalMs(): number {
    return (this.duration * 1000) / this.points;
  }

  _upsert(key: string, cost: number, msDuration: number, forceExpire = false): Promise<StoreResult> {
    const self = this as unknown as Internals;
    const table = self._getTableIdentifier();
    if (forceExpire) {
      // block(): keep the key full until then (not used by the API, kept to the library's contract).
      return self._query({
        name: 'leaky-block',
        text: `INSERT INTO ${table} AS b VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET points = $2, expire = $3 RETURNING points, expire`,
        values: [key, cost, Date.now() + msDuration],
      });
    }
    // $1 key, $2 cost (requests), $3 now (ms), $4 interval (ms per request), $5 bucket size (ms), $6 points.
    // A tolerance of 1 ms absorbs the rounding of `expire` to whole milliseconds.
    const drained = `GREATEST(b.expire, $3::bigint)`;
    const fits = `(${drained} - $3::bigint) + $2::int * $4::float8 <= $5::float8 + 1`;
    return self._query({
      name: 'leaky-upsert',
      text: `
        INSERT INTO ${table} AS b (key, points, expire)
        VALUES ($1, $2::int, $3::bigint + round($2::int * $4::float8)::bigint)
        ON CONFLICT (key) DO UPDATE SET
          points = CASE WHEN ${fits}
                     THEN ceil(((${drained} - $3::bigint) + $2::int * $4::float8) / $4::float8 - 1e-9)::int
                     ELSE $6::int + $2::int END,
          expire = CASE WHEN ${fits}
                     THEN ${drained} + round($2::int * $4::float8)::bigint
                     ELSE b.expire END
        RETURNING points, expire`,
      values: [key, cost, Date.now(), this.intervalMs, this.duration * 1000, this.points],
    });
  }

  _getRateLimiterRes(_key: string, cost: number, result: StoreResult): RateLimiterRes {
    const row = result.rows[0]!;
    const now = Date.now();
    const expire = Number(row.expire);
    const refused = row.points > this.points;
    // Refused: until the bucket has drained enough for this request. Accepted: until it is empty.
    const msBeforeNext = refused ? Math.max(expire + cost * this.intervalMs - this.duration * 1000 - now, 1) : Math.max(expire - now, 0);
    const remaining = refused ? 0 : Math.max(this.points - row.points, 0);
    const res = new RateLimiterRes(remaining, msBeforeNext, row.points, row.points === cost);
    return res;
  }
}
