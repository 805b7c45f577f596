import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, parentRef, timestamps } from './columns';

/**
 * A user's calendar feed token (docs/insights.md, bid calendar): it grants only
 * GET /calendar.ics, as that user sees it. One per user; creating another replaces it.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: id(),
    accountId: accountId(),
    userId: parentRef('user_id', () => users.id),
    /** SHA-256 of the token; the token itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_user_key').on(t.userId),
    uniqueIndex('calendar_feed_tokens_hash_key').on(t.tokenHash),
    index('calendar_feed_tokens_account_idx').on(t.accountId),
  ],
);
