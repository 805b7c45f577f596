import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts';
import { id, parentRef, timestamps } from './columns';
import { companies } from './companies';
import { projects } from './projects';

/**
 * Who bid on a project, at what price, and who won (docs/bids-and-competitors.md): one row per
 * bidder — a company of the directory, or us (`is_us`, no company). A project has at most one
 * winner, one row of ours and one row per company; deleting the project or the company deletes
 * its rows (in the service, with their events; the foreign keys cascade as the last word).
 */
export const bidResults = pgTable(
  'bid_results',
  {
    id: id(),
    accountId: accountId(),
    projectId: parentRef('project_id', () => projects.id),
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'cascade' }),
    isUs: boolean('is_us').notNull().default(false),
    amountInCents: bigint('amount_in_cents', { mode: 'number' }),
    rank: integer('rank'),
    isWinner: boolean('is_winner').notNull().default(false),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('bid_results_company_idx').on(t.companyId, t.projectId),
    index('bid_results_account_updated_idx').on(t.accountId, t.updatedAt),
    uniqueIndex('bid_results_one_winner_idx')
      .on(t.projectId)
      .where(sql`${t.isWinner}`),
    uniqueIndex('bid_results_one_us_idx')
      .on(t.projectId)
      .where(sql`${t.isUs}`),
    uniqueIndex('bid_results_one_per_company_idx').on(t.projectId, t.companyId),
    check('bid_results_bidder_check', sql`${t.isUs} = (${t.companyId} is null)`),
    check('bid_results_amount_check', sql`${t.amountInCents} >= 0`),
    check('bid_results_rank_check', sql`${t.rank} >= 1`),
  ],
);
