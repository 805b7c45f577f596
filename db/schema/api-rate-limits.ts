import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate limiter's buckets (rate-limiter-flexible's PostgreSQL store, in the layout it expects:
 * `key`, `points`, `expire` in epoch milliseconds), shared by every app process on this database.
 */
export const apiRateLimits = pgTable('api_rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
