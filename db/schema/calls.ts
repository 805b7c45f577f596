import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, ref, timestamps, ts } from './columns';
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
    index('calls_call_outcome_id_idx').on(t.callOutcomeId),
    index('calls_company_id_idx').on(t.companyId),
    index('calls_contact_id_idx').on(t.contactId),
    index('calls_project_id_idx').on(t.projectId),
    index('calls_created_by_id_idx').on(t.createdById),
  ],
);
