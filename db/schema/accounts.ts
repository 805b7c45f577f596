import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, timestamps } from './columns';

/** A tenant: one general contractor. Every other record belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: id(),
  name: text('name').notNull(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: id(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    ...timestamps,
  },
  (t) => [
    index('users_account_id_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

/** The tenant column every account-owned table carries. */
export const accountId = () =>
  bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
