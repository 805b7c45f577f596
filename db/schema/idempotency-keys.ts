import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, parentRef, ts } from './columns';

/**
 * `Idempotency-Key` of POST requests (lib/server/http/idempotency.ts): the first 2xx answer to a key,
 * replayed for 24 hours to a retry with the same method, path and body. The row is inserted
 * in the transaction that does the work, so the record and its key commit (or vanish) together.
 * A key belongs to its caller: the user and the credential they sent it with.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    accountId: accountId(),
    userId: parentRef('user_id', () => users.id),
    /** `token:<id>`, `oauth_grant:<id>`, `oauth_app:<id>` or `session:<id>` (lib/server/auth/tokens.ts). */
    credential: text('credential').notNull(),
    key: text('key').notNull(),
    /** `POST /api/2023-01/leads`: a key reused on another operation is refused. */
    operation: text('operation').notNull(),
    /** SHA-256 of method, path and body text. */
    requestHash: text('request_hash').notNull(),
    /** 0 while the first request is still running (its transaction holds the row). */
    status: integer('status').notNull(),
    /** The answer's body, AES-256-GCM encrypted (it may hold a secret shown once). */
    responseBody: text('response_body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_key').on(t.accountId, t.userId, t.credential, t.key),
    index('idempotency_keys_user_id_idx').on(t.userId),
    index('idempotency_keys_account_id_created_at_idx').on(t.accountId, t.createdAt),
  ],
);
