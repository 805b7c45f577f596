import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { columnIndexes, id, ref, timestamps, ts } from './columns';
import { companies } from './companies';
import { contacts } from './contacts';
import { callOutcomes } from './lookups';
import { projects } from './projects';

export const calls = pgTable(
  'calls',
  {
    id: id(),
    accountId: accountId(),
    notes: text('notes'),
    recordedAt: ts('recorded_at').notNull(),
    callOutcomeId: ref('call_outcome_id', () => callOutcomes.id),
    companyId: ref('company_id', () => companies.id),
    contactId: ref('contact_id', () => contacts.id),
    projectId: ref('project_id', () => projects.id),
    createdById: ref('created_by_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('calls_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('calls_account_updated_idx').on(t.accountId, t.updatedAt),
    ...columnIndexes('calls', t.callOutcomeId, t.companyId, t.contactId, t.projectId, t.createdById),
  ],
);
